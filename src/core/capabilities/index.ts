export { readCapabilities, agentSupports, acceptsFileType, type CapabilitiesReading, type CapabilityFeature } from "./readCapabilities";

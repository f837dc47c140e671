// readCapabilities is not here: it loads when an agent is asked for its capabilities (useAgentCapabilities).
export { agentSupports, acceptsFileType, type CapabilityFeature } from "./supports";
export type { CapabilitiesReading } from "./readCapabilities";

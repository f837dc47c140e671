export { ARTIFACT_EVENT, deriveArtifacts, type Artifact, type ArtifactKind, type ArtifactsResult, type ArtifactVersion } from "./artifacts";

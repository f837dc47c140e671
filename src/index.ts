/**
 * Parley — typed, numbered, safe and audited moments between people and AI agents, over AG-UI.
 * This is the React face; `parley-ui/core` is the same without React, and `parley-ui/testing`
 * holds `ScriptedAgent`.
 */
export * from "./core";
export * from "./store";
export * from "./react";
export * from "./components";
export * from "./i18n";
export { ARTIFACT_EVENT, deriveArtifacts, type Artifact, type ArtifactKind, type ArtifactsResult, type ArtifactVersion } from "./core/artifacts";

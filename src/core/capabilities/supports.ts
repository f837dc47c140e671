import type { AgentCapabilities } from "@ag-ui/core";

const inputKinds = ["image", "audio", "video", "pdf", "file"] as const;

/** What the kit offers only when the agent does not say it cannot. */
export type CapabilityFeature =
  /** Change a tool call's arguments before approving it (the permission card's "Edit"). */
  | "approveWithEdits"
  /** Ask the same stream again after a drop (`Last-Event-ID`), and re-attach after a reload. */
  | "resume"
  /** Files with a message (the composer's attachment button). */
  | "attachments"
  /** Thumbs up or down on an answer. */
  | "feedback"
  /** Front-end tools the app registers (`useFrontendTool`). */
  | "clientTools";

/**
 * Whether the UI should offer `feature` to this agent. AG-UI reads an omitted field as "not
 * declared", not "unsupported", so only an explicit `false` (or, for attachments, every input
 * modality declared `false`) takes an offer away; with no capabilities at all everything stays as
 * it is.
 *
 * @example
 * agentSupports({ humanInTheLoop: { approveWithEdits: false } }, "approveWithEdits"); // false
 * agentSupports(undefined, "approveWithEdits"); // true
 */
export function agentSupports(capabilities: AgentCapabilities | undefined, feature: CapabilityFeature): boolean {
  if (!capabilities) return true;
  switch (feature) {
    case "approveWithEdits":
      return capabilities.humanInTheLoop?.approveWithEdits !== false && capabilities.humanInTheLoop?.interrupts !== false;
    case "resume":
      return capabilities.transport?.resumable !== false;
    case "feedback":
      return capabilities.humanInTheLoop?.feedback !== false;
    case "clientTools":
      return capabilities.tools?.supported !== false && capabilities.tools?.clientProvided !== false;
    case "attachments": {
      const input = capabilities.multimodal?.input;
      if (!input) return true;
      return inputKinds.some((kind) => input[kind] !== false);
    }
  }
}

/**
 * Whether the agent takes a file of this MIME type, by the modality it belongs to (an image, audio,
 * video, a PDF, any other file). Undeclared modalities are taken.
 *
 * @example
 * acceptsFileType({ multimodal: { input: { pdf: false } } }, "application/pdf"); // false
 */
export function acceptsFileType(capabilities: AgentCapabilities | undefined, mimeType: string): boolean {
  const input = capabilities?.multimodal?.input;
  if (!input) return true;
  const type = mimeType.toLowerCase();
  const kind = type.startsWith("image/") ? "image" : type.startsWith("audio/") ? "audio" : type.startsWith("video/") ? "video" : type === "application/pdf" ? "pdf" : "file";
  return input[kind] !== false;
}

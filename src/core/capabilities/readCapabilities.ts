import type { AgentCapabilities } from "@ag-ui/core";
import { isRecord } from "../thread/guards";
import { ownValue } from "../ownKeys";

/** What `readCapabilities` makes of an agent's answer: the capabilities it declared, or why none are taken. */
export type CapabilitiesReading = { ok: true; capabilities: AgentCapabilities } | { ok: false; problem: string };

/**
 * The categories and fields of AG-UI 1.0's `AgentCapabilities` the kit reads, with the kind of
 * value each holds. Everything else an agent sends is dropped: the declaration is the agent's
 * word, read as data, never trusted for more than what the UI offers.
 */
const fields = {
  identity: { name: "string", type: "string", description: "string", version: "string", provider: "string", documentationUrl: "string" },
  transport: { streaming: "boolean", websocket: "boolean", httpBinary: "boolean", pushNotifications: "boolean", resumable: "boolean" },
  tools: { supported: "boolean", parallelCalls: "boolean", clientProvided: "boolean" },
  output: { structuredOutput: "boolean", supportedMimeTypes: "strings" },
  state: { snapshots: "boolean", deltas: "boolean", memory: "boolean", persistentState: "boolean" },
  multiAgent: { supported: "boolean", delegation: "boolean", handoffs: "boolean" },
  reasoning: { supported: "boolean", streaming: "boolean", encrypted: "boolean" },
  execution: { codeExecution: "boolean", sandboxed: "boolean", maxIterations: "number", maxExecutionTime: "number" },
  humanInTheLoop: { supported: "boolean", approvals: "boolean", interventions: "boolean", feedback: "boolean", interrupts: "boolean", approveWithEdits: "boolean" },
} as const;
const modalities = {
  input: ["image", "audio", "video", "pdf", "file"],
  output: ["image", "audio"],
} as const;

const MAX_TEXT = 2_000;
const MAX_LIST = 200;

/**
 * Reads what an agent says it can do (`getCapabilities()`, AG-UI 1.0) into the fields the kit
 * knows, each with the right kind of value: a string where a flag belongs, an inherited key, a
 * 10 MB description or an unknown category is left out, never thrown on. Not a record at all is a
 * problem in words, and the kit then offers what it offers to an agent that declares nothing.
 *
 * @example
 * const reading = readCapabilities(await agent.getCapabilities());
 * if (reading.ok) agentSupports(reading.capabilities, "approveWithEdits");
 */
export function readCapabilities(value: unknown): CapabilitiesReading {
  if (!isRecord(value)) return { ok: false, problem: `The agent's capabilities are not an object (${value === null ? "null" : typeof value}).` };
  const capabilities: Record<string, unknown> = {};
  for (const [category, kinds] of Object.entries(fields)) {
    const given = ownValue(value, category);
    if (!isRecord(given)) continue;
    const kept: Record<string, unknown> = {};
    for (const [field, kind] of Object.entries(kinds)) {
      const read = readField(ownValue(given, field), kind);
      if (read !== undefined) kept[field] = read;
    }
    if (Object.keys(kept).length > 0) capabilities[category] = kept;
  }
  const multimodal = ownValue(value, "multimodal");
  if (isRecord(multimodal)) {
    const kept: Record<string, Record<string, boolean>> = {};
    for (const [direction, kinds] of Object.entries(modalities)) {
      const given = ownValue(multimodal, direction);
      if (!isRecord(given)) continue;
      const flags: Record<string, boolean> = {};
      for (const kind of kinds) {
        const flag = ownValue(given, kind);
        if (typeof flag === "boolean") flags[kind] = flag;
      }
      if (Object.keys(flags).length > 0) kept[direction] = flags;
    }
    if (Object.keys(kept).length > 0) capabilities.multimodal = kept;
  }
  return { ok: true, capabilities: capabilities };
}

function readField(value: unknown, kind: "string" | "boolean" | "number" | "strings"): unknown {
  switch (kind) {
    case "boolean":
      return typeof value === "boolean" ? value : undefined;
    case "number":
      return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : undefined;
    case "string":
      return typeof value === "string" ? value.slice(0, MAX_TEXT) : undefined;
    case "strings":
      return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string").slice(0, MAX_LIST).map((item) => item.slice(0, MAX_TEXT)) : undefined;
  }
}

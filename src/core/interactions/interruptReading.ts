import type { Interrupt } from "@ag-ui/core";
import { isRecord } from "../thread/guards";
import { approvalShapeOf, decisionsShapeOf, DEFAULT_APPROVAL, type AnswerShape } from "./answerShape";

/**
 * What an interrupt asks, whichever framework sent it. AG-UI 1.0 gives an interrupt `reason`,
 * `message`, `toolCallId`, `responseSchema` and free `metadata`; the frameworks put the rest where
 * they like — LangGraph's integration keeps the whole value the node passed to `interrupt()` in
 * `metadata.langgraph.raw`, Mastra's in `metadata.mastra`, Microsoft Agent Framework's the call in
 * `metadata.agent_framework.function_call`. Read here once, so the card and the answer agree.
 * Only own keys are read (a wire string never reaches a prototype).
 */
export interface InterruptReading {
  /** The question, as the agent put it ("" when it said nothing). */
  message: string;
  /** The tool the approval is about, when the interrupt names it. */
  toolName?: string;
  /** The arguments proposed, when the interrupt carries them (the call may never have streamed). */
  args?: unknown;
  /** Card details (`categories`, `confirmText`, `details`, `operation`, …): the interrupt's own win. */
  metadata: Record<string, unknown>;
  /** Set when the person approves or refuses: what the framework reads back. */
  approval?: Extract<AnswerShape, { kind: "approval" | "decisions" }>;
  /** A string `enum` schema's values: the question is a choice among them. */
  choices?: readonly string[];
  /** A form's schema (not an approval's). */
  schema?: Record<string, unknown>;
  /** A question of one value (a bare LangGraph `interrupt("Which name?")`, a non-object schema): answered with that value alone. */
  plain: boolean;
}

const APPROVAL_REASONS = new Set(["tool_call", "confirmation"]);

const own = (record: Record<string, unknown> | undefined, key: string): unknown => (record && Object.hasOwn(record, key) ? record[key] : undefined);
const record = (value: unknown): Record<string, unknown> | undefined => (isRecord(value) ? value : undefined);
const text = (value: unknown): string | undefined => (typeof value === "string" && value ? value : undefined);

/**
 * @example
 * readInterrupt({ id: "i1", reason: "tool_call", toolCallId: "c1", responseSchema: { type: "object", properties: { accepted: { type: "boolean" } } } });
 * // { message: "", metadata: {}, approval: { kind: "approval", key: "accepted" }, plain: false }
 */
export function readInterrupt(interrupt: Interrupt): InterruptReading {
  const metadata = record(interrupt.metadata) ?? {};
  const langGraph = record(own(metadata, "langgraph"));
  const raw = own(langGraph, "raw");
  const rawRecord = record(raw);
  const mastra = record(own(metadata, "mastra"));
  const call = record(own(record(own(metadata, "agent_framework")), "function_call"));
  const suspended = record(own(mastra, "suspendPayload"));

  const message = text(interrupt.message) ?? text(own(rawRecord, "message")) ?? text(own(suspended, "message")) ?? (typeof raw === "string" ? raw : "");
  const toolName = text(own(rawRecord, "toolName")) ?? text(own(mastra, "toolName")) ?? text(own(call, "name"));
  const args = own(rawRecord, "args") ?? own(mastra, "args") ?? own(suspended, "args") ?? jsonOrValue(own(call, "arguments"));
  const reading: InterruptReading = { message, metadata: { ...(record(own(rawRecord, "metadata")) ?? {}), ...withoutFrameworks(metadata) }, plain: false };
  if (toolName) reading.toolName = toolName;
  if (args !== undefined) reading.args = args;

  const schema = record(interrupt.responseSchema);
  const decisions = decisionsShapeOf(raw);
  const approval = approvalShapeOf(schema) ?? decisions ?? (APPROVAL_REASONS.has(String(interrupt.reason)) ? agUiApproval(schema) : undefined);
  if (approval) {
    reading.approval = approval;
    if (decisions && decisions.actions.length === 1) {
      reading.toolName ??= decisions.actions[0]!.name;
      reading.args ??= decisions.actions[0]!.args;
    }
    return reading;
  }
  const enumValues = schema?.type === "string" && Array.isArray(schema.enum) ? schema.enum.filter((v): v is string => typeof v === "string").slice(0, 50) : undefined;
  if (enumValues?.length) reading.choices = enumValues;
  // A schema of one value (not an object) is a form of one field, answered with that value.
  else if (schema && schema.type !== undefined && schema.type !== "object") {
    reading.schema = { type: "object", properties: { answer: schema }, required: ["answer"] };
    reading.plain = true;
  } else if (schema) reading.schema = schema;
  // LangGraph: `interrupt("Which name?")` — a question whose answer is the words themselves.
  else if (typeof raw === "string" || interrupt.reason === "langgraph:interrupt") reading.plain = true;
  return reading;
}

/**
 * LangGraph's `CUSTOM on_interrupt` (and Mastra's, which sends the same event): the value the node
 * passed to `interrupt()`, sent as a JSON *string* when it is an object and as the bare string
 * when it is one. Read as the interrupt it describes, so the card is the one the outcome would
 * give; `undefined` for an envelope (used as it is) or a value that describes nothing.
 *
 * @example
 * interruptOfCustomValue('{"reason":"tool_call","message":"Delete /tmp?"}', "on_interrupt-3");
 */
export function interruptOfCustomValue(value: unknown, fallbackId: string, rawEvent?: unknown): Interrupt | undefined {
  const parsed = customValue(value);
  // The older `{ id, value }` wrapper of Parley's own tests and of early integrations.
  const inner = isRecord(parsed) && "value" in parsed && !("messageType" in parsed) && !("reason" in parsed) ? parsed.value : parsed;
  if (isRecord(inner) && typeof inner.messageType === "string") return undefined;
  const rawId = text(own(record(rawEvent), "id")) ?? (isRecord(parsed) ? text(own(parsed, "id")) : undefined);
  const id = (rawId ?? fallbackId).slice(0, 200);
  if (isRecord(inner) && inner.type === "mastra_suspend") {
    const toolCallId = text(own(inner, "toolCallId"));
    const schema = jsonOrValue(own(inner, "resumeSchema"));
    return { id, reason: "mastra:tool_suspend", ...(toolCallId ? { toolCallId } : {}), ...(isRecord(schema) ? { responseSchema: schema } : {}), metadata: { mastra: inner } };
  }
  // LangGraph's own `interrupt(value, response_schema=…)` reaches the wire only in the raw event.
  const nativeSchema = record(own(record(rawEvent), "response_schema")) ?? record(own(record(rawEvent), "responseSchema"));
  if (isRecord(inner) && (typeof inner.reason === "string" || decisionsShapeOf(inner) || nativeSchema)) {
    const toolCallId = text(own(inner, "toolCallId")) ?? text(own(inner, "tool_call_id"));
    const schema = own(inner, "responseSchema") ?? own(inner, "response_schema") ?? nativeSchema;
    const expiresAt = text(own(inner, "expiresAt")) ?? text(own(inner, "expires_at"));
    const message = text(own(inner, "message"));
    return {
      id,
      reason: text(own(inner, "reason")) ?? "langgraph:interrupt",
      ...(message ? { message } : {}),
      ...(toolCallId ? { toolCallId } : {}),
      ...(isRecord(schema) ? { responseSchema: schema } : {}),
      ...(expiresAt ? { expiresAt } : {}),
      metadata: { langgraph: { raw: inner } },
    };
  }
  if (typeof inner === "string") return { id, reason: "langgraph:interrupt", message: inner, metadata: { langgraph: { raw: inner } } };
  return undefined;
}

/** AG-UI's approval (`{ approved }`), taking `editedArgs` when the schema lists them. */
function agUiApproval(schema: Record<string, unknown> | undefined): Extract<AnswerShape, { kind: "approval" }> {
  const properties = record(own(schema, "properties"));
  return properties && Object.hasOwn(properties, "editedArgs") ? { ...DEFAULT_APPROVAL, edits: "editedArgs" } : DEFAULT_APPROVAL;
}

/**
 * An `on_interrupt` value as the graph passed it: the integrations send an object as its JSON
 * string, and a string as itself — so a string is JSON only when it holds an object ("42" or
 * "true" are the words a graph asked with).
 *
 * @example
 * customValue('{"message":"How many seats?"}'); // { message: "How many seats?" }
 */
export function customValue(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const parsed = jsonOrValue(value);
  return isRecord(parsed) ? parsed : value;
}

/** A framework's own bookkeeping stays out of the card's details. */
function withoutFrameworks(metadata: Record<string, unknown>): Record<string, unknown> {
  const { langgraph: _l, mastra: _m, agent_framework: _a, ...rest } = metadata;
  return rest;
}

/** A JSON string parsed, anything else as it is; a string that is not JSON stays the string. */
function jsonOrValue(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

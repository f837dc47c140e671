import { mergeMetadata, type Message } from "@ag-ui/core";
import type { Draft } from "./draft";
import type { RunRecord, ThreadMessage, ToolCallState } from "./types";
import { WIRE_LIMITS } from "./limits";

export { ownValue, setOwn } from "../ownKeys";

/**
 * A value an id field may hold: a non-empty string that is not the name of an `Object.prototype`
 * member. Ids key plain objects (`messages`, `toolCalls`, `subagents`, `chunkLanes`), where
 * `record["constructor"]` reads an inherited function as if it were a message and
 * `record["__proto__"] = x` swaps the record's prototype instead of adding a key: such an id lost
 * the message, planted an `"undefined"` key, left dangling ids, and could make `foldEvents` throw.
 * Those ids are refused as malformed instead.
 */
export function isId(value: unknown): value is string {
  return typeof value === "string" && value.length > 0 && !(value in Object.prototype);
}

/** What {@link malformed} says an id field must be. */
export const AN_ID = 'a non-empty string that is not a reserved name such as "constructor"';

/**
 * Roles only this side of the wire writes: an `interaction` row from the agent (a snapshot, a run
 * input, history) would be a card the person never saw asked — refused.
 */
export function isClientOnlyRole(role: unknown): boolean {
  return role === "interaction";
}

/** Id prefixes of the rows and messages only the person's side writes (answers, questions, words). */
export const RESERVED_ID_PREFIXES = ["parley-answer:", "parley-interaction:", "parley-words:"] as const;

/**
 * Refuses (and records) a message id from the wire that only the person's side may write: a tool
 * message `parley-answer:…` from the agent would stand in for the person's answer.
 */
export function refusedReservedId(d: Draft, id: string, event: unknown): boolean {
  if (!RESERVED_ID_PREFIXES.some((prefix) => id.startsWith(prefix))) return false;
  d.error("id-conflict", `"${id.slice(0, 80)}" is reserved for the person's answers and questions; refused`, event);
  return true;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Records a malformed event: a required field is missing or of the wrong type. */
export function malformed(d: Draft, event: { type?: unknown }, field: string, expected: string): void {
  d.error("malformed-event", `${String(event.type)}: "${field}" must be ${expected}`, event);
}

/** The owner key of an event for chunk lanes and steps: its subagent, or "" for the parent agent. */
export function ownerOf(event: { subagentRunId?: unknown }): string {
  // isId, not a bare string check: the owner keys `chunkLanes` (see isId).
  return isId(event.subagentRunId) ? event.subagentRunId : "";
}

export function addMessage(d: Draft, message: ThreadMessage): void {
  const messages = d.edit("messages");
  messages.set(d.adopt(message));
  (d.edit("messageIds") as string[]).push(message.id);
}

/** An owned, writable copy of a message, already put back into the state. */
export function editMessage<M extends ThreadMessage>(d: Draft, message: M): M {
  const messages = d.edit("messages");
  const owned = d.own(message);
  messages.set(owned);
  return owned;
}

export function editToolCall(d: Draft, toolCall: ToolCallState): ToolCallState {
  const toolCalls = d.edit("toolCalls");
  const owned = d.own(toolCall);
  toolCalls.set(owned);
  return owned;
}

/**
 * Links a `tool` message to the call it answers: the call shows its result and is no longer
 * pending. Every way a result can arrive goes through here — a `TOOL_CALL_RESULT`, a messages
 * snapshot, history the thread starts from or a run's input echoes, an answer appended locally.
 */
export function linkToolResult(d: Draft, message: ThreadMessage): void {
  if (message.role !== "tool" || !isId(message.toolCallId)) return;
  const call = d.s.toolCalls.get(message.toolCallId);
  if (call) {
    const edited = editToolCall(d, call);
    edited.resultMessageId = message.id;
    if (edited.status !== "streaming-args") edited.status = message.error ? "error" : "complete";
  }
  if (d.s.pendingToolCallIds.includes(message.toolCallId)) {
    const answered = message.toolCallId;
    d.s.pendingToolCallIds = d.adopt(d.s.pendingToolCallIds.filter((id) => id !== answered));
  }
}

/** The run in progress, if any. */
export function runningRun(d: Draft): RunRecord | undefined {
  const run = d.s.runs[d.s.runs.length - 1];
  return run?.status === "running" ? run : undefined;
}

/** An owned copy of the last run, put back into the state. */
export function editLastRun(d: Draft): RunRecord | undefined {
  const index = d.s.runs.length - 1;
  const run = d.s.runs[index];
  if (!run) return undefined;
  const runs = d.edit("runs") as RunRecord[];
  const owned = d.own(run);
  runs[index] = owned;
  return owned;
}

/**
 * `text` with `delta` appended, held to `WIRE_LIMITS.text`: the part past the limit is cut, and
 * said once (a text already at the limit takes nothing more, without a new entry per delta).
 */
export function appendBounded(d: Draft, text: string, delta: string, event: { type?: unknown }): string {
  const room = WIRE_LIMITS.text - text.length;
  // Strictly below: only a cut brings a text to the limit itself, so a text there was said already.
  if (delta.length < room) return text + delta;
  if (room > 0) d.error("too-large", `${String(event.type)}: the text reached ${WIRE_LIMITS.text.toLocaleString("en-US")} characters; the rest is cut`, event);
  return room > 0 ? text + delta.slice(0, room) : text;
}

/** Event metadata folds into the message or tool call it builds, last write winning (as the SDK does). */
export function mergeEventMetadata(
  target: { metadata?: Record<string, unknown> },
  event: { metadata?: unknown },
): void {
  if (isRecord(event.metadata)) target.metadata = mergeMetadata(target.metadata, event.metadata);
}

/** The SDK drops `subagentRunId: null` from messages it takes in; so do we. */
function withoutNullAttribution<T extends object>(message: T): T {
  if ((message as { subagentRunId?: unknown }).subagentRunId !== null) return message;
  const copy = { ...message } as T & { subagentRunId?: unknown };
  delete copy.subagentRunId;
  return copy;
}

/**
 * Takes an AG-UI message into the thread: assistant tool calls move into `toolCalls` (replacing
 * any with the same id that no other message holds) and the message keeps their ids.
 */
export function takeMessage(d: Draft, raw: Message, event: unknown = raw): ThreadMessage {
  // Always a shallow copy, never the caller's object: callers `adopt` the result, so a later event
  // in the same burst (a START/CONTENT on a snapshot's message, an ACTIVITY_DELTA...) edits it in
  // place. Returning `raw` itself wrote into the MESSAGES_SNAPSHOT / RUN_STARTED.input event (and
  // threw on a frozen one, so the edit was lost and recorded as a malformed event).
  // `streaming` and `toolCallIds` are Parley's own fields, derived here, never taken from the wire:
  // a sent `streaming: true` left a message spinning outside `openMessageIds` for good, and a sent
  // `toolCallIds` named tool calls that do not exist.
  const { streaming: _streaming, toolCallIds: _toolCallIds, ...message } = withoutNullAttribution(raw) as Message & {
    streaming?: unknown;
    toolCallIds?: unknown;
  };
  if (message.role !== "assistant" || !Array.isArray(message.toolCalls)) return message;
  const { toolCalls, ...rest } = message;
  const toolCallStates = d.edit("toolCalls");
  const ids: string[] = [];
  for (const call of toolCalls) {
    if (!call || !isId(call.id)) continue;
    const previous = toolCallStates.get(call.id);
    // A tool call belongs to one message. Taking it again (twice in this message, or while another
    // message still lists it) left that message listing a call whose `messageId` points elsewhere.
    const holder = previous && previous.messageId !== message.id ? d.s.messages.get(previous.messageId) : undefined;
    if (ids.includes(call.id) || (holder?.role === "assistant" && holder.toolCallIds?.includes(call.id))) {
      d.error("duplicate-id", `message "${message.id}": tool call "${call.id}" already belongs to a message; skipped`, event);
      continue;
    }
    ids.push(call.id);
    const argsText = typeof call.function?.arguments === "string" ? call.function.arguments : "";
    const state: ToolCallState = {
      id: call.id,
      name: typeof call.function?.name === "string" ? call.function.name : "",
      messageId: message.id,
      argsText,
      args: undefined,
      status: previous?.resultMessageId ? "complete" : "waiting",
    };
    if (previous?.resultMessageId) state.resultMessageId = previous.resultMessageId;
    if (previous?.interactionId) state.interactionId = previous.interactionId;
    if (call.metadata !== undefined) state.metadata = call.metadata;
    if (call.encryptedValue !== undefined) state.encryptedValue = call.encryptedValue;
    toolCallStates.set(d.adopt(state));
    d.touchedToolCalls.add(call.id);
    d.toolCallsToDerive.add(call.id);
  }
  return { ...rest, toolCallIds: ids };
}

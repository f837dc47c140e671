import { mergeMetadata } from "@ag-ui/core";
import type { Draft } from "../thread/draft";
import { isId, isOpen, isRecord } from "../thread/guards";
import { WIRE_LIMITS } from "../thread/limits";

export { ownValue, setOwn } from "../ownKeys";

/** What {@link malformed} says an id field must be. */
export const AN_ID = 'a non-empty string that is not a reserved name such as "constructor"';

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

/** Records a malformed event: a required field is missing or of the wrong type. */
export function malformed(d: Draft, event: { type?: unknown }, field: string, expected: string): void {
  d.error("malformed-event", `${String(event.type)}: "${field}" must be ${expected}`, event);
}

/** The owner key of an event for chunk lanes and steps: its subagent, or "" for the parent agent. */
export function ownerOf(event: { subagentRunId?: unknown }): string {
  // isId, not a bare string check: the owner keys `chunkLanes` (see isId).
  return isId(event.subagentRunId) ? event.subagentRunId : "";
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

/**
 * True when a tool message from the wire would answer a question still waiting for the person:
 * only the person answers (through `applyClientAction`), so such a message is refused.
 */
export function answersOpenInteraction(d: Draft, message: { role?: unknown; toolCallId?: unknown }): boolean {
  if (message.role !== "tool" || typeof message.toolCallId !== "string") return false;
  const toolCallId = message.toolCallId;
  const call = d.s.toolCalls.get(toolCallId);
  const interaction = call?.interactionId ? d.s.interactions.get(call.interactionId) : undefined;
  if (interaction && isOpen(interaction)) return true;
  // An interrupt about a call the thread does not hold (run on the server), or whose link a
  // snapshot re-stating the call dropped, waits for the person all the same.
  for (const id of d.s.interactionIds) {
    const other = d.s.interactions.get(id);
    if (other?.origin.kind === "interrupt" && other.origin.toolCallId === toolCallId && isOpen(other)) return true;
  }
  // A Parley call's interaction is derived right after the event that started it, so a call
  // without one here came in this same event from history (a run input), answered or not.
  return false;
}

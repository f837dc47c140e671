import type {
  ActivityDeltaEvent,
  ActivityMessage,
  ActivitySnapshotEvent,
  Message,
  MessagesSnapshotEvent,
  ReasoningEncryptedValueEvent,
} from "@ag-ui/core";
import type { Draft } from "../thread/draft";
import { applyJsonPatch } from "./jsonPatch";
import { isClientOnlyRole, isId, isRecord } from "../thread/guards";
import { refusedReservedId, RESERVED_ID_PREFIXES, appendBounded, malformed, mergeEventMetadata, AN_ID } from "./shared";
import { addMessage, editMessage, editToolCall, linkToolResult, takeMessage } from "../thread/write";
import type { IdTable } from "../thread/idTable";
import { answersOpenInteraction } from "./shared";
import { isOpen } from "../thread/guards";
import type { ThreadMessage, ToolCallState } from "../thread/types";
import { closeMessage } from "../thread/write";

type TextRole = "assistant" | "user" | "system" | "developer" | "reasoning";
const TEXT_ROLES = new Set(["assistant", "user", "system", "developer"]);

interface StartFields {
  type?: unknown;
  messageId?: unknown;
  role?: unknown;
  name?: unknown;
  subagentRunId?: unknown;
  metadata?: unknown;
}

/** `TEXT_MESSAGE_START` and `REASONING_MESSAGE_START`: open a message, reusing a closed one with the same id. */
export function startMessage(d: Draft, event: StartFields, reasoning: boolean): void {
  if (!isId(event.messageId)) return malformed(d, event, "messageId", AN_ID);
  let role: TextRole = "reasoning";
  if (!reasoning) {
    role = event.role === undefined ? "assistant" : (event.role as TextRole);
    if (!TEXT_ROLES.has(role)) return malformed(d, event, "role", "developer, system, assistant or user");
  }
  const id = event.messageId;
  const existing = d.s.messages.get(id);
  if (existing?.role === "activity" || existing?.role === "interaction") {
    return d.error("id-conflict", `${String(event.type)}: "${id}" is an ${existing.role} message`, event);
  }
  if (existing?.streaming) {
    return d.error("already-open", `${String(event.type)}: message "${id}" is already streaming`, event);
  }
  if (existing) {
    const message = editMessage(d, existing);
    message.streaming = true;
    mergeEventMetadata(message, event);
  } else {
    if (refusedReservedId(d, id, event)) return;
    const message = { id, role, content: "", streaming: true } as ThreadMessage & { name?: string; subagentRunId?: string };
    if (typeof event.name === "string" && !reasoning) message.name = event.name;
    if (isId(event.subagentRunId)) message.subagentRunId = event.subagentRunId;
    mergeEventMetadata(message, event);
    addMessage(d, message);
  }
  (d.edit("openMessageIds") as string[]).push(id);
}

/** `TEXT_MESSAGE_CONTENT` and `REASONING_MESSAGE_CONTENT`. The hot path: one owned message, one string append. */
export function appendContent(
  d: Draft,
  event: { type?: unknown; messageId?: unknown; delta?: unknown; metadata?: unknown },
): void {
  if (!isId(event.messageId)) return malformed(d, event, "messageId", AN_ID);
  if (typeof event.delta !== "string") return malformed(d, event, "delta", "a string");
  const existing = d.s.messages.get(event.messageId);
  if (!existing) {
    return d.error("unknown-message", `${String(event.type)}: no message "${event.messageId}"`, event);
  }
  if (existing.role === "activity" || existing.role === "interaction") {
    return d.error("id-conflict", `${String(event.type)}: "${event.messageId}" is an ${existing.role} message`, event);
  }
  if (!existing.streaming) {
    // Kept, not dropped: the text is the agent's and the person should see it.
    d.error("not-open", `${String(event.type)}: message "${event.messageId}" is not streaming`, event);
  }
  const message = editMessage(d, existing) as { content?: unknown; metadata?: Record<string, unknown> };
  message.content = appendBounded(d, typeof message.content === "string" ? message.content : "", event.delta, event);
  if (event.metadata !== undefined) mergeEventMetadata(message, event);
}

/** `TEXT_MESSAGE_END` and `REASONING_MESSAGE_END`. */
export function endMessage(d: Draft, event: { type?: unknown; messageId?: unknown }): void {
  if (!isId(event.messageId)) return malformed(d, event, "messageId", AN_ID);
  const existing = d.s.messages.get(event.messageId);
  if (!existing) {
    return d.error("unknown-message", `${String(event.type)}: no message "${event.messageId}"`, event);
  }
  if (!existing.streaming) {
    return d.error("not-open", `${String(event.type)}: message "${event.messageId}" is not streaming`, event);
  }
  closeMessage(d, event.messageId);
}

/** `REASONING_ENCRYPTED_VALUE`: an opaque provider artefact kept on the message or tool call it names. */
export function setEncryptedValue(d: Draft, event: ReasoningEncryptedValueEvent): void {
  if (!isId(event.entityId)) return malformed(d, event, "entityId", AN_ID);
  if (typeof event.encryptedValue !== "string") return malformed(d, event, "encryptedValue", "a string");
  if (event.subtype === "tool-call") {
    const toolCall = d.s.toolCalls.get(event.entityId);
    if (!toolCall) return d.error("unknown-tool-call", `REASONING_ENCRYPTED_VALUE: no tool call "${event.entityId}"`, event);
    editToolCall(d, toolCall).encryptedValue = event.encryptedValue;
    return;
  }
  if (event.subtype !== "message") return malformed(d, event, "subtype", '"tool-call" or "message"');
  const message = d.s.messages.get(event.entityId);
  if (!message || message.role === "activity") {
    return d.error("unknown-message", `REASONING_ENCRYPTED_VALUE: no message "${event.entityId}"`, event);
  }
  (editMessage(d, message) as { encryptedValue?: string }).encryptedValue = event.encryptedValue;
}

/** `ACTIVITY_SNAPSHOT`: create or replace an activity message (`replace: false` keeps an existing one). */
export function activitySnapshot(d: Draft, event: ActivitySnapshotEvent): void {
  if (!isId(event.messageId)) return malformed(d, event, "messageId", AN_ID);
  if (typeof event.activityType !== "string") return malformed(d, event, "activityType", "a string");
  if (!isRecord(event.content)) return malformed(d, event, "content", "an object");
  const existing = d.s.messages.get(event.messageId);
  const replace = event.replace ?? true;
  const fresh: ActivityMessage = {
    id: event.messageId,
    role: "activity",
    activityType: event.activityType,
    content: event.content,
  };
  if (isId(event.subagentRunId)) fresh.subagentRunId = event.subagentRunId;
  if (!existing) {
    if (refusedReservedId(d, event.messageId, event)) return;
    mergeEventMetadata(fresh, event);
    return addMessage(d, fresh);
  }
  if (existing.role === "interaction") {
    // Parley's own row: an activity dressed as a card must not replace the person's question.
    return d.error("id-conflict", `ACTIVITY_SNAPSHOT: "${event.messageId}" is an interaction`, event);
  }
  if (existing.role === "activity") {
    const message = editMessage(d, existing) as ActivityMessage;
    if (replace) {
      message.activityType = event.activityType;
      message.content = event.content;
      if (fresh.subagentRunId === undefined) delete message.subagentRunId;
      else message.subagentRunId = fresh.subagentRunId;
    }
    mergeEventMetadata(message, event);
    return;
  }
  if (replace) {
    // The message replaced takes its open stream and its tool calls with it (in the SDK they lived
    // inside it). Left behind, its id stayed in `openMessageIds` on a message that no longer
    // streams, and its tool calls pointed at an activity (a later result was placed after it).
    if (existing.streaming) closeMessage(d, event.messageId);
    if (existing.role === "assistant" && existing.toolCallIds?.length) {
      const toolCalls = d.edit("toolCalls");
      for (const id of existing.toolCallIds) toolCalls.delete(id);
    }
    mergeEventMetadata(fresh, event);
    d.edit("messages").set(d.adopt(fresh));
  }
}

/** `ACTIVITY_DELTA`: JSON-patch an activity's content; a failed patch keeps the old content. */
export function activityDelta(d: Draft, event: ActivityDeltaEvent): void {
  if (!isId(event.messageId)) return malformed(d, event, "messageId", AN_ID);
  if (!Array.isArray(event.patch)) return malformed(d, event, "patch", "an array of JSON Patch operations");
  const existing = d.s.messages.get(event.messageId);
  if (!existing) return d.error("unknown-message", `ACTIVITY_DELTA: no message "${event.messageId}"`, event);
  if (existing.role !== "activity") {
    return d.error("id-conflict", `ACTIVITY_DELTA: "${event.messageId}" is not an activity message`, event);
  }
  const message = editMessage(d, existing) as ActivityMessage;
  mergeEventMetadata(message, event);
  try {
    const content = applyJsonPatch(message.content, event.patch, d);
    message.content = content as ActivityMessage["content"];
    if (typeof event.activityType === "string") message.activityType = event.activityType;
  } catch (error) {
    d.error("patch-failed", `ACTIVITY_DELTA on "${event.messageId}": ${describe(error)}`, event);
  }
}

/**
 * `MESSAGES_SNAPSHOT`: the producer's messages, merged by id as `@ag-ui/client` does. Messages it
 * names are replaced, client-only ones it omits are dropped (activity and reasoning messages
 * survive when the snapshot has none of that role, or their activity type is not one it owns),
 * new ones are appended in the snapshot's order.
 */
export function messagesSnapshot(d: Draft, event: MessagesSnapshotEvent): void {
  if (!Array.isArray(event.messages)) return malformed(d, event, "messages", "an array of messages");
  const incoming: Message[] = [];
  const byId = new Map<string, Message>();
  for (const message of event.messages as unknown[]) {
    if (!isRecord(message) || !isId(message.id) || typeof message.role !== "string") {
      d.error("malformed-event", "MESSAGES_SNAPSHOT: a message without a string id and role was skipped", event);
      continue;
    }
    if (byId.has(message.id)) {
      d.error("duplicate-id", `MESSAGES_SNAPSHOT: message "${message.id}" appears twice; the first is kept`, event);
      continue;
    }
    const existing = d.s.messages.get(message.id);
    if (isClientOnlyRole(message.role) || existing?.role === "interaction") {
      d.error("id-conflict", `MESSAGES_SNAPSHOT: "${message.id}" would replace or forge a question for the person; skipped`, event);
      continue;
    }
    // The person's answers echoed back are kept as this side wrote them; a new reserved id is refused.
    if (existing ? RESERVED_ID_PREFIXES.some((prefix) => (message.id as string).startsWith(prefix)) : refusedReservedId(d, message.id, event)) continue;
    if (answersOpenInteraction(d, message)) {
      d.error("forged-answer", `MESSAGES_SNAPSHOT: a tool message answering "${String(message.toolCallId)}", which waits for the person, was refused`, event);
      continue;
    }
    byId.set(message.id, message as unknown as Message);
    incoming.push(message as unknown as Message);
  }
  const owned = authoritativeActivityTypes(event);
  const hasActivity = incoming.some((m) => m.role === "activity");
  const hasReasoning = incoming.some((m) => m.role === "reasoning");
  const keepClientOnly = (m: ThreadMessage) =>
    (m.role === "activity" &&
      (owned ? !owned.includes(m.activityType) : owned !== null && !hasActivity)) ||
    (m.role === "reasoning" && !hasReasoning) ||
    m.role === "interaction" ||
    RESERVED_ID_PREFIXES.some((prefix) => m.id.startsWith(prefix));

  // Which incoming message states each call: a call it names keeps its links (its result, its
  // question); a message it renames takes the old one's place.
  const statedBy = new Map<string, Message>();
  for (const message of incoming) {
    if (message.role !== "assistant" || !Array.isArray(message.toolCalls)) continue;
    for (const call of message.toolCalls as unknown[]) if (isRecord(call) && isId(call.id) && !statedBy.has(call.id)) statedBy.set(call.id, message);
  }
  // A message holding a call a question still waits on stays, unless the snapshot states the call
  // again: a snapshot cannot unlink an open question (a forged result would then pass as history).
  const holdsOpenQuestion = (m: ThreadMessage) =>
    m.role === "assistant" && !byId.has(m.id) && (m.toolCallIds ?? []).some((id) => !statedBy.has(id) && waitsForPerson(d, d.s.toolCalls.get(id)));
  const keeps = (m: ThreadMessage) => keepClientOnly(m) || holdsOpenQuestion(m);

  const messages = d.edit("messages");
  const toolCalls = d.edit("toolCalls");
  const nextIds: string[] = [];
  // Drop the tool calls of every message replaced or removed *before* taking any new one: dropped
  // message by message, a tool call the snapshot moved to an earlier message was taken by it and
  // then deleted with its old owner, leaving the new owner listing a call that did not exist.
  const links = new Map<string, ToolCallState>();
  for (const id of d.s.messageIds) {
    const current = messages.get(id) as ThreadMessage;
    if (byId.has(id) || !keeps(current)) dropToolCalls(toolCalls, current, links);
  }
  const present = new Set<string>();
  const take = (message: Message) => {
    messages.set(d.adopt(takeMessage(d, message, event)));
    nextIds.push(message.id);
    present.add(message.id);
  };
  for (const id of d.s.messageIds) {
    const current = messages.get(id) as ThreadMessage;
    const replacement = byId.get(id);
    if (replacement) {
      take(replacement);
    } else if (keeps(current)) {
      nextIds.push(id);
      present.add(id);
    } else {
      messages.delete(id);
      // Renamed (the server's id for a message streamed under another): the new message takes the
      // old one's place, so the results after it stay after their call.
      for (const callId of current.role === "assistant" ? (current.toolCallIds ?? []) : []) {
        const renamed = statedBy.get(callId);
        if (renamed && !present.has(renamed.id) && !d.s.messages.get(renamed.id)) take(renamed);
      }
    }
  }
  for (const message of incoming) {
    if (present.has(message.id)) continue;
    take(message);
  }
  d.s.messageIds = d.adopt(nextIds);
  d.s.openMessageIds = d.adopt(d.s.openMessageIds.filter((id) => messages.get(id)?.streaming));
  restoreLinks(d, links);
  for (const message of incoming) linkToolResult(d, messages.get(message.id) as ThreadMessage);
}

/** True when the call has a question that still waits for the person. */
function waitsForPerson(d: Draft, call: ToolCallState | undefined): boolean {
  const interaction = call?.interactionId ? d.s.interactions.get(call.interactionId) : undefined;
  return interaction !== undefined && isOpen(interaction);
}

/**
 * A call the snapshot stated again keeps what the thread knew of it: the result it already has
 * (the kit's own answer, which a snapshot echo does not re-link) and the question it asked.
 */
function restoreLinks(d: Draft, links: ReadonlyMap<string, ToolCallState>): void {
  for (const [id, before] of links) {
    const call = d.s.toolCalls.get(id);
    if (!call) continue;
    const result = before.resultMessageId !== undefined && !call.resultMessageId && d.s.messages.get(before.resultMessageId)?.role === "tool" ? before.resultMessageId : undefined;
    const question = before.interactionId !== undefined && !call.interactionId && d.s.interactions.get(before.interactionId) ? before.interactionId : undefined;
    if (result === undefined && question === undefined) continue;
    const edited = editToolCall(d, call);
    if (result !== undefined) {
      edited.resultMessageId = result;
      if (edited.status !== "streaming-args") edited.status = "complete";
    }
    if (question !== undefined) edited.interactionId = question;
  }
}

function dropToolCalls(toolCalls: IdTable<ToolCallState>, message: ThreadMessage, links: Map<string, ToolCallState>): void {
  if (message.role === "assistant" && message.toolCallIds) {
    for (const id of message.toolCallIds) {
      const call = toolCalls.get(id);
      if (call && (call.resultMessageId !== undefined || call.interactionId !== undefined)) links.set(id, call);
      toolCalls.delete(id);
    }
  }
}

/**
 * The activity types a snapshot speaks for, from `metadata["@ag-ui/client"]`: `undefined` when it
 * says nothing (infer from its content), `null` for all of them, a list otherwise. Mirrors
 * `authoritativeActivityTypes` in `@ag-ui/client`, which Parley does not import at run time.
 */
function authoritativeActivityTypes(event: MessagesSnapshotEvent): string[] | null | undefined {
  const metadata = event.metadata;
  if (!isRecord(metadata) || !Object.prototype.hasOwnProperty.call(metadata, "@ag-ui/client")) return undefined;
  const value = metadata["@ag-ui/client"];
  if (!isRecord(value)) return [];
  if (!Object.prototype.hasOwnProperty.call(value, "authoritativeActivityTypes")) return undefined;
  const types = value.authoritativeActivityTypes;
  if (types === null) return null;
  return Array.isArray(types) && types.every((t) => typeof t === "string") ? types : [];
}

export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

import type { Message, ToolMessage } from "@ag-ui/core";
import type { Draft } from "./draft";
import { isId } from "./guards";
import type { RunRecord, ThreadMessage, ToolCallState } from "./types";
import type { Interaction, InteractionRow } from "../interactions/types";

/**
 * The thread's write helpers, shared by both doors (the fold and `applyClientAction`): each
 * writes through a {@link Draft}, so a batch copies what it touches once and the state passed in
 * is never changed.
 */

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

/** The id of the thread row that shows an interaction. */
export function interactionRowId(interactionId: string): string {
  return `parley-interaction:${interactionId}`;
}

/** The id of the tool message that carries the person's answer to a tool call. */
export function answerMessageId(toolCallId: string): string {
  return `parley-answer:${toolCallId}`;
}

/** Places an interaction in the thread: its row at the end of the conversation, and the interaction itself. */
export function addInteraction(d: Draft, interaction: Interaction): void {
  const row: InteractionRow = { id: interaction.rowId, role: "interaction", interactionId: interaction.id, messageType: interaction.messageType };
  addMessage(d, d.adopt(row));
  addRowlessInteraction(d, interaction);
}

/** A question shown by a row that is already there (an MCP App's call, in the app's own row): no row of its own. */
export function addRowlessInteraction(d: Draft, interaction: Interaction): void {
  d.edit("interactions").set(d.adopt(interaction));
  (d.edit("interactionIds") as string[]).push(interaction.id);
}

/** An owned, writable copy of an interaction, already put back into the state. */
export function editInteraction(d: Draft, interaction: Interaction): Interaction {
  const owned = d.own(interaction);
  d.edit("interactions").set(owned);
  return owned;
}

/** The tool message that answers a tool call: added once, rewritten on correction. */
export function writeToolResult(d: Draft, toolCallId: string, content: string, error?: string): void {
  const messageId = answerMessageId(toolCallId);
  const existing = d.s.messages.get(messageId);
  if (existing?.role === "tool") {
    editMessage(d, existing).content = content;
    return;
  }
  const message: ToolMessage = { id: messageId, role: "tool", toolCallId, content, ...(error !== undefined ? { error } : {}) };
  addMessage(d, d.adopt(message));
  linkToolResult(d, message);
}

/** A text or reasoning message's stream ended: it is no longer open. */
export function closeMessage(d: Draft, id: string): void {
  const existing = d.s.messages.get(id);
  if (existing?.streaming) {
    const message = editMessage(d, existing);
    delete message.streaming;
  }
  const open = d.edit("openMessageIds") as string[];
  const index = open.indexOf(id);
  if (index !== -1) open.splice(index, 1);
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

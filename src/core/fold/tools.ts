import type { ToolCallResultEvent, ToolMessage } from "@ag-ui/core";
import type { Draft } from "../thread/draft";
import { addMessage, editLastRun, editMessage, editToolCall, linkToolResult, runningRun } from "../thread/write";
import { appendBounded, malformed, mergeEventMetadata, refusedReservedId, AN_ID } from "./shared";
import { isId } from "../thread/guards";
import { answersOpenInteraction } from "./shared";
import { parseArgs } from "./parseArgs";
import type { ThreadAssistantMessage, ThreadMessage, ToolCallState } from "../thread/types";

interface ToolCallStartFields {
  type?: unknown;
  toolCallId?: unknown;
  toolCallName?: unknown;
  parentMessageId?: unknown;
  subagentRunId?: unknown;
  metadata?: unknown;
}

/**
 * Where each id sits in a run's `toolCallIds`, shared by every copy of the list (it only grows, by
 * `listInRun`), so "is this call listed?" costs one lookup instead of a search of the whole run:
 * with a search, 20,000 calls in one run cost 200 million comparisons. As in `IdTable`, a copy
 * trusts an entry only where its own slot holds that id.
 */
const positionsByList = new WeakMap<readonly string[], Map<string, number>>();

function positionsOf(list: readonly string[]): Map<string, number> {
  let positions = positionsByList.get(list);
  if (!positions) {
    // A list this module did not grow (a restored thread): indexed once.
    positions = new Map(list.map((id, at) => [id, at]));
    positionsByList.set(list, positions);
  }
  return positions;
}

function listed(list: readonly string[], id: string): boolean {
  const at = positionsOf(list).get(id);
  // Another version of the list put the id elsewhere: rare, and a search settles it.
  return at !== undefined && (list[at] === id || list.includes(id));
}

/**
 * `TOOL_CALL_START`: attach the call to its assistant message, creating that message when the
 * parent is absent, unknown or not an assistant message (the SDK's resolution order).
 */
export function startToolCall(d: Draft, event: ToolCallStartFields): void {
  if (!isId(event.toolCallId)) return malformed(d, event, "toolCallId", AN_ID);
  if (typeof event.toolCallName !== "string") return malformed(d, event, "toolCallName", "a string");
  const id = event.toolCallId;
  const run = runningRun(d);
  // Listed in the run only once the call exists: listed before the id-conflict check below, a
  // refused START left an id with no tool call in the run, and so in `pendingToolCallIds`.
  const listInRun = () => {
    if (!run || listed(run.toolCallIds, id)) return;
    const edited = editLastRun(d) as { toolCallIds: readonly string[] };
    const ids = d.own(edited.toolCallIds) as string[];
    const positions = positionsOf(edited.toolCallIds);
    positionsByList.set(ids, positions);
    positions.set(id, ids.length);
    ids.push(id);
    edited.toolCallIds = ids;
  };
  const existing = d.s.toolCalls.get(id);
  if (existing) {
    listInRun();
    if (existing.status === "streaming-args") {
      return d.error("already-open", `TOOL_CALL_START: tool call "${id}" is already streaming`, event);
    }
    // A finished call is not reopened: the SDK appends the new arguments to the old ones (invalid
    // JSON), and a call that asked the person must keep the arguments the person saw. The same call
    // re-sent whole (LangGraph's integration does after a resume) is a restatement, checked at its END.
    if (existing.name === event.toolCallName && existing.restated === undefined) {
      editToolCall(d, existing).restated = "";
      return;
    }
    return d.error("duplicate-id", `TOOL_CALL_START: tool call "${id}" already exists and has finished; ignored`, event);
  }

  const parentId = isId(event.parentMessageId) ? event.parentMessageId : undefined;
  const parent = parentId === undefined ? undefined : d.s.messages.get(parentId);
  let owner: ThreadMessage | undefined = parent?.role === "assistant" ? parent : undefined;
  if (!owner) {
    const ownerId = parentId !== undefined && !parent ? parentId : id;
    const clash = d.s.messages.get(ownerId);
    if (clash?.role === "assistant") {
      owner = clash;
    } else if (clash) {
      return d.error("id-conflict", `TOOL_CALL_START: "${ownerId}" is already a ${clash.role} message`, event);
    } else {
      if (refusedReservedId(d, ownerId, event)) return;
      const created: ThreadAssistantMessage = { id: ownerId, role: "assistant", toolCallIds: [] };
      if (isId(event.subagentRunId)) created.subagentRunId = event.subagentRunId;
      addMessage(d, created);
      owner = created;
    }
  }
  listInRun();
  const message = editMessage(d, owner) as ThreadAssistantMessage;
  message.toolCallIds = message.toolCallIds && d.isOwned(message.toolCallIds)
    ? message.toolCallIds
    : d.adopt([...(message.toolCallIds ?? [])]);
  (message.toolCallIds as string[]).push(id);

  const call: ToolCallState = {
    id,
    name: event.toolCallName,
    messageId: message.id,
    argsText: "",
    args: undefined,
    status: "streaming-args",
  };
  if (run) call.runId = run.runId;
  if (isId(event.subagentRunId)) call.subagentRunId = event.subagentRunId;
  mergeEventMetadata(call, event);
  d.edit("toolCalls").set(d.adopt(call));
  // A Parley tool's card appears as soon as the call starts, and fills in as its arguments stream.
  d.touchedToolCalls.add(id);
  d.toolCallsToDerive.add(id);
}

/** `TOOL_CALL_ARGS`: append a fragment of the JSON argument text; it is parsed once per batch. */
export function appendToolCallArgs(
  d: Draft,
  event: { type?: unknown; toolCallId?: unknown; delta?: unknown; metadata?: unknown },
): void {
  if (!isId(event.toolCallId)) return malformed(d, event, "toolCallId", AN_ID);
  if (typeof event.delta !== "string") return malformed(d, event, "delta", "a string");
  const existing = d.s.toolCalls.get(event.toolCallId);
  if (!existing) {
    return d.error("unknown-tool-call", `TOOL_CALL_ARGS: no tool call "${event.toolCallId}"`, event);
  }
  if (existing.restated !== undefined) {
    editToolCall(d, existing).restated += event.delta;
    return;
  }
  if (existing.status !== "streaming-args") {
    return d.error("not-open", `TOOL_CALL_ARGS: tool call "${event.toolCallId}" is not streaming; ignored`, event);
  }
  const call = editToolCall(d, existing);
  call.argsText = appendBounded(d, call.argsText, event.delta, event);
  if (event.metadata !== undefined) mergeEventMetadata(call, event);
  d.touchedToolCalls.add(call.id);
}

/** `TOOL_CALL_END`: the arguments are complete; the call now waits for its result. */
export function endToolCall(d: Draft, event: { type?: unknown; toolCallId?: unknown }): void {
  if (!isId(event.toolCallId)) return malformed(d, event, "toolCallId", AN_ID);
  const existing = d.s.toolCalls.get(event.toolCallId);
  if (!existing) {
    return d.error("unknown-tool-call", `TOOL_CALL_END: no tool call "${event.toolCallId}"`, event);
  }
  if (existing.restated !== undefined) return endRestatement(d, existing);
  if (existing.status !== "streaming-args") {
    return d.error("not-open", `TOOL_CALL_END: tool call "${event.toolCallId}" is not streaming`, event);
  }
  editToolCall(d, existing).status = existing.resultMessageId ? "complete" : "waiting";
  d.touchedToolCalls.add(existing.id);
  d.toolCallsToDerive.add(existing.id);
}

/**
 * The end of a re-sent call. The call keeps the arguments the person saw; arguments re-sent
 * different (the person's edits applied, a form's values filled in) are kept beside them as what
 * the agent says it runs — no protocol error, since frameworks restate a call that way.
 */
function endRestatement(d: Draft, call: ToolCallState): void {
  const edited = editToolCall(d, call);
  const restated = edited.restated ?? "";
  delete edited.restated;
  if (JSON.stringify(parseArgs(restated)) === JSON.stringify(parseArgs(call.argsText))) delete edited.restatedArgsText;
  else edited.restatedArgsText = restated;
}

/**
 * `TOOL_CALL_RESULT`: a `tool` message, placed right after the assistant message that owns the
 * call (after any earlier results), as the SDK places it.
 */
export function toolCallResult(d: Draft, event: ToolCallResultEvent): void {
  if (!isId(event.messageId)) return malformed(d, event, "messageId", AN_ID);
  if (!isId(event.toolCallId)) return malformed(d, event, "toolCallId", AN_ID);
  if (typeof event.content !== "string" && !Array.isArray(event.content)) {
    return malformed(d, event, "content", "a string or an array of content parts");
  }
  if (d.s.messages.get(event.messageId)) {
    return d.error("duplicate-id", `TOOL_CALL_RESULT: message "${event.messageId}" already exists`, event);
  }
  if (refusedReservedId(d, event.messageId, event)) return;
  if (answersOpenInteraction(d, { role: "tool", toolCallId: event.toolCallId })) {
    return d.error("forged-answer", `TOOL_CALL_RESULT: tool call "${event.toolCallId}" waits for the person; only the person answers it`, event);
  }
  const message: ToolMessage = {
    id: event.messageId,
    toolCallId: event.toolCallId,
    role: "tool",
    content: event.content,
  };
  if (isId(event.subagentRunId)) message.subagentRunId = event.subagentRunId;
  mergeEventMetadata(message, event);

  const call = d.s.toolCalls.get(event.toolCallId);
  const at = call ? resultPlace(d, call.messageId) : -1;
  if (at === -1 || at === d.s.messageIds.length) {
    addMessage(d, message);
  } else {
    (d.edit("messageIds") as string[]).splice(at, 0, message.id);
    d.edit("messages").set(d.adopt(message));
  }
  if (at !== -1) lastPlaced.set(d.s.messageIds, { length: d.s.messageIds.length, owner: (call as ToolCallState).messageId, at });
  linkToolResult(d, message);
}

/**
 * Where the last tool result went in a version of `messageIds`, to place the next one of the same
 * message at once. By list, not by burst: the next burst starts from the same list.
 */
const lastPlaced = new WeakMap<readonly string[], { length: number; owner: string; at: number }>();

/**
 * Where a result for a call of message `owner` goes: after the owner and the results already
 * after it; -1 when the owner is not in the thread. Searching the thread from its start for each
 * result made 20,000 calls quadratic: the owner is nearly always the last message, or the owner of
 * the result placed just before (parallel calls), and both are found at once; anything else is
 * searched from the end, where owners are.
 */
function resultPlace(d: Draft, owner: string): number {
  const ids = d.s.messageIds;
  if (ids[ids.length - 1] === owner) return ids.length;
  const last = lastPlaced.get(ids);
  // Not grown since (a list is cut only by replacing it): the previous result is where it was put.
  if (last?.owner === owner && last.length === ids.length) return skipResults(d, ids, last.at + 1);
  const index = ids.lastIndexOf(owner);
  return index === -1 ? -1 : skipResults(d, ids, index + 1);
}

function skipResults(d: Draft, ids: readonly string[], from: number): number {
  let at = from;
  while (at < ids.length && d.s.messages.get(ids[at] as string)?.role === "tool") at++;
  return at;
}

import type { Draft } from "../thread/draft";
import { appendContent, endMessage, startMessage } from "./messages";
import { isId } from "../thread/guards";
import { ownerOf } from "./shared";
import { appendToolCallArgs, endToolCall, startToolCall } from "./tools";
import type { ChunkLane } from "../thread/types";
import { NO_LANES } from "../thread/runs";

type ChunkEvent = {
  type?: unknown;
  messageId?: unknown;
  toolCallId?: unknown;
  toolCallName?: unknown;
  parentMessageId?: unknown;
  role?: unknown;
  name?: unknown;
  delta?: unknown;
  subagentRunId?: unknown;
  metadata?: unknown;
};

/**
 * `*_CHUNK` events: the convenience form a producer may send instead of START/CONTENT/END. One
 * stream is open per owner (subagent, or the parent agent); a chunk with a new id closes the open
 * one, as does any non-chunk event of the same owner. This mirrors the SDK's `transformChunks`, so
 * the thread is the same as the SDK's after expansion.
 */
export function chunk(d: Draft, event: ChunkEvent, kind: ChunkLane["kind"]): void {
  const owner = ownerOf(event);
  const lane = d.s.chunkLanes[owner];
  const id = kind === "tool" ? event.toolCallId : event.messageId;
  const delta = typeof event.delta === "string" ? event.delta : undefined;
  if (lane && lane.kind === kind && (id === undefined || id === lane.id)) {
    if (delta) continueLane(d, event, lane, delta);
    return;
  }
  if (lane) closeLane(d, owner);
  if (!isId(id) || (kind === "tool" && typeof event.toolCallName !== "string")) {
    return d.error(
      "chunk-without-id",
      `${String(event.type)} opens a stream without ${kind === "tool" ? "toolCallId and toolCallName" : "messageId"}`,
      event,
    );
  }
  const opened: ChunkLane = { kind, id };
  const errorsBefore = d.s.errorCount;
  if (kind === "tool") startToolCall(d, event);
  else startMessage(d, { ...event, type: event.type }, kind === "reasoning");
  // A refused START (the id is already streaming, or names an activity) opens no lane: later
  // chunks must not feed, and finally close, a stream that belongs to someone else.
  if (d.s.errorCount !== errorsBefore) return;
  const lanes = d.edit("chunkLanes") as Record<string, ChunkLane>;
  lanes[owner] = opened;
  if (delta) continueLane(d, event, opened, delta);
}

function continueLane(d: Draft, event: ChunkEvent, lane: ChunkLane, delta: string): void {
  if (lane.kind === "tool") appendToolCallArgs(d, { type: event.type, toolCallId: lane.id, delta, metadata: event.metadata });
  else appendContent(d, { type: event.type, messageId: lane.id, delta, metadata: event.metadata });
}

/** Closes the owner's open chunk stream with the END the producer never sent. */
export function closeLane(d: Draft, owner: string): void {
  const lane = d.s.chunkLanes[owner];
  if (!lane) return;
  const lanes = d.edit("chunkLanes") as Record<string, ChunkLane>;
  delete lanes[owner];
  if (Object.keys(lanes).length === 0) d.s.chunkLanes = NO_LANES;
  if (lane.kind === "tool") endToolCall(d, { type: "TOOL_CALL_END", toolCallId: lane.id });
  else endMessage(d, { type: lane.kind === "text" ? "TEXT_MESSAGE_END" : "REASONING_MESSAGE_END", messageId: lane.id });
}

export function closeAllLanes(d: Draft): void {
  for (const owner of Object.keys(d.s.chunkLanes)) closeLane(d, owner);
}

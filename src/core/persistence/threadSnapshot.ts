import type { Interaction } from "../interactions/types";
import { IdTable } from "../thread/idTable";
import { isId, isRecord } from "../thread/guards";
import { createThreadState } from "../fold/fold";
import { deriveStatus } from "../thread/status";
import type { RunRecord, SubagentRecord, ThreadMessage, ThreadState, ToolCallState } from "../thread/types";
import type { AuditRecord, Grant } from "../policy/types";
import { readOpenRun, type OpenRun } from "./reattach";
import { FEEDBACK_REASON_LIMIT, type AnswerFeedback } from "../feedback";
import type { ChunkLane } from "../thread/types";

/**
 * A thread as plain data, to keep across a reload: the conversation in order (the interaction rows
 * where they were asked), the tool calls, every interaction with its status, deadline and answer
 * (so the outbox — answers no run has carried yet — is in it), the numbering, the person's grants
 * and the audit log, the agent's state and the runs. Taken while a run streams, it also says where
 * (`openRun`: the run's request identity, its last event id, what is open in its stream), so the
 * reloaded page can join the run again. The event logs are left out.
 *
 * Every field is structured-cloneable and JSON-safe, so an adapter may keep it in IndexedDB or as
 * a string.
 */
export interface ThreadSnapshot {
  version: typeof SNAPSHOT_VERSION;
  /** Epoch ms it was taken. */
  savedAt: number;
  threadId?: string;
  /**
   * Every message, those shown first in thread order (interaction rows included), then those of
   * versions an edit or a regeneration set aside (`branches`).
   */
  messages: ThreadMessage[];
  /** The ids shown, in order, when some messages are set aside; absent, every message is shown. */
  messageIds?: string[];
  toolCalls: ToolCallState[];
  /** Interactions in the order they were asked. */
  interactions: Interaction[];
  nextNumber: number;
  contextFrom?: string;
  state: unknown;
  runs: RunRecord[];
  pendingInterrupts: ThreadState["pendingInterrupts"];
  pendingToolCallIds: readonly string[];
  grants: Grant[];
  audit: AuditRecord[];
  /** The versions an edit or a regeneration left (each fork's other branches), and the agent's latest quick replies. */
  branches?: ThreadState["branches"];
  suggestions?: ThreadState["suggestions"];
  citations?: ThreadState["citations"];
  /** The sub-agents that spoke, by run id: their names label their messages and hand-offs after a reload. */
  subagents?: ThreadState["subagents"];
  /** The person's feedback on answers, by message id. */
  feedback?: ThreadState["feedback"];
  /** The run that was streaming when it was taken, and where its stream stood; absent otherwise. */
  openRun?: OpenRun & { openReasoning?: string[]; chunkLanes?: Record<string, ChunkLane>; activeSteps?: ThreadState["activeSteps"] };
}

/** Bumped when the shape changes; an older snapshot is refused rather than misread. */
export const SNAPSHOT_VERSION = 1;

/**
 * The thread as a {@link ThreadSnapshot}. Pure and cheap: it collects references, copying nothing
 * deep (the thread's records are never mutated, so sharing them is safe). `openRun`: the run this
 * client is reading, where its stream stands (kept only while the thread's last run is running).
 *
 * @example
 * await storage.save(threadId, snapshotThread(store.getState().thread, Date.now()));
 */
export function snapshotThread(thread: ThreadState, savedAt: number, openRun?: OpenRun): ThreadSnapshot {
  const shown = new Set(thread.messageIds);
  const snapshot: ThreadSnapshot = {
    version: SNAPSHOT_VERSION,
    savedAt,
    messages: [...thread.messageIds.flatMap((id) => thread.messages.get(id) ?? []), ...[...thread.messages.values()].filter((m) => !shown.has(m.id))],
    toolCalls: [...thread.toolCalls.values()],
    interactions: thread.interactionIds.flatMap((id) => thread.interactions.get(id) ?? []),
    nextNumber: thread.nextNumber,
    state: thread.state,
    runs: [...thread.runs],
    pendingInterrupts: thread.pendingInterrupts,
    pendingToolCallIds: thread.pendingToolCallIds,
    grants: [...thread.grants],
    audit: [...thread.audit],
  };
  if (thread.threadId !== undefined) snapshot.threadId = thread.threadId;
  if (thread.contextFrom !== undefined) snapshot.contextFrom = thread.contextFrom;
  if (thread.messages.size !== thread.messageIds.length) snapshot.messageIds = [...thread.messageIds];
  if (thread.branches !== undefined) snapshot.branches = thread.branches;
  if (thread.suggestions !== undefined) snapshot.suggestions = thread.suggestions;
  if (thread.citations !== undefined) snapshot.citations = thread.citations;
  if (Object.keys(thread.subagents).length) snapshot.subagents = thread.subagents;
  if (thread.feedback && Object.keys(thread.feedback).length) snapshot.feedback = thread.feedback;
  if (openRun && thread.runs[thread.runs.length - 1]?.status === "running") {
    snapshot.openRun = { ...openRun, openReasoning: [...thread.openReasoning], chunkLanes: { ...thread.chunkLanes }, activeSteps: thread.activeSteps };
  }
  return snapshot;
}

/** `openRun`: the run the snapshot was taken in the middle of, where its stream stood (see `reattachDecision`). */
export type RestoreResult = { ok: true; thread: ThreadState; openRun?: OpenRun } | { ok: false; problem: string };

/**
 * The thread a {@link ThreadSnapshot} was taken of, checked: a snapshot from another version, or
 * one that is not the shape it claims (a storage written by something else, a corrupted entry), is
 * refused in words rather than half-restored. Records without a usable id are dropped; an
 * interaction row whose interaction is missing is dropped with it. A run that was still streaming
 * when the snapshot was taken is left `running`, its half-streamed messages open: the caller joins
 * it again (`openRun`) or ends it.
 *
 * @example
 * const restored = restoreThread(await storage.load(threadId));
 * if (restored.ok) store.getState().restore(restored.thread);
 */
export function restoreThread(snapshot: unknown): RestoreResult {
  if (!isRecord(snapshot)) return { ok: false, problem: "There is no saved thread." };
  if (snapshot.version !== SNAPSHOT_VERSION) return { ok: false, problem: `The saved thread is version ${String(snapshot.version)}; this version of Parley reads ${SNAPSHOT_VERSION}.` };
  const lists = ["messages", "toolCalls", "interactions", "runs", "grants", "audit", "pendingInterrupts", "pendingToolCallIds"] as const;
  const bad = lists.find((key) => !Array.isArray(snapshot[key]));
  if (bad) return { ok: false, problem: `The saved thread's "${bad}" is not a list.` };
  if (!Number.isInteger(snapshot.nextNumber) || (snapshot.nextNumber as number) < 1) return { ok: false, problem: 'The saved thread\'s "nextNumber" is not a positive whole number.' };
  const s = snapshot as unknown as ThreadSnapshot;
  const withId = <T>(list: readonly T[]) => list.filter((item): item is T & { id: string } => isRecord(item) && isId(item.id));
  const interactions = IdTable.from(withId(s.interactions).filter((i) => typeof i.status === "string" && typeof i.rowId === "string" && isRecord(i.origin) && typeof i.origin.kind === "string"));
  const toolCalls = IdTable.from(withId(s.toolCalls));
  // A row stands for its interaction: one without it would be a card with nothing behind it. An
  // assistant message lists only tool calls the thread has, as the fold keeps it (a list that is
  // not one, or names a call that is not there, would fail the next run's input); with none left,
  // it lists none, so the run sends no empty `toolCalls` a model API would refuse.
  const called = (id: unknown) => isId(id) && toolCalls.has(id);
  const messages = IdTable.from(
    withId(s.messages)
      .filter((m) => typeof m.role === "string" && (m.role !== "interaction" || interactions.has((m as { interactionId?: string }).interactionId ?? "")))
      .map((m) => {
        const ids = (m as { toolCallIds?: unknown }).toolCallIds;
        if (ids === undefined || (Array.isArray(ids) && ids.every(called))) return m;
        const { toolCallIds: _dropped, ...rest } = m as typeof m & { toolCallIds?: unknown };
        const kept = Array.isArray(ids) ? ids.filter(called) : [];
        return kept.length ? { ...rest, toolCallIds: kept } : rest;
      }),
  );
  const thread: ThreadState = {
    ...createThreadState(isId(s.threadId) ? { threadId: s.threadId } : {}),
    messages,
    messageIds: Array.isArray(s.messageIds) ? [...new Set(s.messageIds.filter((id) => isId(id) && messages.has(id)))] : [...messages.keys()],
    toolCalls,
    interactions,
    interactionIds: [...interactions.keys()],
    nextNumber: s.nextNumber,
    state: s.state === undefined ? {} : s.state,
    runs: s.runs.filter((run) => isRecord(run) && typeof run.runId === "string" && typeof run.status === "string"),
    pendingInterrupts: s.pendingInterrupts.filter((i) => isRecord(i) && isId(i.id)),
    pendingToolCallIds: s.pendingToolCallIds.filter(isId),
    grants: s.grants.filter((g) => isRecord(g) && isId(g.id)),
    audit: s.audit.filter((r) => isRecord(r) && isId(r.id)),
  };
  if (isId(s.contextFrom) && messages.has(s.contextFrom)) thread.contextFrom = s.contextFrom;
  // A fork's other versions keep their messages in the table, so they can be shown again.
  if (isRecord(s.branches)) thread.branches = s.branches;
  if (isRecord(s.suggestions)) thread.suggestions = s.suggestions;
  if (isRecord(s.citations)) thread.citations = s.citations;
  if (isRecord(s.subagents)) thread.subagents = restoreSubagents(s.subagents);
  if (isRecord(s.feedback)) thread.feedback = restoreFeedback(s.feedback, messages);
  const running = thread.runs[thread.runs.length - 1]?.status === "running";
  const openRun = running ? readOpenRun(s.openRun) : undefined;
  if (running) {
    // What was streaming stays open, so the rest of it, joined again, goes on where it stopped.
    thread.openMessageIds = thread.messageIds.filter((id) => thread.messages.get(id)?.streaming === true);
    if (openRun) restoreStream(thread, s.openRun as NonNullable<ThreadSnapshot["openRun"]>);
  }
  thread.status = deriveStatus(thread);
  return openRun ? { ok: true, thread, openRun } : { ok: true, thread };
}

/** A stream's open lanes, reasoning spans and steps, as far as they are what they claim. */
function restoreStream(thread: ThreadState, saved: NonNullable<ThreadSnapshot["openRun"]>): void {
  if (Array.isArray(saved.openReasoning)) thread.openReasoning = saved.openReasoning.filter(isId);
  if (Array.isArray(saved.activeSteps)) thread.activeSteps = saved.activeSteps.filter((step) => isRecord(step) && typeof step.name === "string");
  if (isRecord(saved.chunkLanes)) {
    const lanes: Record<string, ChunkLane> = {};
    for (const [owner, lane] of Object.entries(saved.chunkLanes)) {
      if ((owner === "" || isId(owner)) && isRecord(lane) && isId(lane.id) && (lane.kind === "text" || lane.kind === "tool" || lane.kind === "reasoning")) lanes[owner] = { kind: lane.kind, id: lane.id };
    }
    if (Object.keys(lanes).length) thread.chunkLanes = lanes;
  }
}

/** Feedback that is what it claims: on an answer of the thread, keyed by its id, up or down. */
function restoreFeedback(saved: Record<string, unknown>, messages: IdTable<ThreadMessage>): ThreadState["feedback"] {
  const kept: Record<string, AnswerFeedback> = {};
  for (const [id, f] of Object.entries(saved)) {
    if (!isId(id) || messages.get(id)?.role !== "assistant" || !isRecord(f) || f.messageId !== id || (f.rating !== "up" && f.rating !== "down")) continue;
    if (typeof f.at !== "number" || typeof f.who !== "string" || (f.reason !== undefined && (typeof f.reason !== "string" || f.reason.length > FEEDBACK_REASON_LIMIT))) continue;
    kept[id] = { messageId: id, rating: f.rating, at: f.at, who: f.who, ...(typeof f.reason === "string" ? { reason: f.reason } : {}), ...(typeof f.sentAt === "number" ? { sentAt: f.sentAt } : {}) };
  }
  return kept;
}

/** The sub-agent records that are what they claim (keyed by their own run id, named): the rest are dropped. */
function restoreSubagents(saved: Record<string, unknown>): ThreadState["subagents"] {
  const subagents: Record<string, SubagentRecord> = {};
  for (const [id, record] of Object.entries(saved)) {
    // isId refuses "__proto__" and the other names an object already has.
    if (isId(id) && isRecord(record) && record.subagentRunId === id && typeof record.name === "string" && typeof record.status === "string") subagents[id] = record as unknown as SubagentRecord;
  }
  return subagents;
}

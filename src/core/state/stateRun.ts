import type { Draft } from "../fold/draft";
import { runningRun } from "../fold/shared";

/**
 * Where a view of the shared state belongs in the conversation: the run that changed it last, and
 * the message the thread ended with when that run first changed it (so a plan the agent streams
 * into state shows right after the question that started it, while it runs and after).
 */
export interface StateRun {
  runId: string;
  /** The thread's last message when the run first changed the state. */
  afterMessageId?: string;
}

/** `STATE_SNAPSHOT` / `STATE_DELTA`: the first change of a run moves the state's place to it. */
export function markStateRun(d: Draft): void {
  const run = runningRun(d);
  if (!run || d.s.stateRun?.runId === run.runId) return;
  const afterMessageId = d.s.messageIds[d.s.messageIds.length - 1];
  d.s.stateRun = { runId: run.runId, ...(afterMessageId !== undefined ? { afterMessageId } : {}) };
}

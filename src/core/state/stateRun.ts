import type { Draft } from "../thread/draft";
import { runningRun } from "../thread/write";
import type { StateRun } from "../thread/types";
export type { StateRun };

/** `STATE_SNAPSHOT` / `STATE_DELTA`: the first change of a run moves the state's place to it. */
export function markStateRun(d: Draft): void {
  const run = runningRun(d);
  if (!run || d.s.stateRun?.runId === run.runId) return;
  const afterMessageId = d.s.messageIds[d.s.messageIds.length - 1];
  d.s.stateRun = { runId: run.runId, ...(afterMessageId !== undefined ? { afterMessageId } : {}) };
}

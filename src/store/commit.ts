import { selectInteractions } from "../core/interactions";
import type { ThreadState } from "../core/fold";
import { tellAgent } from "./agentHandoff";
import type { ThreadStoreState } from "./types";

/**
 * The store's one write. The next state is set, then the reactions are derived once from before
 * and after, instead of each method remembering them: a change of the questions (or of which tab
 * sends) sets the deadline timer again, and a settled ask whose server wants a decision record
 * has it written; a run that starts or ends is told to the agent object.
 * Saving and the other tabs follow the store's subscribers.
 *
 * @example
 * const commit = createCommit(set, get, deadlines, decisions);
 * commit({ thread: next });
 */
export function createCommit(
  set: (next: Partial<ThreadStoreState>) => void,
  get: () => ThreadStoreState,
  deadlines: { schedule: (thread: ThreadState) => void },
  decisions: { record: (thread: ThreadState) => void },
) {
  return (next: Partial<ThreadStoreState>): void => {
    const prev = get();
    let changed = false;
    for (const key in next) {
      if (!Object.is(next[key as keyof ThreadStoreState], prev[key as keyof ThreadStoreState])) changed = true;
    }
    if (!changed) return;
    set(next);
    const after = get();
    if (after.thread.interactions !== prev.thread.interactions || after.turn.sends !== prev.turn.sends) deadlines.schedule(after.thread);
    // A question settled whose server asked for a decision record: it is written before the answer goes.
    if (after.thread.interactions !== prev.thread.interactions) decisions.record(after.thread);
    const was = prev.turn.active;
    const is = after.turn.active;
    // The agent hears of the run at both ends: at the start with what it is sent (the person's
    // message among it), at the end with what it answered.
    if (was && was.runId !== is?.runId) tellAgent(was.agent, after.thread);
    if (is && is.runId !== was?.runId) tellAgent(is.agent, after.thread);
  };
}

/**
 * One timer for the earliest deadline of the open questions; `fire` declines those due.
 *
 * @example
 * const deadlines = createDeadlineClock(now, (at) => timeOutDue(at));
 */
export function createDeadlineClock(now: () => number, fire: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    schedule(thread: ThreadState) {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      let earliest = Infinity;
      for (const interaction of selectInteractions(thread)) {
        if (interaction.status === "pending" && interaction.deadline !== undefined) earliest = Math.min(earliest, interaction.deadline);
      }
      if (earliest === Infinity) return;
      timer = setTimeout(() => {
        timer = undefined;
        fire();
      }, Math.min(Math.max(earliest - now(), 0), 2 ** 31 - 1));
    },
  };
}

import { selectInteractions } from "../core/interactions";
import type { ThreadState } from "../core/fold";
import { tellAgent } from "./agentHandoff";
import type { ThreadStoreState } from "./types";

/** What `commit` derives from a write besides the state itself. */
export interface CommitReactions {
  deadlines: { schedule: (thread: ThreadState) => void };
  decisions: { record: (thread: ThreadState) => void };
  /** Whether the store goes on by itself now (`continuation.ts`); it decides, commit only asks. */
  goOn: () => void;
}

/**
 * Whether a write may let the store go on by itself: the questions, the messages or the runs
 * changed, a run ended, the tab began to send, the person acted, the app's tools stopped waiting.
 * The continuation's own bookkeeping (its count of runs, `continuing`) is not such a write, so
 * asking once more after it cannot loop.
 */
export function mayGoOn(prev: ThreadStoreState, after: ThreadStoreState): boolean {
  if (after.thread !== prev.thread || after.isRunning !== prev.isRunning || after.agent !== prev.agent) return true;
  if (after.awaitingToolCallIds !== prev.awaitingToolCallIds) return true;
  const was = prev.turn;
  const is = after.turn;
  return is !== was && (is.owesRun !== was.owesRun || is.sends !== was.sends || is.personActed !== was.personActed || is.autoHalted !== was.autoHalted || is.unrecorded !== was.unrecorded);
}

/**
 * The store's one write, and the transactions around it. The next state is set, then the
 * reactions are derived once from before and after, instead of each method remembering them: a
 * change of the questions (or of which tab sends) sets the deadline timer again, a settled ask
 * whose server wants a decision record has it written, a run that starts or ends is told to the
 * agent object, and — once per transaction — the store asks whether it goes on by itself.
 * Saving and the other tabs follow the store's subscribers.
 *
 * A transaction (`batch`) is one thing the person, the app, a timer or a tab did, however many
 * writes it takes: the store goes on (or not) when it is whole, never in between (a message
 * half-sent must not start a run of its own). A write outside any transaction — a run's stream
 * ending, a handler answering — asks in a microtask, after what it set going (the app's tools).
 *
 * @example
 * const { commit, batch } = createCommit(set, get, { deadlines, decisions, goOn });
 * batch(() => commit({ thread: next }));
 */
export function createCommit(set: (next: Partial<ThreadStoreState>) => void, get: () => ThreadStoreState, reactions: CommitReactions) {
  let depth = 0;
  let asked = false;
  let scheduled = false;

  const askLater = () => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      batch(() => {
        asked = true;
      });
    });
  };

  const batch = <T>(work: () => T): T => {
    depth++;
    try {
      return work();
    } finally {
      depth--;
      if (depth === 0 && asked) {
        asked = false;
        // The continuation's own writes (a run it starts) ask again, later: a run that ended at
        // once (a synchronous agent) goes on as any other.
        depth++;
        try {
          reactions.goOn();
        } finally {
          depth--;
          if (asked) {
            asked = false;
            askLater();
          }
        }
      }
    }
  };

  const commit = (next: Partial<ThreadStoreState>): void => {
    const prev = get();
    let changed = false;
    for (const key in next) {
      if (!Object.is(next[key as keyof ThreadStoreState], prev[key as keyof ThreadStoreState])) changed = true;
    }
    if (!changed) return;
    set(next);
    const after = get();
    if (after.thread.interactions !== prev.thread.interactions || after.turn.sends !== prev.turn.sends) reactions.deadlines.schedule(after.thread);
    // A question settled whose server asked for a decision record: it is written before the answer goes.
    if (after.thread.interactions !== prev.thread.interactions) reactions.decisions.record(after.thread);
    const was = prev.turn.active;
    const is = after.turn.active;
    // The agent hears of the run at both ends: at the start with what it is sent (the person's
    // message among it), at the end with what it answered.
    if (was && was.runId !== is?.runId) tellAgent(was.agent, after.thread);
    if (is && is.runId !== was?.runId) tellAgent(is.agent, after.thread);
    if (mayGoOn(prev, after)) {
      if (depth > 0) asked = true;
      else askLater();
    }
  };

  return { commit, batch };
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

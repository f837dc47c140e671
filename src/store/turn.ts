import type { RunOptions } from "../core/run-input";
import type { AgentLike } from "../core/transport/types";

/**
 * This client's side of the conversation, kept in the store's state beside the thread (so tabs,
 * persistence, devtools and tests see it). Plain data: the transport's handles (a subscription,
 * an abort controller) stay with the run driver, keyed by `runId`.
 */
export interface Turn {
  /**
   * The run this client is driving, if any (`isRunning` mirrors it). `lastEventId`: the stream's
   * last event id folded into the thread so far (a transport that numbers its frames says it), kept
   * with the thread so a reload can re-attach from there.
   */
  active: { runId: string; runsBefore: number; agent: AgentLike; lastEventId?: string } | undefined;
  /** What Retry repeats: the last run's options, and the ids of the messages there were before it. */
  lastRun: { options: RunOptions; messageIdsBefore: readonly string[] } | undefined;
  /** The person's side owes the agent a run: an answer (or a tool result) it has not seen yet. */
  owesRun: boolean;
  /**
   * Answers sent with the run in flight. They count as delivered once the agent starts that run
   * (`RUN_STARTED`); a request that fails before leaves them undelivered, so Retry sends them again.
   */
  inFlight: { runId: string; ids: readonly string[] } | undefined;
  /** False in a tab that leaves answers and timeouts to another tab of the same thread. */
  sends: boolean;
  /** The run the next run branches from (set by an edit or a regeneration). */
  parentRunId: string | undefined;
  /** Runs in a row the store started by itself, with no person's action between them. */
  autoRuns: number;
  /** The person (or the app) acted since the store last continued by itself. */
  personActed: boolean;
  /** The person said stop (Stop between runs, or "Stop here" on the kit's card): no going on by itself until they act. */
  autoHalted: boolean;
  /**
   * Settled questions whose decision record could not be written (no WebCrypto: an insecure
   * origin): their answers go without one, and nothing waits for it any more.
   */
  unrecorded: readonly string[];
  /**
   * The thread's id on the wire. Made at the first run, not at creation: a store is created during
   * render, where an id would differ between the server's HTML and the client's hydration. Kept for
   * the thread's later runs (a retry goes to the same thread) until `reset()`.
   */
  threadId: string | undefined;
}

/**
 * A turn with nothing going on.
 *
 * @example
 * const turn = idleTurn("t1");
 */
export function idleTurn(threadId: string | undefined): Turn {
  return { active: undefined, lastRun: undefined, owesRun: false, inFlight: undefined, sends: true, parentRunId: undefined, autoRuns: 0, personActed: false, autoHalted: false, unrecorded: [], threadId };
}

/**
 * The person's side acted: the next run is theirs, whatever it carries.
 *
 * @example
 * turn = byPerson(turn);
 */
export function byPerson(turn: Turn): Turn {
  return turn.personActed && !turn.autoHalted ? turn : { ...turn, personActed: true, autoHalted: false };
}

/**
 * A run the person starts themselves (a message, Retry, an edit): the count of runs nobody
 * started begins again.
 *
 * @example
 * turn = personStarts(turn);
 */
export function personStarts(turn: Turn): Turn {
  return turn.autoRuns === 0 && !turn.autoHalted ? turn : { ...turn, autoRuns: 0, autoHalted: false };
}

import { applyClientAction, type ClientAction } from "../core/actions";
import { choseToContinue, selectInteractions, selectPendingIds, undeliveredIds, type AnswerMethod } from "../core/interactions";
import type { ThreadState } from "../core/fold";
import type { StoreCore } from "./storeCore";
import { byPerson, type Turn } from "./turn";
import type { ActionResult } from "./types";

type ContinuationCore = Omit<StoreCore, "declineAll" | "personSettles">;

/** Runs that end this way leave the next step to the person (Retry, a message, an answer). */
const LEFT_TO_THE_PERSON = new Set(["error", "cancelled", "paused"]);

/**
 * Whether the last run failed, was stopped or paused and the person has not acted since: going on
 * by itself then could loop on a failing agent, or undo the person's Stop.
 *
 * @example
 * if (waitsForPerson(thread, turn)) return;
 */
export function waitsForPerson(thread: ThreadState, turn: Turn): boolean {
  const last = thread.runs[thread.runs.length - 1];
  return !turn.personActed && last !== undefined && LEFT_TO_THE_PERSON.has(last.status);
}

/**
 * When the store goes on by itself: once nothing is open and something is owed, the agent hears
 * the answers in one run. `goOn` is asked by `commit` once per transaction (never by a method
 * itself); a deadline declines what is due. A run no person's action led to counts toward
 * `maxAutoRuns`; past it the kit asks the person.
 *
 * @example
 * const { goOn } = createContinuation(core);
 */
export function createContinuation(core: ContinuationCore) {
  const { options, get, commit, act, tools, now } = core;
  const maxAutoRuns = options.maxAutoRuns ?? 8;

  const goOn = () => {
    const rest = () => commit({ continuing: false });
    const { agent, isRunning, thread, turn } = get();
    if (options.autoContinue === false || !turn.sends || turn.autoHalted) return rest();
    if (!agent || isRunning) return;
    if (selectPendingIds(thread).length || get().awaitingToolCallIds.length) return rest();
    // A handler still at work: the chain goes on when it answers. Likewise a decision record.
    if (tools.hasPending(thread) || core.decisionsWaiting(thread)) return;
    if (waitsForPerson(thread, turn)) return rest();
    if (!turn.owesRun && undeliveredIds(thread).length === 0) return rest();
    const autoRuns = turn.personActed ? 0 : turn.autoRuns + 1;
    if (autoRuns > maxAutoRuns) {
      commit({ turn: { ...turn, autoRuns: 0 } });
      act({ type: "ask-to-continue", runs: maxAutoRuns, at: now(), locale: core.locale });
      return rest();
    }
    commit({ turn: { ...turn, autoRuns } });
    core.run();
  };

  const personSettles = (action: ClientAction): ActionResult => {
    const result = act(action);
    if (result.ok) {
      const settled = "interactionId" in action ? get().thread.interactions.get(action.interactionId) : undefined;
      const turn = get().turn;
      // "Stop here" on the kit's own card (or declining it): the chain ends until the person acts again.
      commit({ turn: settled?.origin.kind === "kit" && !choseToContinue(settled) ? { ...turn, autoHalted: true, owesRun: false } : byPerson(turn) });
      // An approval on a front-end tool's permission card lets its handler run.
      tools.start();
    }
    return result;
  };

  const declineAll = (how: AnswerMethod = "click"): number => {
    const ids = selectPendingIds(get().thread);
    let thread = get().thread;
    for (const id of ids) thread = applyClientAction(thread, { type: "decline", interactionId: id, how, at: now(), who: core.who });
    if (ids.length) commit({ thread, turn: { ...get().turn, owesRun: true } });
    return ids.length;
  };

  /** The deadline timer fired: every question due is declined for the person (in the tab that sends). */
  const timeOutDue = () => {
    const { turn } = get();
    if (!turn.sends) return false;
    const at = now();
    let thread = get().thread;
    let owesRun = turn.owesRun;
    for (const interaction of selectInteractions(thread)) {
      if (interaction.status === "pending" && interaction.deadline !== undefined && interaction.deadline <= at) {
        thread = applyClientAction(thread, { type: "timeout", interactionId: interaction.id, at });
        if (interaction.origin.kind === "tool" || interaction.origin.kind === "frontend-tool") owesRun = true;
      }
    }
    const changed = thread !== get().thread;
    commit({ thread, turn: owesRun === turn.owesRun ? turn : { ...turn, owesRun } });
    return changed;
  };

  return { goOn, personSettles, declineAll, timeOutDue };
}

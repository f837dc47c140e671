import type { ClientAction } from "../core/actions";
import { applyClientAction } from "../core/actions";
import type { ThreadState } from "../core/fold";
import { adoptable } from "../core/persistence/adoptable";
import { applyTabActions, recheckThread } from "../core/persistence/recheck";
import { RESTORED_MID_RUN } from "./agentHandoff";
import { reattachDecision, type OpenRun } from "../core/persistence/reattach";
import type { StoreCore } from "./storeCore";

export { applyTabActions, recheckThread };

/**
 * What storage and the person's other tabs hand the store, taken up once re-checked against the
 * kit's invariants. Loaded on first use with the re-check itself (`trustChecks`): only an app that
 * restores, adopts or mirrors threads needs either.
 */

/**
 * A saved thread in place of this empty one: its open questions wait again; a run that was
 * streaming is joined again where it stopped when the snapshot says where (`openRun`) and the
 * agent can (`reattachDecision`), and otherwise ends as cut short by the reload (Retry runs it again).
 *
 * @example
 * restoreInto(core, saved, openRun);
 */
export function restoreInto(core: StoreCore, saved: ThreadState, openRun?: OpenRun): boolean {
  const { get, commit } = core;
  const { isRunning, thread } = get();
  if (isRunning || thread.messageIds.length || thread.interactionIds.length) return false;
  let restored = recheckThread(saved, core.trust, "untrusted-storage");
  const rejoin = reattachDecision(restored, openRun, get().agent);
  // The stream it was reading is gone with the page: unless it can be joined again, the run ends, and Retry runs it again.
  if (!rejoin.reattach && restored.runs[restored.runs.length - 1]?.status === "running") restored = applyClientAction(restored, { type: "end-run", status: "error", failure: RESTORED_MID_RUN });
  const turn = get().turn;
  commit({ thread: restored, turn: { ...turn, threadId: turn.threadId ?? restored.threadId } });
  if (rejoin.reattach) core.reattach(rejoin.position);
  return true;
}

/**
 * What the person settled in another tab; an answer on its way to the agent from here is not
 * changed by that tab's correction.
 *
 * @example
 * mirrorInto(core, actions);
 */
export function mirrorInto(core: StoreCore, actions: readonly ClientAction[]): void {
  const before = core.get().thread;
  const inFlight = core.get().turn.inFlight;
  const thread = applyTabActions(before, actions.filter((a) => a.type !== "correct" || !inFlight?.ids.includes(a.interactionId)), core.trust, "untrusted-tab-message");
  if (thread === before) return;
  core.commit({ thread });
}

/**
 * The thread another tab saved after its run, unless that would lose what is settled here.
 *
 * @example
 * adoptInto(core, given);
 */
export function adoptInto(core: StoreCore, given: ThreadState): boolean {
  const { get, commit } = core;
  if (get().isRunning) return false;
  const saved = recheckThread(given, core.trust, "untrusted-tab-message");
  // Judged after the re-check: a settlement the other copy holds no record of must not undo this tab's.
  if (!adoptable(get().thread, saved)) return false;
  const turn = get().turn;
  // Retry then runs the adopted thread as it is: this tab's last run is not its last run any more.
  commit({ thread: saved, turn: { ...turn, owesRun: false, inFlight: undefined, lastRun: undefined, threadId: turn.threadId ?? saved.threadId } });
  return true;
}

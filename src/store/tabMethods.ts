import { applyClientAction } from "../core/actions";
import { adoptable } from "../core/persistence/adoptable";
import { isDevelopment } from "../core/dev";
import { RESTORED_MID_RUN } from "./agentHandoff";
import type { StoreCore } from "./storeCore";
import { trustChecks } from "./trustChecks";
import { byPerson } from "./turn";
import type { ThreadStoreState } from "./types";

type TabMethods = Pick<ThreadStoreState, "restore" | "mirror" | "adopt" | "setSender">;

/** The re-check of stored and tab data, if it has loaded: until then nothing from there is taken. */
function checksLoaded(method: string) {
  const checks = trustChecks.loaded();
  if (!checks && isDevelopment()) console.warn(`Parley: ${method} refused: the re-check of stored and tab data has not loaded yet (await preloadTrustChecks() from parley-ui/persistence first).`);
  return checks;
}

/**
 * What storage and the person's other tabs hand the store, each re-checked against the kit's
 * invariants before it counts; and whether this tab is the one that sends.
 *
 * @example
 * const methods = tabMethods(core);
 */
export function tabMethods(core: StoreCore): TabMethods {
  const { get, commit, trust, continueIfAnswered } = core;
  return {
    restore(saved) {
      const { isRunning, thread } = get();
      const checks = checksLoaded("restore");
      if (!checks || isRunning || thread.messageIds.length || thread.interactionIds.length) return false;
      let restored = checks.recheckThread(saved, trust, "untrusted-storage");
      // The stream it was reading is gone with the page: the run ends, and Retry runs it again.
      if (restored.runs[restored.runs.length - 1]?.status === "running") restored = applyClientAction(restored, { type: "end-run", status: "error", failure: RESTORED_MID_RUN });
      const turn = get().turn;
      commit({ thread: restored, turn: { ...turn, threadId: turn.threadId ?? restored.threadId } });
      continueIfAnswered();
      return true;
    },
    mirror(actions) {
      // The person, in another tab.
      commit({ turn: byPerson(get().turn) });
      const checks = checksLoaded("mirror");
      if (!checks) return;
      const before = get().thread;
      const inFlight = get().turn.inFlight;
      // An answer on its way to the agent from here is not changed by another tab's correction.
      const thread = checks.applyTabActions(before, actions.filter((a) => a.type !== "correct" || !inFlight?.ids.includes(a.interactionId)), trust, "untrusted-tab-message");
      if (thread === before) return;
      commit({ thread });
      continueIfAnswered();
    },
    adopt(given) {
      const checks = checksLoaded("adopt");
      if (!checks || get().isRunning) return false;
      const saved = checks.recheckThread(given, trust, "untrusted-tab-message");
      // Judged after the re-check: a settlement the other copy holds no record of must not undo this tab's.
      if (!adoptable(get().thread, saved)) return false;
      const turn = get().turn;
      // Retry then runs the adopted thread as it is: this tab's last run is not its last run any more.
      commit({ thread: saved, turn: { ...turn, owesRun: false, inFlight: undefined, lastRun: undefined, threadId: turn.threadId ?? saved.threadId } });
      continueIfAnswered();
      return true;
    },
    setSender(sends) {
      const turn = get().turn;
      // What this tab owed while another sent went to that one; what is still owed is the outbox.
      commit({ turn: { ...turn, sends, owesRun: sends && !turn.sends ? false : turn.owesRun } });
      continueIfAnswered();
    },
  };
}

import { isDevelopment } from "../core/dev";
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
 * What storage and the person's other tabs hand the store (`tabIntake.ts`, loaded on first use
 * with the re-check: until then it fails closed), and whether this tab is the one that sends.
 *
 * @example
 * const methods = tabMethods(core);
 */
export function tabMethods(core: StoreCore): TabMethods {
  const { get, commit } = core;
  return {
    restore: (saved, openRun) => checksLoaded("restore")?.restoreInto(core, saved, openRun) ?? false,
    mirror(actions) {
      // The person, in another tab.
      commit({ turn: byPerson(get().turn) });
      checksLoaded("mirror")?.mirrorInto(core, actions);
    },
    adopt: (given) => checksLoaded("adopt")?.adoptInto(core, given) ?? false,
    setSender(sends) {
      const turn = get().turn;
      // What this tab owed while another sent went to that one; what is still owed is the outbox.
      commit({ turn: { ...turn, sends, owesRun: sends && !turn.sends ? false : turn.owesRun } });
    },
  };
}

import { lazyModule } from "../core/lazyModule";

/**
 * The re-check of what storage and other tabs hand back (`core/persistence/recheck.ts`) and the
 * store's intake of it (`tabIntake.ts`), loaded on first use: only an app that restores, adopts or
 * mirrors threads needs it, and those paths (`persistThread`, `syncTabs`) load it before they hand
 * the store anything. Until it has loaded, the store takes nothing from storage or another tab —
 * it fails closed.
 */
export const trustChecks = lazyModule(() => import("./tabIntake"));

/**
 * Loads the re-check; `store.restore`, `adopt` and `mirror` take nothing until it is there. The
 * kit's own persistence and tab sync load it themselves; call it before restoring a thread by hand.
 *
 * @example
 * await preloadTrustChecks();
 * store.getState().restore(restoreThread(saved).thread);
 */
export async function preloadTrustChecks(): Promise<void> {
  await trustChecks.load();
}

import type { ThreadState } from "../thread/types";
import { selectInteractions } from "../interactions/select";
import { isOpen } from "../thread/guards";

/**
 * Whether a thread another tab saved can replace this tab's `local` one without losing anything
 * here: every message this tab has is in it, every question settled here is settled there, every
 * grant revoked here is revoked there. Otherwise this tab waits for the next save. `store.adopt`
 * asks it of the saved thread as re-checked (what a settlement there cannot show its record for is
 * open again, and must not undo this tab's).
 *
 * @example
 * adoptable(store.getState().thread, restored.thread); // false: tc1 was answered here, and is pending there
 */
export function adoptable(local: ThreadState, saved: ThreadState): boolean {
  if (local.messageIds.some((id) => !saved.messages.has(id))) return false;
  for (const i of selectInteractions(local)) {
    const there = saved.interactions.get(i.id);
    if (!there || (i.status !== there.status && isOpen(there))) return false;
    if (i.deliveredInRunId && !there.deliveredInRunId) return false;
  }
  return local.grants.every((g) => g.revokedAt === undefined || saved.grants.find((s) => s.id === g.id)?.revokedAt !== undefined);
}

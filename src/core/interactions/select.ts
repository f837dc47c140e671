import type { ThreadState } from "../thread/types";
import type { Interaction } from "./types";

const allCache = new WeakMap<object, readonly Interaction[]>();
const openCache = new WeakMap<object, readonly string[]>();

/**
 * Every interaction in the order it was asked (display order). The same thread gives the same
 * array, so a hook may return it.
 *
 * @example
 * selectInteractions(thread).filter((i) => i.status === "pending");
 */
export function selectInteractions(thread: ThreadState): readonly Interaction[] {
  const key = thread.interactions as object;
  let list = allCache.get(key);
  if (!list) {
    list = thread.interactionIds.map((id) => thread.interactions.get(id)).filter((i): i is Interaction => i !== undefined);
    allCache.set(key, list);
  }
  return list;
}

/**
 * The ids of the interactions waiting for the person (`pending`), oldest first: the interrupt
 * queue. Stable while they do not change.
 *
 * @example
 * selectPendingIds(thread).length; // the count badge
 */
export function selectPendingIds(thread: ThreadState): readonly string[] {
  const key = thread.interactions as object;
  let ids = openCache.get(key);
  if (!ids) {
    ids = selectInteractions(thread).filter((i) => i.status === "pending").map((i) => i.id);
    openCache.set(key, ids);
  }
  return ids;
}

/**
 * Answers that still have to reach the agent in a run: settled (answered, declined, timed out) and
 * not yet carried by one. Interrupts also count when withdrawn-by-timeout; notifications never do.
 *
 * @example
 * undeliveredIds(thread); // ["int-1", "int-2"]
 */
export function undeliveredIds(thread: ThreadState): string[] {
  return selectInteractions(thread)
    // RTUI answers go back over their own connection (`rtuiOutbox`), never in a run; the kit's own
    // questions and an MCP App's (its host tells the app) go to no one.
    .filter((i) => !i.deliveredInRunId && i.origin.kind !== "rtui" && i.origin.kind !== "kit" && i.origin.kind !== "mcp-app" && (i.status === "answered" || i.status === "declined" || i.status === "timed_out"))
    .map((i) => i.id);
}

/**
 * The AG-UI interrupts of the last run that no answer covers yet: while any is left, no run may
 * start (the protocol rejects input that does not resume every open interrupt).
 *
 * @example
 * uncoveredInterrupts(thread); // ["int-2"]
 */
export function uncoveredInterrupts(thread: ThreadState, resumed: readonly { interruptId: string }[] = []): string[] {
  const covered = new Set(resumed.map((r) => r.interruptId));
  for (const interaction of selectInteractions(thread)) {
    if (interaction.origin.kind === "interrupt" && interaction.status !== "pending" && interaction.status !== "streaming") {
      covered.add(interaction.origin.interruptId);
    }
  }
  return thread.pendingInterrupts.map((i) => i.id).filter((id) => !covered.has(id));
}

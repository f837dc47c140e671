/**
 * Shared state edited on both sides. The person's edit goes in through `set-state` (the person's
 * door); the agent's through `STATE_SNAPSHOT` / `STATE_DELTA` (the fold). The rule when both write
 * during one run: the top-level keys the person changed while the run streamed are **held** — the
 * person's values win over the agent's snapshots and deltas for those keys until the next run
 * starts (which carries them, so the agent has seen them); every other key follows the agent.
 * A state that is not a plain object is replaced whole, and nothing is held.
 */

import { setOwn } from "../fold/shared";
import type { HeldEdits } from "../thread/types";
import { isRecord } from "../thread/guards";
export type { HeldEdits };

/**
 * The top-level keys whose values differ between `before` and `after` (added, changed or removed:
 * a removed key is held as `undefined`), on top of what was already held.
 *
 * @example
 * holdChangedKeys({ a: 1, b: 2 }, { a: 1, b: 3 }, undefined); // { b: 3 }
 */
export function holdChangedKeys(before: unknown, after: unknown, held: HeldEdits | undefined): HeldEdits | undefined {
  if (!isRecord(before) || !isRecord(after)) return held;
  const next: Record<string, unknown> = { ...held };
  let changed = false;
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (before[key] === after[key]) continue;
    // The keys are the agent's too (its snapshot's): an own "__proto__" must stay a key.
    setOwn(next, key, after[key]);
    changed = true;
  }
  return changed ? next : held;
}

/**
 * The agent's patch without the operations on held keys (they would undo the person's edit, or
 * fail on the shape the person gave them). A move or copy that reads from a held key stays.
 *
 * @example
 * withoutHeldPaths([{ op: "replace", path: "/title", value: "x" }, { op: "add", path: "/n", value: 1 }], { title: "Mine" });
 * // [{ op: "add", path: "/n", value: 1 }]
 */
export function withoutHeldPaths(ops: readonly unknown[], held: HeldEdits | undefined): unknown[] {
  if (!held) return [...ops];
  return ops.filter((op) => {
    const path = isRecord(op) && typeof op.path === "string" ? op.path : undefined;
    if (path === undefined) return true;
    const first = path.split("/")[1];
    const key = first === undefined ? "" : first.replace(/~1/g, "/").replace(/~0/g, "~");
    // A patch on the whole document ("") would replace held keys too: it is kept, and the held
    // values are put back afterwards by the caller.
    return path === "" || !Object.prototype.hasOwnProperty.call(held, key);
  });
}


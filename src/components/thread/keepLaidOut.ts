import type { Virtualizer } from "@tanstack/react-virtual";
import { startsWith } from "../../core/thread/appended";

/** What of the virtualizer (`@tanstack/virtual-core` 3.13) this reads: private there, so checked before use. */
interface LayoutInternals {
  getMeasurementOptions?: unknown;
  pendingMeasuredCacheIndexes?: unknown;
}

/**
 * Rows only added at the end keep the layout of the rows before them. The virtualizer lays out
 * every row again when its count or key function changes: 10,000 new objects for one new message
 * in a long thread (~9 ms cold, and a longer garbage collection after, as they stay alive). A row
 * that resizes tells it from which row its layout changed; here it is told, once the rows it laid
 * out last are checked to be the first of the new ones, that only the rows after them are new
 * (rows it already had pending to lay out again still are). Call it in render, after
 * `useVirtualizer`, before anything reads the layout. Any other change (a row removed, moved,
 * replaced), or a virtualizer without these internals, lays out everything as before. The rows
 * kept keep their sizes as measured or estimated: an estimate or padding changed in the same
 * render as new rows is not applied to them (the thread keeps both constant).
 *
 * @example
 * const laidOut = useRef(rows);
 * keepLaidOut(virtualizer, laidOut, rows);
 */
export function keepLaidOut(virtualizer: Virtualizer<HTMLDivElement, Element>, laidOut: { current: readonly string[] }, rows: readonly string[]): void {
  const before = laidOut.current;
  if (before === rows) return;
  laidOut.current = rows;
  const inside = virtualizer as unknown as LayoutInternals;
  const kept = before.length;
  const cache = virtualizer.measurementsCache;
  if (typeof inside.getMeasurementOptions !== "function" || !Array.isArray(inside.pendingMeasuredCacheIndexes)) return;
  if (kept === 0 || kept >= rows.length || cache.length !== kept || !startsWith(rows, before)) return;
  for (let i = 0; i < kept; i++) if (cache[i]?.key !== rows[i]) return;
  const pending = inside.pendingMeasuredCacheIndexes as number[];
  // The new count and key function are taken in now: taking them in forgets what was pending.
  inside.getMeasurementOptions.call(virtualizer);
  const now = inside.pendingMeasuredCacheIndexes;
  if (Array.isArray(now)) now.push(...pending, kept);
}

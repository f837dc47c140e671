/**
 * What a first-paint page reports: the first frame in which the thread's last message is in the
 * viewport, painted, in ms since navigation started (`performance.now()` counts from it), and when
 * the page's own script began. The runner (../firstPaint.ts) waits for `window.__firstPaint`.
 */
import { LAST_SEED } from "../seed";
import { afterPaint, everyFrame } from "../paint";

export interface FirstPaint {
  /** Navigation start → the frame showing the last prior message, painted. */
  visibleMs: number;
  /** Navigation start → this page's module began to run (the HTML, the bundle fetched and parsed). */
  scriptStartMs: number;
  /** Elements under the thread when it showed. */
  domNodes: number;
}

declare global {
  interface Window {
    __firstPaint?: FirstPaint;
    /** Installed by the runner: stops its CPU profile the moment the page has shown the thread. */
    __firstPaintDone?: () => Promise<void>;
  }
}

const scriptStartMs = performance.now();

/** Reports once the element `row` (the last message) is inside `viewport` and has been painted. */
export function reportFirstPaint(row: string, viewport: string): void {
  const stop = everyFrame(() => {
    const last = document.querySelector(row);
    const box = document.querySelector(viewport);
    if (!last || !box || !last.textContent?.includes(LAST_SEED)) return;
    const r = last.getBoundingClientRect();
    const v = box.getBoundingClientRect();
    if (!(r.bottom > v.top && r.top < v.bottom && r.height > 0)) return;
    stop();
    void afterPaint().then(async (visibleMs) => {
      await window.__firstPaintDone?.();
      window.__firstPaint = { visibleMs, scriptStartMs, domNodes: box.getElementsByTagName("*").length };
    });
  });
}

/** The number of prior messages the page shows (`?n=`). */
export function priorMessages(): number {
  return Number(new URLSearchParams(location.search).get("n") ?? 1000);
}

/** Frames and paints, as the browser benchmark pages time them. */

/** True from our rAF callback until the task after that frame's rendering. */
let inRafPhase = false;
const channel = new MessageChannel();
const posted: (() => void)[] = [];
channel.port1.onmessage = () => {
  for (const fn of posted.splice(0)) fn();
};
export function postTask(fn: () => void): void {
  posted.push(fn);
  channel.port2.postMessage(0);
}

/**
 * Resolves with `performance.now()` once the frame that will show the current DOM has been
 * rendered: from inside a frame's rAF phase, the task after it; otherwise the task after the next frame.
 */
export function afterPaint(): Promise<number> {
  return new Promise((resolve) => {
    const post = () => postTask(() => resolve(performance.now()));
    if (inRafPhase) post();
    else requestAnimationFrame(post);
  });
}

/** Calls `onFrame(timestamp)` every animation frame (first among the frame's callbacks, usually) until stopped. */
export function everyFrame(onFrame: (t: number) => void): () => void {
  let stopped = false;
  const loop = (t: number) => {
    if (stopped) return;
    inRafPhase = true;
    postTask(() => {
      inRafPhase = false;
    });
    requestAnimationFrame(loop);
    onFrame(t);
  };
  requestAnimationFrame(loop);
  return () => {
    stopped = true;
  };
}

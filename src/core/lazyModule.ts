/**
 * A module loaded on first use, with no React: load it once (a failed load is forgotten, so the
 * next use tries again), read it once loaded, hear when it arrives, or load it when the browser is
 * idle. The kit's lazily loaded parts (the Markdown renderer, the permissions UI, the re-check of
 * what storage and other tabs hand back) are each one.
 */
export interface LazyModule<M> {
  load: () => Promise<M>;
  loaded: () => M | undefined;
  /** Called once when the module arrives (for `useSyncExternalStore`). */
  subscribe: (listener: () => void) => () => void;
  /** Loads it when the browser is idle (or after a short wait); returns a cancel function. Nothing on a server. */
  preloadWhenIdle: () => () => void;
}

let painted = false;
let waiting: (() => void)[] | undefined;

/** The longest the first screen's lazy parts wait for idle time after the first frame (ms). */
const FIRST_SCREEN_WAIT = 300;

/**
 * Runs `start` once the page has shown its first screen since the kit first asked, and at once
 * from then on. "Shown" is a painted frame followed by idle time: the store is made before React
 * renders, so the first frame may be an empty one, and the first screen's own work (React's render,
 * the rows measured, the frame after) comes first; idle time only starts once none of it is
 * queued (or after `FIRST_SCREEN_WAIT` ms, whatever the page is doing). A lazy part loading before
 * then (the preload helper adding its links, the chunk's fetch and compile, a re-render when it
 * lands) would compete with the first screen; started just after it, it is still there long before
 * anyone reads it. A tab in the background shows no frame: a 500 ms timer stands in for it, and the
 * browser may hold the idle time back further (to about a second) there.
 *
 * @example
 * afterFirstPaint(() => void markdownChunk.load());
 */
export function afterFirstPaint(start: () => void): void {
  if (painted || typeof window === "undefined") return start();
  if (!waiting) {
    const queue: (() => void)[] = (waiting = []);
    afterNextPaint(() =>
      whenIdle(() => {
        painted = true;
        waiting = undefined;
        for (const fn of queue.splice(0)) fn();
      }, FIRST_SCREEN_WAIT),
    );
  }
  waiting.push(start);
}

/**
 * Runs `start` in idle time after the page's first screen (see `afterFirstPaint`): in a tab in the
 * foreground, within about 1.8 s of the first frame (300 ms for the first screen, then 1.5 s);
 * returns a cancel function. Nothing in a browser-less environment, or once the window is gone.
 *
 * @example
 * const cancel = idleAfterFirstPaint(() => void chunk.load());
 */
export function idleAfterFirstPaint(start: () => void): () => void {
  if (typeof window === "undefined") return () => {};
  let cancel: (() => void) | undefined;
  let cancelled = false;
  afterFirstPaint(() => {
    // Gone by then (a test environment torn down): nothing to do.
    if (!cancelled && typeof window !== "undefined") cancel = whenIdle(start, 1500, 200);
  });
  return () => {
    cancelled = true;
    cancel?.();
  };
}

/**
 * Runs `start` in the browser's idle time, within `timeout` ms; where there is no
 * `requestIdleCallback` (Safari, jsdom), after `fallback` ms. Returns a cancel function. The
 * global functions, as in afterNextPaint: the window may be gone when this runs.
 */
function whenIdle(start: () => void, timeout: number, fallback = 0): () => void {
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(start, { timeout });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(start, fallback);
  return () => clearTimeout(handle);
}

/**
 * Runs `then` once, just after the next frame is painted (or after a short timer, in a tab in
 * the background, which paints no frame); returns a cancel function. At once on a server.
 *
 * @example
 * useEffect(() => afterNextPaint(() => setShown(true)), []);
 */
export function afterNextPaint(then: () => void): () => void {
  if (typeof window === "undefined") {
    then();
    return () => {};
  }
  let done = false;
  // The timers are the global ones, not `window`'s: a callback may fire after the page's window is
  // gone (a test environment torn down, a frame removed), and must not throw there.
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(backup);
    then();
  };
  const w = window;
  // A task queued from the frame's animation callbacks runs after that frame is painted.
  const frame = typeof w.requestAnimationFrame === "function" ? w.requestAnimationFrame(() => setTimeout(run, 0)) : undefined;
  const backup = setTimeout(run, 500);
  return () => {
    done = true;
    clearTimeout(backup);
    if (frame !== undefined) w.cancelAnimationFrame(frame);
  };
}

/**
 * @example
 * const checks = lazyModule(() => import("./persistence/recheck"));
 * await checks.load();
 */
export function lazyModule<M>(importer: () => Promise<M>): LazyModule<M> {
  let loaded: M | undefined;
  let pending: Promise<M> | undefined;
  const listeners = new Set<() => void>();
  const module: LazyModule<M> = {
    load() {
      pending ??= importer().then(
        (value) => {
          loaded = value;
          for (const listener of listeners) listener();
          return value;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => loaded,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    preloadWhenIdle() {
      if (loaded || typeof window === "undefined") return () => {};
      return idleAfterFirstPaint(() => void module.load().catch(() => {}));
    },
  };
  return module;
}

/** When a burst of stream events is handed to the store. */
export type BatchMode = "frame" | "microtask" | "sync";

export interface FrameBatcher<T> {
  push(item: T): void;
  /** Deliver what is queued now (the stream ended, or the person pressed Stop). */
  flush(): void;
}

/**
 * Coalesces a fast stream: tokens arrive faster than the screen refreshes, so they are queued and
 * delivered once per animation frame (or microtask), and a burst re-renders once.
 *
 * @example
 * const batcher = createFrameBatcher("frame", (events) => store.apply(events));
 * source.subscribe({ next: (e) => batcher.push(e), complete: () => batcher.flush() });
 */
export function createFrameBatcher<T>(mode: BatchMode | undefined, deliver: (items: T[]) => void): FrameBatcher<T> {
  const resolved: BatchMode = mode ?? (typeof requestAnimationFrame === "function" ? "frame" : "microtask");
  let queue: T[] = [];
  let scheduled = false;
  let cancel: (() => void) | undefined;

  const flush = () => {
    cancel?.();
    cancel = undefined;
    scheduled = false;
    if (queue.length === 0) return;
    const items = queue;
    queue = [];
    deliver(items);
  };

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    if (resolved === "frame") {
      const handle = requestAnimationFrame(flush);
      // A hidden tab gets no frames; a timer makes sure the burst still lands.
      const timer = setTimeout(flush, 100);
      cancel = () => {
        cancelAnimationFrame(handle);
        clearTimeout(timer);
      };
    } else {
      queueMicrotask(() => {
        if (scheduled) flush();
      });
    }
  };

  return {
    push(item) {
      queue.push(item);
      if (resolved === "sync") flush();
      else schedule();
    },
    flush,
  };
}

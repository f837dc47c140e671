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
      const start = () => void module.load().catch(() => {});
      if (typeof window.requestIdleCallback === "function") {
        const handle = window.requestIdleCallback(start, { timeout: 1500 });
        return () => window.cancelIdleCallback(handle);
      }
      const handle = window.setTimeout(start, 200);
      return () => window.clearTimeout(handle);
    },
  };
  return module;
}

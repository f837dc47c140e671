/**
 * The Markdown renderer (react-markdown, micromark, mdast, hast and GFM: about 35 KB gzip) as a
 * chunk of its own, loaded on first use. Its state is a tiny external store, so every
 * <LazyMarkdown> switches from plain text to formatted text in the same commit when it arrives,
 * and server rendering and hydration always see plain text (see LazyMarkdown).
 */
type MarkdownModule = typeof import("./Markdown");

let loaded: MarkdownModule | undefined;
let pending: Promise<MarkdownModule> | undefined;
const listeners = new Set<() => void>();

/** Loads the renderer once; a failed load (offline) is forgotten, so the next use tries again. */
export function loadMarkdownChunk(): Promise<MarkdownModule> {
  pending ??= import("./Markdown").then(
    (module) => {
      loaded = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

/** The renderer if it has loaded. */
export function loadedMarkdownChunk(): MarkdownModule | undefined {
  return loaded;
}

/** For `useSyncExternalStore`: called once when the renderer arrives. */
export function subscribeMarkdownChunk(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Loads the renderer when the browser is idle (or after a short wait where there is no
 * `requestIdleCallback`), so it is there before the first reply. Returns a cancel function.
 */
export function preloadMarkdownWhenIdle(): () => void {
  if (loaded || typeof window === "undefined") return () => {};
  const start = () => void loadMarkdownChunk().catch(() => {});
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(start, { timeout: 1500 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(start, 200);
  return () => window.clearTimeout(handle);
}

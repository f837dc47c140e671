import { useEffect, useSyncExternalStore } from "react";
import { afterFirstPaint, lazyModule, type LazyModule } from "../../core/lazyModule";

/**
 * A part of the UI that loads on first use (the Markdown renderer, the permissions UI): a
 * `lazyModule` read through `useLazyChunk`, so every component waiting for it switches in the same
 * commit when it arrives, and the server and hydration always see it absent (the component's
 * fallback), so markup matches.
 */
export type LazyChunk<M> = LazyModule<M>;
export const lazyChunk = lazyModule;

const absent = () => undefined;

/**
 * The chunk's module once loaded (undefined on the server, while hydrating and until it arrives);
 * starts loading it when first used.
 *
 * @example
 * const ui = useLazyChunk(permissionsUi);
 * return ui ? <ui.PermissionRequestCardView … /> : <Fallback />;
 */
export function useLazyChunk<M>(chunk: LazyChunk<M>): M | undefined {
  const module = useSyncExternalStore(chunk.subscribe, chunk.loaded, absent);
  useEffect(() => {
    // A failed load keeps the fallback; the next mount retries. Not before the first screen has
    // shown: until then the fallback is what the person sees anyway.
    if (!module) afterFirstPaint(() => void chunk.load().catch(() => {}));
  }, [chunk, module]);
  return module;
}

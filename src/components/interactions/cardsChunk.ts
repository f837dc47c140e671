import { lazyChunk } from "../lib/lazyChunk";

/** The interaction cards (`cardsUi.ts`), loaded on first use — and when the browser is idle, by `ParleyUIProvider`. */
export const cardsUi = lazyChunk(() => import("./cardsUi"));

import { lazyChunk } from "../lib/lazyChunk";

/** The permissions UI (`permissionsUi.ts`), loaded on first use — and when the browser is idle, by `ParleyUIProvider`. */
export const permissionsUi = lazyChunk(() => import("./permissionsUi"));

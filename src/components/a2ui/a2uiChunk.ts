import { lazyChunk } from "../lib/lazyChunk";

/** The A2UI renderer, loaded when the first surface shows up in a thread (or `parley-ui/a2ui` is imported). */
export const a2uiUi = lazyChunk(() => import("./A2uiSurfaceView"));

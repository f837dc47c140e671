import { lazyChunk } from "../lib/lazyChunk";

/** The action rows' tooltips, loaded when the first row appears (Radix's positioning is large). */
export const tooltipChunk = lazyChunk(() => import("./ActionTooltip"));

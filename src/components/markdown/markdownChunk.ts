import { lazyChunk } from "../lib/lazyChunk";

/**
 * The Markdown renderer (react-markdown, micromark, mdast, hast and GFM: about 35 KB gzip) as a
 * chunk of its own, loaded on first use (see LazyMarkdown). When it lands, its parser is warmed up
 * in idle time (markdownWarmUp.ts).
 */
export const markdownChunk = lazyChunk(() =>
  import("./Markdown").then((m) => {
    m.warmUpMarkdown();
    return m;
  }),
);

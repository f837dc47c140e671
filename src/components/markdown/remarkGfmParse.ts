import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";

/**
 * GitHub-flavoured Markdown (tables, task lists, strikethrough, autolinks, footnotes) for reading
 * only. `remark-gfm` is these two extensions plus `gfmToMarkdown`, which writes Markdown back out
 * and brings `mdast-util-to-markdown` (~6 KB gzip) that rendering never calls; this is the same
 * plugin without that half, so the same text parses to the same tree.
 */
export function remarkGfmParse(this: { data(): unknown }): void {
  const data = this.data() as { micromarkExtensions?: unknown[]; fromMarkdownExtensions?: unknown[] };
  (data.micromarkExtensions ??= []).push(gfm());
  (data.fromMarkdownExtensions ??= []).push(gfmFromMarkdown());
}

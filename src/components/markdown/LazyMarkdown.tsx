import { memo } from "react";
import { cn } from "../lib/cn";
import { useLazyChunk } from "../lib/lazyChunk";
import type { MarkdownProps } from "./Markdown";
import { markdownChunk } from "./markdownChunk";

export type { MarkdownProps } from "./Markdown";

/**
 * Starts loading the Markdown renderer ahead of need and resolves when it is there.
 * <ParleyUIProvider> already calls it when the browser is idle; call it yourself to load it
 * sooner, or to wait for it (tests, screenshots).
 *
 * @example
 * await preloadMarkdown();
 */
export async function preloadMarkdown(): Promise<void> {
  await markdownChunk.load();
}

/**
 * Renders agent-written Markdown (GFM) safely: raw HTML is dropped (never rendered), dangerous
 * link schemes are removed, external links open in a new tab without an opener, and code blocks
 * get a copy button and syntax highlighting. Half-written Markdown from a stream renders as the
 * text it has so far.
 *
 * The renderer loads on first use (the kit starts loading it when idle): until it is there, and
 * on the server, the text shows as it was written — plain, whitespace kept, in the same type
 * (`data-slot="markdown-plain"`) — then the formatted text (`data-slot="markdown"`) replaces it.
 *
 * @example
 * <Markdown>{"**Hello** — see [the docs](https://example.com)"}</Markdown>
 */
export const LazyMarkdown = memo(function LazyMarkdown({ children, className, citations }: MarkdownProps) {
  // The server and hydration see no renderer (plain text, complete and readable), the browser the
  // formatted text once the renderer has loaded.
  const chunk = useLazyChunk(markdownChunk);
  if (chunk) return <chunk.Markdown className={className} citations={citations}>{children}</chunk.Markdown>;
  return (
    <div data-slot="markdown-plain" className={cn("pl:whitespace-pre-wrap pl:break-words", className)}>
      {children}
    </div>
  );
});
LazyMarkdown.displayName = "Parley.Markdown";

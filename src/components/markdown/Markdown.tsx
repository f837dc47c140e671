import { memo, useMemo, useRef, useState, type ComponentPropsWithoutRef } from "react";
import ReactMarkdown, { defaultUrlTransform, type Components } from "react-markdown";
import { useLabels } from "../../i18n/LabelsContext";
import { cn } from "../lib/cn";
import { remarkGfmParse } from "./remarkGfmParse";
import { splitMarkdownBlocks } from "./splitBlocks";

const UNSAFE_SCHEME = /^\s*(javascript|vbscript|data|file):/i;

/**
 * The URL policy for agent-written links: react-markdown's allow-list (http, https, mailto, …,
 * relative) plus an explicit refusal of `javascript:`, `vbscript:`, `data:` and `file:`.
 * Returns `""` for a refused URL.
 *
 * @example
 * safeUrl("javascript:alert(1)"); // ""
 */
export function safeUrl(url: string): string {
  // Control characters inside a scheme ("java\tscript:") are ignored by browsers; strip them first.
  const compact = url.replace(/[\p{Cc}\s]+/gu, "");
  if (UNSAFE_SCHEME.test(compact)) return "";
  const safe = defaultUrlTransform(url);
  return UNSAFE_SCHEME.test(safe) ? "" : safe;
}

function CodeBlock({ className, children, node: _node, ...props }: ComponentPropsWithoutRef<"pre"> & { node?: unknown }) {
  const t = useLabels();
  const ref = useRef<HTMLPreElement>(null);
  const [state, setState] = useState<"idle" | "copied">("idle");
  const copy = async () => {
    const text = ref.current?.textContent ?? "";
    try {
      await navigator.clipboard?.writeText(text);
      setState("copied");
      setTimeout(() => setState("idle"), 1500);
    } catch {
      // Clipboard refused (no permission, insecure origin): the code stays selectable.
    }
  };
  return (
    <div data-slot="markdown-code-block" data-state={state} className="pl:group pl:relative pl:my-2">
      <pre
        ref={ref}
        {...props}
        className={cn("pl:overflow-x-auto pl:rounded-md pl:bg-muted pl:p-3 pl:pr-16 pl:font-mono pl:text-xs pl:text-foreground", className)}
      >
        {children}
      </pre>
      <button
        type="button"
        data-slot="markdown-copy"
        onClick={() => void copy()}
        className="pl:absolute pl:top-2 pl:right-2 pl:rounded-sm pl:border pl:border-border pl:bg-background pl:px-2 pl:py-0.5 pl:text-xs pl:text-foreground pl:hover:bg-accent pl:focus-visible:outline-2 pl:focus-visible:outline-ring"
      >
        {state === "copied" ? t.copied : t.copy}
      </button>
    </div>
  );
}

const components: Components = {
  pre: CodeBlock,
  a: ({ node: _node, href, children, ...props }) => {
    // Protocol-relative ("//host/…") leaves the page too.
    const external = !!href && /^(https?:)?\/\//i.test(href);
    return (
      <a
        {...props}
        href={href || undefined}
        data-slot="markdown-link"
        {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
        className="pl:text-primary pl:underline pl:underline-offset-2"
      >
        {children}
      </a>
    );
  },
  // Images are shown as links: an agent-chosen URL should not load (and track) without a click.
  img: ({ src, alt }) => {
    const href = typeof src === "string" ? src : "";
    return href ? (
      <a href={href} data-slot="markdown-image-link" target="_blank" rel="noopener noreferrer" className="pl:text-primary pl:underline">
        {alt || href}
      </a>
    ) : (
      <span data-slot="markdown-image-link">{alt}</span>
    );
  },
  code: ({ node: _node, className, ...props }) => (
    <code {...props} className={cn("pl:rounded-sm pl:bg-muted pl:px-1 pl:font-mono pl:text-[0.9em]", className)} />
  ),
  table: ({ node: _node, ...props }) => (
    <div className="pl:my-2 pl:overflow-x-auto">
      <table {...props} className="pl:border-collapse pl:text-xs pl:[&_td]:border pl:[&_th]:border" />
    </div>
  ),
};

export interface MarkdownProps {
  children: string;
  className?: string;
}

/**
 * Renders agent-written Markdown (GFM) safely: raw HTML is dropped (never rendered), dangerous
 * link schemes are removed, external links open in a new tab without an opener, and code blocks
 * get a copy button. Half-written Markdown from a stream renders as the text it has so far.
 *
 * @example
 * <Markdown>{"**Hello** — see [the docs](https://example.com)"}</Markdown>
 */
export const Markdown = memo(function Markdown({ children, className }: MarkdownProps) {
  // Block by block: while a reply streams, only its last block is parsed again each frame.
  const blocks = useMemo(() => splitMarkdownBlocks(children), [children]);
  return (
    <div
      data-slot="markdown"
      className={cn("pl:space-y-2 pl:break-words pl:[&_ol]:list-decimal pl:[&_ul]:list-disc pl:[&_h1]:font-semibold pl:[&_h2]:font-semibold pl:[&_h3]:font-semibold", className)}
    >
      {blocks.map((block, index) => (
        <MarkdownBlock key={index} text={block} />
      ))}
    </div>
  );
});

const REMARK_PLUGINS = [remarkGfmParse];

const MarkdownBlock = memo(function MarkdownBlock({ text }: { text: string }) {
  return (
    <ReactMarkdown remarkPlugins={REMARK_PLUGINS} skipHtml urlTransform={safeUrl} components={components}>
      {text}
    </ReactMarkdown>
  );
});

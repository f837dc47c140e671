import { isValidElement, memo, useMemo, useRef, useState, type ComponentPropsWithoutRef, type ReactNode } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import { useLabels } from "../../i18n/LabelsContext";
import { cn } from "../lib/cn";
import { HighlightedCode } from "./HighlightedCode";
import { remarkGfmParse } from "./remarkGfmParse";
import { safeUrl } from "./safeUrl";
import { splitMarkdownBlocks } from "./splitBlocks";

export { safeUrl };

/** The language a fenced block names (```ts → "ts"), from react-markdown's `language-…` class. */
function languageOf(children: ReactNode): string {
  if (!isValidElement<{ className?: unknown }>(children)) return "";
  const className = children.props.className;
  return typeof className === "string" ? (/(?:^|\s)language-([^\s]+)/.exec(className)?.[1] ?? "") : "";
}

function CopyIcon() {
  return (
    <svg aria-hidden viewBox="0 0 16 16" width="14" height="14" className="pl:size-3.5 pl:shrink-0" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round">
      <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" />
      <path d="M10.5 3.5v-.5A1.5 1.5 0 0 0 9 1.5H3A1.5 1.5 0 0 0 1.5 3v6A1.5 1.5 0 0 0 3 10.5h.5" />
    </svg>
  );
}

/**
 * A fenced block: a header bar (the language, and Copy — beside the code, never over it), then
 * the code, highlighted in its language (HighlightedCode), which scrolls sideways and so takes
 * keyboard focus, named for what it is.
 */
function CodeBlock({ className, children, node: _node, ...props }: ComponentPropsWithoutRef<"pre"> & { node?: unknown }) {
  const t = useLabels();
  const ref = useRef<HTMLPreElement>(null);
  const [state, setState] = useState<"idle" | "copied">("idle");
  const language = languageOf(children);
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
    <div data-slot="markdown-code-block" data-state={state} data-language={language || undefined} className="pl:my-3 pl:overflow-hidden pl:rounded-lg pl:border pl:border-border pl:bg-muted">
      <div data-slot="markdown-code-header" className="pl:flex pl:min-h-9 pl:items-center pl:justify-between pl:gap-2 pl:border-b pl:border-border pl:py-1 pl:ps-3 pl:pe-1.5 pl:text-xs pl:text-muted-foreground">
        <span data-slot="markdown-code-language" className="pl:font-mono">{language}</span>
        <button
          type="button"
          data-slot="markdown-copy"
          onClick={() => void copy()}
          className="pl:inline-flex pl:min-h-6 pl:min-w-6 pl:items-center pl:gap-1.5 pl:rounded-md pl:px-2 pl:py-1 pl:text-xs pl:text-muted-foreground pl:hover:bg-background pl:hover:text-foreground pl:focus-visible:outline-2 pl:focus-visible:outline-ring pl:pointer-coarse:min-h-11"
        >
          <CopyIcon />
          {state === "copied" ? t.copied : t.copy}
        </button>
      </div>
      <pre
        ref={ref}
        role="group"
        tabIndex={0}
        aria-label={t.codeBlock(language)}
        {...props}
        className={cn("pl:overflow-x-auto pl:p-3 pl:font-mono pl:text-code pl:text-foreground pl:focus-visible:outline-2 pl:focus-visible:-outline-offset-2 pl:focus-visible:outline-ring", className)}
      >
        <HighlightedCode language={language}>{children}</HighlightedCode>
      </pre>
    </div>
  );
}

function MarkdownTable({ node: _node, ...props }: ComponentPropsWithoutRef<"table"> & { node?: unknown }) {
  const t = useLabels();
  return (
    // A wide table scrolls sideways, so it takes keyboard focus (a named group).
    <div role="group" aria-label={t.table} tabIndex={0} data-slot="markdown-table" className="pl:my-3 pl:overflow-x-auto pl:rounded-lg pl:border pl:border-border pl:focus-visible:outline-2 pl:focus-visible:outline-ring">
      <table
        {...props}
        // Cells: padded, theme borders, a filled header (parley.css, `[data-slot=markdown-table]`).
        className="pl:w-full pl:border-collapse pl:text-sm"
      />
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
  // Inline code gets a chip, code inside a block only the block's look (parley.css,
  // `[data-slot=markdown-code]`).
  code: ({ node: _node, ...props }) => <code {...props} data-slot="markdown-code" />,
  table: MarkdownTable,
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
      className={cn("pl:space-y-3 pl:break-words pl:[&_li]:my-1 pl:[&_ol]:list-decimal pl:[&_ul]:list-disc pl:[&_h1]:font-semibold pl:[&_h2]:font-semibold pl:[&_h3]:font-semibold", className)}
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

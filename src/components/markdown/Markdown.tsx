import { Fragment, isValidElement, memo, useMemo, useRef, useState, type ComponentPropsWithoutRef, type ReactNode } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import { useBudgetedBlocks } from "./parseBudget";
import { useLabels } from "../../i18n/LabelsContext";
import { cn } from "../lib/cn";
import { HighlightedCode } from "./HighlightedCode";
import { remarkGfmParse } from "./remarkGfmParse";
import { safeUrl } from "./safeUrl";
import { linkUrl } from "../lib/urlPolicy";
import { splitMarkdownBlocks } from "./splitBlocks";
import { warmUpWhenIdle } from "./markdownWarmUp";
import { remarkCitations, type CitationTargets } from "./citationMarkers";
import { CheckIcon, CopyIcon } from "../lib/icons";

export { safeUrl };

/** The language a fenced block names (```ts → "ts"), from react-markdown's `language-…` class. */
function languageOf(children: ReactNode): string {
  if (!isValidElement<{ className?: unknown }>(children)) return "";
  const className = children.props.className;
  return typeof className === "string" ? (/(?:^|\s)language-([^\s]+)/.exec(className)?.[1] ?? "") : "";
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
          {state === "copied" ? <CheckIcon size={14} /> : <CopyIcon size={14} />}
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

/**
 * An inline `[n]` marker: a link to the source's entry under the answer. It moves focus there
 * rather than following the fragment, so the host page's address is left alone.
 */
function CitationRef({ id, href, children }: { id: string; href: string; children: ReactNode }) {
  const t = useLabels();
  return (
    <a
      href={href}
      data-slot="citation-ref"
      data-citation={id}
      aria-label={t.support.citation(id)}
      onClick={(event) => {
        const root = event.currentTarget.getRootNode() as Document | ShadowRoot;
        const target = root.getElementById?.(decodeURIComponent(href.slice(1)));
        if (!target) return;
        event.preventDefault();
        target.focus();
      }}
      className="pl:rounded-sm pl:px-0.5 pl:text-xs pl:align-super pl:text-primary pl:no-underline pl:hover:underline pl:focus-visible:outline-2 pl:focus-visible:outline-ring"
    >
      {children}
    </a>
  );
}

const components: Components = {
  pre: CodeBlock,
  a: ({ node: _node, href, children, ...props }) => {
    const cited = (props as { "data-citation"?: string })["data-citation"];
    if (cited !== undefined && href?.startsWith("#")) return <CitationRef id={cited} href={href}>{children}</CitationRef>;
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
  td: ({ node, ...props }) => <td {...props} data-numeric={isNumeric(node) || undefined} />,
};

/** The text of a table cell, up to 40 characters (more is not a number). */
function cellText(node: unknown, out = { text: "" }): string {
  const n = node as { type?: string; value?: unknown; children?: unknown[] } | undefined;
  if (n?.type === "text" && typeof n.value === "string") out.text += n.value;
  for (const child of n?.children ?? []) {
    if (out.text.length > 40) break;
    cellText(child, out);
  }
  return out.text;
}

/** A cell that holds a number (a price, a count, a percentage): aligned on the right. */
function isNumeric(node: unknown): boolean {
  const text = cellText(node).trim();
  return text.length <= 40 && /^[-+−]?[$€£¥]?\s?[-+−]?\d[\d\s.,'’]*(%|[kKmM]|\s?[$€£¥])?$/.test(text);
}

export interface MarkdownProps {
  children: string;
  className?: string;
  /** The answer's sources: its `[n]` markers become links to their entries. */
  citations?: CitationTargets;
}

/**
 * Renders agent-written Markdown (GFM) safely: raw HTML is dropped (never rendered), dangerous
 * link schemes are removed, external links open in a new tab without an opener, and code blocks
 * get a copy button. Half-written Markdown from a stream renders as the text it has so far.
 *
 * @example
 * <Markdown>{"**Hello** — see [the docs](https://example.com)"}</Markdown>
 */
export const Markdown = memo(function Markdown({ children, className, citations }: MarkdownProps) {
  // Block by block: while a reply streams, only its last block is parsed again each frame; a
  // reply that arrives at once is parsed from its end within a per-frame budget (parseBudget.ts).
  const blocks = useMemo(() => splitMarkdownBlocks(children), [children]);
  // One parse function per set of plugins: parsed blocks are cached per function, so a block of a
  // message with citations (its markers become links to that message's sources) is never reused
  // for the same text elsewhere.
  const parse = useMemo(() => (citations?.ids.length ? blockParser([remarkGfmParse, [remarkCitations, citations]]) : parseBlock), [citations]);
  const parsed = useBudgetedBlocks(blocks, parse);
  return (
    <div
      data-slot="markdown"
      // The rhythm (headings, lists, paragraphs, line length) is in parley.css, `[data-slot=markdown]`.
      className={cn("pl:break-words", className)}
    >
      {blocks.map((block, index) => (
        <Fragment key={index}>{parsed[index] ?? <p data-slot="markdown-pending" className="pl:whitespace-pre-wrap">{block}</p>}</Fragment>
      ))}
    </div>
  );
});

/** The kit's link policy (`linkUrl`): `//host/…` is another site, shown as the absolute URL it is. */
const markdownUrl = (url: string) => linkUrl(url, typeof document === "undefined" ? "about:blank" : document.baseURI);

const REMARK_PLUGINS: NonNullable<Parameters<typeof ReactMarkdown>[0]["remarkPlugins"]> = [remarkGfmParse];

/** One block as react-markdown renders it (a plain function: the element is cached and reused). */
function blockParser(plugins: typeof REMARK_PLUGINS) {
  return (text: string) => ReactMarkdown({ children: text, remarkPlugins: plugins, skipHtml: true, urlTransform: markdownUrl, components });
}

const parseBlock = blockParser(REMARK_PLUGINS);

/**
 * Parses sample replies in the browser's idle time (markdownWarmUp.ts), so the first reply that
 * streams does not run the parser cold; the chunk calls it when it lands. Returns a cancel function.
 */
export const warmUpMarkdown = (): (() => void) => warmUpWhenIdle(parseBlock);

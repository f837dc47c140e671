import { cloneElement, Fragment, isValidElement, useEffect, useRef, useState, type CSSProperties, type ReactElement, type ReactNode } from "react";
import { grammarFor, type GrammarName } from "./codeLanguages";
import type { CodeToken } from "./highlighter";

/** While a block streams, it is highlighted again at most this often (the rest shows plain). */
const THROTTLE_MS = 250;

const loadHighlighter = () => import("./highlighter");

interface Highlighted {
  code: string;
  grammar: GrammarName;
  lines: CodeToken[][];
}

/**
 * The code's tokens once highlighted, for a language the kit has a grammar for; undefined before
 * (and for other languages). The highlighter and the grammar load on first need. A growing block
 * (a streaming reply) is highlighted again at most every 250 ms, never on every token: between
 * passes the last result is shown and the newer tail plain, so streaming is never held up.
 */
export function useHighlightedCode(code: string, grammar: GrammarName | undefined): Highlighted | undefined {
  const [result, setResult] = useState<Highlighted>();
  const lastRun = useRef(0);
  const started = useRef(0);
  const applied = useRef(0);
  useEffect(() => {
    if (!grammar || !code) return;
    const timer = setTimeout(
      () => {
        lastRun.current = Date.now();
        const pass = ++started.current;
        loadHighlighter()
          .then(({ highlightCode }) => highlightCode(code, grammar))
          .then(
            (lines) => {
              // Only what reproduces the code exactly (Copy reads the block's text), and never
              // an older pass over a newer one.
              const text = lines.map((line) => line.map((token) => token.content).join("")).join("\n");
              if (pass < applied.current || text !== code) return;
              applied.current = pass;
              setResult({ code, grammar, lines });
            },
            () => {
              // Grammar or highlighter not loaded (offline): the block stays plain code.
            },
          );
      },
      Math.max(0, lastRun.current + THROTTLE_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [code, grammar]);
  return result && result.grammar === grammar && code.startsWith(result.code) ? result : undefined;
}

function tokenStyle({ color, fontStyle = 0 }: CodeToken): CSSProperties | undefined {
  if (!color && !fontStyle) return undefined;
  return {
    color,
    fontStyle: fontStyle & 1 ? "italic" : undefined,
    fontWeight: fontStyle & 2 ? "bold" : undefined,
    textDecoration: fontStyle & 4 ? "underline" : undefined,
  };
}

/**
 * A code block's `<code>` element, coloured by its language once the highlighter has it: the
 * same element and text, its runs in `<span>`s (`data-highlighted` on the element). Unknown
 * languages, and the moments before highlighting, show the code as it is.
 */
export function HighlightedCode({ language, children }: { language: string; children: ReactNode }) {
  const element = isValidElement<{ children?: unknown }>(children) ? (children as ReactElement<{ children?: unknown }>) : undefined;
  const code = typeof element?.props.children === "string" ? element.props.children : "";
  const highlighted = useHighlightedCode(code, grammarFor(language));
  if (!element || !highlighted) return children;
  const rest = code.slice(highlighted.code.length);
  return cloneElement(
    element,
    { "data-highlighted": "" } as Record<string, unknown>,
    <>
      {highlighted.lines.map((line, index) => (
        <Fragment key={index}>
          {index > 0 ? "\n" : null}
          {line.map((token, at) => (
            <span key={at} style={tokenStyle(token)}>
              {token.content}
            </span>
          ))}
        </Fragment>
      ))}
      {rest}
    </>,
  );
}

import { createCssVariablesTheme, createHighlighterCore, type HighlighterCore, type LanguageRegistration } from "shiki/core";
import { createJavaScriptRegexEngine } from "shiki/engine/javascript";
import type { GrammarName } from "./codeLanguages";

/**
 * Syntax highlighting with shiki, fine-grained: its core, the JavaScript regular-expression
 * engine (no WebAssembly) and one grammar per language, each loaded the first time a code block
 * names it. The module itself is a chunk loaded when the first code block appears (see
 * useHighlightedCode), never with the kit.
 *
 * The theme is shiki's CSS-variables theme: tokens are coloured `var(--parley-code-token-…)`,
 * set on `.parley` as `light-dark(light, dark)` pairs (parley.css), so one
 * highlighting serves both schemes and a theme switch needs no second pass.
 */

type Grammar = () => Promise<{ default: LanguageRegistration[] }>;

/** The grammars shipped, by the name shiki registers them under. */
const GRAMMARS: Record<GrammarName, Grammar> = {
  typescript: () => import("shiki/langs/typescript.mjs"),
  tsx: () => import("shiki/langs/tsx.mjs"),
  javascript: () => import("shiki/langs/javascript.mjs"),
  jsx: () => import("shiki/langs/jsx.mjs"),
  json: () => import("shiki/langs/json.mjs"),
  shellscript: () => import("shiki/langs/shellscript.mjs"),
  python: () => import("shiki/langs/python.mjs"),
  html: () => import("shiki/langs/html.mjs"),
  css: () => import("shiki/langs/css.mjs"),
  yaml: () => import("shiki/langs/yaml.mjs"),
  sql: () => import("shiki/langs/sql.mjs"),
  diff: () => import("shiki/langs/diff.mjs"),
  go: () => import("shiki/langs/go.mjs"),
  rust: () => import("shiki/langs/rust.mjs"),
};

const theme = createCssVariablesTheme({ name: "parley", variablePrefix: "--parley-code-", fontStyle: true });

let highlighter: Promise<HighlighterCore> | undefined;
const loading = new Map<GrammarName, Promise<void>>();

function load(grammar: GrammarName): Promise<HighlighterCore> {
  highlighter ??= createHighlighterCore({ themes: [theme], langs: [], engine: createJavaScriptRegexEngine() });
  let language = loading.get(grammar);
  if (!language) {
    const get = GRAMMARS[grammar];
    language = highlighter.then((h) => h.loadLanguage(get()));
    // A failed load (offline) is forgotten, so a later block tries again.
    language.catch(() => loading.delete(grammar));
    loading.set(grammar, language);
  }
  return language.then(() => highlighter as Promise<HighlighterCore>);
}

/** One coloured run of a line: its text, colour (a CSS `var(…)`) and font style bits. */
export interface CodeToken {
  content: string;
  color?: string;
  /** shiki's FontStyle bits: 1 italic, 2 bold, 4 underline. */
  fontStyle?: number;
}

/**
 * The code's lines as coloured tokens (`grammar` from codeLanguages' `grammarFor`). Loads the grammar first if
 * needed; rejects when it cannot be loaded.
 *
 * @example
 * const lines = await highlightCode("const a = 1;", "typescript");
 */
export async function highlightCode(code: string, grammar: GrammarName): Promise<CodeToken[][]> {
  const h = await load(grammar);
  // The first pass in a language also compiles the grammar's expressions (the JavaScript engine
  // translates them on first use: ~0.6 s for TypeScript on a slow machine). shiki's default
  // 500 ms a line would stop there and leave the rest of the line one colour.
  const lines = h.codeToTokens(code, { lang: grammar, theme: "parley", tokenizeTimeLimit: 3000 }).tokens;
  return lines.map((line) =>
    line.map(({ content, color, fontStyle }) => ({ content, color, fontStyle: Number(fontStyle) > 0 ? Number(fontStyle) : undefined })),
  );
}

/**
 * The languages a code block is highlighted in (highlighter.ts loads their grammars), by the name
 * shiki registers them under. Apart from the highlighter, so a block in another language never
 * loads it.
 */
export const GRAMMAR_NAMES = ["typescript", "tsx", "javascript", "jsx", "json", "shellscript", "python", "html", "css", "yaml", "sql", "diff", "go", "rust"] as const;
export type GrammarName = (typeof GRAMMAR_NAMES)[number];

/** What people write after the fence, to the grammar's name. */
const ALIASES: Record<string, GrammarName> = {
  ts: "typescript", mts: "typescript", cts: "typescript",
  js: "javascript", mjs: "javascript", cjs: "javascript",
  jsonc: "json", json5: "json",
  bash: "shellscript", sh: "shellscript", shell: "shellscript", zsh: "shellscript", console: "shellscript",
  py: "python", htm: "html", yml: "yaml", patch: "diff", golang: "go", rs: "rust",
};

const NAMES = new Set<string>(GRAMMAR_NAMES);

/**
 * The grammar a fence's language names (case-insensitive, common aliases), or undefined when the
 * kit has none: that block stays plain code.
 *
 * @example
 * grammarFor("TS"); // "typescript"
 * grammarFor("brainfuck"); // undefined
 */
export function grammarFor(language: string): GrammarName | undefined {
  const name = language.toLowerCase();
  if (Object.hasOwn(ALIASES, name)) return ALIASES[name];
  return NAMES.has(name) ? (name as GrammarName) : undefined;
}

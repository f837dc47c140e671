// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * No circle of files anywhere in src/, type imports included. Lint's `import-x/no-cycle` guards the
 * imports of values; this reads every static `import` / `export … from` (types too) with
 * TypeScript's own parser and looks for strongly connected files. A dynamic `import()` is a chunk
 * boundary (a lazily loaded module may name its loader's types) and is left out, as lint leaves it.
 */

const src = resolve(import.meta.dirname, "../../src");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

function cycles(graph: Map<string, string[]>): string[][] {
  // Tarjan's strongly connected components; any with more than one file is a circle.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.map((f) => f.slice(src.length + 1)).sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe("the source's import graph", () => {
  it("has no circle of files, type imports included", () => {
    const files = new Set(sources(src));
    const resolveSpec = (from: string, spec: string) => {
      const base = normalize(join(dirname(from), spec));
      return [`${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx"), base].find((candidate) => files.has(candidate));
    };
    const graph = new Map<string, string[]>();
    for (const file of files) {
      const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
      const specs = source.statements.flatMap((node) =>
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) ? [node.moduleSpecifier.text] : [],
      );
      graph.set(file, specs.flatMap((spec) => (spec.startsWith(".") ? [resolveSpec(file, spec)].filter((f): f is string => f !== undefined) : [])));
    }
    expect(graph.size).toBeGreaterThan(100);
    expect(cycles(graph)).toEqual([]);
  });

  it("would find one (the check itself is checked)", () => {
    expect(cycles(new Map([[`${src}/a.ts`, [`${src}/b.ts`]], [`${src}/b.ts`, [`${src}/a.ts`]], [`${src}/c.ts`, [`${src}/a.ts`]]]))).toEqual([["a.ts", "b.ts"]]);
  });
});

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createTailwindMerge, extendTailwindMerge } from "tailwind-merge";
import { kitClassGroups } from "../../src/components/lib/kitClassGroups";
import { cn } from "../../src/components/lib/cn";
import { cn as exportedCn } from "../../src";

// The full configuration, as cn() was before it knew only the kit's groups: the reference.
const full = extendTailwindMerge({
  prefix: "pl",
  extend: { theme: { text: ["body", "code"], shadow: ["float"], container: ["column"] } },
});
const kit = createTailwindMerge(kitClassGroups);

const src = join(__dirname, "../../src");
const files = readdirSync(src, { recursive: true })
  .map(String)
  .filter((f) => /\.(ts|tsx)$/.test(f));
const sources = files.map((f) => readFileSync(join(src, f), "utf8"));
// Every `pl:` class the kit writes, with its variants (`pl:hover:`, `pl:data-[state=open]:` …).
const token = /pl:[^\s"'`{}(),;]*(?:\[[^\]]*\][^\s"'`{}(),;]*)?/g;
const classes = [
  ...new Set(files.flatMap((f) => readFileSync(join(src, f), "utf8").match(token) ?? [])),
].filter((c) => c.length > 3 && !c.endsWith("-") && !c.includes("*"));

describe("cn() with the kit's class groups", () => {
  it("finds the kit's classes in its source", () => {
    expect(classes.length).toBeGreaterThan(250);
    expect(classes).toContain("pl:bg-primary");
  });

  it("merges every pair of the kit's classes exactly as tailwind-merge's full configuration", () => {
    const differ: string[] = [];
    for (const a of classes) {
      for (const b of classes) {
        const pair = `${a} ${b}`;
        if (kit(pair) !== full(pair)) differ.push(`"${pair}": kit "${kit(pair)}", full "${full(pair)}"`);
      }
    }
    // A difference means a class the kit now writes belongs to a group (or a conflict) that
    // src/components/lib/kitClassGroups.ts does not have yet: add it there.
    expect(differ.slice(0, 20)).toEqual([]);
  });

  it("lets a later class of the same kind win, and leaves the host's own classes alone", () => {
    expect(cn("pl:p-2 pl:text-sm", "pl:p-4")).toBe("pl:text-sm pl:p-4");
    expect(cn("pl:bg-muted", "pl:data-[state=checked]:bg-primary", "pl:bg-primary")).toBe(
      "pl:data-[state=checked]:bg-primary pl:bg-primary",
    );
    expect(cn("pl:text-body pl:text-muted-foreground", "pl:text-foreground")).toBe("pl:text-body pl:text-foreground");
    expect(cn("pl:px-3 pl:py-2", "pl:p-0")).toBe("pl:p-0");
    expect(cn("pl:p-2", "p-4 bg-red-500", false, undefined)).toBe("pl:p-2 p-4 bg-red-500");
  });

  it("passes one class string through untouched: every string the kit gives cn() has nothing to merge", () => {
    // The kit's cn() skips tailwind-merge when only one string is given, so each class string the
    // kit writes (a literal in a cn() call, a variant's entry in a map, a constant) must come out of
    // tailwind-merge exactly as it went in: no two classes of a kind, no stray spaces.
    const literal = /(["'`])((?:(?!\1)[^\n$\\])*\bpl:(?:(?!\1)[^\n$\\])*)\1/g;
    const strings = [...new Set(sources.flatMap((text) => [...text.matchAll(literal)].map((m) => m[2] as string)))].filter(
      (s) => s.split(" ").every((c) => c === "" || c.startsWith("pl:") || /^[a-z][\w-]*$/.test(c)),
    );
    expect(strings.length).toBeGreaterThan(150);
    expect(strings.filter((s) => kit(s) !== s || full(s) !== s)).toEqual([]);
  });

  it("every combination of each cva() the kit writes has nothing to merge either", () => {
    // cn(buttonVariants({ variant, size }), className) with no className is one string: its base
    // and each variant's classes, which cva joins. Each cva( … ) block in src is read, and every
    // combination of one value per variant group is checked as tailwind-merge would see it.
    const combos: string[] = [];
    // The object literal that starts at the first "{" at or after `from`, by its braces.
    const objectAt = (text: string, from: number) => {
      const open = text.indexOf("{", from);
      let depth = 0;
      for (let i = open; i < text.length; i++) {
        if (text[i] === "{") depth++;
        else if (text[i] === "}" && --depth === 0) return text.slice(open, i + 1);
      }
      return "";
    };
    for (const text of sources) {
      for (const start of [...text.matchAll(/\bcva\(/g)].map((m) => m.index ?? 0)) {
        const base = /^cva\(\s*(?:\/\/[^\n]*\n\s*)*"([^"]*)"/.exec(text.slice(start))?.[1] ?? "";
        const variants = objectAt(text, text.indexOf("variants:", start));
        const groups = [...variants.slice(1).matchAll(/\b\w+: \{([^{}]*)\}/g)].map((g) => [...(g[1] ?? "").matchAll(/\b\w+: "([^"]*)"/g)].map((v) => v[1] as string));
        let all = [base];
        for (const group of groups) all = all.flatMap((prefix) => group.map((value) => [prefix, value].filter(Boolean).join(" ")));
        combos.push(...all);
      }
    }
    // buttonVariants (4 variants × 5 sizes), threadVariants (6 parts), messageVariants (6), and any cva added later.
    expect(combos.length).toBeGreaterThanOrEqual(32);
    expect(combos.filter((s) => kit(s) !== s || full(s) !== s)).toEqual([]);
  });

  it("the kit's cn() returns one string as it is, and merges anything else; the exported cn always merges", () => {
    expect(cn("pl:p-2 pl:text-sm")).toBe("pl:p-2 pl:text-sm");
    expect(cn(undefined, "pl:p-2", false, null, "")).toBe("pl:p-2");
    expect(cn(false, undefined)).toBe("");
    expect(cn("pl:p-2", "pl:p-4")).toBe("pl:p-4");
    expect(cn({ "pl:p-2": true, "pl:p-4": true })).toBe("pl:p-4");
    expect(cn(["pl:p-2", "pl:p-4"])).toBe("pl:p-4");
    // An app's own string, alone, is still merged by what parley-ui exports as cn.
    expect(exportedCn("pl:p-2 pl:p-4")).toBe("pl:p-4");
    expect(exportedCn("  pl:p-2  ")).toBe("pl:p-2");
  });
});

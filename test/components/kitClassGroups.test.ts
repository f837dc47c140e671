import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createTailwindMerge, extendTailwindMerge } from "tailwind-merge";
import { kitClassGroups } from "../../src/components/lib/kitClassGroups";
import { cn } from "../../src/components/lib/cn";

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
    // cn() skips tailwind-merge when only one string is given, so each class string the kit writes
    // (a literal in a cn() call, a variant's entry in a map, a constant) must be what tailwind-merge
    // would make of it: no two classes of a kind.
    const literal = /(["'`])((?:(?!\1)[^\n$\\])*\bpl:(?:(?!\1)[^\n$\\])*)\1/g;
    const strings = [...new Set(files.flatMap((f) => [...readFileSync(join(src, f), "utf8").matchAll(literal)].map((m) => m[2] as string)))].filter(
      (s) => s.split(" ").every((c) => c === "" || c.startsWith("pl:") || /^[a-z][\w-]*$/.test(c)),
    );
    expect(strings.length).toBeGreaterThan(150);
    expect(strings.filter((s) => full(s) !== s.trim().replace(/\s+/g, " "))).toEqual([]);
    expect(cn("pl:p-2 pl:text-sm")).toBe("pl:p-2 pl:text-sm");
    expect(cn(undefined, "pl:p-2", false, null, "")).toBe("pl:p-2");
    expect(cn(false, undefined)).toBe("");
    // Anything else still merges: two strings, an object, an array.
    expect(cn("pl:p-2", "pl:p-4")).toBe("pl:p-4");
    expect(cn({ "pl:p-2": true, "pl:p-4": true })).toBe("pl:p-4");
    expect(cn(["pl:p-2", "pl:p-4"])).toBe("pl:p-4");
  });
});

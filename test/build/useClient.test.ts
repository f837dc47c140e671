// @vitest-environment node
/**
 * The client boundary as shipped (issue 14, docs/nextjs.md): `dist/index.js` is a client module
 * ("use client" first), and so is every lazily loaded chunk with React in it; `parley-ui/core`,
 * `parley-ui/store` and `parley-ui/testing` carry no directive and reach neither React nor a
 * client chunk, so server code (route handlers, server actions) can import them. It runs the
 * library build into a scratch folder (a few seconds), so it checks the source as it is, never a
 * stale dist/. `npm run check:next` proves the same in Next.js.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const DIRECTIVE = '"use client";';
const SERVER_ENTRIES = ["core.js", "store.js", "testing.js", "policy.js"];

let dir = "";
let scratch: string | undefined;

beforeAll(async () => {
  // Inside node_modules, so the built files resolve their dependencies (for the Node import below).
  const cache = join(root, "node_modules/.cache");
  mkdirSync(cache, { recursive: true });
  scratch = mkdtempSync(join(cache, "parley-useClient-"));
  dir = scratch;
  const { build } = await import("vite");
  await build({ configFile: join(root, "vite.config.ts"), root, mode: "production", logLevel: "silent", build: { outDir: scratch, emptyOutDir: true, sourcemap: false } });
}, 60_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const read = (file: string) => readFileSync(join(dir, file), "utf8");
const isClient = (file: string) => read(file).startsWith(DIRECTIVE);
const isReact = (specifier: string) => /^react(-dom)?($|\/)/.test(specifier);

/** What a built file imports: static imports and re-exports, and (with `lazily`) import(). */
function importsOf(file: string, lazily: boolean): string[] {
  const code = read(file);
  const found = [...code.matchAll(/(?:^|[\s;}])(?:import|export)\b[^"'`;]*?\bfrom\s*["']([^"']+)["']|(?:^|[\s;])import\s*["']([^"']+)["']/gm)].map((m) => m[1] ?? m[2]!);
  if (lazily) found.push(...[...code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]!));
  return found.map((spec) => (spec.startsWith(".") ? join(dirname(file), spec).replace(/\\/g, "/") : spec));
}

/** Every built file and package specifier `file` reaches. */
function reach(file: string, lazily: boolean, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const next of importsOf(file, lazily)) {
    if (next.endsWith(".js") && !next.includes("/node_modules/") && existsSync(join(dir, next))) reach(next, lazily, seen);
    else seen.add(next);
  }
  return seen;
}

describe('"use client" in the built package', () => {
  it("dist/index.js starts with the directive", () => {
    expect(read("index.js").split("\n", 1)[0]).toBe(DIRECTIVE);
    // and it is the React entry: without the directive Next.js would treat it as server code
    expect([...reach("index.js", false)].some(isReact)).toBe(true);
  });

  it("every lazily loaded chunk with React in it is a client module too", () => {
    const dynamicTargets = [...reach("index.js", true)]
      .filter((file) => file.endsWith(".js") && existsSync(join(dir, file)))
      .flatMap((file) => [...read(file).matchAll(/\bimport\(\s*["']\.\/([^"']+)["']\s*\)/g)].map((m) => m[1]!));
    for (const target of dynamicTargets) {
      if ([...reach(target, false)].some(isReact)) expect(isClient(target), `${target} is loaded lazily, has React and lacks "use client"`).toBe(true);
    }
  });

  it.each(SERVER_ENTRIES)("%s has no directive and reaches neither React nor a client chunk", (entry) => {
    expect(isClient(entry)).toBe(false);
    const reached = [...reach(entry, true)];
    expect(reached.filter(isReact), `${entry} reaches React`).toEqual([]);
    expect(reached.filter((file) => file !== entry && file.endsWith(".js") && existsSync(join(dir, file)) && isClient(file)), `${entry} reaches a "use client" chunk`).toEqual([]);
  });

  it("parley-ui/core and parley-ui/store import in plain Node, with no DOM", () => {
    const probe = `
const core = await import(${JSON.stringify(pathToFileURL(join(dir, "core.js")).href)});
const store = await import(${JSON.stringify(pathToFileURL(join(dir, "store.js")).href)});
const thread = core.foldEvents(core.createThreadState({ threadId: "t" }), [
  { type: "TEXT_MESSAGE_START", messageId: "a", role: "assistant" },
  { type: "TEXT_MESSAGE_CONTENT", messageId: "a", delta: "hi" },
]);
const s = store.createThreadStore({ threadId: "t", initialMessages: [{ id: "u", role: "user", content: "x" }] });
console.log(JSON.stringify({ ids: thread.messageIds, store: s.getState().thread.messageIds, window: typeof window, document: typeof document }));`;
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", probe], { cwd: root, encoding: "utf8" });
    expect(JSON.parse(out.trim().split("\n").pop()!)).toEqual({ ids: ["a"], store: ["u"], window: "undefined", document: "undefined" });
  });
});

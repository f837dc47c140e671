/**
 * A long thread from navigation (issue 27): how long a person waits for 1,000 / 10,000 prior
 * messages, and the main thread's script before they show — Parley as the README's "Use it" page
 * ships it against the simplest thing, a React list of every message, in the same run — and
 * against the floor: React alone showing the last 12 messages, what no thread component can beat.
 *
 *   npm run bench:first-paint    (node --import tsx bench/browser/firstPaint.ts [--quick])
 *
 * The pages (first-paint/) are built for production with Vite (minified, the stylesheet a link)
 * and served from loopback by `vite preview` with the HTTP cache off, so each run fetches, parses
 * and runs the whole bundle, as a first visit does. The pages take turns, in a rotating order.
 * Each run starts on a blank page of the same origin, starts the CPU profiler, and navigates; the
 * page reports the first frame showing the last prior message, painted, in ms since navigation
 * start, and stops the profiler then; its samples count up to that frame. Medians of 5 (1 with
 * --quick).
 * `--profile` builds without minifying (names readable, the figures a little off) and prints the
 * top self time of Parley's first counted run at each size. `--inline-common-chunks` builds the pages
 * with Rolldown's `experimentalInlineCommonChunks` (the small chunks an entry shares with lazy
 * chunks copied into their users). It mattered with Rolldown 1.2, which split the kit's eager part
 * into ~17 scripts; Rolldown 1.3 (Vite 8.4) merges them into the entry by default.
 */
process.env.NODE_ENV = "production";

import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext } from "playwright-core";
import { build, preview, type PreviewServer } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { formatMs, median, table } from "../measure";
import { jsTime, summarizeProfile } from "./profile";
import { findBrowser } from "../../scripts/browser";
import type { FirstPaint } from "./first-paint/report";

const here = import.meta.dirname;
const pages = join(here, "first-paint");
const REPEATS = process.argv.includes("--quick") ? 1 : 5;
const PROFILE = process.argv.includes("--profile");
const INLINE_COMMON = process.argv.includes("--inline-common-chunks");
const SIZES = [1_000, 10_000];
const TARGETS: Record<number, number> = { 1_000: 200, 10_000: 400 };
const IMPLS = [
  // The floor is the naive list's page showing only the last 12 messages (`?last=12`).
  { impl: "floor", page: "naive.html?last=12&", label: "floor: React showing the last 12 messages, nothing else" },
  { impl: "naive", page: "naive.html?", label: "naive list (every message, plain text)" },
  { impl: "parley", page: "parley.html?", label: "Parley (Use it: Thread + RunError + Composer)" },
] as const;

interface Run extends FirstPaint {
  scriptMs: number;
  profile?: unknown;
  /** The profile's clock (µs) at the frame that showed the thread: script after it is not counted. */
  untilUs: number;
  /**
   * The profile's clock (µs) when report.ts's top-level code ran (the modules it imports, and any
   * the bundle evaluated before it, have run); Infinity when it cannot be placed in the profile.
   */
  scriptStartUs: number;
}

async function runOnce(context: BrowserContext, url: string, pageUrl: string, n: number): Promise<Run> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Performance.enable", { timeDomain: "timeTicks" });
    await page.goto(`${url}blank.html`);
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 500 });
    let kept: unknown;
    await page.exposeFunction("__firstPaintDone", async () => {
      const { profile } = await cdp.send("Profiler.stop");
      kept = profile;
    });
    await cdp.send("HeapProfiler.collectGarbage");
    await cdp.send("Profiler.start");
    await page.goto(`${url}${pageUrl}n=${n}`);
    const handle = await page.waitForFunction(() => window.__firstPaint, undefined, { timeout: 60_000, polling: 50 });
    const shown = (await handle.jsonValue()) as FirstPaint;
    // The profiler stops a round trip after that frame; what the page ran meanwhile (work it put
    // off until after the first paint) is cut off at the frame, on the profile's own clock.
    const { metrics } = await cdp.send("Performance.getMetrics");
    const navigationStart = metrics.find((m) => m.name === "NavigationStart")?.value;
    const { startTime, endTime } = kept as { startTime: number; endTime: number };
    // A time the page gave (ms since navigation) on the profile's clock (µs), or Infinity outside it.
    const onProfileClock = (ms: number) => {
      const at = navigationStart === undefined ? Infinity : navigationStart * 1e6 + ms * 1000;
      return at > startTime && at <= endTime ? at : Infinity;
    };
    const untilUs = onProfileClock(shown.visibleMs);
    const scriptStartUs = onProfileClock(shown.scriptStartMs);
    return { ...shown, scriptMs: jsTime(kept, untilUs), profile: kept, untilUs, scriptStartUs };
  } finally {
    await page.close({ runBeforeUnload: false }).catch(() => undefined);
  }
}


const out = mkdtempSync(join(tmpdir(), "parley-first-paint-"));
const userDataDir = mkdtempSync(join(tmpdir(), "parley-first-paint-chromium-"));
let context: BrowserContext | undefined;
let server: PreviewServer | undefined;
try {
  await build({
    configFile: false,
    root: pages,
    base: "./",
    logLevel: "warn",
    plugins: [react(), tailwindcss()],
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: {
      outDir: out,
      emptyOutDir: true,
      minify: !PROFILE,
      rolldownOptions: {
        ...(INLINE_COMMON ? { output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: Infinity } } } } : {}),
        input: { naive: join(pages, "naive.html"), parley: join(pages, "parley.html"), blank: join(pages, "blank.html") },
      },
    },
  });
  // Vite's own static server for a build (the HTTP cache is off in the browser, below).
  server = await preview({ configFile: false, root: pages, logLevel: "warn", build: { outDir: out }, preview: { host: "127.0.0.1", port: 0, strictPort: false, open: false } });
  const url = server.resolvedUrls?.local[0] ?? "";
  if (!/^http:\/\/127\.0\.0\.1:\d+\/$/.test(url)) throw new Error(`The first-paint pages did not start on loopback: "${url}"`);
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: findBrowser() ?? "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    viewport: { width: 1280, height: 800 },
  });
  const load = loadavg()[0]!.toFixed(1);
  const results = new Map<string, Run[]>();
  for (const n of SIZES) {
    // One run of each page first to warm the machine's caches (the browser's HTTP cache is off),
    // not counted. Then the pages take turns, in an order that rotates each round: none is always
    // the first after the browser started or after another size, and a change in the machine's
    // load falls on all of them alike.
    for (const { impl, page } of IMPLS) {
      await runOnce(context, url, page, n);
      results.set(`${impl}:${n}`, []);
    }
    for (let i = 0; i < REPEATS; i++) {
      for (let k = 0; k < IMPLS.length; k++) {
        const { impl, page } = IMPLS[(i + k) % IMPLS.length]!;
        const run = await runOnce(context, url, page, n);
        process.stderr.write(`  ${impl} × ${n}: ${formatMs(run.visibleMs)} (script ${formatMs(run.scriptMs)})\n`);
        results.get(`${impl}:${n}`)!.push(run);
      }
    }
  }
  console.log(`# A long thread from navigation: Parley against a naive list and the floor, the same run`);
  console.log(
    `chromium, 1280×800, production bundles from loopback, HTTP cache off${INLINE_COMMON ? ", common chunks inlined (--inline-common-chunks)" : ""}; medians of ${REPEATS}; load ${load} at the start on ${availableParallelism()} cores\n`,
  );
  const rows: string[][] = [];
  for (const n of SIZES) {
    const naive = results.get(`naive:${n}`)!;
    for (const { impl, label } of IMPLS) {
      const runs = results.get(`${impl}:${n}`)!;
      const m = (key: "visibleMs" | "scriptStartMs" | "scriptMs" | "domNodes", from = runs) => median(from.map((r) => r[key]));
      const ratio = (key: "visibleMs" | "scriptMs") => `${(m(key) / m(key, naive)).toFixed(2)}×`;
      const target = TARGETS[n]!;
      const visible = m("visibleMs");
      rows.push([
        `${n.toLocaleString("en")} prior messages`,
        label,
        formatMs(m("scriptStartMs")),
        `${formatMs(visible)}${impl === "parley" ? (visible <= target ? ` ✓ (≤ ${target})` : ` ✗ (> ${target})`) : ""}`,
        ratio("visibleMs"),
        formatMs(m("scriptMs")),
        ratio("scriptMs"),
        String(Math.round(m("domNodes"))),
      ]);
    }
  }
  console.log(table(["thread", "page", "navigation → script starts", "navigation → last prior message visible", "× naive", "script (JS + GC) before then", "× naive", "DOM nodes"], rows, ["l", "l", "r", "r", "r", "r", "r", "r"]));
  if (PROFILE) {
    for (const n of SIZES) {
      console.log(`\n## CPU profile: Parley, ${n.toLocaleString("en")} prior messages (first counted run, navigation → visible, top self time)\n`);
      const first = results.get(`parley:${n}`)![0]!;
      console.log(summarizeProfile(first.profile, 25, first.untilUs));
      if (Number.isFinite(first.scriptStartUs)) {
        console.log(`\n### Of which before the page's own module ran (navigation → script starts: fetching and compiling the bundle, and the top-level code of the modules evaluated before it)\n`);
        console.log(summarizeProfile(first.profile, 15, first.scriptStartUs));
      }
    }
  }
} finally {
  await context?.close();
  await server?.close();
  rmSync(out, { recursive: true, force: true });
  rmSync(userDataDir, { recursive: true, force: true });
}

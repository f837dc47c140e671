/**
 * Parley against a naive list, the "SDK way" and a floor (the naive list showing its last 12
 * messages) in real chromium: streaming into a 1,000-message
 * thread, flat out and at a 5 ms pace (2,000 and 500 deltas), flat out and at a 5 ms pace into
 * 10,000 messages; mounting 1,000 and 10,000 messages; and (Parley only: the others have none) an
 * interaction card streaming its question as fast as the text reply does.
 *
 *   npm run bench:browser        (node --import tsx bench/browser/run.ts)
 *
 * Vite builds bench/browser/ for production (minified, each lazy chunk one file, as an app ships the
 * kit) and `vite preview` serves it (`--dev`: Vite's dev server, no build to wait for, production
 * React, but lazy chunks arrive module by module), playwright-core drives
 * Debian's chromium (headless, fresh profile, the flags of test/browser/demo.e2e.test.ts), and the
 * page (main.tsx) measures. Every scenario × implementation runs 3× on a freshly loaded page; the
 * table shows medians, and a second table gives each figure as a ratio to the naive list's (the
 * simplest thing: the agent's events folded by hand into `useState`, a plain list of every message)
 * in the same run. Flags: `--quick` (1 run each),
 * `--only=flat,flat10k,chunked,paced,paced500,paced10k,card,mount,mount10k,trace`, `--impls=parley,naive` (of naive, parley, sdk, floor)
 * (leave out the others: the SDK way takes a minute per 10,000-message scenario), `--profile` (print
 * the top self time of each first run's CPU profile; through the dev server), `--frames` (print
 * each run's frames over 1.5× 60 Hz: when, how long, how much of the reply they showed), `--dev`
 * (the dev server).
 */

// Production React and the SDK's production path, before Vite reads the environment.
process.env.NODE_ENV = "production";

import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type BrowserContext, type CDPSession, type Page } from "playwright-core";
import { build, createServer, preview, type PreviewServer, type ViteDevServer } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { formatMs, table } from "../measure";
import { jsTime, summarizeAreas, summarizeProfile } from "./profile";
import type { TraceResult } from "./trace";
import type { BenchCdpAnswer, BenchCommand, CdpMetrics, Impl, ScenarioName, ScenarioOptions, ScenarioResult } from "./types";
import { findBrowser } from "../../scripts/browser";

const here = import.meta.dirname;
const repo = resolve(here, "../..");
const executablePath = findBrowser() ?? "/usr/bin/chromium";
const args = process.argv.slice(2);
const REPEATS = args.includes("--quick") ? 1 : 3;
const PROFILE = args.includes("--profile");
const FRAMES = args.includes("--frames");
/**
 * `--dev`: serve the page through Vite's dev server (modules unbundled: no build to wait for, but
 * lazy chunks arrive module by module). `--profile` implies it: its tables name source modules.
 */
const DEV = args.includes("--dev") || PROFILE;
/** `--only=flat,mount`: run just those scenarios (for working on one). */
const ONLY = args.find((a) => a.startsWith("--only="))?.slice("--only=".length).split(",");
/** `--impls=parley,naive`: run just those implementations (the ratio table needs the naive list). */
const IMPLS_ONLY = args.find((a) => a.startsWith("--impls="))?.slice("--impls=".length).split(",");
if (IMPLS_ONLY?.some((name) => !["naive", "parley", "sdk", "floor"].includes(name))) {
  console.error(`--impls takes naive, parley, sdk and floor; got ${IMPLS_ONLY.join(",")}`);
  process.exit(2);
}
const TIME_DOMAIN = (process.env.BENCH_TIME_DOMAIN ?? "timeTicks") as "threadTicks" | "timeTicks";
/** A run longer than this is not repeated (its one run is reported, marked †1). */
const REPEAT_BUDGET_MS = 30_000;
const CAP_MS = 60_000;

/** The 5 ms-pace scenarios (text, and a card) are held to the paced targets (dropped frames, first text). */
function isPaced(name: ScenarioName): boolean {
  return name === "paced" || name === "paced500" || name === "paced10k" || name === "card";
}

function isMount(name: ScenarioName): boolean {
  return name === "mount" || name === "mount10k";
}

/** Both flat-out scenarios are held to the flat-out targets (stall and script time). */
function isFlat(name: ScenarioName): boolean {
  return name === "flat" || name === "flat10k" || name === "chunked";
}

interface Scenario {
  name: ScenarioName;
  label: string;
  options: Omit<ScenarioOptions, "impl">;
  /** Mount scenarios: the target for render → last message painted (the brief: 1,000 in 200 ms, 10,000 in 400 ms). */
  mountTargetMs?: number;
  /** A target on script time as a ratio to the naive list's in the same run (issue 27: paced 500 into 1,000, ≤ 0.8×). */
  scriptRatioTarget?: number;
  /** Held to no dropped frame (< 0.5 %) though flat out (issue 27: 2,000 deltas flat out into 10,000). */
  droppedTarget?: boolean;
}

const SCENARIOS: Scenario[] = [
  {
    name: "flat",
    label: "2,000 deltas flat out (delayMs 0) into 1,000 msgs",
    options: { messages: 1_000, deltas: 2_000, paceMs: 0, capMs: CAP_MS },
  },
  {
    // Issue 27, point 3: "flat out into 10,000 messages with no dropped frame".
    name: "flat10k",
    label: "2,000 deltas flat out, 50 per task (as network reads arrive), into 10,000 msgs",
    options: { messages: 10_000, deltas: 2_000, paceMs: 0, chunk: 50, capMs: CAP_MS },
    droppedTarget: true,
  },
  {
    name: "chunked",
    label: "2,000 deltas flat out, 50 per task (as network reads arrive), into 1,000 msgs",
    options: { messages: 1_000, deltas: 2_000, paceMs: 0, chunk: 50, capMs: CAP_MS },
  },
  {
    name: "paced",
    label: "2,000 deltas, one per 5 ms, into 1,000 msgs",
    options: { messages: 1_000, deltas: 2_000, paceMs: 5, capMs: CAP_MS },
  },
  {
    // Issue 27, point 2: paced streaming at most 0.8× the naive list's script.
    name: "paced500",
    label: "500 deltas, one per 5 ms, into 1,000 msgs",
    options: { messages: 1_000, deltas: 500, paceMs: 5, capMs: CAP_MS },
    scriptRatioTarget: 0.8,
  },
  {
    // "A 10,000-message thread … streams with no dropped frames."
    name: "paced10k",
    label: "2,000 deltas, one per 5 ms, into 10,000 msgs",
    options: { messages: 10_000, deltas: 2_000, paceMs: 5, capMs: CAP_MS },
  },
  {
    // "Interaction cards stream as smoothly as text": the same reply, as a question's card.
    name: "card",
    label: "a parley_advise card, its 2,000 argument deltas one per 5 ms, into 1,000 msgs (Parley only)",
    options: { messages: 1_000, deltas: 2_000, paceMs: 5, card: true, capMs: CAP_MS },
  },
  {
    name: "mount",
    label: "mount a 1,000-message thread",
    options: { messages: 1_000, deltas: 0, paceMs: 0, capMs: CAP_MS },
    mountTargetMs: 200,
  },
  {
    name: "mount10k",
    label: "mount a 10,000-message thread",
    options: { messages: 10_000, deltas: 0, paceMs: 0, capMs: CAP_MS },
    mountTargetMs: 400,
  },
];
const IMPLS: { impl: Impl; label: string }[] = [
  { impl: "naive", label: "naive list (events → useState, every message)" },
  { impl: "parley", label: "Parley (store + Thread)" },
  { impl: "sdk", label: "SDK way (runAgent → setState list)" },
  { impl: "floor", label: "floor: the naive list showing only its last 12 messages" },
];

// ---- server and browser -----------------------------------------------------------------------

const cacheDir = mkdtempSync(join(tmpdir(), "parley-bench-vite-"));
const outDir = mkdtempSync(join(tmpdir(), "parley-bench-build-"));
const userDataDir = mkdtempSync(join(tmpdir(), "parley-chromium-"));
let server: ViteDevServer | PreviewServer | undefined;
let context: BrowserContext | undefined;

async function cleanup(): Promise<void> {
  await context?.close().catch(() => undefined);
  await server?.close().catch(() => undefined);
  rmSync(userDataDir, { recursive: true, force: true });
  rmSync(cacheDir, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
}
process.on("SIGINT", () => void cleanup().then(() => process.exit(130)));

/**
 * The page as an app ships it: built for production (minified, one file per lazy chunk) and served
 * by `vite preview`; with `--dev`, through Vite's dev server instead.
 */
async function startServer(): Promise<{ server: ViteDevServer | PreviewServer; url: string }> {
  const server = DEV ? await devServer() : await builtPage();
  const url = server.resolvedUrls?.local[0];
  if (!url || !/^http:\/\/127\.0\.0\.1:\d+\/$/.test(url)) throw new Error(`unexpected Vite URL ${url}`);
  return { server, url };
}

async function builtPage(): Promise<PreviewServer> {
  await build({
    configFile: false,
    root: here,
    base: "./",
    mode: "production",
    cacheDir,
    logLevel: "warn",
    plugins: [react(), tailwindcss()],
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: Infinity },
  });
  return preview({ configFile: false, root: here, logLevel: "warn", build: { outDir }, preview: { host: "127.0.0.1", port: 0, strictPort: false, open: false } });
}

async function devServer(): Promise<ViteDevServer> {
  const server = await createServer({
    configFile: false,
    root: here,
    mode: "production",
    cacheDir,
    plugins: [react(), tailwindcss()],
    server: { host: "127.0.0.1", port: 0, strictPort: false, hmr: false, fs: { allow: [repo] } },
    // Everything main.tsx reaches, optimized up front, so no re-optimization reloads the page mid-run.
    optimizeDeps: { entries: [join(here, "index.html")] },
    logLevel: "warn",
    clearScreen: false,
  });
  return server.listen();
}

const METRIC_KEYS = ["ScriptDuration", "TaskDuration", "LayoutDuration", "RecalcStyleDuration"] as const;

async function openPage(url: string): Promise<{ page: Page; cdp: CDPSession; problems: string[]; state: { profile: unknown } }> {
  const page = await (context as BrowserContext).newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`console.${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  const cdp = await (context as BrowserContext).newCDPSession(page);
  await cdp.send("Performance.enable", { timeDomain: TIME_DOMAIN });
  const state = { profile: undefined as unknown };
  const readMetrics = async (): Promise<CdpMetrics> => {
    const { metrics } = await cdp.send("Performance.getMetrics");
    const pick = (name: string) => metrics.find((m) => m.name === name)?.value ?? NaN;
    return Object.fromEntries(METRIC_KEYS.map((k) => [k, pick(k)])) as unknown as CdpMetrics;
  };
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 1000 });
  await page.exposeFunction("__benchCdp", async (command: BenchCommand): Promise<BenchCdpAnswer> => {
    if (command === "gc") {
      await cdp.send("HeapProfiler.collectGarbage");
      return {};
    }
    // The profiler starts before the first reading and stops after the second, so its own start/stop work is outside the window.
    if (command === "start") {
      await cdp.send("Profiler.start");
      return { metrics: await readMetrics() };
    }
    const metrics = await readMetrics();
    const { profile } = await cdp.send("Profiler.stop");
    state.profile = profile;
    return { metrics, jsMs: jsTime(profile) };
  });
  await page.goto(url);
  await page.waitForFunction(() => window.__benchReady === true, undefined, { timeout: 60_000 });
  return { page, cdp, problems, state };
}

/** One run on a fresh page; a page that does not answer within the cap (+ margin) is closed and reported as timed out. */
async function runOnce(url: string, scenario: Scenario, impl: Impl): Promise<{ result: ScenarioResult; problems: string[]; profile?: unknown }> {
  const { page, problems, state } = await openPage(url);
  try {
    const options: ScenarioOptions = { ...scenario.options, impl };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const hung = new Promise<"hung">((resolve) => (timer = setTimeout(() => resolve("hung"), scenario.options.capMs + 90_000)));
    // A page that runs out of memory (the SDK way copies the whole history per event) crashes: reported
    // as crashed, not as an answer; any other error is the bench's own and ends the run.
    const run = page.evaluate(([name, o]) => window.runScenario(name, o), [scenario.name, options] as const).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      if (!/(Target|Page) crashed/i.test(message)) throw error;
      problems.push(`page crashed: ${message}`);
      return "crashed" as const;
    });
    const outcome = await Promise.race([run, hung]);
    clearTimeout(timer);
    if (outcome === "hung" || outcome === "crashed") return { result: { timedOut: true, crashed: outcome === "crashed", elapsedMs: scenario.options.capMs }, problems };
    return { result: outcome, problems, profile: state.profile };
  } finally {
    await page.close({ runBeforeUnload: false }).catch(() => undefined);
  }
}

/** TracePanel with 50,000 events against a plain list of the same rows, each on a fresh page. */
async function traceSection(url: string): Promise<void> {
  const impls = [
    { impl: "panel", label: "TracePanel (virtual)" },
    { impl: "plain", label: "baseline: plain list of every row" },
  ] as const;
  const lines: string[][] = [];
  for (const { impl, label } of impls) {
    const results: TraceResult[] = [];
    for (let i = 0; i < REPEATS; i++) {
      const { page } = await openPage(url);
      try {
        results.push(await page.evaluate((which) => window.runTraceScenario(which, 50_000), impl));
      } finally {
        await page.close({ runBeforeUnload: false }).catch(() => undefined);
      }
      process.stderr.write(`  trace × ${impl} run ${i + 1}: mount ${formatMs(results[i]!.mountMs)}\n`);
    }
    const m = (key: keyof TraceResult) => median(results.map((r) => r[key]));
    lines.push([label, formatMs(m("mountMs")), formatMs(m("scrollMedianFrameMs")), formatMs(m("scrollLongestFrameMs")), pct(m("scrollDroppedPct")), String(Math.round(m("domNodes")))]);
  }
  console.log();
  console.log(`## Trace panel: 50,000 recorded events (median of ${REPEATS} run(s), fresh page each)`);
  console.log();
  console.log(table(["Implementation", "mount → first rows painted", "scroll: median frame", "scroll: longest frame", "scroll: dropped frames", "DOM nodes"], lines, ["l", "r", "r", "r", "r", "r"]));
  console.log();
  console.log(`Scrolling: 1,200 px per frame for 120 frames; dropped = frame intervals over 1.5× the median.`);
}

// ---- figures ----------------------------------------------------------------------------------

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

type NumericKey = { [K in keyof ScenarioResult]-?: ScenarioResult[K] extends number | undefined ? K : never }[keyof ScenarioResult];

function med(results: ScenarioResult[], key: NumericKey): number | undefined {
  const values = results.filter((r) => !r.timedOut).map((r) => r[key]).filter((v): v is number => typeof v === "number" && Number.isFinite(v));
  return values.length ? median(values) : undefined;
}

const ok = (pass: boolean) => (pass ? "✅" : "❌");
const fmt = (ms: number | undefined) => (ms === undefined ? "–" : formatMs(ms));
const pct = (p: number | undefined) => (p === undefined ? "–" : `${p.toFixed(2)} %`);

interface Row {
  scenario: Scenario;
  impl: Impl;
  results: ScenarioResult[];
  problems: string[];
  /** The CPU profile of the first run's measured window. */
  profile?: unknown;
}

/** Paced streams, and Parley flat out where the scenario asks it, are held to < 0.5 % dropped frames. */
function heldToDroppedFrames(row: Row): boolean {
  return isPaced(row.scenario.name) || (row.scenario.droppedTarget === true && row.impl === "parley");
}

function cells(row: Row): { cells: string[]; passed: number; targets: number } {
  const { results, scenario } = row;
  const timedOut = results.length > 0 && results.every((r) => r.timedOut);
  const blank = ["–", "–", "–", "–", "–", "–", "–"];
  let passed = 0;
  let targets = 0;
  const verdict = (value: string, pass: boolean) => {
    targets++;
    if (pass) passed++;
    return `${value} ${ok(pass)}`;
  };
  if (timedOut) {
    const over = results.every((r) => r.crashed) ? "page crashed" : `> ${formatMs(scenario.options.capMs)}`;
    const c = [...blank];
    if (isFlat(scenario.name)) c[0] = verdict(over, false);
    if (heldToDroppedFrames(row)) c[3] = verdict(over, false);
    if (isMount(scenario.name)) c[6] = verdict(over, false);
    // Every target this row is held to is missed, shown or not (flat: gap, script and maybe frames; paced: frames and first text).
    return { cells: c, passed, targets: isFlat(scenario.name) ? (heldToDroppedFrames(row) ? 3 : 2) : isPaced(scenario.name) ? 2 : 1 };
  }
  const c = [...blank];
  const gap = med(results, "longestTextGapMs");
  const textFrames = med(results, "textFrames");
  const script = med(results, "scriptMs");
  const task = med(results, "taskMs");
  const layout = med(results, "layoutMs");
  const cdpScript = med(results, "cdpScriptMs");
  const nodes = med(results, "domNodes");
  if (isFlat(scenario.name) || isPaced(scenario.name)) {
    if (isFlat(scenario.name)) {
      c[0] = `${verdict(fmt(gap), (gap ?? Infinity) <= 50)} (${textFrames ?? "–"} frames)`;
      c[1] = `${verdict(fmt(script), (script ?? Infinity) < 1000)} (all tasks ${fmt(task)}, layout ${fmt(layout)}; CDP ScriptDuration ${fmt(cdpScript)})`;
    } else {
      c[0] = `${fmt(gap)} (${textFrames ?? "–"} frames)`;
      c[1] = `${fmt(script)} (all tasks ${fmt(task)}, layout ${fmt(layout)}; CDP ScriptDuration ${fmt(cdpScript)})`;
    }
    c[2] = nodes === undefined ? "–" : nodes.toLocaleString("en-US");
  }
  if (isFlat(scenario.name) || isPaced(scenario.name)) {
    const dropped = med(results, "droppedPct");
    const value = heldToDroppedFrames(row) ? verdict(pct(dropped), (dropped ?? Infinity) < 0.5) : pct(dropped);
    c[3] = `${value} (longest ${fmt(med(results, "longestFrameMs"))}, median ${fmt(med(results, "medianFrameMs"))}, ${med(results, "frames") ?? "–"} frames)`;
  }
  if (isPaced(scenario.name)) {
    const first = med(results, "firstTextMs");
    c[4] = verdict(fmt(first), (first ?? Infinity) < 50);
  }
  if (isFlat(scenario.name) || isPaced(scenario.name)) c[5] = fmt(med(results, "elapsedMs"));
  if (isMount(scenario.name)) {
    const mount = med(results, "mountMs");
    const target = scenario.mountTargetMs ?? 400;
    c[6] = `${verdict(fmt(mount), (mount ?? Infinity) <= target)} (target ${target} ms)`;
    c[2] = nodes === undefined ? "–" : nodes.toLocaleString("en-US");
  }
  return { cells: c, passed, targets };
}

/** Every figure as a ratio to the naive list's in the same run (issue 27, point 5). */
function ratioSection(rows: Row[]): void {
  const lines: string[][] = [];
  for (const row of rows) {
    if (row.impl === "naive") continue;
    const naive = rows.find((r) => r.impl === "naive" && r.scenario.name === row.scenario.name);
    if (!naive) continue;
    const ratio = (key: NumericKey): number | undefined => {
      const a = med(row.results, key);
      const b = med(naive.results, key);
      return a === undefined || b === undefined || b === 0 ? undefined : a / b;
    };
    const x = (r: number | undefined) => (r === undefined ? "–" : `${r.toFixed(2)}×`);
    const script = ratio("scriptMs");
    const target = row.scenario.scriptRatioTarget;
    const scriptCell = target === undefined || row.impl !== "parley" ? x(script) : `${x(script)} ${ok((script ?? Infinity) <= target)} (≤ ${target}×)`;
    const mount = isMount(row.scenario.name);
    const dropped = med(row.results, "droppedPct");
    const naiveDropped = med(naive.results, "droppedPct");
    lines.push([
      row.scenario.label,
      IMPLS.find((i) => i.impl === row.impl)?.label ?? row.impl,
      mount ? "–" : x(ratio("longestTextGapMs")),
      mount ? `${x(ratio("mountMs"))}${row.impl === "parley" ? ` ${ok((ratio("mountMs") ?? Infinity) <= 1)} (≤ 1×)` : ""}` : x(ratio("elapsedMs")),
      scriptCell,
      mount ? "–" : x(ratio("taskMs")),
      mount ? "–" : `${pct(dropped)} vs ${pct(naiveDropped)}`,
    ]);
  }
  if (!lines.length) return;
  console.log();
  console.log(`## Against the naive list, the same run (ratios of medians: below 1× is cheaper than the naive list)`);
  console.log();
  console.log(
    table(
      ["Scenario", "Implementation", "longest gap between reply-text frames × naive", "stream → full reply (mount: → last message painted) × naive", "script × naive", "all tasks × naive", "dropped frames vs naive's"],
      lines,
      ["l", "l", "r", "r", "r", "r", "r"],
    ),
  );
  console.log();
  console.log(`A page that crashed or hit the cap has no ratio ("–"). Dropped frames are compared as they are, not as a ratio.`);
}

// ---- main -------------------------------------------------------------------------------------

const started = performance.now();
try {
  const serverAndUrl = await startServer();
  server = serverAndUrl.server;
  const { url } = serverAndUrl;
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    viewport: { width: 1200, height: 900 },
  });
  const version = context.browser()?.version() ?? (await context.pages()[0]?.evaluate(() => navigator.userAgent)) ?? "?";
  for (const p of context.pages()) await p.close();

  // Warm-up: the first load optimizes the dependencies and compiles the modules.
  {
    const { page, problems } = await openPage(url);
    await page.close();
    if (problems.length) console.warn(`warm-up page problems:\n  ${problems.join("\n  ")}`);
  }

  console.log(`# Parley in the browser: streaming and mounting, against a naive list, the SDK way and the floor`);
  console.log();
  console.log(
    `Chromium ${version} (headless, --disable-gpu), ${DEV ? "Vite dev server with NODE_ENV=production (production React, the SDK's production path; lazy chunks module by module)" : "the page built for production by Vite (minified, one file per lazy chunk) and served by vite preview"}, ` +
      `Node ${process.version}; ${availableParallelism()} cores, load average at start ${loadavg().map((l) => l.toFixed(1)).join(" / ")}.`,
  );
  console.log(`Each cell: the median of ${REPEATS} run(s), each on a freshly loaded page; 800×700 px chat box; the thread holds 1,000 messages (15–45 words each), or 10,000 where the scenario says so.`);
  console.log();

  const rows: Row[] = [];
  for (const scenario of SCENARIOS.filter((s) => !ONLY || ONLY.includes(s.name))) {
    // Neither the SDK way nor the naive list has interaction cards to compare with.
    for (const { impl } of IMPLS.filter((i) => (scenario.name !== "card" || i.impl === "parley") && (!IMPLS_ONLY || IMPLS_ONLY.includes(i.impl)))) {
      const row: Row = { scenario, impl, results: [], problems: [] };
      for (let i = 0; i < REPEATS; i++) {
        const t = performance.now();
        const { result, problems, profile } = await runOnce(url, scenario, impl);
        row.results.push(result);
        if (i === 0 && profile) row.profile = profile;
        row.problems.push(...problems);
        process.stderr.write(`  ${scenario.name} × ${impl} run ${i + 1}: ${result.timedOut ? "timed out" : formatMs(result.elapsedMs)} (wall ${formatMs(performance.now() - t)})\n`);
        if (FRAMES && result.frameLog?.length) {
          // The frames a 60 Hz display would have dropped one or more of: ms since the first delta, the interval, reply characters shown.
          const long = result.frameLog.filter(([, interval]) => interval > 25).map(([at, interval, len]) => `${at}:${interval}:${len}`);
          process.stderr.write(`    frames over 25 ms (at ms : interval ms : reply chars), ${result.frameLog.length} in all: ${long.join(" ") || "none"}\n`);
        }
        if (result.timedOut || performance.now() - t > REPEAT_BUDGET_MS) break;
      }
      rows.push(row);
    }
  }

  const header = [
    "Scenario",
    "Implementation",
    "longest gap between reply-text frames (≤ 50 ms)",
    "script time during stream (< 1 s)",
    "DOM nodes in thread",
    "dropped frames (< 0.5 %)",
    "first delta → text painted (< 50 ms)",
    "stream → full reply painted",
    "mount → last message painted (1,000: ≤ 200 ms; 10,000: ≤ 400 ms)",
    "targets met",
  ];
  const lines = rows.map((row) => {
    const { cells: c, passed, targets } = cells(row);
    const runs = row.results.length < REPEATS ? ` †${row.results.length}` : "";
    return [row.scenario.label, (IMPLS.find((i) => i.impl === row.impl)?.label ?? row.impl) + runs, ...c, targets ? `${passed}/${targets}` : "–"];
  });
  console.log(table(header, lines, ["l", "l", "r", "r", "r", "r", "r", "r", "r", "r"]));
  console.log();
  console.log(
    `Targets are checked only where the brief sets them (flat out: gap and script time, and for Parley flat out into 10,000 no dropped frame; 5 ms pace: dropped frames and first text, and for Parley's 500 deltas a script at most 0.8× the naive list's, in the second table; mount: 200 ms for 1,000 messages, 400 ms for 10,000, and for Parley at most the naive list's, in the second table); ` +
      `other cells are for context. "frames" after the gap = frames in which the reply text changed. Script time: JS + GC in a CDP CPU profile (1 ms sampling) of the measured window, from the ` +
      `last frame before the run to two frames after the full reply was painted; all tasks / layout: CDP Performance.getMetrics TaskDuration / LayoutDuration over the same window ` +
      `(its ScriptDuration, shown for reference, leaves out promise jobs, so it misses nearly all of the SDK pipeline's work). ` +
      `Gaps are measured between paints (the task after each frame's rendering), the run's start counting as the first. ` +
      `Dropped frames: the frames a 60 Hz display (or the median interval, if shorter) would have shown that did not come, as a share of all it would have shown, from the first delta to the frame with the full reply (an interval of 50 ms is 2 dropped of 3).` +
      (rows.some((r) => r.results.length < REPEATS) ? ` † n: only n run(s) — the first took over ${REPEAT_BUDGET_MS / 1000} s (or hit the ${CAP_MS / 1000} s cap).` : ""),
  );
  ratioSection(rows);
  const allProblems = rows.flatMap((r) => r.problems.map((p) => `${r.scenario.name} × ${r.impl}: ${p}`));
  if (allProblems.length) {
    console.log();
    console.log(`Page problems (console errors/warnings):`);
    for (const p of [...new Set(allProblems)].slice(0, 20)) console.log(`- ${p.slice(0, 300)}`);
  }

  if (!ONLY || ONLY.includes("trace")) await traceSection(url);

  if (PROFILE) {
    for (const row of rows) {
      if (!row.profile) continue;
      console.log();
      console.log(`## CPU profile: ${row.impl}, ${row.scenario.label} (first run, measured window, top self time)`);
      console.log();
      console.log(summarizeAreas(row.profile));
      console.log();
      console.log(summarizeProfile(row.profile));
    }
  }

  console.log();
  const endLoad = loadavg()[0] as number;
  console.log(
    `Load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(" / ")}` +
      (endLoad > availableParallelism() ? ` — over ${availableParallelism()}: other processes competed for the CPU, so times are inflated (compare rows within a run).` : ".") +
      ` Total ${formatMs(performance.now() - started)}.`,
  );
} finally {
  await cleanup();
}

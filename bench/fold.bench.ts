/**
 * Parley's fold against the JSON.parse floor and `@ag-ui/client`'s `defaultApplyEvents`.
 *
 *   npm run bench        (node --expose-gc --import tsx bench/fold.bench.ts)
 *
 * Prints two markdown tables (throughput per scenario, and scaling of scenario (ii)) and a verdict
 * per scenario: does Parley folding the whole stream, and folding it in 64-event bursts, keep up with
 * merely parsing the SSE frames? (Both ratios are per-round medians: see `measureRound`.)
 */

// The SDK clones and deep-freezes on every event in development/test mode; we compare against
// production behaviour, so this must be set before anything imports `@ag-ui/client`.
process.env.NODE_ENV = "production";

import { availableParallelism, loadavg } from "node:os";
import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import type { ThreadState } from "../src/core/fold";
import type { Measurement } from "./measure";
import type { Scenario, SdkResult } from "./scenarios";

const { cell, formatMs, gc, measure, measureRound, table } = await import("./measure");
const { parseSse, stateScenario, textScenario, toSse, toolScenario } = await import("./scenarios");
const { createThreadState, foldEvent, foldEvents } = await import("../src/core/fold");
const { defaultApplyEvents } = await import("@ag-ui/client");
const { ScriptedAgent } = await import("../src/testing");
const { from } = await import("rxjs");

const BURST = 64;
const REPEATS = 5;
/** Rounds of floor / bursts / whole stream run back to back (see `measureRound`); their ratios are per round. */
const ROUNDS = 15;
/** An SDK run slower than this is run once, and that run is the measurement, instead of {@link REPEATS}. */
const SDK_BUDGET_MS = 3_000;

if (typeof globalThis.gc !== "function") {
  console.warn("warning: run with --expose-gc (npm run bench does) so runs do not pay for each other's garbage");
}

// ---- the contestants ------------------------------------------------------------------------

function splitBursts<T>(events: readonly T[], size: number): T[][] {
  const bursts: T[][] = [];
  for (let i = 0; i < events.length; i += size) bursts.push(events.slice(i, i + size));
  return bursts;
}

/** How the store applies a stream: one `foldEvents` per frame's worth of events, threading the state. */
function foldInBursts(bursts: readonly BaseEvent[][]): ThreadState {
  let thread = createThreadState();
  for (const burst of bursts) thread = foldEvents(thread, burst);
  return thread;
}

function foldOneByOne(events: readonly BaseEvent[]): ThreadState {
  let thread = createThreadState();
  for (const event of events) thread = foldEvent(thread, event);
  return thread;
}

const sdkInput: RunAgentInput = {
  threadId: "t1",
  runId: "r1",
  state: {},
  messages: [],
  tools: [],
  context: [],
  forwardedProps: {},
};

/** `defaultApplyEvents` with no subscribers, run to completion; keeps the last messages and state it emitted. */
function runSdk(events: readonly BaseEvent[]): Promise<SdkResult> {
  return new Promise((resolve, reject) => {
    const last: SdkResult = {};
    const agent = new ScriptedAgent({ script: [] });
    defaultApplyEvents(sdkInput, from(events), agent, []).subscribe({
      next: (mutation) => {
        if (mutation.messages !== undefined) last.messages = mutation.messages;
        if (mutation.state !== undefined) last.state = mutation.state;
      },
      error: reject,
      complete: () => resolve(last),
    });
  });
}

interface Result {
  events: number;
  floor: Measurement;
  burst: Measurement;
  whole: Measurement;
  /** Median over rounds of floor time / burst time, and of floor time / whole-stream time. */
  burstRatio: number;
  wholeRatio: number;
  single?: Measurement;
  sdk: Measurement;
}

async function run(scenario: Scenario, withSingle: boolean): Promise<Result> {
  const { events } = scenario;
  const sse = toSse(events);
  const bursts = splitBursts(events, BURST);
  const checkParley = (thread: ThreadState) => scenario.checkParley(thread);

  const round = await measureRound(
    [() => parseSse(sse), () => foldInBursts(bursts), () => foldEvents(createThreadState(), events)],
    {
      repeats: ROUNDS,
      check: (index, result) => {
        if (index === 0) {
          const parsed = result as unknown[];
          if (parsed.length !== events.length) throw new Error(`parsed ${parsed.length} frames, expected ${events.length}`);
        } else checkParley(result as ThreadState);
      },
    },
  );
  const [floor, burst, whole] = round.each as [Measurement, Measurement, Measurement];
  const [, burstRatio, wholeRatio] = round.ratios as [number, number, number];
  const single = withSingle ? await measure(() => foldOneByOne(events), { check: checkParley }) : undefined;
  const sdk = await measure(() => runSdk(events), {
    budgetMs: SDK_BUDGET_MS,
    check: (result) => scenario.checkSdk(result),
  });
  gc();
  return { events: events.length, floor, burst, whole, burstRatio, wholeRatio, single, sdk };
}

// ---- table 1: throughput --------------------------------------------------------------------

const started = performance.now();
console.log(`# Parley fold benchmark`);
console.log();
console.log(
  `Node ${process.version}, ${process.platform}/${process.arch}, NODE_ENV=${process.env.NODE_ENV} ` +
    `(the SDK's production path: no dev-mode clone/freeze), gc between runs: ${typeof globalThis.gc === "function"}.`,
);
const cores = availableParallelism();
const load = () => loadavg().map((l) => l.toFixed(1)).join(" / ");
console.log(`${cores} cores; load average (1/5/15 min) at start: ${load()}.`);
console.log(
  `Each cell: events/second (median wall time after a warm-up). The floor and both foldEvents columns run in ` +
    `${ROUNDS} rounds, the three back to back in each round (two untimed runs and a minor GC before each timed one, ` +
    `no full GC: it discards optimized code, and the fold then read 2–4× slower in some processes than in others); ` +
    `the two ratio columns are the median of the per-round ratios, so a slow moment of the machine falls on both sides. ` +
    `The other columns: medians of ${REPEATS} runs, a full GC before each.`,
);
console.log();

const scenarios: Scenario[] = [
  textScenario("(i) 1 msg × 20,000 deltas (4 chars)", 1, 20_000),
  textScenario("(ii) 500 msgs × 20 deltas", 500, 20),
  toolScenario("(iii) 200 tool calls × 50 ARGS", 200, 50),
  stateScenario("(iv) 2,000 STATE_DELTA (1 op) on 1,000-key state", 1_000, 2_000),
];

const results = new Map<Scenario, Result>();
for (const scenario of scenarios) results.set(scenario, await run(scenario, true));

const rows = scenarios.map((scenario) => {
  const r = results.get(scenario) as Result;
  return [
    scenario.name,
    r.events.toLocaleString("en-US"),
    cell(r.events, r.floor, ROUNDS),
    `**${cell(r.events, r.burst, ROUNDS)}**`,
    cell(r.events, r.whole, ROUNDS),
    r.single ? cell(r.events, r.single) : "–",
    cell(r.events, r.sdk, REPEATS),
    `${r.burstRatio.toFixed(2)}×`,
    `${r.wholeRatio.toFixed(2)}×`,
  ];
});
console.log(
  table(
    ["Scenario", "events", "JSON.parse floor", `Parley foldEvents, ${BURST}-event bursts`, "Parley foldEvents, whole stream",
      "Parley foldEvent, 1 at a time", "SDK defaultApplyEvents", `Parley(${BURST}) / floor`, "Parley(whole) / floor"],
    rows,
    ["l", "r", "r", "r", "r", "r", "r", "r", "r"],
  ),
);
const anyShort = [...results.values()].some((r) => r.sdk.runs < REPEATS);
if (anyShort) {
  console.log();
  console.log(`† n: the SDK took over ${SDK_BUDGET_MS / 1000} s there, so the time is that single run (its code already warm from the scenarios before), not a median of ${REPEATS}.`);
}
console.log();
for (const scenario of scenarios) {
  const r = results.get(scenario) as Result;
  const verdict = (ratio: number) => (ratio >= 1 ? "meets" : "misses");
  console.log(
    `verdict ${scenario.name}: whole stream ${verdict(r.wholeRatio)} the JSON.parse floor (${r.wholeRatio.toFixed(2)}×), ` +
      `${BURST}-event bursts ${verdict(r.burstRatio)} it (${r.burstRatio.toFixed(2)}×: ${formatMs(r.burst.ms)} vs ${formatMs(r.floor.ms)}); ` +
      `${(r.sdk.ms / r.burst.ms).toFixed(0)}× faster than the SDK`,
  );
}

// ---- what a reader of the state adds ----------------------------------------------------------

/**
 * The fold keeps a large state root in a table and builds the plain object on first read, once per
 * version: the bursts above read the state once, at the end. A `useAgentState` subscriber reads it
 * after every burst (at most once a frame in the store), so this line is what the same bursts cost
 * with such a reader, beside the same floor.
 */
function foldInBurstsReadingState(bursts: readonly BaseEvent[][]): ThreadState {
  let thread = createThreadState();
  for (const burst of bursts) {
    thread = foldEvents(thread, burst);
    void (thread.state as Record<string, unknown>).key0;
  }
  return thread;
}

{
  const scenario = scenarios[3] as Scenario;
  const sse = toSse(scenario.events);
  const bursts = splitBursts(scenario.events, BURST);
  const round = await measureRound([() => parseSse(sse), () => foldInBurstsReadingState(bursts)], {
    repeats: ROUNDS,
    check: (index, result) => void (index === 1 && scenario.checkParley(result as ThreadState)),
  });
  const [floor, read] = round.each as [Measurement, Measurement];
  console.log();
  console.log(
    `${scenario.name}, ${BURST}-event bursts with \`thread.state\` read after every burst (as a useAgentState subscriber would, ` +
      `at most once a frame): ${formatMs(read.ms)} vs the floor's ${formatMs(floor.ms)}, ${(round.ratios[1] as number).toFixed(2)}×.`,
  );
  gc();
}

// ---- table 2: scaling of scenario (ii) ------------------------------------------------------

console.log();
console.log(`## Scaling: scenario (ii) with 250, 500 and 1,000 messages of 20 deltas`);
console.log();
console.log(`Time per whole stream; in brackets, the ratio to 250 messages (linear growth: 2× and 4×; quadratic: 4× and 16×).`);
console.log();

const scaling: { messages: number; result: Result }[] = [];
for (const messages of [250, 500, 1_000]) {
  const reuse = messages === 500 ? results.get(scenarios[1] as Scenario) : undefined;
  const result = reuse ?? (await run(textScenario(`(ii) ${messages} msgs × 20 deltas`, messages, 20), false));
  scaling.push({ messages, result });
}
const base = (scaling[0] as { result: Result }).result;
const scaled = (m: Measurement, b: Measurement, repeats = REPEATS) =>
  `${formatMs(m.ms)} (${(m.ms / b.ms).toFixed(1)}×)${m.runs < repeats ? ` †${m.runs}` : ""}`;
console.log(
  table(
    ["messages", "events", `Parley ${BURST}-event bursts`, "Parley whole stream", "SDK defaultApplyEvents"],
    scaling.map(({ messages, result }) => [
      messages.toLocaleString("en-US"),
      result.events.toLocaleString("en-US"),
      scaled(result.burst, base.burst),
      scaled(result.whole, base.whole),
      scaled(result.sdk, base.sdk),
    ]),
    ["r", "r", "r", "r", "r"],
  ),
);
console.log();
console.log(`(The 500-message row is scenario (ii) of the first table. † n: a single SDK run, as it took over ${SDK_BUDGET_MS / 1000} s.)`);
console.log();
const endLoad = loadavg()[0] as number;
console.log(
  `Load average at the end: ${load()}` +
    (endLoad > cores ? ` — over ${cores}: other processes competed for the CPU, so wall times are inflated (compare columns within a run).` : "."),
);
console.log(`Every result was checked (messages, content, tool-call args, state values, errors.length === 0). Total ${formatMs(performance.now() - started)}.`);

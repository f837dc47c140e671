/**
 * "The page stays responsive" under a hostile agent (issue 21), each figure beside a baseline of
 * the same size measured in the same run:
 *
 *   npm run bench:hostile        (node --expose-gc --import tsx bench/hostile.bench.ts)
 *
 * - 20,000 tool calls in one run, folded in 64-event bursts as the store does, against 20,000
 *   text messages of the same event count: the whole fold, and the longest burst (the longest
 *   task the fold puts on the main thread).
 * - A state nested 10,000 levels, a 1,000,000-key state with one-key deltas, against a 1,000-key
 *   state with the same deltas: the fold refuses the first two at the door.
 * - A form whose field pattern is `^(a+)+$`, validated on Submit against 34 a's and a `!` (the
 *   browser's engine: > 10 s; skipped past a budget), against `^\d{5}$` on a postcode.
 *
 * The longest burst is the main-thread task a frame would wait for; the verdict is whether it
 * stays under a 50 ms "long task".
 */
process.env.NODE_ENV = "production";

import { availableParallelism, loadavg } from "node:os";
import type { ThreadState } from "../src/core/fold";

const { formatMs, gc, table } = await import("./measure");
const { createThreadState, foldEvents } = await import("../src/core/fold");
const { validateValues } = await import("../src/core/forms/schemaValidation");
const { formEn } = await import("../src/i18n/formLabels");

const BURST = 64;
const LONG_TASK_MS = 50;

interface Figure {
  totalMs: number;
  longestMs: number;
  errors: number;
}

/** Folds `events` in bursts, as the store does per frame: the whole time and the longest burst. */
function foldTimed(events: readonly unknown[], start: ThreadState = createThreadState()): Figure {
  gc();
  let thread = start;
  let longest = 0;
  const begin = performance.now();
  for (let i = 0; i < events.length; i += BURST) {
    const t = performance.now();
    thread = foldEvents(thread, events.slice(i, i + BURST));
    longest = Math.max(longest, performance.now() - t);
  }
  return { totalMs: performance.now() - begin, longestMs: longest, errors: thread.errorCount };
}

const run = (body: unknown[]): unknown[] => [{ type: "RUN_STARTED", threadId: "t", runId: "r" }, ...body, { type: "RUN_FINISHED", threadId: "t", runId: "r" }];

function toolCalls(n: number, parallel: boolean): unknown[] {
  const body: unknown[] = parallel ? [{ type: "TEXT_MESSAGE_START", messageId: "owner", role: "assistant" }, { type: "TEXT_MESSAGE_END", messageId: "owner" }] : [];
  for (let i = 0; i < n; i++) {
    body.push({ type: "TOOL_CALL_START", toolCallId: `c${i}`, toolCallName: "lookup", ...(parallel ? { parentMessageId: "owner" } : {}) }, { type: "TOOL_CALL_ARGS", toolCallId: `c${i}`, delta: `{"q":${i}}` }, { type: "TOOL_CALL_END", toolCallId: `c${i}` });
    if (!parallel) body.push({ type: "TOOL_CALL_RESULT", messageId: `r${i}`, toolCallId: `c${i}`, content: "ok" });
  }
  if (parallel) for (let i = 0; i < n; i++) body.push({ type: "TOOL_CALL_RESULT", messageId: `r${i}`, toolCallId: `c${i}`, content: "ok" });
  return run(body);
}

/** The baseline: text messages, the same number of events and of messages as `toolCalls(n, false)`. */
function textMessages(n: number): unknown[] {
  const body: unknown[] = [];
  for (let i = 0; i < n; i++) {
    body.push({ type: "TEXT_MESSAGE_START", messageId: `m${i}`, role: "assistant" }, { type: "TEXT_MESSAGE_CONTENT", messageId: `m${i}`, delta: "{}" }, { type: "TEXT_MESSAGE_END", messageId: `m${i}` });
    body.push({ type: "TEXT_MESSAGE_START", messageId: `n${i}`, role: "assistant" });
  }
  return run(body);
}

function stateRun(snapshot: unknown, deltas: number, key: (i: number) => string): unknown[] {
  const body: unknown[] = [{ type: "STATE_SNAPSHOT", snapshot }];
  for (let i = 0; i < deltas; i++) body.push({ type: "STATE_DELTA", delta: [{ op: "replace", path: `/${key(i)}`, value: i }] });
  return run(body);
}

const wide = (keys: number) => Object.fromEntries(Array.from({ length: keys }, (_, i) => [`k${i}`, i]));
const deep = (levels: number) => {
  let value: unknown = { leaf: 1 };
  for (let i = 0; i < levels; i++) value = { n: value };
  return value;
};

const rows: string[][] = [];
const verdicts: string[] = [];
function row(name: string, hostile: Figure, baseline: Figure, baselineName: string): void {
  rows.push([name, formatMs(hostile.totalMs), formatMs(hostile.longestMs), String(hostile.errors), baselineName, formatMs(baseline.totalMs), formatMs(baseline.longestMs), `${(hostile.totalMs / baseline.totalMs).toFixed(2)}×`]);
  verdicts.push(`${name}: longest task ${formatMs(hostile.longestMs)} (${hostile.longestMs < LONG_TASK_MS ? "under" : "OVER"} ${LONG_TASK_MS} ms), ${(hostile.totalMs / baseline.totalMs).toFixed(2)}× the baseline's time`);
}

console.log(`# The page stays responsive: hostile workloads beside a baseline`);
console.log();
console.log(`Node ${process.version}; ${availableParallelism()} cores; load average at start ${loadavg().map((l) => l.toFixed(1)).join(" / ")}. Bursts of ${BURST} events, as the store folds a frame's worth.`);
console.log();

// Warm the fold up once, so neither column pays for the JIT.
foldTimed(toolCalls(2_000, false));
foldTimed(textMessages(2_000));

row("20,000 tool calls, each with its result", foldTimed(toolCalls(20_000, false)), foldTimed(textMessages(20_000)), "20,000 × 2 text messages");
row("20,000 parallel tool calls, then their results", foldTimed(toolCalls(20_000, true)), foldTimed(textMessages(20_000)), "20,000 × 2 text messages");

const baseState = foldTimed(stateRun(wide(1_000), 2_000, (i) => `k${i % 1_000}`));
row("1,000,000-key state, 2,000 one-key deltas (refused at the door)", foldTimed(stateRun(wide(1_000_000), 2_000, (i) => `k${i % 1_000}`)), baseState, "1,000-key state, same deltas");
row("10,000-key state (the limit), 2,000 one-key deltas", foldTimed(stateRun(wide(10_000), 2_000, (i) => `k${i % 1_000}`)), baseState, "1,000-key state, same deltas");
row("state nested 10,000 levels, then 2,000 deltas", foldTimed(stateRun(deep(10_000), 2_000, () => "n")), baseState, "1,000-key state, same deltas");

/** One Submit's validation: the longest task it puts on the main thread. */
function validateTimed(schema: unknown, values: Record<string, unknown>): Figure {
  validateValues(schema, values, formEn);
  const t = performance.now();
  const errors = Object.keys(validateValues(schema, values, formEn)).length;
  const ms = performance.now() - t;
  return { totalMs: ms, longestMs: ms, errors };
}
const formOf = (pattern: string) => ({ type: "object", properties: { code: { type: "string", pattern } } });
const hostileForm = validateTimed(formOf("^(a+)+$"), { code: `${"a".repeat(34)}!` });
const postcode = validateTimed(formOf("^\\d{5}$"), { code: "75011" });
row("form pattern ^(a+)+$ on 34 a's and !, on Submit", hostileForm, postcode, "^\\d{5}$ on a postcode");
const longInput = validateTimed(formOf("^(a|a)*$"), { code: `${"a".repeat(9_999)}!` });
row("form pattern ^(a|a)*$ on 10,000 characters", longInput, postcode, "^\\d{5}$ on a postcode");

// The native engine on the same hostile pattern, for scale (capped: it grows ×2 per character).
const native = new RegExp("^(a+)+$", "u");
native.test(`${"a".repeat(16)}!`);
const nativeRows: string[][] = [];
for (const n of [20, 22, 24]) {
  const t = performance.now();
  native.test(`${"a".repeat(n)}!`);
  nativeRows.push([String(n), formatMs(performance.now() - t)]);
}

console.log(table(["Hostile workload", "fold / validate", "longest task", "errors (refusals)", "Baseline", "baseline time", "baseline longest task", "hostile / baseline"], rows, ["l", "r", "r", "r", "l", "r", "r", "r"]));
console.log();
for (const verdict of verdicts) console.log(`verdict ${verdict}`);
console.log();
console.log(`For scale, the browser's own engine on ^(a+)+$ (what the form ran before): it doubles with each character, so 34 a's is ~2^10 × the last row (about 3 minutes here).`);
console.log();
console.log(table(["a's then !", "native RegExp.test"], nativeRows, ["r", "r"]));
console.log();
console.log(`Load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(" / ")}.`);

/**
 * What the trace panel's model costs per frame while a stream goes on into a long trace: 64 new
 * events a frame on top of 10,000 / 50,000 / 100,000 recorded ones. "rebuild" is the model made
 * again from every recorded event (what the panel did each frame); "incremental" folds in only the
 * new events (`createTraceBuilder`). Both read the recorder's events as the panel does.
 *
 *   node --import tsx bench/trace-model.ts
 */
import { availableParallelism, loadavg } from "node:os";
import { EventType } from "@ag-ui/core";
import { formatMs, table } from "./measure";
import { createTraceBuilder, traceModel } from "../src/components/panels/traceModel";
import { createEventRecorder } from "../src/store/eventRecorder";

const BURST = 64;
const FRAMES = 60;

function event(i: number): unknown {
  if (i % 400 === 0) return { type: EventType.RUN_STARTED, threadId: "t", runId: `r${i}` };
  if (i % 400 === 399) return { type: EventType.RUN_FINISHED, threadId: "t", runId: `r${i - 399}` };
  if (i % 50 === 0) return { type: EventType.TOOL_CALL_START, toolCallId: `t${i}`, toolCallName: "search" };
  if (i % 50 === 1) return { type: EventType.TOOL_CALL_END, toolCallId: `t${i - 1}` };
  return { type: EventType.TEXT_MESSAGE_CONTENT, messageId: `m${i}`, delta: "token " };
}

/** Median ms per frame of `FRAMES` frames: record a burst, then compute the model the panel shows. */
function perFrame(recorded: number, model: (events: ReturnType<ReturnType<typeof createEventRecorder>["events"]>) => unknown): number {
  const recorder = createEventRecorder();
  recorder.record(Array.from({ length: recorded }, (_, i) => event(i)), 0, 0);
  model(recorder.events());
  let next = recorded;
  const times: number[] = [];
  for (let f = 0; f < FRAMES; f++) {
    recorder.record(Array.from({ length: BURST }, () => event(next++)), next - BURST, f);
    const start = performance.now();
    model(recorder.events());
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[times.length >> 1] as number;
}

console.log(`# Trace model per frame (${BURST} new events a frame, median of ${FRAMES} frames)`);
console.log();
console.log(`Node ${process.version}; ${availableParallelism()} cores; load average at start ${loadavg().map((l) => l.toFixed(1)).join(" / ")}.`);
console.log();
const rows: string[][] = [];
for (const recorded of [10_000, 50_000, 100_000]) {
  const rebuild = perFrame(recorded, (events) => traceModel(events));
  const builder = createTraceBuilder();
  const incremental = perFrame(recorded, (events) => builder.update(events));
  rows.push([recorded.toLocaleString("en-US"), formatMs(rebuild), formatMs(incremental), `${(rebuild / incremental).toFixed(0)}×`]);
}
console.log(table(["events recorded", "rebuild every frame", "incremental (createTraceBuilder)", "speed-up"], rows, ["r", "r", "r", "r"]));
console.log();
console.log(`Load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(" / ")}.`);

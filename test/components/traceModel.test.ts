import { EventType } from "@ag-ui/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createTraceBuilder, traceModel, type TraceModel } from "../../src/components/panels/traceModel";
import { createEventRecorder, type RecordedEvent } from "../../src/store/eventRecorder";
import { randomValidStream } from "../support/randomStream";

/** Runs, steps, tool calls and sub-agents nested and left open, usage, junk: what a trace must survive. */
const EXTRA: unknown[] = [
  { type: EventType.STEP_STARTED, stepName: "plan" },
  { type: EventType.SUBAGENT_STARTED, subagentRunId: "s1", name: "mail_agent" },
  { type: EventType.TOOL_CALL_START, toolCallId: "x1", toolCallName: "send" },
  { type: EventType.CUSTOM, name: "usage", value: { input_tokens: 3, output_tokens: 4 } },
  { type: EventType.SUBAGENT_FINISHED, subagentRunId: "s1" },
  { type: EventType.STEP_FINISHED, stepName: "plan" },
  { type: EventType.RUN_ERROR, message: "boom" },
  { type: EventType.RUN_FINISHED, threadId: "t", runId: "r", usage: [{ inputTokens: 10, outputTokens: 2 }] },
  { noType: true },
  null,
  "junk",
];

/** A stream of `seed`: three valid streams with extra events spliced in at random places. */
function stream(seed: number): unknown[] {
  const events: unknown[] = [...randomValidStream(seed), ...randomValidStream(seed + 1), ...randomValidStream(seed + 2)];
  let x = seed;
  for (const extra of EXTRA) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    events.splice(x % (events.length + 1), 0, extra);
  }
  return events;
}

/** What the panel reads: rows (record, type, depth, label, span), runs and types, as plain data. */
const plain = (model: TraceModel) => JSON.parse(JSON.stringify(model)) as unknown;

/** Records `events` in bursts of the given sizes, updating a builder after each, like the panel. */
function live(events: unknown[], bursts: number[], limit: number): { builder: TraceModel; records: readonly RecordedEvent[] } {
  const recorder = createEventRecorder({ limit });
  const builder = createTraceBuilder();
  let model = builder.update(recorder.events());
  let at = 0;
  let i = 0;
  for (let b = 0; i < events.length; b++) {
    const size = Math.max(1, bursts[b % bursts.length] as number);
    recorder.record(events.slice(i, i + size), i, (at += 16));
    i += size;
    model = builder.update(recorder.events());
    // The same array again (a re-render) changes nothing.
    expect(builder.update(recorder.events())).toBe(model);
  }
  return { builder: model, records: recorder.events() };
}

describe("createTraceBuilder", () => {
  it("folding events in as they arrive gives the model of all of them at once", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 6 }), (seed, bursts) => {
        const events = stream(seed);
        const { builder, records } = live(events, bursts, 100_000);
        expect(plain(builder)).toEqual(plain(traceModel(records)));
      }),
      { numRuns: 200 },
    );
  });

  // A burst the ring cannot hold (more new events than `limit`) loses events the builder never
  // saw, so it starts over; bursts here stay under the ring's size, as frames do under 100,000.
  it("with a ring that lets old events go, gives the whole stream's rows for the events kept", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 6 }), fc.integer({ min: 41, max: 120 }), (seed, bursts, limit) => {
        const events = stream(seed);
        const { builder, records } = live(events, bursts, limit);
        const whole = traceModel(live(events, bursts, 100_000).records);
        const kept = new Set(records.map((r) => r.index));
        const rows = whole.rows.filter((row) => kept.has(row.record.index));
        expect(plain(builder)).toEqual(
          plain({
            rows,
            runs: rows.flatMap((row) => (row.span?.kind === "run" ? [row.span] : [])),
            types: [...new Set(rows.map((row) => row.type))].sort(),
          }),
        );
      }),
      { numRuns: 200 },
    );
  });

  it("starts over when the log is cleared", () => {
    const recorder = createEventRecorder();
    const builder = createTraceBuilder();
    recorder.record(stream(7), 0, 1);
    expect(builder.update(recorder.events()).rows.length).toBeGreaterThan(0);
    recorder.clear();
    expect(builder.update(recorder.events())).toEqual({ rows: [], runs: [], types: [] });
    recorder.record([{ type: EventType.RUN_STARTED, threadId: "t", runId: "r9" }], 0, 2);
    expect(plain(builder.update(recorder.events()))).toEqual(plain(traceModel(recorder.events())));
  });

  it("folds 1,000 new events into a 50,000-event trace without walking the old ones", () => {
    const recorder = createEventRecorder();
    const builder = createTraceBuilder();
    const token = { type: EventType.TEXT_MESSAGE_CONTENT, messageId: "m", delta: "x" };
    recorder.record(Array.from({ length: 50_000 }, () => token), 0, 1);
    const before = builder.update(recorder.events());
    recorder.record(Array.from({ length: 1_000 }, () => token), 50_000, 2);
    const after = builder.update(recorder.events());
    expect(after.rows).toHaveLength(51_000);
    // The rows already built are the same objects: nothing was rebuilt.
    expect(after.rows[0]).toBe(before.rows[0]);
    expect(after.rows[49_999]).toBe(before.rows[49_999]);
  });
});

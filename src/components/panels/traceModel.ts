import type { RecordedEvent } from "../../store/eventRecorder";

/** What a span of the trace is: a run, a step in it, a tool call, a sub-agent's run. */
export type SpanKind = "run" | "step" | "tool" | "subagent";

/** One row of the trace: an event, how deep it sits in the tree, and the span it opens, if any. */
export interface TraceRow {
  record: RecordedEvent;
  type: string;
  /** Runs → steps → tool calls → sub-agents: how many spans are open around this event. */
  depth: number;
  /** The name, id or text that tells this event apart ("search_trains", "r1"). */
  label: string;
  /** Set on an event that opens a span; `end` stays undefined while the span is open. */
  span?: TraceSpan;
}

export interface TraceSpan {
  kind: SpanKind;
  name: string;
  start: number;
  end?: number;
  /** Token usage (`RUN_FINISHED.usage`, or a `CUSTOM usage` event inside the run). */
  usage?: { input: number; output: number };
  failed?: boolean;
}

export interface TraceModel {
  rows: TraceRow[];
  runs: TraceSpan[];
  types: string[];
}

type Loose = Record<string, unknown>;
const text = (value: unknown) => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "");

/** Sums `[{ inputTokens, outputTokens }]` (AG-UI `TokenUsage[]`) or one `{ inputTokens | input_tokens, … }`. */
function usageOf(value: unknown): { input: number; output: number } | undefined {
  const list = Array.isArray(value) ? value : value && typeof value === "object" ? [value] : [];
  let input = 0;
  let output = 0;
  let found = false;
  for (const item of list as Loose[]) {
    const i = Number(item?.inputTokens ?? item?.input_tokens ?? item?.prompt_tokens);
    const o = Number(item?.outputTokens ?? item?.output_tokens ?? item?.completion_tokens);
    if (Number.isFinite(i)) input += i;
    if (Number.isFinite(o)) output += o;
    found ||= Number.isFinite(i) || Number.isFinite(o);
  }
  return found ? { input, output } : undefined;
}

function addUsage(span: TraceSpan | undefined, usage: { input: number; output: number } | undefined) {
  if (!span || !usage) return;
  span.usage = { input: (span.usage?.input ?? 0) + usage.input, output: (span.usage?.output ?? 0) + usage.output };
}

/**
 * The trace as rows for a virtual list, with the tree and durations: one pass over the recorded
 * events. Malformed events (no type, unknown ids) become rows like any other — a trace shows what
 * was sent, and the fold's protocol errors point at them by index.
 *
 * @example
 * const { rows, runs, types } = traceModel(recorder.events());
 */
export function traceModel(records: readonly RecordedEvent[]): TraceModel {
  return createTraceBuilder().update(records);
}

/** Keeps a trace model up to date with a growing event log. */
export interface TraceBuilder {
  /**
   * The model of `records`, the recorder's events now. When they continue the records of the last
   * call (new events after the last one seen, maybe the oldest let go by the ring), only the new
   * events are folded in — the work per frame follows the events that arrived, not the log's
   * length. Anything else (a cleared log, a jump of more than the ring holds) starts over.
   */
  update(records: readonly RecordedEvent[]): TraceModel;
}

/**
 * A {@link TraceBuilder}. Spans are kept across calls, so a row's depth and a span's duration stay
 * what they were when the events that opened them leave the ring: `update` gives the rows that
 * {@link traceModel} of the whole stream would give, for the events still kept.
 *
 * @example
 * const builder = createTraceBuilder();
 * const model = builder.update(recorder.events()); // once per change
 */
export function createTraceBuilder(): TraceBuilder {
  let rows: TraceRow[] = [];
  /** Runs in order, each with the row that opened it (a run leaves the list with its row). */
  let runs: { span: TraceSpan; row: TraceRow }[] = [];
  const typeCounts = new Map<string, number>();
  /** Open spans, innermost last, each with the key that closes it. */
  let open: { key: string; span: TraceSpan }[] = [];
  let lastRecords: readonly RecordedEvent[] | undefined;
  let model: TraceModel = { rows: [], runs: [], types: [] };

  const reset = () => {
    rows = [];
    runs = [];
    typeCounts.clear();
    open = [];
  };
  const close = (key: string, at: number) => {
    const i = open.findLastIndex((o) => o.key === key);
    // Closing a span closes whatever was left open inside it.
    if (i !== -1) for (const o of open.splice(i)) o.span.end ??= at;
  };
  const currentRun = () => open.find((o) => o.span.kind === "run")?.span;

  const add = (record: RecordedEvent, into: TraceRow[]) => {
    const event = (record.event && typeof record.event === "object" ? record.event : {}) as Loose;
    const type = typeof event.type === "string" ? event.type : "(no type)";
    typeCounts.set(type, (typeCounts.get(type) ?? 0) + 1);
    const at = typeof event.timestamp === "number" ? event.timestamp : record.at;
    const row: TraceRow = { record, type, depth: open.length, label: "" };
    const opens = (kind: SpanKind, key: string, name: string) => {
      const span: TraceSpan = { kind, name, start: at };
      row.span = span;
      open.push({ key, span });
      if (kind === "run") runs.push({ span, row });
    };
    switch (type) {
      case "RUN_STARTED":
        row.label = text(event.runId);
        opens("run", "run", row.label);
        break;
      case "RUN_FINISHED": {
        row.label = text(event.runId);
        addUsage(currentRun(), usageOf(event.usage ?? (event.result as Loose | undefined)?.usage));
        close("run", at);
        row.depth = open.length;
        break;
      }
      case "RUN_ERROR": {
        row.label = text(event.message);
        const run = currentRun();
        if (run) run.failed = true;
        close("run", at);
        row.depth = open.length;
        break;
      }
      case "STEP_STARTED":
        row.label = text(event.stepName);
        opens("step", `step:${row.label}`, row.label);
        break;
      case "STEP_FINISHED":
        row.label = text(event.stepName);
        close(`step:${row.label}`, at);
        row.depth = open.length;
        break;
      case "TOOL_CALL_START":
        row.label = text(event.toolCallName) || text(event.toolCallId);
        opens("tool", `tool:${text(event.toolCallId)}`, row.label);
        break;
      case "TOOL_CALL_END":
        row.label = text(event.toolCallId);
        close(`tool:${row.label}`, at);
        row.depth = open.length;
        break;
      case "SUBAGENT_STARTED":
        row.label = text(event.name) || text(event.subagentRunId);
        opens("subagent", `sub:${text(event.subagentRunId)}`, row.label);
        break;
      case "SUBAGENT_FINISHED":
      case "SUBAGENT_ERROR":
        row.label = text(event.subagentRunId);
        close(`sub:${row.label}`, at);
        row.depth = open.length;
        break;
      case "CUSTOM":
        row.label = text(event.name);
        if (/usage/i.test(row.label)) addUsage(currentRun(), usageOf(event.value));
        break;
      default:
        row.label = text(event.messageId) || text(event.toolCallId) || text(event.stepName) || text(event.name) || text(event.activityType);
    }
    into.push(row);
  };

  /** How many of `records` continue the last call's: `[evicted, firstNew]`, or undefined. */
  const continuation = (records: readonly RecordedEvent[]): [number, number] | undefined => {
    const last = rows[rows.length - 1]?.record;
    if (!last) return undefined;
    const seen = records.lastIndexOf(last);
    if (seen === -1) return undefined;
    const evicted = rows.length - (seen + 1);
    return evicted >= 0 && rows[evicted]?.record === records[0] ? [evicted, seen + 1] : undefined;
  };

  return {
    update(records) {
      if (records === lastRecords) return model;
      lastRecords = records;
      const from = continuation(records);
      let next: TraceRow[];
      if (from) {
        const [evicted, firstNew] = from;
        // The ring let the oldest rows go: their types no longer count, and runs they opened leave.
        let runsGone = 0;
        for (let i = 0; i < evicted; i++) {
          const row = rows[i] as TraceRow;
          const count = (typeCounts.get(row.type) ?? 1) - 1;
          if (count) typeCounts.set(row.type, count);
          else typeCounts.delete(row.type);
          if (row.span?.kind === "run") runsGone++;
        }
        if (runsGone) runs = runs.slice(runsGone);
        next = rows.slice(evicted);
        for (let i = firstNew; i < records.length; i++) add(records[i] as RecordedEvent, next);
      } else {
        reset();
        next = [];
        for (const record of records) add(record, next);
      }
      rows = next;
      model = { rows, runs: runs.map((run) => run.span), types: [...typeCounts.keys()].sort() };
      return model;
    },
  };
}

/**
 * The recorded events as a `ScriptedAgent` script: the events in order, with the pauses between
 * them (capped at `maxDelayMs`), so `new ScriptedAgent({ script })` replays the stream as it came.
 *
 * @example
 * new ScriptedAgent({ script: traceScript(recorder.events()) });
 */
export function traceScript(records: readonly RecordedEvent[], maxDelayMs = 2_000): ({ delay: number } | object)[] {
  const script: ({ delay: number } | object)[] = [];
  let last: number | undefined;
  for (const record of records) {
    if (last !== undefined && record.at > last) script.push({ delay: Math.min(record.at - last, maxDelayMs) });
    last = record.at;
    script.push(record.event as object);
  }
  return script;
}

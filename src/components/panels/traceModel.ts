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
  const rows: TraceRow[] = [];
  const runs: TraceSpan[] = [];
  const types = new Set<string>();
  /** Open spans, innermost last, each with the key that closes it. */
  const open: { key: string; span: TraceSpan }[] = [];
  const close = (key: string, at: number) => {
    const i = open.findLastIndex((o) => o.key === key);
    // Closing a span closes whatever was left open inside it.
    if (i !== -1) for (const o of open.splice(i)) o.span.end ??= at;
  };
  const currentRun = () => open.find((o) => o.span.kind === "run")?.span;
  for (const record of records) {
    const event = (record.event && typeof record.event === "object" ? record.event : {}) as Loose;
    const type = typeof event.type === "string" ? event.type : "(no type)";
    types.add(type);
    const at = typeof event.timestamp === "number" ? event.timestamp : record.at;
    const row: TraceRow = { record, type, depth: open.length, label: "" };
    const opens = (kind: SpanKind, key: string, name: string) => {
      const span: TraceSpan = { kind, name, start: at };
      row.span = span;
      open.push({ key, span });
      if (kind === "run") runs.push(span);
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
    rows.push(row);
  }
  return { rows, runs, types: [...types].sort() };
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

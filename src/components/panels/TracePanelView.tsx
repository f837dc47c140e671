import { useId, useMemo, useRef, useState } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useTrace } from "../../react/panels";
import { useLocale } from "../../i18n/LabelsContext";
import { panelLabelsFor, type PanelLabels } from "../../i18n/panelLabels";
import { downloadText } from "../permissions/download";
import { cn } from "../lib/cn";
import { panelClass, panelTitleClass, smallButtonClass } from "./panelStyles";
import { createTraceBuilder, traceScript, type TraceRow, type TraceSpan } from "./traceModel";

export interface TracePanelProps {
  className?: string;
  labels?: Partial<PanelLabels>;
  /** The height of the event list in pixels (it scrolls inside). Default 320. */
  height?: number;
  /** The exported file's name. Default `parley-trace.json`. */
  filename?: string;
}

const ROW = 28;

const ms = (value: number) => (value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(2)} s`);
const duration = (span: TraceSpan, t: PanelLabels) => (span.end === undefined ? t.traceRunning : ms(span.end - span.start));

/**
 * Developer mode: every event the store received, with its time since the first, nested as runs →
 * steps → tool calls → sub-agents with durations, token usage per run, protocol errors marked
 * (`data-state="error"`), a filter by type, and an export that `ScriptedAgent` replays
 * (`new ScriptedAgent({ script: file.script })`). The list is virtual: 50,000 events scroll
 * smoothly. Needs a store made with `trace: true`.
 *
 * @example
 * const store = createThreadStore({ agent, trace: true });
 * <TracePanel height={400} />
 */
export default function TracePanel({ className, labels, height = 320, filename = "parley-trace.json" }: TracePanelProps) {
  const t = panelLabelsFor(useLocale(), labels);
  const { enabled, events, total, errors } = useTrace();
  // Folds only the events that arrived since the last frame into the model (a live stream of
  // 50,000 events costs what its new events cost, not a rebuild of every row each frame).
  const [builder] = useState(createTraceBuilder);
  const model = useMemo(() => builder.update(events), [builder, events]);
  const [type, setType] = useState("");
  const rows = useMemo(() => (type ? model.rows.filter((row) => row.type === type) : model.rows), [model, type]);
  const errorsByIndex = useMemo(() => new Map(errors.map((error) => [error.eventIndex, error.message])), [errors]);
  const first = events[0]?.at ?? 0;
  const filterId = useId();
  const viewportRef = useRef<HTMLDivElement>(null);
  // The virtualizer hands back functions React Compiler must not memoize; it is read fresh each render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => viewportRef.current,
    estimateSize: () => ROW,
    overscan: 12,
    initialRect: { width: 480, height },
  });
  const exportTrace = () => {
    const file = { format: "parley-trace", version: 1, total, script: traceScript(events) };
    downloadText(filename, JSON.stringify(file, null, 2), "application/json");
  };
  return (
    <section data-slot="trace-panel" data-state={!enabled ? "off" : events.length ? "recording" : "empty"} aria-label={t.traceTitle} className={cn(panelClass, className)}>
      <header className="pl:flex pl:flex-wrap pl:items-center pl:gap-2">
        <h2 className={panelTitleClass}>{t.traceTitle}</h2>
        <span data-slot="trace-panel-count" className="pl:text-xs pl:tabular-nums pl:text-muted-foreground">{t.traceEvents(rows.length, events.length)}</span>
        <label htmlFor={filterId} className="pl:ms-auto pl:text-xs pl:text-muted-foreground">{t.traceFilter}</label>
        <select
          id={filterId}
          data-slot="trace-panel-filter"
          value={type}
          onChange={(event) => setType(event.currentTarget.value)}
          className="pl:min-h-8 pl:rounded-md pl:border pl:border-border pl:bg-background pl:px-1 pl:text-xs pl:text-foreground"
        >
          <option value="">{t.traceAllTypes}</option>
          {model.types.map((name) => <option key={name} value={name}>{name}</option>)}
        </select>
        <button type="button" data-slot="trace-panel-export" disabled={!events.length} onClick={exportTrace} className={cn(smallButtonClass, "pl:disabled:opacity-50")}>
          {t.traceExport}
        </button>
      </header>
      {!enabled ? <p data-slot="trace-panel-off" className="pl:m-0 pl:text-muted-foreground">{t.traceOff}</p> : null}
      {enabled && !events.length ? <p data-slot="trace-panel-empty" className="pl:m-0 pl:text-muted-foreground">{t.traceEmpty}</p> : null}
      {model.runs.length ? (
        <ul data-slot="trace-panel-runs" aria-label={t.traceRuns} className="pl:m-0 pl:flex pl:list-none pl:flex-col pl:gap-1 pl:p-0 pl:text-xs">
          {model.runs.map((run, i) => (
            <li key={i} data-slot="trace-panel-run" data-state={run.failed ? "error" : run.end === undefined ? "running" : "finished"} className="pl:flex pl:flex-wrap pl:gap-2 pl:tabular-nums pl:data-[state=error]:text-destructive">
              <span className="pl:font-mono">{run.name || "run"}</span>
              <span>{duration(run, t)}</span>
              {run.usage ? <span data-slot="trace-panel-usage">{t.traceTokens(run.usage.input, run.usage.output)}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {events.length ? (
        <div ref={viewportRef} data-slot="trace-panel-viewport" tabIndex={0} aria-label={t.traceTitle} role="group" style={{ height }} className="pl:overflow-auto pl:rounded-md pl:border pl:border-border pl:focus-visible:outline-2 pl:focus-visible:outline-ring">
          <div role="list" style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index]!;
              return <TraceRowView key={item.key} row={row} start={item.start} first={first} error={errorsByIndex.get(row.record.index)} t={t} position={item.index + 1} size={rows.length} />;
            })}
          </div>
        </div>
      ) : null}
    </section>
  );
}

function TraceRowView({ row, start, first, error, t, position, size }: { row: TraceRow; start: number; first: number; error: string | undefined; t: PanelLabels; position: number; size: number }) {
  return (
    <div
      role="listitem"
      aria-posinset={position}
      aria-setsize={size}
      data-slot="trace-panel-row"
      data-type={row.type}
      data-state={error ? "error" : undefined}
      data-span={row.span?.kind}
      title={error}
      style={{ position: "absolute", top: 0, left: 0, right: 0, height: ROW, transform: `translateY(${start}px)`, paddingInlineStart: 8 + row.depth * 14 }}
      className="pl:flex pl:items-center pl:gap-2 pl:overflow-hidden pl:pe-2 pl:font-mono pl:text-xs pl:whitespace-nowrap pl:data-[state=error]:bg-destructive/10 pl:data-[state=error]:text-destructive"
    >
      <span className="pl:w-16 pl:shrink-0 pl:text-end pl:tabular-nums pl:text-muted-foreground">+{ms(row.record.at - first)}</span>
      <span className="pl:font-semibold">{row.type}</span>
      {row.label ? <span className="pl:truncate">{row.label}</span> : null}
      {row.span ? <span data-slot="trace-panel-duration" className="pl:ms-auto pl:tabular-nums">{duration(row.span, t)}</span> : null}
      {error ? <span data-slot="trace-panel-error" className="pl:ms-auto pl:truncate">{t.traceProtocolError}: {error}</span> : null}
    </div>
  );
}

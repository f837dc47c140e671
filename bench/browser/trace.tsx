/**
 * The trace scenario of `npm run bench:browser`: 50,000 recorded events shown by `TracePanel`
 * (virtual) and, as the baseline, by a plain list of every row. Measures mount (render → the first
 * rows painted) and scrolling (one scroll step per frame, 120 frames: the frame intervals).
 */
import { createRoot } from "react-dom/client";
import { EventType, type BaseEvent } from "@ag-ui/core";
import { createThreadStore, ParleyProvider, ParleyUIProvider } from "../../src";
import { TracePanel } from "../../src/panels";

export type TraceImpl = "panel" | "plain";

export interface TraceResult {
  mountMs: number;
  scrollMedianFrameMs: number;
  scrollLongestFrameMs: number;
  /** Frames over 1.5× the median interval while scrolling, %. */
  scrollDroppedPct: number;
  domNodes: number;
}

declare global {
  interface Window {
    runTraceScenario(impl: TraceImpl, events: number): Promise<TraceResult>;
  }
}

const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
const painted = async () => {
  await frame();
  await new Promise<void>((resolve) => setTimeout(resolve, 0));
  return performance.now();
};

function traceEvents(n: number): BaseEvent[] {
  const events: BaseEvent[] = [];
  let i = 0;
  for (let run = 0; events.length < n; run++) {
    events.push({ type: EventType.RUN_STARTED, threadId: "bench", runId: `r${run}` });
    for (let k = 0; k < 400 && events.length < n - 1; k++, i++) {
      events.push(k % 50 === 0 ? { type: EventType.TOOL_CALL_START, toolCallId: `t${i}`, toolCallName: "search" } : { type: EventType.TEXT_MESSAGE_CONTENT, messageId: `m${run}`, delta: "token " });
    }
    events.push({ type: EventType.RUN_FINISHED, threadId: "bench", runId: `r${run}` });
  }
  return events.slice(0, n);
}

/** The baseline: every event as a row of a plain list, the way a log view is first written. */
function PlainTrace({ events }: { events: BaseEvent[] }) {
  return (
    <div data-slot="plain-trace" style={{ height: 600, overflow: "auto", font: "12px monospace" }}>
      <ol style={{ margin: 0, padding: 0, listStyle: "none" }}>
        {events.map((event, i) => (
          <li key={i} style={{ height: 28, whiteSpace: "nowrap" }}>
            +{i} ms <b>{event.type}</b> {(event as { toolCallName?: string; messageId?: string }).toolCallName ?? (event as { messageId?: string }).messageId}
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * Puts `window.runTraceScenario` on the page. A call, not an import for its side effects: the
 * package declares only its CSS as having side effects, so a production build drops such an import.
 */
export function installTraceScenario(): void {
  window.runTraceScenario = runTraceScenario;
}

const runTraceScenario: Window["runTraceScenario"] = async (impl, n) => {
  const el = document.getElementById("root") as HTMLElement;
  el.replaceChildren();
  const events = traceEvents(n);
  const store = createThreadStore({ threadId: "bench", trace: true });
  store.getState().trace!.record(events, 0, Date.now());
  // The panel's code is loaded first: the figure is rendering, not the network.
  TracePanel.preload();
  await import("../../src/components/panels/TracePanelView");
  await painted();
  const root = createRoot(el);
  const t0 = performance.now();
  root.render(
    impl === "panel" ? (
      <ParleyProvider store={store}>
        <ParleyUIProvider>
          <TracePanel height={600} />
        </ParleyUIProvider>
      </ParleyProvider>
    ) : (
      <PlainTrace events={events} />
    ),
  );
  const selector = impl === "panel" ? "[data-slot=trace-panel-viewport]" : "[data-slot=plain-trace]";
  while (!el.querySelector(`${selector} ${impl === "panel" ? "[data-slot=trace-panel-row]" : "li"}`)) await frame();
  const mountMs = (await painted()) - t0;
  const viewport = el.querySelector<HTMLElement>(selector)!;
  const intervals: number[] = [];
  let last = await frame();
  for (let i = 0; i < 120; i++) {
    viewport.scrollTop += 1_200;
    const t = await frame();
    intervals.push(t - last);
    last = t;
  }
  const sorted = [...intervals].sort((a, b) => a - b);
  const median = sorted[sorted.length >> 1]!;
  const domNodes = el.getElementsByTagName("*").length;
  root.unmount();
  return {
    mountMs,
    scrollMedianFrameMs: median,
    scrollLongestFrameMs: sorted[sorted.length - 1]!,
    scrollDroppedPct: (100 * intervals.filter((x) => x > median * 1.5).length) / intervals.length,
    domNodes,
  };
};

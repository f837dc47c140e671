import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { EventType, type BaseEvent } from "@ag-ui/core";
import { TracePanel } from "../../src/panels";
import { createThreadStore } from "../../src/store";
import { ScriptedAgent } from "../../src/testing";
import { foldEvents } from "../../src/core/fold";
import { ev } from "../support/events";
import { expectNoAxeViolations, renderKit } from "./support";

const run: BaseEvent[] = [
  ev.runStarted("r1"),
  { type: EventType.STEP_STARTED, stepName: "plan" },
  ev.textStart("a1"),
  ev.textEnd("a1"),
  ev.toolStart("t1", "search_trains", "a1"),
  ev.toolEnd("t1"),
  { type: EventType.SUBAGENT_STARTED, subagentRunId: "s1", name: "mail_agent" },
  { type: EventType.SUBAGENT_FINISHED, subagentRunId: "s1" },
  { type: EventType.STEP_FINISHED, stepName: "plan" },
  ev.textEnd("nope"),
  { type: EventType.RUN_FINISHED, threadId: "t1", runId: "r1", usage: [{ inputTokens: 120, outputTokens: 30 }] },
];

function traced(events: BaseEvent[]) {
  let now = 0;
  const store = createThreadStore({ batch: "sync", trace: true, now: () => (now += 10), agent: new ScriptedAgent({ script: events }), autoContinue: false });
  store.getState().run();
  return store;
}

// jsdom lays nothing out: give the trace's scroll viewport the size the virtual list measures
// (client and offset sizes alike, as a browser would: the virtualizer reads one or the other).
const SIZES = ["clientHeight", "clientWidth", "offsetHeight", "offsetWidth"] as const;
const originals = SIZES.map((name) => [name, Object.getOwnPropertyDescriptor(name.startsWith("client") ? Element.prototype : HTMLElement.prototype, name)!] as const);
const viewport = (el: HTMLElement) => el.dataset.slot === "trace-panel-viewport";
beforeAll(() => {
  for (const [name, original] of originals) {
    Object.defineProperty(name.startsWith("client") ? Element.prototype : HTMLElement.prototype, name, {
      configurable: true,
      get(this: HTMLElement) {
        if (!viewport(this)) return original.get!.call(this) as number;
        return name.endsWith("Height") ? parseInt(this.style.height, 10) : 480;
      },
    });
  }
});
afterAll(() => {
  for (const [name, original] of originals) Object.defineProperty(name.startsWith("client") ? Element.prototype : HTMLElement.prototype, name, original);
});

describe("TracePanel", () => {
  it("says recording is off without trace: true", async () => {
    const { container } = renderKit(<TracePanel />, createThreadStore({ batch: "sync" }));
    const panel = await screen.findByRole("region", { name: "Trace" });
    expect(panel).toHaveAttribute("data-state", "off");
    await expectNoAxeViolations(container);
  });

  it("lists every event nested runs → steps → tool calls → sub-agents, with durations, tokens and protocol errors", async () => {
    const store = traced(run);
    const recorded = store.getState().trace!.events();
    const at = (type: string) => recorded.find((r) => (r.event as { type: string }).type === type)!.at;
    const { container } = renderKit(<TracePanel />, store);
    await screen.findByRole("region", { name: "Trace" });
    const rows = screen.getAllByRole("listitem").filter((row) => row.dataset.slot === "trace-panel-row");
    expect(rows.map((row) => row.dataset.type)).toEqual(run.map((e) => e.type));
    const depth = (type: string) => parseInt(rows.find((row) => row.dataset.type === type)!.style.paddingInlineStart, 10);
    expect(depth("STEP_STARTED")).toBeGreaterThan(depth("RUN_STARTED"));
    expect(depth("TOOL_CALL_START")).toBeGreaterThan(depth("STEP_STARTED"));
    expect(rows.find((row) => row.dataset.type === "TOOL_CALL_START")).toHaveTextContent("search_trains");
    expect(rows.find((row) => row.dataset.type === "TOOL_CALL_START")!.querySelector("[data-slot=trace-panel-duration]")).toHaveTextContent(`${at("TOOL_CALL_END") - at("TOOL_CALL_START")} ms`);
    expect(rows.find((row) => row.dataset.type === "SUBAGENT_STARTED")).toHaveTextContent("mail_agent");
    const bad = rows.filter((row) => row.dataset.state === "error");
    expect(bad).toHaveLength(1);
    expect(bad[0]).toHaveTextContent("Protocol error");
    const runs = within(screen.getByRole("list", { name: "Runs" })).getAllByRole("listitem");
    expect(runs[0]).toHaveTextContent("r1");
    expect(runs[0]).toHaveTextContent(`${at("RUN_FINISHED") - at("RUN_STARTED")} ms`);
    expect(runs[0]).toHaveTextContent("120 in / 30 out tokens");
    await expectNoAxeViolations(container);
  });

  it("filters by type", async () => {
    renderKit(<TracePanel />, traced(run));
    fireEvent.change(await screen.findByLabelText("Event type"), { target: { value: "TEXT_MESSAGE_END" } });
    const rows = screen.getAllByRole("listitem").filter((row) => row.dataset.slot === "trace-panel-row");
    expect(rows).toHaveLength(2);
    expect(screen.getByText("2 of 11 events")).toBeInTheDocument();
  });

  it("exports JSON that ScriptedAgent replays into the same thread", async () => {
    const store = traced(run);
    let saved = "";
    const createObjectURL = vi.fn((blob: Blob) => {
      void blob.text().then((text) => (saved = text));
      return "blob:trace";
    });
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: () => {} }));
    renderKit(<TracePanel />, store);
    fireEvent.click(await screen.findByRole("button", { name: "Export as JSON" }));
    await vi.waitFor(() => expect(saved).not.toBe(""));
    const file = JSON.parse(saved) as { script: BaseEvent[] };
    const replay = createThreadStore({ batch: "sync", agent: new ScriptedAgent({ script: file.script }), autoContinue: false });
    await act(async () => {
      replay.getState().run();
      await vi.waitFor(() => expect(replay.getState().isRunning).toBe(false));
    });
    const original = store.getState().thread;
    expect(replay.getState().thread.messageIds).toEqual(original.messageIds);
    expect(replay.getState().thread.runs.map((r) => [r.runId, r.status])).toEqual(original.runs.map((r) => [r.runId, r.status]));
    expect(replay.getState().thread.errorCount).toBe(original.errorCount);
    vi.unstubAllGlobals();
  });

  it("renders only a window of 50,000 events", async () => {
    const store = createThreadStore({ batch: "sync", trace: true });
    const many: BaseEvent[] = [ev.runStarted("big"), ev.textStart("m")];
    for (let i = 0; i < 50_000 - 2; i++) many.push(ev.text("m", "x"));
    store.getState().trace!.record(many, 0, 1);
    store.setState((s) => ({ thread: foldEvents(s.thread, many) }));
    renderKit(<TracePanel height={300} />, store);
    await screen.findByRole("region", { name: "Trace" });
    expect(screen.getByText("50000 events")).toBeInTheDocument();
    expect(screen.getAllByRole("listitem").filter((row) => row.dataset.slot === "trace-panel-row").length).toBeLessThan(60);
    expect(screen.getAllByRole("listitem").filter((row) => row.dataset.slot === "trace-panel-row").length).toBeGreaterThan(10);
  });
});

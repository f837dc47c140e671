import { describe, expect, it } from "vitest";
import { createEventRecorder, createThreadStore } from "../../src/store";
import { ScriptedAgent } from "../../src/testing";
import { ev } from "../support/events";

describe("createEventRecorder", () => {
  it("keeps the latest `limit` events in order, counts them all, and tells its listeners", () => {
    const recorder = createEventRecorder({ limit: 3 });
    let calls = 0;
    const off = recorder.subscribe(() => calls++);
    recorder.record(["a", "b"], 0, 10);
    const view = recorder.events();
    expect(recorder.events()).toBe(view); // stable until the next change
    recorder.record(["c", "d", "e"], 2, 20);
    expect(recorder.events().map((r) => [r.event, r.index, r.at])).toEqual([
      ["c", 2, 20],
      ["d", 3, 20],
      ["e", 4, 20],
    ]);
    expect(recorder.total()).toBe(5);
    expect(calls).toBe(2);
    off();
    recorder.clear();
    expect(recorder.events()).toEqual([]);
    expect(calls).toBe(2);
  });
});

describe("createThreadStore({ trace })", () => {
  it("is off by default", () => {
    expect(createThreadStore().getState().trace).toBeUndefined();
  });

  it("records every raw event with its receive time and the fold's index, so protocol errors point at theirs", () => {
    let now = 1_000;
    const agent = new ScriptedAgent({ script: [ev.runStarted(), ev.textStart("a1"), ev.textEnd("a2"), { type: "NOT_AN_EVENT" } as never, ev.runFinished()] });
    const store = createThreadStore({ agent, batch: "sync", trace: true, now: () => (now += 5) });
    store.getState().run();
    const { trace, thread } = store.getState();
    const events = trace!.events();
    expect(events.map((r) => (r.event as { type: string }).type)).toEqual(["RUN_STARTED", "TEXT_MESSAGE_START", "TEXT_MESSAGE_END", "NOT_AN_EVENT", "RUN_FINISHED"]);
    expect(events.every((r, i) => i === 0 || r.at > events[i - 1]!.at)).toBe(true);
    expect(thread.errors.length).toBeGreaterThan(0);
    for (const error of thread.errors) expect(events[error.eventIndex]!.event).toBe(error.event);
    store.getState().reset();
    expect(store.getState().trace!.events()).toEqual([]);
  });
});

// @vitest-environment node
import { describe, expect, it } from "vitest";
import { applyClientAction, buildRunInput, createThreadState, foldEvents, type ThreadState } from "../../../src/core";
import { ev } from "../../support/events";

/**
 * Shared state, both ways: the person's edit (`set-state`) and the agent's snapshots and deltas;
 * predictive state (`CUSTOM PredictState`); where the state's views show in the thread.
 */

const running = (state: object = {}): ThreadState => foldEvents(createThreadState({ state }), [ev.runStarted("r1")]);
const set = (thread: ThreadState, state: unknown, hold?: boolean) => applyClientAction(thread, { type: "set-state", state, ...(hold ? { hold } : {}) });

describe("set-state (the person's door)", () => {
  it("replaces the state; the next run carries it", () => {
    const thread = set(createThreadState({ state: { recipe: { title: "Soup" } } }), { recipe: { title: "Pancakes" } });
    expect(thread.state).toEqual({ recipe: { title: "Pancakes" } });
    expect(thread.stateEdits).toBeUndefined();
    expect(buildRunInput(thread, { runId: "r2" }).state).toEqual({ recipe: { title: "Pancakes" } });
  });

  it("the same state again changes nothing (same thread)", () => {
    const thread = createThreadState({ state: { a: 1 } });
    expect(set(thread, thread.state)).toBe(thread);
  });

  it("an edit held during a run wins over a later STATE_SNAPSHOT for the keys it changed; other keys follow the agent", () => {
    let thread = running({ recipe: { title: "Soup" }, skill: "beginner" });
    thread = set(thread, { recipe: { title: "Pancakes" }, skill: "beginner" }, true);
    expect(thread.stateEdits).toEqual({ recipe: { title: "Pancakes" } });
    thread = foldEvents(thread, [ev.stateSnapshot({ recipe: { title: "Agent's soup" }, skill: "expert" })]);
    expect(thread.state).toEqual({ recipe: { title: "Pancakes" }, skill: "expert" });
  });

  it("a later STATE_DELTA on a held key is dropped (not an error); its operations on other keys apply", () => {
    let thread = running({ recipe: { title: "Soup", servings: 2 }, note: "" });
    thread = set(thread, { recipe: { title: "Pancakes" }, note: "" }, true);
    thread = foldEvents(thread, [
      ev.stateDelta([
        { op: "replace", path: "/recipe/servings", value: 4 },
        { op: "replace", path: "/note", value: "ready" },
      ]),
    ]);
    expect(thread.state).toEqual({ recipe: { title: "Pancakes" }, note: "ready" });
    expect(thread.errorCount).toBe(0);
  });

  it("a key the person removed stays removed", () => {
    let thread = running({ a: 1, b: 2 });
    thread = set(thread, { a: 1 }, true);
    thread = foldEvents(thread, [ev.stateSnapshot({ a: 5, b: 6 })]);
    expect(thread.state).toEqual({ a: 5 });
  });

  it("the edits are let go once a run carries them (set-state without hold); the agent's state then wins again", () => {
    let thread = running({ title: "a" });
    thread = set(thread, { title: "mine" }, true);
    thread = foldEvents(thread, [ev.runFinished("r1")]);
    thread = set(thread, thread.state); // what the store does when the next run's input is built
    expect(thread.stateEdits).toBeUndefined();
    thread = foldEvents(thread, [ev.runStarted("r2"), ev.stateSnapshot({ title: "agent's" })]);
    expect(thread.state).toEqual({ title: "agent's" });
  });
});

describe("PredictState", () => {
  const predict = ev.custom("PredictState", [{ state_key: "document", tool: "write_document_local", tool_argument: "document" }]);

  it("the named tool's streaming argument flows into state[state_key] as it arrives", () => {
    let thread = foldEvents(createThreadState({ state: { document: "" } }), [ev.runStarted("r1"), predict, ev.toolStart("c1", "write_document_local"), ev.toolArgs("c1", '{"document":"Once up')]);
    expect(thread.state).toEqual({ document: "Once up" });
    thread = foldEvents(thread, [ev.toolArgs("c1", 'on a time"}'), ev.toolEnd("c1")]);
    expect(thread.state).toEqual({ document: "Once upon a time" });
  });

  it("the same stream gives the same state however it is cut into bursts", () => {
    const events = [ev.runStarted("r1"), predict, ev.toolStart("c1", "write_document_local"), ev.toolArgs("c1", '{"docu'), ev.toolArgs("c1", 'ment":"ab'), ev.toolArgs("c1", 'c"}'), ev.toolEnd("c1")];
    const whole = foldEvents(createThreadState(), events);
    let stepped = createThreadState();
    for (const e of events) stepped = foldEvents(stepped, [e]);
    expect(whole.state).toEqual({ document: "abc" });
    expect(stepped.state).toEqual(whole.state);
  });

  it("the agent's own state then wins, even in the same burst", () => {
    const thread = foldEvents(createThreadState(), [
      ev.runStarted("r1"),
      predict,
      ev.toolStart("c1", "write_document_local"),
      ev.toolArgs("c1", '{"document":"draft"}'),
      ev.toolEnd("c1"),
      ev.stateSnapshot({ document: "final" }),
    ]);
    expect(thread.state).toEqual({ document: "final" });
  });

  it("without tool_argument the whole arguments flow in; other tools and later runs are untouched", () => {
    let thread = foldEvents(createThreadState(), [
      ev.runStarted("r1"),
      ev.custom("PredictState", [{ state_key: "recipe", tool: "update_recipe" }]),
      ...[ev.toolStart("c1", "update_recipe"), ev.toolArgs("c1", '{"title":"Pie"}'), ev.toolEnd("c1")],
      ...[ev.toolStart("c2", "other"), ev.toolArgs("c2", '{"title":"x"}'), ev.toolEnd("c2")],
      ev.runFinished("r1"),
    ]);
    expect(thread.state).toEqual({ recipe: { title: "Pie" } });
    thread = foldEvents(thread, [ev.runStarted("r2"), ev.toolStart("c3", "update_recipe"), ev.toolArgs("c3", '{"title":"Later"}')]);
    expect(thread.state).toEqual({ recipe: { title: "Pie" } });
  });

  it("a malformed PredictState is recorded, never thrown", () => {
    const thread = foldEvents(createThreadState(), [ev.runStarted("r1"), ev.custom("PredictState", [{ state_key: 3 }])]);
    expect(thread.errors.at(-1)).toMatchObject({ code: "malformed-event" });
    expect(thread.predictions).toBeUndefined();
  });
});

describe("where the state shows", () => {
  it("the first change of a run anchors its views after the thread's last message then", () => {
    let thread = createThreadState({ messages: [{ id: "u1", role: "user", content: "plan" }] });
    thread = foldEvents(thread, [ev.runStarted("r1"), ev.stateSnapshot({ steps: [] }), ev.textStart("m1"), ev.text("m1", "ok"), ev.textEnd("m1"), ev.stateDelta([{ op: "add", path: "/steps/-", value: "a" }])]);
    expect(thread.stateRun).toEqual({ runId: "r1", afterMessageId: "u1" });
    thread = foldEvents(thread, [ev.runFinished("r1"), ev.runStarted("r2"), ev.stateDelta([{ op: "add", path: "/steps/-", value: "b" }])]);
    expect(thread.stateRun).toEqual({ runId: "r2", afterMessageId: "m1" });
  });

  it("a delta keeps the identity of the steps it did not touch", () => {
    const steps = [{ description: "a", status: "pending" }, { description: "b", status: "pending" }];
    const before = foldEvents(createThreadState(), [ev.runStarted("r1"), ev.stateSnapshot({ steps })]);
    const after = foldEvents(before, [ev.stateDelta([{ op: "replace", path: "/steps/1/status", value: "completed" }])]);
    const [a0, b0] = (before.state as { steps: object[] }).steps;
    const [a1, b1] = (after.state as { steps: object[] }).steps;
    expect(a1).toBe(a0);
    expect(b1).not.toBe(b0);
  });
});

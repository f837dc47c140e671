import { EventType } from "@ag-ui/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildRunInput, createThreadState, foldEvents, type ThreadState } from "../../../src/core";
import { IdTable } from "../../../src/core/thread/idTable";
import { LOG_TOTAL_WEIGHT, measureValue, WIRE_LIMITS } from "../../../src/core/thread/limits";
import { deriveArtifacts } from "../../../src/core/artifacts";
import { ev } from "../../support/events";
import { expectConsistent } from "./invariants";

/**
 * The agent's door is bounded by construction (issue 21): work per event does not grow with the
 * run, and depth and size are refused at the door in words, the thread keeping what it had.
 * Behaviour and operation counts only: timings flake on shared machines (see bench/hostile.bench.ts).
 */

const fresh = () => createThreadState({ threadId: "t1" });
const running = () => foldEvents(fresh(), [ev.runStarted()]);
const nested = (levels: number): unknown => {
  let value: unknown = { leaf: 1 };
  for (let i = 0; i < levels; i++) value = { n: value };
  return value;
};
const codes = (thread: ThreadState) => thread.errors.map((e) => e.code);

/**
 * Elements the fold scans with array searches, plus its table lookups, while `fold` runs: a
 * linear fold stays within a constant per event however long the run is.
 */
function countWork(fold: () => ThreadState): { thread: ThreadState; work: number } {
  let work = 0;
  const spies = (["includes", "indexOf", "lastIndexOf"] as const).map((name) => {
    const original = Reflect.get(Array.prototype, name) as (...args: unknown[]) => unknown;
    return vi.spyOn(Array.prototype, name).mockImplementation(function (this: unknown[], ...args: unknown[]) {
      work += this.length;
      return original.apply(this, args) as never;
    });
  });
  const get = Reflect.get(IdTable.prototype, "get") as IdTable<{ id: string }>["get"];
  spies.push(vi.spyOn(IdTable.prototype, "get").mockImplementation(function (this: IdTable<{ id: string }>, id: string) {
    work += 1;
    return get.call(this, id);
  }) as never);
  try {
    return { thread: fold(), work };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

/** `n` tool calls in one run, in bursts of 64 events as the store folds them. */
function foldCalls(n: number, shape: "sequential" | "parallel"): ThreadState {
  const events = [ev.runStarted()];
  if (shape === "parallel") events.push(ev.textStart("owner"), ev.textEnd("owner"));
  for (let i = 0; i < n; i++) {
    events.push(ev.toolStart(`c${i}`, "lookup", shape === "parallel" ? "owner" : undefined), ev.toolArgs(`c${i}`, "{}"), ev.toolEnd(`c${i}`));
    if (shape === "sequential") events.push(ev.toolResult(`r${i}`, `c${i}`, "ok"));
  }
  if (shape === "parallel") for (let i = 0; i < n; i++) events.push(ev.toolResult(`r${i}`, `c${i}`, "ok"));
  events.push(ev.runFinished());
  let thread = fresh();
  for (let i = 0; i < events.length; i += 64) thread = foldEvents(thread, events.slice(i, i + 64));
  return thread;
}

describe("tool calls: work per call does not grow with the run", () => {
  afterEach(() => vi.restoreAllMocks());

  for (const shape of ["sequential", "parallel"] as const) {
    it(`${shape} calls: doubling the calls doubles the work`, () => {
      const small = countWork(() => foldCalls(1_000, shape));
      const large = countWork(() => foldCalls(4_000, shape));
      expect(large.thread.errors).toEqual([]);
      expect(large.thread.toolCalls.size).toBe(4_000);
      // Quadratic would be 16×; searching the run's call list per call was.
      expect(large.work / small.work).toBeLessThan(5);
      expect(large.work).toBeLessThan(4_000 * 40);
    });
  }

  it("results still sit after the message that made the call, in order", () => {
    const parallel = foldCalls(50, "parallel");
    expect(parallel.messageIds).toEqual(["owner", ...Array.from({ length: 50 }, (_, i) => `r${i}`)]);
    const sequential = foldCalls(3, "sequential");
    expect(sequential.messageIds).toEqual(["c0", "r0", "c1", "r1", "c2", "r2"]);
    expectConsistent(sequential);
  });

  it("a call started again in its run is listed once", () => {
    const thread = foldEvents(running(), [ev.toolStart("a", "f"), ev.toolStart("a", "f"), ev.toolEnd("a"), ev.toolStart("a", "f"), ev.runFinished()]);
    expect(thread.runs[0]?.toolCallIds).toEqual(["a"]);
    expect(thread.pendingToolCallIds).toEqual(["a"]);
  });
});

describe("depth and size at the door", () => {
  it("a state nested 10,000 levels is refused in words; the state before stays and every later run can be built", () => {
    const before = foldEvents(running(), [ev.stateSnapshot({ step: 1 })]);
    const after = foldEvents(before, [ev.stateSnapshot(nested(10_000))]);
    expect(after.state).toBe(before.state);
    expect(codes(after)).toEqual(["too-large"]);
    expect(after.errors[0]?.message).toMatch(/STATE_SNAPSHOT is nested deeper than 64 levels; refused/);
    expect(() => JSON.stringify(buildRunInput(after, { runId: "r2" }))).not.toThrow();
    expect(() => structuredClone(after.errors)).not.toThrow();
  });

  it("a state of more than 10,000 keys in one object is refused; a delta cannot grow one past it", () => {
    const wide = Object.fromEntries(Array.from({ length: WIRE_LIMITS.keys + 1 }, (_, i) => [`k${i}`, i]));
    const refused = foldEvents(running(), [ev.stateSnapshot(wide)]);
    expect(refused.state).toEqual({});
    expect(refused.errors[0]?.message).toContain("more than 10,000 members");

    const full = Object.fromEntries(Array.from({ length: WIRE_LIMITS.keys }, (_, i) => [`k${i}`, i]));
    const thread = foldEvents(running(), [ev.stateSnapshot(full), ev.stateDelta([{ op: "add", path: "/one-more", value: 1 }]), ev.stateDelta([{ op: "replace", path: "/k1", value: 2 }])]);
    expect(codes(thread)).toEqual(["patch-failed"]);
    expect(thread.errors[0]?.message).toContain("already has 10,000 members");
    expect((thread.state as Record<string, number>).k1).toBe(2);
  });

  it("a delta cannot build what a snapshot could not bring: depth where the value lands, copies of copies", () => {
    const deepPath = `${"/n".repeat(40)}`;
    const thread = foldEvents(running(), [
      ev.stateSnapshot(nested(40)),
      ev.stateDelta([{ op: "add", path: `${deepPath}/more`, value: nested(30) }]),
    ]);
    expect(codes(thread)).toEqual(["patch-failed"]);
    expect(thread.errors[0]?.message).toContain("nested deeper than");

    const doubling = Array.from({ length: 40 }, (_, i) => ({ op: "copy", from: "", path: `/copy${i}` }));
    const copied = foldEvents(running(), [ev.stateSnapshot({ list: Array.from({ length: 1_000 }, (_, i) => i) }), ev.stateDelta(doubling)]);
    expect(codes(copied)).toEqual(["patch-failed"]);
    expect(Object.keys(copied.state as object)).toEqual(["list"]);
  });

  it("tool arguments, activity content and custom values nested too deep are refused in words", () => {
    const deepArgs = JSON.stringify(nested(200));
    const thread = foldEvents(running(), [
      ev.toolStart("deep", "f"), ev.toolArgs("deep", deepArgs), ev.toolEnd("deep"),
      ev.activitySnapshot("plan", "PLAN", nested(100) as object),
      ev.custom("parley.artifact", { id: "a", kind: "json", content: nested(100) }),
    ]);
    expect(thread.toolCalls.get("deep")?.args).toBeUndefined();
    expect(thread.messages.get("plan")).toBeUndefined();
    expect(thread.customEvents).toEqual([]);
    expect(deriveArtifacts(thread.customEvents).artifacts).toEqual([]);
    expect(codes(thread)).toEqual(["too-large", "too-large", "too-large"]);
    expect(() => JSON.stringify(thread)).not.toThrow();
  });

  it("a tool result over the text limit is refused; a long reply stops at it", () => {
    const thread = foldEvents(running(), [
      ev.toolStart("c", "f"), ev.toolEnd("c"),
      ev.toolResult("r", "c", "x".repeat(WIRE_LIMITS.text + 1)),
      ev.textStart("m"), ...Array.from({ length: 30 }, () => ev.text("m", "y".repeat(50_000))),
    ]);
    expect(thread.messages.get("r")).toBeUndefined();
    expect((thread.messages.get("m") as { content: string }).content.length).toBe(WIRE_LIMITS.text);
    expect(codes(thread)).toEqual(["too-large", "too-large"]);
  });

  it("measureValue stops at the first limit crossed, whatever the value's size", () => {
    expect(measureValue({ a: [1, "two"] })).toBe(3 + 1 + 3 + 1);
    expect(measureValue(nested(1_000_000 / 10))).toBe("nested deeper than 64 levels");
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(measureValue(cyclic)).toMatch(/nested deeper|more than/);
  });
});

describe("logs are bounded by size, not only by count", () => {
  it("500 custom events of 2 MB keep at most LOG_TOTAL_WEIGHT, the newest first", () => {
    let thread = running();
    const big = "z".repeat(2_000_000);
    for (let i = 0; i < 500; i++) thread = foldEvents(thread, [ev.custom("app.blob", { i, big })]);
    const kept = thread.customEvents.reduce((sum, e) => sum + (measureValue(e.value) as number), 0);
    expect(kept).toBeLessThanOrEqual(LOG_TOTAL_WEIGHT);
    expect(thread.customEvents.at(-1)?.value).toMatchObject({ i: 499 });
    expect(thread.customEvents.length).toBeLessThan(10);
  });

  it("an error keeps a summary of a large event, and the event itself when it is small", () => {
    const small = { type: EventType.TEXT_MESSAGE_CONTENT, messageId: "nope", delta: "x" };
    const large = { type: EventType.TEXT_MESSAGE_CONTENT, messageId: "nope", delta: "x".repeat(2_000_000) };
    const thread = foldEvents(running(), [small, large]);
    expect(thread.errors[0]?.event).toBe(small);
    const summary = thread.errors[1]?.event as { summary: string; type: string; cut: string };
    expect(summary.type).toBe(EventType.TEXT_MESSAGE_CONTENT);
    expect(JSON.stringify(summary).length).toBeLessThan(2_000);
  });

  it("a suggestion chip of 1 MB is refused in words", () => {
    const thread = foldEvents(running(), [ev.custom("parley.suggestions", { suggestions: [{ label: "Yes", value: "v".repeat(1_000_000) }] })]);
    expect(thread.suggestions).toBeUndefined();
    expect(thread.errors[0]?.message).toContain("at most 4000");
  });
});

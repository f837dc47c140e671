import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyClientAction, buildRunInput, createThreadState, foldEvent, foldEvents, type ThreadState } from "../../../src/core";
import { applyJsonPatch, type CopyOwner } from "../../../src/core/fold/jsonPatch";
import { restoreThread, snapshotThread } from "../../../src/core/persistence/threadSnapshot";
import { ev } from "../../support/events";
import { deepFreeze } from "./invariants";

/**
 * A state of many keys is kept by the fold in tables (`MemberTable`), so a burst no longer copies
 * it; `thread.state` still reads as the plain JSON values a fold of plain objects gives, keys in
 * the same order, shared between versions where nothing changed — for every reader.
 */

type Loose = Record<string, any>;

/** 80 root keys: integer-like ones (which an object lists first), names, and an own "__proto__". */
const ROOT_KEYS = [...Array.from({ length: 70 }, (_, k) => `k${k}`), "3", "12", "b", "a", "list", "big"];
const BIG_KEYS = Array.from({ length: 70 }, (_, k) => `m${k}`);

/**
 * A root of many keys with a large object in it; or (`small`) a root of a few keys whose large
 * objects sit in a member and in an array, so plain containers hold tables.
 */
function initialState(small = false): Loose {
  const big = Object.fromEntries(BIG_KEYS.map((k, i) => [k, { i }]));
  const keys = small ? ["3", "b", "a", "big", "list"] : ROOT_KEYS;
  const root: Loose = Object.fromEntries(keys.map((k, i) => [k, k === "big" ? big : k === "list" ? [1, small ? big : { x: 2 }, 3] : i]));
  // Made by JSON.parse, as the wire makes it: "__proto__" is an own member there.
  return JSON.parse(JSON.stringify(root).replace(/^\{/, '{"__proto__":{"own":true},'));
}

const leaf = fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constantFrom("x", "", null, true));
const value: fc.Arbitrary<unknown> = fc.oneof(leaf, fc.array(leaf, { maxLength: 2 }), fc.dictionary(fc.constantFrom("p", "q"), leaf, { maxKeys: 2 }));
const rootKey = fc.constantFrom(...ROOT_KEYS, "new1", "new2", "7");
const bigKey = fc.constantFrom(...BIG_KEYS.slice(0, 8), "n1");
const path = fc.oneof(
  rootKey.map((k) => `/${k}`),
  bigKey.map((k) => `/big/${k}`),
  bigKey.map((k) => `/big/${k}/i`),
  bigKey.map((k) => `/list/1/${k}`),
  fc.constantFrom("/list/0", "/list/1/x", "/list/-", "/b/p", "/__proto__", ""),
);
const op = fc.oneof(
  { weight: 6, arbitrary: fc.record({ op: fc.constantFrom("add", "replace"), path, value }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("remove"), path }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("test"), path, value }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constantFrom("move", "copy"), from: path, path }) },
);
const delta = fc.array(op, { minLength: 1, maxLength: 3 });

function owner(): CopyOwner {
  const owned = new Set<object>();
  return { isOwned: (v) => owned.has(v), adopt: (v) => (owned.add(v), v) };
}

/** What a fold of plain objects gives: each delta applied whole or not at all, on plain values. */
function reference(start: unknown, deltas: readonly unknown[][]): { state: unknown; failed: number } {
  let state = start;
  let failed = 0;
  for (const ops of deltas) {
    try {
      state = applyJsonPatch(state, ops, owner());
    } catch {
      failed += 1;
    }
  }
  return { state, failed };
}

const started = (state: unknown): ThreadState => foldEvents(createThreadState({ threadId: "t1" }), [ev.runStarted(), ev.stateSnapshot(state)]);

/** Cuts `items` at the given (sorted, deduplicated) points. */
function cut<T>(items: readonly T[], at: readonly number[]): T[][] {
  const points = [...new Set(at.map((p) => p % (items.length + 1)))].sort((a, b) => a - b);
  const parts: T[][] = [];
  let from = 0;
  for (const point of [...points, items.length]) {
    parts.push(items.slice(from, point));
    from = point;
  }
  return parts.filter((part) => part.length > 0);
}

describe("a large agent state", () => {
  it("reads as a fold of plain objects gives it, keys in order, however the stream is cut; every version stays as it was", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(delta, { minLength: 1, maxLength: 40 }), fc.array(fc.nat(), { maxLength: 6 }), (small, deltas, points) => {
        const start = initialState(small);
        const sent = JSON.stringify(start);
        const expected = reference(start, deltas);
        let thread = started(start);
        const versions: [ThreadState, string][] = [];
        for (const burst of cut(deltas, points)) {
          thread = foldEvents(thread, burst.map((ops) => ev.stateDelta(ops)));
          versions.push([thread, JSON.stringify(thread.state)]);
        }
        expect(JSON.stringify(thread.state)).toBe(JSON.stringify(expected.state));
        expect(thread.state).toEqual(expected.state);
        expect(thread.errors.filter((e) => e.code === "patch-failed")).toHaveLength(expected.failed);
        for (const [version, json] of versions) expect(JSON.stringify(version.state)).toBe(json);
        // The snapshot the agent sent is never written to, however its members were patched.
        expect(JSON.stringify(start)).toBe(sent);
        expect(({} as Loose).own).toBeUndefined();
      }),
      { numRuns: 200 },
    );
  });

  it("keeps what a burst did not change: the same state object, the same members", () => {
    const before = foldEvent(started(initialState()), ev.stateDelta([{ op: "replace", path: "/k1", value: "one" }]));
    const state = before.state as Loose;
    expect(before.state).toBe(state);
    // A burst that does not touch the state (text, a step) keeps the very same object.
    const text = foldEvents(before, [ev.textStart("m1"), ev.text("m1", "hi")]);
    expect(text.state).toBe(state);
    // A delta makes a new root and a new path; every other member is the same object as before.
    const after = foldEvent(text, ev.stateDelta([{ op: "replace", path: "/big/m3/i", value: 33 }]));
    const next = after.state as Loose;
    expect(next).not.toBe(state);
    expect(next.big).not.toBe(state.big);
    expect(next.big.m3).toEqual({ i: 33 });
    expect(next.big.m4).toBe(state.big.m4);
    expect(next.list).toBe(state.list);
    expect(state.big.m3).toEqual({ i: 3 });
    expect(Object.getPrototypeOf(next)).toBe(Object.prototype);
    expect(Object.hasOwn(next, "__proto__")).toBe(true);
  });

  it("is the same plain value for every reader: spread, JSON, structured clone, a snapshot, a restore, a run's input", () => {
    const thread = foldEvents(started(initialState()), [
      ev.stateDelta([{ op: "add", path: "/added", value: { deep: [1] } }]),
      ev.stateDelta([{ op: "remove", path: "/k2" }]),
      ev.stateDelta([{ op: "add", path: "/k2", value: "back, last" }]),
    ]);
    const plain = JSON.parse(JSON.stringify(thread.state));
    expect(Object.keys(thread.state as Loose).slice(-3)).toEqual(["big", "added", "k2"]);
    expect(Object.keys(thread).includes("state")).toBe(true);
    expect({ ...thread }.state).toBe(thread.state);
    expect(JSON.parse(JSON.stringify(thread)).state).toEqual(plain);
    expect(structuredClone(thread.state)).toEqual(plain);
    expect(structuredClone(thread).state).toEqual(plain);

    const snapshot = snapshotThread(thread, 1);
    expect(structuredClone(snapshot).state).toEqual(plain);
    const restored = restoreThread(structuredClone(snapshot));
    expect(restored.ok && JSON.stringify(restored.thread.state)).toBe(JSON.stringify(thread.state));

    const input = buildRunInput(thread, { runId: "r2" });
    expect(input.state).toBe(thread.state);
    expect(JSON.parse(JSON.stringify(input)).state).toEqual(plain);

    // Frozen by a reader, the fold still goes on from it without a write to anything it read.
    deepFreeze(thread);
    const next = foldEvent(thread, ev.stateDelta([{ op: "replace", path: "/k3", value: 3 }]));
    expect((next.state as Loose).k3).toBe(3);
    expect(JSON.parse(JSON.stringify(thread.state))).toEqual(plain);
  });

  it("goes through the person's door: an action keeps the state, a set-state replaces it, held keys win over the agent's", () => {
    const thread = foldEvent(started(initialState()), ev.stateDelta([{ op: "replace", path: "/k1", value: "agent" }]));
    const message = applyClientAction(thread, { type: "append-message", message: { id: "u1", role: "user", content: "hi" } });
    expect(message.state).toBe(thread.state);

    const edited = { ...(thread.state as Loose), k1: "mine", k5: "mine too" };
    const held = applyClientAction(thread, { type: "set-state", state: edited, hold: true });
    expect(held.state).toBe(edited);
    expect(held.stateEdits).toEqual({ k1: "mine", k5: "mine too" });
    const after = foldEvents(held, [
      ev.stateDelta([{ op: "replace", path: "/k1", value: "agent again" }]),
      ev.stateDelta([{ op: "replace", path: "/k6", value: "agent's" }]),
      ev.stateDelta([{ op: "replace", path: "", value: { ...initialState(), k5: "agent's whole" } }]),
      ev.stateDelta([{ op: "replace", path: "/k7", value: "agent's too" }]),
    ]);
    const state = after.state as Loose;
    expect([state.k1, state.k5, state.k6, state.k7]).toEqual(["mine", "mine too", 6, "agent's too"]);
    expect((thread.state as Loose).k1).toBe("agent");
  });

  it("takes predicted keys from streaming tool arguments into a large state", () => {
    const thread = foldEvents(started(initialState()), [
      ev.custom("PredictState", [{ state_key: "draft", tool: "write", tool_argument: "text" }]),
      ev.toolStart("c1", "write"),
      ev.toolArgs("c1", '{"text":"Hel'),
    ]);
    expect((thread.state as Loose).draft).toBe("Hel");
    const next = foldEvents(thread, [ev.toolArgs("c1", 'lo"}'), ev.stateDelta([{ op: "replace", path: "/k0", value: "zero" }])]);
    const state = next.state as Loose;
    expect([state.draft, state.k0, state.k9]).toEqual(["Hello", "zero", 9]);
    expect(Object.keys(state)).toEqual([...Object.keys(initialState()), "draft"]);
  });
});

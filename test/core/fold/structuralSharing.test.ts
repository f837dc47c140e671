import { describe, expect, it } from "vitest";
import { applyClientAction, buildRunInput, createThreadState, foldEvent, foldEvents, IdTable, toAgUiMessages, type ThreadMessage, type ThreadState } from "../../../src/core";
import { countLookups, retabled } from "../../support/thread";
import { ev } from "../../support/events";
import { randomValidStream } from "../../support/randomStream";
import { deepFreeze } from "./invariants";

/**
 * An event replaces only what it changes: every object it does not touch keeps its identity, and
 * nothing passed in (state or events) is ever written to.
 */

type Loose = Record<string, any>;

const fresh = () => createThreadState({ threadId: "t1" });
const fold = (events: unknown[], from: ThreadState = fresh()) => foldEvents(from, events);

/** A thread of three messages: A and C closed, B still streaming, a tool call on A. */
function threeMessages(): ThreadState {
  return fold([
    ev.runStarted(),
    ev.textStart("A"), ev.text("A", "first"), ev.textEnd("A"),
    ev.toolStart("tc1", "search", "A"), ev.toolArgs("tc1", '{"q":"x"}'), ev.toolEnd("tc1"),
    ev.textStart("B"), ev.text("B", "sec"),
    ev.textStart("C"), ev.text("C", "third"), ev.textEnd("C"),
  ]);
}

/** Folds `events` into `state` with both deep-frozen, and checks neither was written to. */
function foldFrozen(state: ThreadState, events: unknown[]): ThreadState {
  const before = JSON.stringify({ state, events });
  deepFreeze(state);
  deepFreeze(events);
  const next = foldEvents(state, events);
  expect(JSON.stringify({ state, events })).toBe(before);
  return next;
}

const stateOf = (state: unknown) => fold([ev.runStarted(), ev.stateSnapshot(state)]);
const errorsOf = (s: ThreadState) => s.errors.map((e) => e.code);

describe("messages and tool calls", () => {
  it("TEXT_MESSAGE_CONTENT on B replaces only B", () => {
    const before = threeMessages();
    const after = foldEvent(before, ev.text("B", "ond"));
    expect((after.messages.get("B") as Loose).content).toBe("second");
    expect(after.messages.get("B")).not.toBe(before.messages.get("B"));
    expect(after.messages.get("A")).toBe(before.messages.get("A"));
    expect(after.messages.get("C")).toBe(before.messages.get("C"));
    expect(after.messages).not.toBe(before.messages);
    expect(after.messageIds).toBe(before.messageIds);
    expect(after.toolCalls).toBe(before.toolCalls);
    expect(after.openMessageIds).toBe(before.openMessageIds);
    expect(after.runs).toBe(before.runs);
    expect(after.errors).toBe(before.errors);
    expect(after.customEvents).toBe(before.customEvents);
    expect(after.subagents).toBe(before.subagents);
    expect(after.state).toBe(before.state);
  });

  it("a burst of deltas to B still leaves A, C and the ids alone", () => {
    const before = threeMessages();
    const after = fold([ev.text("B", "o"), ev.text("B", "n"), ev.text("B", "d")], before);
    expect((after.messages.get("B") as Loose).content).toBe("second");
    expect(after.messages.get("A")).toBe(before.messages.get("A"));
    expect(after.messages.get("C")).toBe(before.messages.get("C"));
    expect(after.messageIds).toBe(before.messageIds);
  });

  it("a new message changes messageIds (a new array) and nothing else it need not", () => {
    const before = threeMessages();
    const after = foldEvent(before, ev.textStart("D"));
    expect(after.messageIds).not.toBe(before.messageIds);
    expect(after.messageIds).toEqual(["A", "B", "C", "D"]);
    expect(before.messageIds).toEqual(["A", "B", "C"]);
    expect(after.messages.get("A")).toBe(before.messages.get("A"));
    expect(after.messages.get("B")).toBe(before.messages.get("B"));
    expect(after.toolCalls).toBe(before.toolCalls);
  });

  it("TOOL_CALL_ARGS replaces only its tool call", () => {
    const before = fold([ev.toolStart("tc2", "other", "C")], threeMessages());
    const after = foldEvent(before, ev.toolArgs("tc2", "{}"));
    expect(after.toolCalls.get("tc2")).not.toBe(before.toolCalls.get("tc2"));
    expect(after.toolCalls.get("tc1")).toBe(before.toolCalls.get("tc1"));
    expect(after.messages).toBe(before.messages);
    expect(after.messageIds).toBe(before.messageIds);
  });

  it("ending B touches B and the open list only", () => {
    const before = threeMessages();
    const after = foldEvent(before, ev.textEnd("B"));
    expect(after.openMessageIds).not.toBe(before.openMessageIds);
    expect(after.messages.get("A")).toBe(before.messages.get("A"));
    expect(after.messages.get("C")).toBe(before.messages.get("C"));
    expect(after.messageIds).toBe(before.messageIds);
    expect(after.toolCalls).toBe(before.toolCalls);
  });

  it("a messages snapshot keeps the client-only messages it leaves alone", () => {
    const before = fold([ev.runStarted(), ev.activitySnapshot("act", "PLAN", { a: 1 }), ev.textStart("m"), ev.textEnd("m")]);
    const after = foldEvent(before, ev.messagesSnapshot([{ id: "m", role: "assistant", content: "x" }]));
    expect(after.messages.get("act")).toBe(before.messages.get("act"));
  });

  it("an ACTIVITY_DELTA keeps the untouched branches of the content", () => {
    const before = fold([ev.runStarted(), ev.activitySnapshot("act", "PLAN", { steps: [{ t: 1 }, { t: 2 }], meta: { k: [1] } })]);
    const after = foldEvent(before, ev.activityDelta("act", [{ op: "replace", path: "/steps/1/t", value: 3 }]));
    const [b, a] = [(before.messages.get("act") as Loose).content, (after.messages.get("act") as Loose).content];
    expect(a.steps[1]).toEqual({ t: 3 });
    expect(a.steps[0]).toBe(b.steps[0]);
    expect(a.meta).toBe(b.meta);
    expect(b.steps[1]).toEqual({ t: 2 });
  });
});

describe("agent state", () => {
  it("a STATE_DELTA on /a/x keeps /b and every other deep branch", () => {
    const before = stateOf({ a: { x: 1, y: { deep: [1, 2] } }, b: { c: { d: [{ e: 1 }] } }, list: [{ n: 1 }, { n: 2 }] });
    const after = foldEvent(before, ev.stateDelta([{ op: "replace", path: "/a/x", value: 2 }]));
    const [b, a] = [before.state as Loose, after.state as Loose];
    expect(a).toEqual({ a: { x: 2, y: { deep: [1, 2] } }, b: { c: { d: [{ e: 1 }] } }, list: [{ n: 1 }, { n: 2 }] });
    expect(a).not.toBe(b);
    expect(a.a).not.toBe(b.a);
    expect(a.a.y).toBe(b.a.y);
    expect(a.b).toBe(b.b);
    expect(a.list).toBe(b.list);
    expect(b.a.x).toBe(1);
  });

  it("a large root (kept in a table by the fold) keeps its keys, their order, and own __proto__ data", () => {
    const sent: Loose = JSON.parse(
      `{"7":"seven",${Array.from({ length: 300 }, (_, k) => `"key${k}":{"k":${k}}`).join(",")},"__proto__":{"polluted":true},"0":"zero"}`,
    );
    const before = stateOf(sent);
    const burst = foldEvents(before, [
      ev.stateDelta([{ op: "replace", path: "/key5", value: 5 }]),
      ev.stateDelta([{ op: "add", path: "/added", value: 1 }]),
    ]);
    const again = foldEvent(burst, ev.stateDelta([{ op: "replace", path: "/key6", value: 6 }]));
    for (const [b, a] of [[before.state as Loose, burst.state as Loose], [burst.state as Loose, again.state as Loose]] as const) {
      expect(a).not.toBe(b);
      expect(Object.getPrototypeOf(a)).toBe(Object.prototype);
      expect(Object.hasOwn(a, "__proto__")).toBe(true);
      expect(a.__proto__).toEqual({ polluted: true });
      expect(a.key0).toBe(b.key0);
      expect(a.key299).toBe(b.key299);
    }
    expect(Object.keys(again.state as Loose)).toEqual([...Object.keys(sent), "added"]);
    expect((again.state as Loose).key5).toBe(5);
    expect((again.state as Loose).key6).toBe(6);
    expect(({} as Loose).polluted).toBeUndefined();
    expect(sent.key5).toEqual({ k: 5 });
  });

  it("a delta inside an array copies the path only", () => {
    const before = stateOf({ list: [{ n: 1 }, { n: 2 }, { n: 3 }] });
    const after = foldEvent(before, ev.stateDelta([{ op: "replace", path: "/list/1/n", value: 20 }]));
    const [b, a] = [before.state as Loose, after.state as Loose];
    expect(a.list[1]).toEqual({ n: 20 });
    expect(a.list[0]).toBe(b.list[0]);
    expect(a.list[2]).toBe(b.list[2]);
  });

  it("deltas in one burst give the same state as deltas in separate folds, without touching the input", () => {
    const base = stateOf({ a: { x: 0 }, b: { y: 0 } });
    const deltas = [
      ev.stateDelta([{ op: "replace", path: "/a/x", value: 1 }]),
      ev.stateDelta([{ op: "add", path: "/a/z", value: [1] }, { op: "add", path: "/a/z/-", value: 2 }]),
      ev.stateDelta([{ op: "move", from: "/a/z", path: "/b/z" }]),
      ev.stateDelta([{ op: "copy", from: "/b/z", path: "/c" }, { op: "add", path: "/c/0", value: 0 }]),
    ];
    const oneBurst = foldFrozen(base, deltas);
    const stepwise = deltas.reduce((s, d) => foldEvent(s, d), base);
    expect(oneBurst.state).toEqual({ a: { x: 1 }, b: { y: 0, z: [1, 2] }, c: [0, 1, 2] });
    expect(stepwise.state).toEqual(oneBurst.state);
  });

  it("a failed multi-op patch leaves the state as it was (same object) and records patch-failed", () => {
    const before = stateOf({ a: { x: 1 }, list: [1, 2] });
    const bad = ev.stateDelta([
      { op: "replace", path: "/a/x", value: 99 },
      { op: "add", path: "/list/-", value: 3 },
      { op: "remove", path: "/does/not/exist" },
    ]);
    const after = foldFrozen(before, [bad]);
    expect(after.state).toBe(before.state);
    expect(after.state).toEqual({ a: { x: 1 }, list: [1, 2] });
    expect(after.errors[0]).toMatchObject({ code: "patch-failed", event: bad });
  });

  it("a failed patch after a good one in the same burst keeps the good one only", () => {
    const before = stateOf({ a: { x: 1 } });
    const after = fold([
      ev.stateDelta([{ op: "replace", path: "/a/x", value: 2 }]),
      ev.stateDelta([{ op: "replace", path: "/a/x", value: 3 }, { op: "test", path: "/a/x", value: 4 }]),
      ev.stateDelta([{ op: "replace", path: "/a/x", value: 5 }, { op: "remove", path: "/nope" }]),
    ], before);
    expect(after.state).toEqual({ a: { x: 2 } });
    expect(errorsOf(after)).toEqual(["patch-failed", "patch-failed"]);
    expect(before.state).toEqual({ a: { x: 1 } });
  });

  describe("RFC 6902 operations", () => {
    const cases: [string, unknown, unknown[], unknown][] = [
      ["add to an object", { a: 1 }, [{ op: "add", path: "/b", value: { c: 2 } }], { a: 1, b: { c: 2 } }],
      ["add replaces an existing member", { a: 1 }, [{ op: "add", path: "/a", value: 2 }], { a: 2 }],
      ["add inserts into an array", { l: [1, 3] }, [{ op: "add", path: "/l/1", value: 2 }], { l: [1, 2, 3] }],
      ["add appends with -", { l: [1] }, [{ op: "add", path: "/l/-", value: 2 }, { op: "add", path: "/l/-", value: 3 }], { l: [1, 2, 3] }],
      ["add at the array end index", { l: [1] }, [{ op: "add", path: "/l/1", value: 2 }], { l: [1, 2] }],
      ["remove from an object", { a: 1, b: 2 }, [{ op: "remove", path: "/a" }], { b: 2 }],
      ["remove from an array shifts", { l: [1, 2, 3] }, [{ op: "remove", path: "/l/0" }], { l: [2, 3] }],
      ["replace a member", { a: { b: 1 } }, [{ op: "replace", path: "/a/b", value: [1] }], { a: { b: [1] } }],
      ["replace an array element", { l: [1, 2] }, [{ op: "replace", path: "/l/1", value: "two" }], { l: [1, "two"] }],
      ["replace the whole document", { a: 1 }, [{ op: "replace", path: "", value: { z: 1 } }], { z: 1 }],
      ["move between objects", { a: { x: 1 }, b: {} }, [{ op: "move", from: "/a/x", path: "/b/y" }], { a: {}, b: { y: 1 } }],
      ["move within an array", { l: [1, 2, 3] }, [{ op: "move", from: "/l/0", path: "/l/-" }], { l: [2, 3, 1] }],
      ["copy a subtree", { a: { x: [1] } }, [{ op: "copy", from: "/a", path: "/b" }], { a: { x: [1] }, b: { x: [1] } }],
      ["copy into an array", { l: [1], v: 9 }, [{ op: "copy", from: "/v", path: "/l/0" }], { l: [9, 1], v: 9 }],
      ["copy the document into itself", { a: 1 }, [{ op: "copy", from: "", path: "/self" }], { a: 1, self: { a: 1 } }],
      ["move to a sibling with a shared prefix", { a: 1 }, [{ op: "move", from: "/a", path: "/ab" }], { ab: 1 }],
      ["test then change", { a: [1, { b: 2 }] }, [{ op: "test", path: "/a", value: [1, { b: 2 }] }, { op: "remove", path: "/a/1/b" }], { a: [1, {}] }],
      ["~1 escapes a slash", { "a/b": 1 }, [{ op: "replace", path: "/a~1b", value: 2 }], { "a/b": 2 }],
      ["~0 escapes a tilde", { "m~n": { k: 1 } }, [{ op: "replace", path: "/m~0n/k", value: 2 }], { "m~n": { k: 2 } }],
      ["~01 is a tilde then 1", { "~1": 1 }, [{ op: "add", path: "/~01", value: 2 }], { "~1": 2 }],
      ["an empty key", { "": { "": 1 } }, [{ op: "replace", path: "//", value: 2 }], { "": { "": 2 } }],
      ["move into an element the removal shifts", { l: [{ n: "A" }, { n: "B" }, { n: "C" }] }, [{ op: "move", from: "/l/0", path: "/l/1/moved" }], { l: [{ n: "B" }, { n: "C", moved: { n: "A" } }] }],
      ["move to a later index of the same array", { l: [1, 2, 3] }, [{ op: "move", from: "/l/0", path: "/l/2" }], { l: [2, 3, 1] }],
      ["move onto itself", { a: { b: 1 } }, [{ op: "move", from: "/a", path: "/a" }], { a: { b: 1 } }],
      ["move replaces the target", { a: 1, b: 2 }, [{ op: "move", from: "/a", path: "/b" }], { b: 1 }],
      ["move a member to the root", { a: { x: 1 } }, [{ op: "move", from: "/a", path: "" }], { x: 1 }],
      ["remove a member on the fast path", { a: 1, b: { c: 2 } }, [{ op: "remove", path: "/b/c" }], { a: 1, b: {} }],
    ];
    for (const [name, doc, patch, expected] of cases) {
      it(name, () => {
        const before = stateOf(doc);
        const docJson = JSON.stringify(doc);
        const after = foldFrozen(before, [ev.stateDelta(patch)]);
        expect(after.errors).toEqual([]);
        expect(after.state).toEqual(expected);
        expect(JSON.stringify(before.state)).toBe(docJson);
      });
    }

    it("writes nothing into the previous snapshot, frozen or not (a move whose removal shifts its target)", () => {
      // Frozen input hides a write into it (the write fails silently): this checks without freezing.
      const before = stateOf({ l: [{ n: "A" }, { n: "B" }, { n: "C" }], other: { k: 1 } });
      const json = JSON.stringify(before.state);
      const after = foldEvents(before, [ev.stateDelta([{ op: "move", from: "/l/0", path: "/l/1/moved" }])]);
      expect(JSON.stringify(before.state)).toBe(json);
      expect(after.state).toEqual({ l: [{ n: "B" }, { n: "C", moved: { n: "A" } }], other: { k: 1 } });
      expect((after.state as Loose).other).toBe((before.state as Loose).other);
      expect((after.state as Loose).l[1].moved).toBe((before.state as Loose).l[0]);
    });

    it("a copy is a value of its own: changing it later in the burst leaves the source as it was", () => {
      const before = stateOf({ a: { b: { c: 1 } } });
      const after = foldEvents(before, [
        ev.stateDelta([{ op: "copy", from: "/a", path: "/z" }]),
        ev.stateDelta([{ op: "replace", path: "/z/b/c", value: 2 }]),
      ]);
      expect(after.state).toEqual({ a: { b: { c: 1 } }, z: { b: { c: 2 } } });
      expect((after.state as Loose).a).toBe((before.state as Loose).a);
    });

    it("says what failed in a short message, never the whole state", () => {
      const big = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, { v: i }]));
      const after = foldEvents(stateOf(big), [
        ev.stateDelta([{ op: "remove", path: "/missing" }]),
        ev.stateDelta([{ op: "add", path: "/k1/v/x", value: 1 }]),
        ev.stateDelta([{ op: "move", from: `/${"x".repeat(5000)}`, path: "/y" }]),
      ]);
      expect(after.errors.map((e) => e.code)).toEqual(["patch-failed", "patch-failed", "patch-failed"]);
      for (const error of after.errors) expect(error.message.length).toBeLessThan(300);
      expect(after.errors[0]!.message).toContain('operation 0 (remove "/missing"): the path does not exist');
    });

    it("escaped tokens keep the untouched sibling branches", () => {
      const before = stateOf({ "a/b": { x: 1 }, "c~d": { y: [1] } });
      const after = foldEvent(before, ev.stateDelta([{ op: "replace", path: "/a~1b/x", value: 2 }]));
      expect((after.state as Loose)["a/b"]).toEqual({ x: 2 });
      expect((after.state as Loose)["c~d"]).toBe((before.state as Loose)["c~d"]);
    });

    const failures: [string, unknown, unknown[]][] = [
      ["a failing test", { a: 1 }, [{ op: "test", path: "/a", value: 2 }]],
      ["remove of a missing member", { a: 1 }, [{ op: "remove", path: "/b" }]],
      ["replace of a missing member", { a: 1 }, [{ op: "replace", path: "/b", value: 1 }]],
      ["add under a missing parent", { a: 1 }, [{ op: "add", path: "/x/y", value: 1 }]],
      ["an array index out of bounds", { l: [1] }, [{ op: "add", path: "/l/5", value: 1 }]],
      ["a non-numeric array index", { l: [1] }, [{ op: "replace", path: "/l/x", value: 1 }]],
      ["move from a missing path", { a: 1 }, [{ op: "move", from: "/nope", path: "/b" }]],
      ["an unknown op", { a: 1 }, [{ op: "merge", path: "/a", value: 1 }]],
      ["a pointer without a leading slash", { a: 1 }, [{ op: "replace", path: "a", value: 2 }]],
      ["add without a value", { a: 1 }, [{ op: "add", path: "/b" }]],
      ["moving the document into itself", { a: 1 }, [{ op: "move", from: "", path: "/self" }]],
      ["moving a member into its own child", { a: { b: {} } }, [{ op: "move", from: "/a", path: "/a/b/c" }]],
      ["__proto__ as a token", {}, [{ op: "add", path: "/__proto__/polluted", value: "yes" }]],
      ["__proto__ as the target", { a: {} }, [{ op: "replace", path: "/a/__proto__", value: { polluted: "yes" } }]],
      ["constructor/prototype", {}, [{ op: "add", path: "/constructor/prototype/polluted", value: "yes" }]],
      ["remove of an inherited name", { a: {} }, [{ op: "remove", path: "/toString" }]],
      ["replace of an inherited name", { a: {} }, [{ op: "replace", path: "/constructor", value: 1 }]],
      ["replace of an inherited name below the root", { a: {} }, [{ op: "replace", path: "/a/valueOf", value: 2 }]],
      ["test of an inherited name", { a: {} }, [{ op: "test", path: "/hasOwnProperty", value: null }]],
      ["move from an array index with a leading zero", { l: [1, 2] }, [{ op: "move", from: "/l/01", path: "/x" }]],
      ["move from an array's length", { l: [1, 2] }, [{ op: "move", from: "/l/length", path: "/x" }]],
      ["move to an index past the end after the removal", { l: [1, 2] }, [{ op: "move", from: "/l/0", path: "/l/2" }]],
      ["copy without a from", { a: 1 }, [{ op: "copy", path: "/b" }]],
    ];
    for (const [name, doc, patch] of failures) {
      it(`refuses ${name}`, () => {
        const before = stateOf(doc);
        const bad = ev.stateDelta(patch);
        const after = foldFrozen(before, [bad]);
        expect(after.state).toBe(before.state);
        expect(after.errors).toHaveLength(1);
        expect(after.errors[0]).toMatchObject({ code: "patch-failed", event: bad });
        expect(({} as Loose).polluted).toBeUndefined();
        expect((Object.prototype as Loose).polluted).toBeUndefined();
      });
    }
  });
});

describe("inputs are never written to", () => {
  it("folding a frozen thread with frozen events works and changes neither", () => {
    const before = threeMessages();
    const after = foldFrozen(before, [
      ev.text("B", "ond"), ev.textEnd("B"), ev.toolResult("res", "tc1", "ok"), ev.stateSnapshot({ a: { b: 1 } }),
      ev.stateDelta([{ op: "add", path: "/a/c", value: [1] }]), ev.stateDelta([{ op: "add", path: "/a/c/-", value: 2 }]),
      ev.activitySnapshot("act", "PLAN", { steps: [] }), ev.activityDelta("act", [{ op: "add", path: "/steps/-", value: 1 }]),
      ev.custom("c", { v: 1 }), ev.runFinished(),
    ]);
    expect(after.errors).toEqual([]);
    expect(after.messageIds).toEqual(["A", "res", "B", "C", "act"]);
    expect(after.state).toEqual({ a: { b: 1, c: [1, 2] } });
  });

  // Messages taken from a MESSAGES_SNAPSHOT or RUN_STARTED.input must be copies: a later event in
  // the same burst that edits them must not write into the event that carried them.
  it("a message from a snapshot, edited later in the same burst, leaves the snapshot event alone", () => {
    const events = [
      ev.runStarted(),
      ev.messagesSnapshot([
        { id: "u", role: "user", content: "hi" },
        { id: "act", role: "activity", activityType: "PLAN", content: { steps: [] } },
        { id: "a", role: "assistant", content: "x", toolCalls: [{ id: "tc", type: "function", function: { name: "f", arguments: "{}" } }] },
      ]),
      ev.textStart("u", { role: "user" }), ev.text("u", " there"), ev.textEnd("u"),
      ev.activityDelta("act", [{ op: "add", path: "/steps/-", value: "one" }]),
      ev.encrypted("tool-call", "tc", "E"),
      ev.encrypted("message", "a", "E2"),
    ];
    const after = foldFrozen(fresh(), events);
    expect(after.errors).toEqual([]);
    expect((after.messages.get("u") as Loose).content).toBe("hi there");
    expect((after.messages.get("act") as Loose).content).toEqual({ steps: ["one"] });
    expect((after.messages.get("a") as Loose).encryptedValue).toBe("E2");
  });

  it("a message from RUN_STARTED.input, edited later in the same burst, leaves the event alone", () => {
    const events = [
      ev.runStarted("r1", "t1", { input: { threadId: "t1", runId: "r1", tools: [], context: [], messages: [{ id: "u", role: "user", content: "hi" }] } }),
      ev.textStart("u", { role: "user" }), ev.text("u", "!"), ev.textEnd("u"),
    ];
    const after = foldFrozen(fresh(), events);
    expect(after.errors).toEqual([]);
    expect((after.messages.get("u") as Loose).content).toBe("hi!");
  });

  it("messages given to createThreadState are not written to by later folds", () => {
    const initial = deepFreeze([{ id: "u", role: "user" as const, content: "hi" }]);
    const thread = createThreadState({ messages: initial });
    const after = foldEvents(thread, [ev.runStarted(), ev.textStart("u", { role: "user" }), ev.text("u", "!"), ev.textEnd("u")]);
    expect(after.errors).toEqual([]);
    expect((after.messages.get("u") as Loose).content).toBe("hi!");
    expect(initial[0]?.content).toBe("hi");
  });

  it("random valid streams fold the same frozen, one event at a time, or in one burst", () => {
    for (let seed = 1; seed <= 60; seed++) {
      const events = randomValidStream(seed);
      const plain = foldEvents(fresh(), structuredClone(events));
      const stepwise = structuredClone(events).reduce<ThreadState>((s, e) => foldEvent(s, e), fresh());
      const frozen = foldFrozen(fresh(), events);
      expect(frozen.errors, `seed ${seed}`).toEqual([]);
      expect(stepwise, `seed ${seed}`).toEqual(plain);
      expect(frozen, `seed ${seed}`).toEqual(plain);
    }
  });
});

describe("toAgUiMessages shares what did not change", () => {
  it("gives the same AG-UI message for an unchanged thread message, and a new one once it or its tool call changes", () => {
    const before = threeMessages();
    const first = toAgUiMessages(before);
    expect(toAgUiMessages(before)).not.toBe(first);
    expect(toAgUiMessages(before)).toEqual(first);
    toAgUiMessages(before).forEach((m, i) => expect(m).toBe(first[i]));

    // B streams on: only B is made again.
    const streamed = fold([ev.text("B", "ond")], before);
    const next = toAgUiMessages(streamed);
    expect(next.map((m) => m.id)).toEqual(["A", "B", "C"]);
    expect(next[0]).toBe(first[0]);
    expect(next[1]).not.toBe(first[1]);
    expect(next[1]).toMatchObject({ content: "second" });
    expect(next[2]).toBe(first[2]);

    // Only A's tool call changes (its arguments stream on; A itself keeps its identity): A is made again.
    const open = fold([ev.runStarted(), ev.textStart("A"), ev.text("A", "first"), ev.textEnd("A"), ev.toolStart("tc1", "search", "A"), ev.toolArgs("tc1", '{"q":')]);
    const opened = toAgUiMessages(open);
    const argued = fold([ev.toolArgs("tc1", '"x"}')], open);
    expect(argued.messages.get("A")).toBe(open.messages.get("A"));
    expect(argued.toolCalls.get("tc1")).not.toBe(open.toolCalls.get("tc1"));
    const after = toAgUiMessages(argued);
    expect(after[0]).not.toBe(opened[0]);
    expect(after[0]).toEqual({ id: "A", role: "assistant", content: "first", toolCalls: [{ id: "tc1", type: "function", function: { name: "search", arguments: '{"q":"x"}' } }] });
  });

  it("a message that gains a tool call is made again with it", () => {
    const base = fold([ev.runStarted(), ev.textStart("A"), ev.text("A", "hi"), ev.textEnd("A")]);
    const first = toAgUiMessages(base);
    expect(first[0]).not.toHaveProperty("toolCalls");
    const called = fold([ev.toolStart("tc9", "lookup", "A"), ev.toolArgs("tc9", "{}"), ev.toolEnd("tc9")], base);
    expect(toAgUiMessages(called)[0]).toMatchObject({ id: "A", toolCalls: [{ id: "tc9", function: { name: "lookup", arguments: "{}" } }] });
  });

  it("a message with none of Parley's fields is the thread's own object, read-only; one with them is a copy without them", () => {
    const thread = fold([ev.runStarted(), ev.textStart("A"), ev.text("A", "done"), ev.textEnd("A"), ev.textStart("B"), ev.text("B", "still"), ev.toolStart("tc1", "search", "C"), ev.toolArgs("tc1", "{}")]);
    const [a, b, c] = toAgUiMessages(thread);
    // A ended: nothing to take off. It goes as it is (no copy kept for every message of a long thread).
    expect(a).toBe(thread.messages.get("A"));
    expect(Object.isFrozen(a)).toBe(true); // development: changing it fails where it is done
    // B streams (`streaming`), C holds its call by id (`toolCallIds`): copies in AG-UI's shape.
    expect(b).not.toBe(thread.messages.get("B"));
    expect(b).toEqual({ id: "B", role: "assistant", content: "still" });
    expect(c).not.toBe(thread.messages.get("C"));
    expect(c).not.toHaveProperty("toolCallIds");
    expect(c).toMatchObject({ id: "C", toolCalls: [{ id: "tc1", function: { name: "search", arguments: "{}" } }] });
    // The thread folds on past a message it handed out: one added after it leaves it as it is...
    const next = fold([ev.textStart("A2"), ev.text("A2", "more"), ev.textEnd("A2")], thread);
    expect(next.messages.get("A")).toBe(a);
    expect(toAgUiMessages(next).map((m) => m.id)).toEqual(["A", "B", "C", "A2"]);
    // ...and one that changes it puts a new object in its place; the frozen one is not written to.
    const replaced = fold([ev.messagesSnapshot([{ id: "A", role: "assistant", content: "changed" }])], next);
    expect(replaced.messages.get("A")).not.toBe(a);
    expect(replaced.messages.get("A")).toMatchObject({ content: "changed" });
    expect(a).toEqual({ id: "A", role: "assistant", content: "done" });
    expect(replaced.errors).toEqual(next.errors);
  });
});

describe("toAgUiMessages walks only what a thread added since the last call", () => {
  const say = (id: string, text: string) => [ev.textStart(id), ev.text(id, text), ev.textEnd(id)];

  it("a person's message and a reply added at the end are the only ones read; the result is what a fresh walk gives", () => {
    const history = fold([ev.runStarted("r1"), ...Array.from({ length: 50 }, (_, i) => say(`m${i}`, `message ${i}`)).flat(), ev.runFinished("r1")]);
    const first = toAgUiMessages(history);
    const asked = applyClientAction(history, { type: "append-message", message: { id: "u1", role: "user", content: "And?" } });
    const lookups = countLookups(asked);
    const next = toAgUiMessages(asked);
    expect(lookups.count).toBe(1);
    expect(next).toHaveLength(51);
    next.slice(0, 50).forEach((m, i) => expect(m).toBe(first[i]));
    expect(next[50]).toEqual({ id: "u1", role: "user", content: "And?" });

    const replied = foldEvents(asked, [ev.runStarted("r2"), ...say("a1", "Because."), ev.runFinished("r2")]);
    const again = countLookups(replied);
    const grown = toAgUiMessages(replied);
    expect(grown.map((m) => m.id).slice(-2)).toEqual(["u1", "a1"]);
    expect(again.count).toBe(1);
    // Another thread in between does not take its place; the same thread in tables of its own is
    // walked from scratch, and gives the same.
    toAgUiMessages(fold([...say("x", "other")]));
    const same = countLookups(replied);
    expect(toAgUiMessages(replied)).toEqual(grown);
    expect(same.count).toBe(0);
    const anew = retabled(replied);
    const whole = countLookups(anew);
    expect(toAgUiMessages(anew)).toEqual(grown);
    expect(whole.count).toBe(52);
  });

  it("over random streams, with messages added, removed and forked between bursts, gives what a walk from scratch gives", () => {
    for (let seed = 1; seed <= 40; seed++) {
      const events = randomValidStream(seed);
      let thread = createThreadState({ threadId: `thread-${seed}` });
      let step = 0;
      for (let i = 0; i < events.length; i += 7) {
        thread = foldEvents(thread, events.slice(i, i + 7));
        step++;
        if (step % 3 === 0) thread = applyClientAction(thread, { type: "append-message", message: { id: `u-${seed}-${step}`, role: "user", content: "and?" } });
        if (step % 5 === 0 && thread.messageIds.length > 2) thread = applyClientAction(thread, { type: "remove-messages", ids: [thread.messageIds[1] as string] });
        if (step % 7 === 0 && thread.messageIds[0]) thread = applyClientAction(thread, { type: "fork", fromMessageId: thread.messageIds[0], message: { id: `f-${seed}-${step}`, role: "user", content: "again" } });
        for (const options of [{}, { includeActivity: true }]) {
          expect(toAgUiMessages(thread, options), `seed ${seed}, step ${step}`).toEqual(toAgUiMessages(retabled(thread), options));
        }
        expect(buildRunInput(thread, { runId: "next" }).messages, `seed ${seed}, step ${step}`).toEqual(buildRunInput(retabled(thread), { runId: "next" }).messages);
      }
    }
  });

  it("a message that cannot be made leaves nothing of its walk behind", () => {
    const asked = applyClientAction(createThreadState(), { type: "append-message", message: { id: "u1", role: "user", content: "Hi" } });
    expect(toAgUiMessages(asked).map((m) => m.id)).toEqual(["u1"]);
    // A version with a malformed message after u1 (what the fold never makes: a tool call list that is not a list).
    const table = (asked.messages as IdTable<ThreadMessage>).clone();
    table.set({ id: "u2", role: "user", content: "fine" });
    table.set({ id: "bad", role: "assistant", content: "x", toolCallIds: {} } as unknown as ThreadMessage);
    const broken: ThreadState = { ...asked, messageIds: [...asked.messageIds, "u2", "bad"], messages: table };
    expect(() => toAgUiMessages(broken)).toThrow();
    expect(toAgUiMessages(asked).map((m) => m.id)).toEqual(["u1"]);
    const next = applyClientAction(asked, { type: "append-message", message: { id: "u3", role: "user", content: "ok" } });
    expect(toAgUiMessages(next).map((m) => m.id)).toEqual(["u1", "u3"]);
  });

  it("with and without activity messages, each from its own last walk", () => {
    const base = fold([ev.runStarted("r1"), ...say("a1", "Hi"), { type: "ACTIVITY_SNAPSHOT", messageId: "act1", activityType: "PLAN", content: { steps: [] } }, ev.runFinished("r1")]);
    expect(toAgUiMessages(base).map((m) => m.id)).toEqual(["a1"]);
    expect(toAgUiMessages(base, { includeActivity: true }).map((m) => m.id)).toEqual(["a1", "act1"]);
    const more = applyClientAction(base, { type: "append-message", message: { id: "u1", role: "user", content: "ok" } });
    expect(toAgUiMessages(more).map((m) => m.id)).toEqual(["a1", "u1"]);
    expect(toAgUiMessages(more, { includeActivity: true }).map((m) => m.id)).toEqual(["a1", "act1", "u1"]);
  });

  it("the array handed out is the caller's: changing it changes no later result", () => {
    const base = fold([ev.runStarted("r1"), ...say("a1", "Hi"), ev.runFinished("r1")]);
    const mine = toAgUiMessages(base);
    mine.push({ id: "junk", role: "user", content: "x" });
    mine.splice(0, 1);
    const more = applyClientAction(base, { type: "append-message", message: { id: "u1", role: "user", content: "ok" } });
    expect(toAgUiMessages(base).map((m) => m.id)).toEqual(["a1"]);
    expect(toAgUiMessages(more).map((m) => m.id)).toEqual(["a1", "u1"]);
  });

  it("a message changed, removed or forked away since the last walk is read again", () => {
    const open = fold([ev.runStarted("r1"), ...say("a1", "One"), ev.textStart("a2"), ev.text("a2", "Tw")]);
    expect(toAgUiMessages(open).map((m) => m.content)).toEqual(["One", "Tw"]);
    const streamed = foldEvents(open, [ev.text("a2", "o"), ev.textEnd("a2"), ev.runFinished("r1")]);
    expect(toAgUiMessages(streamed).map((m) => m.content)).toEqual(["One", "Two"]);
    const removed = applyClientAction(streamed, { type: "remove-messages", ids: ["a1"] });
    expect(toAgUiMessages(removed).map((m) => m.id)).toEqual(["a2"]);
    const asked = applyClientAction(createThreadState(), { type: "append-message", message: { id: "u1", role: "user", content: "Hi" } });
    expect(toAgUiMessages(asked).map((m) => m.content)).toEqual(["Hi"]);
    const forked = applyClientAction(asked, { type: "fork", fromMessageId: "u1", message: { id: "u1b", role: "user", content: "Hello?" } });
    expect(toAgUiMessages(forked).map((m) => [m.id, m.content])).toEqual([["u1b", "Hello?"]]);
  });
});

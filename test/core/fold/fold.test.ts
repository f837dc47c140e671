import { EventType, type BaseEvent, type Message } from "@ag-ui/core";
import { describe, expect, it } from "vitest";
import {
  createThreadState,
  deriveStatus,
  EVENT_LOG_LIMIT,
  foldEvent,
  foldEvents,
  toAgUiMessages,
  type AgentStatus,
  type ThreadState,
} from "../../../src/core";
import { ev, textRun } from "../../support/events";

/** Behaviour of the fold, one concern at a time, through the public API only. */

type Loose = Record<string, any>;

const fresh = (messages?: Message[]) => createThreadState({ threadId: "t1", ...(messages ? { messages } : {}) });
const fold = (events: unknown[], from: ThreadState = fresh()) => foldEvents(from, events);
/** Folds one event at a time, as a slow network would deliver them. */
const foldEach = (events: unknown[], from: ThreadState = fresh()) => events.reduce<ThreadState>((s, e) => foldEvent(s, e), from);
const msg = (s: ThreadState, id: string) => s.messages.get(id) as Loose | undefined;

describe("text messages", () => {
  it("START creates an empty streaming assistant message, listed and open", () => {
    const s = fold([ev.runStarted(), ev.textStart("m1")]);
    expect(s.messageIds).toEqual(["m1"]);
    expect(s.messages.get("m1")).toEqual({ id: "m1", role: "assistant", content: "", streaming: true });
    expect(s.openMessageIds).toEqual(["m1"]);
    expect(s.errors).toEqual([]);
  });

  it("defaults the role to assistant and keeps role and name when given", () => {
    const s = fold([
      ev.runStarted(),
      { type: EventType.TEXT_MESSAGE_START, messageId: "a" },
      ev.textStart("u", { role: "user", name: "ann" }),
      ev.textStart("sys", { role: "system" }),
      ev.textStart("dev", { role: "developer" }),
    ]);
    expect(msg(s, "a")?.role).toBe("assistant");
    expect(msg(s, "u")).toMatchObject({ role: "user", name: "ann" });
    expect(msg(s, "sys")?.role).toBe("system");
    expect(msg(s, "dev")?.role).toBe("developer");
  });

  it("CONTENT appends every delta, empty and non-ASCII ones included", () => {
    const s = fold([ev.runStarted(), ev.textStart("m1"), ev.text("m1", "Hel"), ev.text("m1", ""), ev.text("m1", "lo 你好 🎉")]);
    expect(msg(s, "m1")?.content).toBe("Hello 你好 🎉");
    expect(msg(s, "m1")?.streaming).toBe(true);
  });

  it("END clears `streaming` (the key is gone) and closes the message", () => {
    const s = fold([ev.runStarted(), ev.textStart("m1"), ev.text("m1", "done"), ev.textEnd("m1")]);
    expect(msg(s, "m1")).toEqual({ id: "m1", role: "assistant", content: "done" });
    expect("streaming" in (msg(s, "m1") as object)).toBe(false);
    expect(s.openMessageIds).toEqual([]);
  });

  it("streams several messages concurrently, each keeping its own text", () => {
    const s = fold([
      ev.runStarted(), ev.textStart("a"), ev.textStart("b"), ev.text("a", "1"), ev.text("b", "2"), ev.text("a", "3"),
      ev.textEnd("b"),
    ]);
    expect(msg(s, "a")?.content).toBe("13");
    expect(msg(s, "b")?.content).toBe("2");
    expect(s.openMessageIds).toEqual(["a"]);
    expect(msg(s, "b")?.streaming).toBeUndefined();
  });

  it("START on a closed message reopens it and keeps its text", () => {
    const s = fold([...textRun("r1", "m1", ["first"]).slice(0, -1), ev.textStart("m1"), ev.text("m1", " second")]);
    expect(s.messageIds).toEqual(["m1"]);
    expect(msg(s, "m1")).toMatchObject({ content: "first second", streaming: true });
    expect(s.openMessageIds).toEqual(["m1"]);
  });

  it("START reuses the assistant message a tool call created and keeps its tool calls", () => {
    const s = fold([ev.runStarted(), ev.toolStart("tc1", "search", "p1"), ev.toolEnd("tc1"), ev.textStart("p1"), ev.text("p1", "hi")]);
    expect(s.messageIds).toEqual(["p1"]);
    expect(msg(s, "p1")).toMatchObject({ role: "assistant", content: "hi", toolCallIds: ["tc1"], streaming: true });
  });

  it("merges event metadata into the message, last write winning", () => {
    const s = fold([
      ev.runStarted(), ev.textStart("m", { metadata: { a: 1, b: 1 } }), ev.text("m", "x", { metadata: { b: 2 } }),
    ]);
    expect(msg(s, "m")?.metadata).toEqual({ a: 1, b: 2 });
  });

  it("attributes a message to its subagent", () => {
    const s = fold([ev.runStarted(), ev.textStart("m", { subagentRunId: "s1" })]);
    expect(msg(s, "m")?.subagentRunId).toBe("s1");
  });

  it("refuses a role that is not a text role", () => {
    const bad = ev.textStart("m", { role: "tool" });
    const s = fold([ev.runStarted(), bad]);
    expect(s.messageIds).toEqual([]);
    expect(s.errors[0]).toMatchObject({ code: "malformed-event", event: bad });
  });
});

describe("tool calls", () => {
  it("START without a parent creates an assistant message named after the call", () => {
    const s = fold([ev.runStarted(), ev.toolStart("tc1", "weather")]);
    expect(s.messageIds).toEqual(["tc1"]);
    expect(s.messages.get("tc1")).toEqual({ id: "tc1", role: "assistant", toolCallIds: ["tc1"] });
    expect(s.toolCalls.get("tc1")).toEqual({
      id: "tc1", name: "weather", messageId: "tc1", argsText: "", args: undefined, status: "streaming-args", runId: "r1",
    });
    expect(s.runs[0]?.toolCallIds).toEqual(["tc1"]);
  });

  it("goes streaming-args → waiting → complete", () => {
    let s = fold([ev.runStarted(), ev.toolStart("tc1", "weather"), ev.toolArgs("tc1", '{"city":"Paris"}')]);
    expect(s.toolCalls.get("tc1")?.status).toBe("streaming-args");
    s = foldEvent(s, ev.toolEnd("tc1"));
    expect(s.toolCalls.get("tc1")?.status).toBe("waiting");
    s = foldEvent(s, ev.toolResult("res1", "tc1", "sunny"));
    expect(s.toolCalls.get("tc1")).toMatchObject({ status: "complete", resultMessageId: "res1" });
  });

  it("parses partial JSON arguments at the end of each burst", () => {
    let s = fold([ev.runStarted(), ev.toolStart("tc1", "weather"), ev.toolArgs("tc1", '{"city":"Par')]);
    expect(s.toolCalls.get("tc1")?.argsText).toBe('{"city":"Par');
    expect(s.toolCalls.get("tc1")?.args).toEqual({ city: "Par" });
    s = fold([ev.toolArgs("tc1", 'is","days":[1,'), ev.toolArgs("tc1", "2")], s);
    expect(s.toolCalls.get("tc1")?.args).toEqual({ city: "Paris", days: [1, 2] });
    s = fold([ev.toolArgs("tc1", "]}"), ev.toolEnd("tc1")], s);
    expect(s.toolCalls.get("tc1")?.argsText).toBe('{"city":"Paris","days":[1,2]}');
    expect(s.toolCalls.get("tc1")?.args).toEqual({ city: "Paris", days: [1, 2] });
  });

  it("leaves args undefined while the text is empty or blank", () => {
    let s = fold([ev.runStarted(), ev.toolStart("tc1", "f")]);
    expect(s.toolCalls.get("tc1")?.args).toBeUndefined();
    s = foldEvent(s, ev.toolArgs("tc1", "  "));
    expect(s.toolCalls.get("tc1")?.args).toBeUndefined();
    s = foldEvent(s, ev.toolArgs("tc1", "{"));
    expect(s.toolCalls.get("tc1")?.args).toEqual({});
  });

  it("args depend on the text alone, not on how the stream was cut into bursts", () => {
    const events = [ev.runStarted(), ev.toolStart("tc1", "f"), ev.toolArgs("tc1", "1"), ev.toolArgs("tc1", "-")];
    const oneBurst = fold(events);
    const stepwise = foldEach(events);
    expect(oneBurst.toolCalls.get("tc1")?.args).toBeUndefined();
    expect(stepwise.toolCalls.get("tc1")?.args).toBeUndefined();
    expect(fold([ev.toolArgs("tc1", "")], foldEach(events.slice(0, 3))).toolCalls.get("tc1")?.args).toBe(1);
  });

  it("attaches to an assistant parent, in order, and leaves its text alone", () => {
    const s = fold([
      ev.runStarted(), ev.textStart("m1"), ev.text("m1", "Let me check"), ev.textEnd("m1"),
      ev.toolStart("tc1", "a", "m1"), ev.toolEnd("tc1"), ev.toolStart("tc2", "b", "m1"), ev.toolEnd("tc2"),
    ]);
    expect(s.messageIds).toEqual(["m1"]);
    expect(msg(s, "m1")).toEqual({ id: "m1", role: "assistant", content: "Let me check", toolCallIds: ["tc1", "tc2"] });
    expect(s.toolCalls.get("tc2")?.messageId).toBe("m1");
    expect(s.runs[0]?.toolCallIds).toEqual(["tc1", "tc2"]);
  });

  it("creates the parent when it is unknown, and uses the call id when the parent is not an assistant", () => {
    const s = fold([
      ev.runStarted(), ev.toolStart("tc1", "a", "p-new"),
      ev.textStart("u1", { role: "user" }), ev.textEnd("u1"), ev.toolStart("tc2", "b", "u1"),
    ]);
    expect(msg(s, "p-new")).toEqual({ id: "p-new", role: "assistant", toolCallIds: ["tc1"] });
    expect(msg(s, "tc2")).toEqual({ id: "tc2", role: "assistant", toolCallIds: ["tc2"] });
    expect(s.messageIds).toEqual(["p-new", "u1", "tc2"]);
  });

  it("a START reusing a finished call's id is a duplicate: the call keeps its name and arguments", () => {
    // The SDK reopens the call and appends the new ARGS to the old (invalid JSON); Parley refuses.
    const s = fold([ev.runStarted(), ev.toolStart("tc1", "a"), ev.toolArgs("tc1", "{}"), ev.toolEnd("tc1"), ev.toolStart("tc1", "renamed"), ev.toolArgs("tc1", '{"x":1}')]);
    expect(msg(s, "tc1")?.toolCallIds).toEqual(["tc1"]);
    expect(s.toolCalls.get("tc1")).toMatchObject({ name: "a", status: "waiting", argsText: "{}", args: {} });
    expect(s.errors.map((e) => e.code)).toEqual(["duplicate-id", "not-open"]);
  });

  it("a result that arrives before END completes the call at END", () => {
    let s = fold([ev.runStarted(), ev.toolStart("tc1", "a"), ev.toolResult("res", "tc1", "early")]);
    expect(s.toolCalls.get("tc1")).toMatchObject({ status: "streaming-args", resultMessageId: "res" });
    s = foldEvent(s, ev.toolEnd("tc1"));
    expect(s.toolCalls.get("tc1")?.status).toBe("complete");
  });

  it("keeps metadata and encrypted values on the call, and converts back to AG-UI tool calls", () => {
    const s = fold([
      ev.runStarted(), ev.toolStart("tc1", "f", undefined, { metadata: { k: "v" } }), ev.toolArgs("tc1", '{"a":1}'), ev.toolEnd("tc1"),
      ev.encrypted("tool-call", "tc1", "SECRET"),
    ]);
    expect(s.toolCalls.get("tc1")).toMatchObject({ metadata: { k: "v" }, encryptedValue: "SECRET" });
    expect(toAgUiMessages(s)).toEqual([
      {
        id: "tc1", role: "assistant",
        toolCalls: [{ id: "tc1", type: "function", function: { name: "f", arguments: '{"a":1}' }, metadata: { k: "v" }, encryptedValue: "SECRET" }],
      },
    ]);
  });
});

describe("tool results", () => {
  it("places each result right after its assistant message, after earlier results", () => {
    const s = fold([
      ev.runStarted(), ev.textStart("m1"), ev.textEnd("m1"),
      ev.toolStart("tc1", "a", "m1"), ev.toolEnd("tc1"), ev.toolStart("tc2", "b", "m1"), ev.toolEnd("tc2"),
      ev.textStart("m2"), ev.text("m2", "later"), ev.textEnd("m2"),
      ev.toolResult("r2", "tc2", "two"), ev.toolResult("r1", "tc1", "one"),
    ]);
    expect(s.messageIds).toEqual(["m1", "r2", "r1", "m2"]);
    expect(s.messages.get("r1")).toEqual({ id: "r1", role: "tool", toolCallId: "tc1", content: "one" });
  });

  it("appends a result for an unknown tool call at the end", () => {
    const s = fold([ev.runStarted(), ev.textStart("m1"), ev.textEnd("m1"), ev.toolResult("res", "ghost", "?")]);
    expect(s.messageIds).toEqual(["m1", "res"]);
    expect(s.toolCalls.size).toBe(0);
    expect(s.errors).toEqual([]);
  });

  it("accepts content parts as content", () => {
    const parts = [{ type: "text", text: "a table" }];
    const s = fold([ev.runStarted(), ev.toolStart("tc", "f"), ev.toolEnd("tc"),
      { type: EventType.TOOL_CALL_RESULT, messageId: "res", toolCallId: "tc", content: parts }]);
    expect(msg(s, "res")?.content).toEqual(parts);
  });

  it("a late result answers a pending tool call", () => {
    let s = fold([ev.runStarted(), ev.toolStart("tc", "confirm"), ev.toolEnd("tc"), ev.runFinished()]);
    expect(s.pendingToolCallIds).toEqual(["tc"]);
    s = foldEvent(s, ev.toolResult("res", "tc", "yes"));
    expect(s.pendingToolCallIds).toEqual([]);
    expect(s.toolCalls.get("tc")?.status).toBe("complete");
  });
});

describe("reasoning", () => {
  it("builds a reasoning message inside a span", () => {
    let s = fold([ev.runStarted(), ev.reasoningStart("span"), ev.reasoningMsgStart("r"), ev.reasoningMsg("r", "hmm"), ev.reasoningMsg("r", "…")]);
    expect(s.openReasoning).toEqual(["span"]);
    expect(s.openMessageIds).toEqual(["r"]);
    expect(s.messages.get("r")).toEqual({ id: "r", role: "reasoning", content: "hmm…", streaming: true });
    s = fold([ev.reasoningMsgEnd("r"), ev.reasoningEnd("span"), ev.encrypted("message", "r", "ENC")], s);
    expect(s.messages.get("r")).toEqual({ id: "r", role: "reasoning", content: "hmm…", encryptedValue: "ENC" });
    expect(s.openReasoning).toEqual([]);
    expect(s.openMessageIds).toEqual([]);
    expect(s.errors).toEqual([]);
  });

  it("reports spans that are reopened or ended without a start", () => {
    const again = ev.reasoningStart("span");
    const stray = ev.reasoningEnd("other");
    const s = fold([ev.runStarted(), ev.reasoningStart("span"), again, stray]);
    expect(s.errors.map((e) => [e.code, e.event])).toEqual([["already-open", again], ["not-open", stray]]);
    expect(s.openReasoning).toEqual(["span"]);
  });

  it("an encrypted value for an unknown entity is an error", () => {
    const bad = ev.encrypted("message", "nope", "x");
    const s = fold([ev.runStarted(), bad]);
    expect(s.errors[0]).toMatchObject({ code: "unknown-message", event: bad });
  });
});

describe("activity", () => {
  it("a snapshot creates an activity message and a delta patches its content", () => {
    let s = fold([ev.runStarted(), ev.activitySnapshot("plan", "PLAN", { steps: [{ title: "a", done: false }] })]);
    expect(s.messages.get("plan")).toEqual({ id: "plan", role: "activity", activityType: "PLAN", content: { steps: [{ title: "a", done: false }] } });
    s = foldEvent(s, ev.activityDelta("plan", [{ op: "replace", path: "/steps/0/done", value: true }, { op: "add", path: "/steps/-", value: { title: "b" } }]));
    expect(msg(s, "plan")?.content).toEqual({ steps: [{ title: "a", done: true }, { title: "b" }] });
  });

  it("replace:false keeps an existing activity; the default replaces it", () => {
    let s = fold([ev.runStarted(), ev.activitySnapshot("plan", "PLAN", { v: 1 })]);
    s = foldEvent(s, ev.activitySnapshot("plan", "OTHER", { v: 2 }, { replace: false }));
    expect(s.messages.get("plan")).toMatchObject({ activityType: "PLAN", content: { v: 1 } });
    s = foldEvent(s, ev.activitySnapshot("plan", "PLAN2", { v: 3 }));
    expect(s.messages.get("plan")).toMatchObject({ activityType: "PLAN2", content: { v: 3 } });
    expect(s.messageIds).toEqual(["plan"]);
  });

  it("a snapshot replaces a non-activity message of the same id unless replace is false", () => {
    const base = fold([ev.runStarted(), ev.textStart("x"), ev.text("x", "t"), ev.textEnd("x")]);
    expect(foldEvent(base, ev.activitySnapshot("x", "PLAN", {}, { replace: false })).messages.get("x")?.role).toBe("assistant");
    const replaced = foldEvent(base, ev.activitySnapshot("x", "PLAN", { a: 1 }));
    expect(replaced.messages.get("x")).toEqual({ id: "x", role: "activity", activityType: "PLAN", content: { a: 1 } });
    expect(replaced.messageIds).toEqual(["x"]);
  });

  it("a snapshot that replaces a streaming assistant message takes its stream and tool calls with it", () => {
    const before = fold([ev.runStarted(), ev.textStart("x"), ev.text("x", "t"), ev.toolStart("tc", "f", "x"), ev.toolEnd("tc")]);
    const after = foldEvent(before, ev.activitySnapshot("x", "PLAN", {}));
    expect(after.messages.get("x")).toEqual({ id: "x", role: "activity", activityType: "PLAN", content: {} });
    expect(after.openMessageIds).toEqual([]);
    expect(after.toolCalls.size).toBe(0);
    // A later result for the call is no longer placed after the activity.
    const late = fold([ev.textStart("y"), ev.textEnd("y"), ev.toolResult("res", "tc", "ok")], after);
    expect(late.messageIds).toEqual(["x", "y", "res"]);
  });

  it("a failed delta keeps the old content and records patch-failed", () => {
    const s = fold([ev.runStarted(), ev.activitySnapshot("plan", "PLAN", { v: 1 })]);
    const bad = ev.activityDelta("plan", [{ op: "replace", path: "/missing/deep", value: 1 }]);
    const next = foldEvent(s, bad);
    expect(msg(next, "plan")?.content).toBe(msg(s, "plan")?.content);
    expect(next.errors[0]).toMatchObject({ code: "patch-failed", event: bad });
  });

  it("text events on an activity id, and deltas on a text id, are id conflicts", () => {
    const onActivity = ev.textStart("plan");
    const onText = ev.activityDelta("m", []);
    const s = fold([ev.runStarted(), ev.activitySnapshot("plan", "PLAN", {}), onActivity, ev.textStart("m"), ev.textEnd("m"), onText]);
    expect(s.errors.map((e) => [e.code, e.event])).toEqual([["id-conflict", onActivity], ["id-conflict", onText]]);
    expect(s.messages.get("plan")?.role).toBe("activity");
  });
});

describe("agent state", () => {
  it("starts from {} or the given state", () => {
    expect(createThreadState().state).toEqual({});
    expect(createThreadState({ state: { a: 1 } }).state).toEqual({ a: 1 });
  });

  it("a snapshot replaces the state; a delta patches it", () => {
    const snapshot = { a: { b: [1, 2] }, c: 1 };
    let s = fold([ev.runStarted(), ev.stateSnapshot(snapshot)]);
    expect(s.state).toBe(snapshot);
    s = foldEvent(s, ev.stateDelta([{ op: "add", path: "/a/b/-", value: 3 }, { op: "remove", path: "/c" }]));
    expect(s.state).toEqual({ a: { b: [1, 2, 3] } });
    expect(snapshot).toEqual({ a: { b: [1, 2] }, c: 1 });
  });

  it("a delta that does not apply keeps the state", () => {
    const s = fold([ev.runStarted(), ev.stateSnapshot({ a: 1 })]);
    const bad = ev.stateDelta([{ op: "test", path: "/a", value: 2 }]);
    const next = foldEvent(s, bad);
    expect(next.state).toBe(s.state);
    expect(next.errors[0]).toMatchObject({ code: "patch-failed", event: bad });
  });
});

describe("messages snapshot", () => {
  const base = () => fold([
    ev.runStarted(), ev.textStart("m1"), ev.text("m1", "old"), ev.textEnd("m1"),
    ev.textStart("gone"), ev.textEnd("gone"),
    ev.activitySnapshot("act", "PLAN", {}),
    ev.reasoningMsgStart("think"), ev.reasoningMsgEnd("think"),
  ]);

  it("replaces named messages, drops omitted ones, keeps activity and reasoning, appends new ones", () => {
    const s = foldEvent(base(), ev.messagesSnapshot([
      { id: "u0", role: "user", content: "first" },
      { id: "m1", role: "assistant", content: "new" },
    ]));
    expect(s.messageIds).toEqual(["m1", "act", "think", "u0"]);
    expect(s.messages.get("m1")).toEqual({ id: "m1", role: "assistant", content: "new" });
    expect(s.messages.get("gone")).toBeUndefined();
    expect(s.errors).toEqual([]);
  });

  it("drops client-only activity and reasoning when the snapshot carries that role", () => {
    const s = foldEvent(base(), ev.messagesSnapshot([
      { id: "a2", role: "activity", activityType: "PLAN", content: {} },
      { id: "r2", role: "reasoning", content: "x" },
    ]));
    expect(s.messageIds).toEqual(["a2", "r2"]);
  });

  it("authoritativeActivityTypes scopes which activity it may drop", () => {
    const owned = foldEvent(base(), ev.messagesSnapshot([], { metadata: { "@ag-ui/client": { authoritativeActivityTypes: ["PLAN"] } } }));
    expect(owned.messageIds).toEqual(["think"]);
    const other = foldEvent(base(), ev.messagesSnapshot([], { metadata: { "@ag-ui/client": { authoritativeActivityTypes: ["OTHER"] } } }));
    expect(other.messageIds).toEqual(["act", "think"]);
  });

  it("moves assistant tool calls into toolCalls and matches tool messages to them", () => {
    const s = foldEvent(fresh(), ev.messagesSnapshot([
      { id: "a", role: "assistant", content: "", toolCalls: [
        { id: "tc1", type: "function", function: { name: "f", arguments: '{"x":1}' } },
        { id: "tc2", type: "function", function: { name: "g", arguments: "{" } },
      ] },
      { id: "t1", role: "tool", toolCallId: "tc1", content: "ok" },
      { id: "t2", role: "tool", toolCallId: "tc2", content: "", error: "boom" },
    ]));
    expect(s.messages.get("a")).toEqual({ id: "a", role: "assistant", content: "", toolCallIds: ["tc1", "tc2"] });
    expect(s.toolCalls.get("tc1")).toEqual({ id: "tc1", name: "f", messageId: "a", argsText: '{"x":1}', args: { x: 1 }, status: "complete", resultMessageId: "t1" });
    expect(s.toolCalls.get("tc2")).toMatchObject({ status: "error", resultMessageId: "t2", args: {} });
  });

  it("may move a tool call from one message to another", () => {
    const call = { id: "tc", type: "function" as const, function: { name: "f", arguments: "{}" } };
    const before = foldEvent(fresh(), ev.messagesSnapshot([
      { id: "a1", role: "assistant", content: "" },
      { id: "a2", role: "assistant", content: "", toolCalls: [call] },
    ]));
    expect(before.toolCalls.get("tc")?.messageId).toBe("a2");
    const moved = foldEvent(before, ev.messagesSnapshot([
      { id: "a1", role: "assistant", content: "", toolCalls: [call] },
      { id: "a2", role: "assistant", content: "" },
    ]));
    expect(moved.errors).toEqual([]);
    expect(msg(moved, "a1")?.toolCallIds).toEqual(["tc"]);
    expect(msg(moved, "a2")?.toolCallIds).toBeUndefined();
    expect(moved.toolCalls.get("tc")).toMatchObject({ messageId: "a1", status: "waiting", args: {} });
    expect(toAgUiMessages(moved)[0]).toMatchObject({ id: "a1", toolCalls: [call] });
  });

  it("closes messages it replaces while they stream", () => {
    const s = fold([ev.runStarted(), ev.textStart("m"), ev.text("m", "par"), ev.messagesSnapshot([{ id: "m", role: "assistant", content: "full" }])]);
    expect(s.openMessageIds).toEqual([]);
    expect(s.messages.get("m")).toEqual({ id: "m", role: "assistant", content: "full" });
  });

  it("keeps the first of two messages with the same id", () => {
    const snap = ev.messagesSnapshot([{ id: "x", role: "user", content: "1" }, { id: "x", role: "user", content: "2" }]);
    const s = foldEvent(fresh(), snap);
    expect(msg(s, "x")?.content).toBe("1");
    expect(s.errors[0]).toMatchObject({ code: "duplicate-id", event: snap });
  });

  it("RUN_STARTED.input.messages adds unknown ids and leaves known ones", () => {
    const s = fold([ev.runStarted("r1", "t1", {
      input: { threadId: "t1", runId: "r1", tools: [], context: [], messages: [
        { id: "u1", role: "user", content: "changed" }, { id: "u2", role: "user", content: "new" },
      ] },
    })], fresh([{ id: "u1", role: "user", content: "original" }]));
    expect(s.messageIds).toEqual(["u1", "u2"]);
    expect(msg(s, "u1")?.content).toBe("original");
  });
});

describe("runs", () => {
  it("RUN_STARTED records a running run and the thread id", () => {
    const s = foldEvent(createThreadState(), ev.runStarted("r1", "t9", { parentRunId: "r0", timestamp: 1000 }));
    expect(s.threadId).toBe("t9");
    expect(s.runs).toEqual([{ runId: "r1", threadId: "t9", parentRunId: "r0", startedAt: 1000, status: "running", toolCallIds: [] }]);
  });

  it("RUN_FINISHED without outcome: finished, with result, usage and time", () => {
    const usage = [{ model: "m", inputTokens: 3, outputTokens: 4 }];
    const s = fold([ev.runStarted(), ev.runFinished("r1", "t1", { result: { ok: 1 }, usage, timestamp: 5 })]);
    expect(s.runs[0]).toEqual({ runId: "r1", threadId: "t1", status: "finished", result: { ok: 1 }, usage, finishedAt: 5, toolCallIds: [] });
    expect(s.status).toBe("idle");
  });

  it("success, interrupt and cancelled outcomes", () => {
    const success = fold([ev.runStarted(), ev.runFinished("r1", "t1", { outcome: { type: "success" }, result: 42 })]);
    expect(success.runs[0]).toMatchObject({ status: "finished", outcome: { type: "success" }, result: 42 });

    const interrupts = [{ id: "int-1", reason: "tool_call", message: "Send?" }, { id: "int-2", reason: "x", subagentRunId: null }];
    const interrupted = fold([ev.runStarted(), ev.runFinished("r1", "t1", { outcome: { type: "interrupt", interrupts } })]);
    expect(interrupted.runs[0]?.status).toBe("interrupted");
    expect(interrupted.pendingInterrupts).toEqual([{ id: "int-1", reason: "tool_call", message: "Send?" }, { id: "int-2", reason: "x" }]);
    expect(interrupted.status).toBe("waiting");

    const cancelled = fold([ev.runStarted(), ev.toolStart("tc", "f"), ev.toolEnd("tc"), ev.runFinished("r1", "t1", { outcome: { type: "cancelled" } })]);
    expect(cancelled.runs[0]?.status).toBe("cancelled");
    expect(cancelled.pendingToolCallIds).toEqual([]);
    expect(cancelled.status).toBe("idle");
  });

  it("derives pendingToolCallIds from unanswered calls of the run", () => {
    const s = fold([
      ev.runStarted(), ev.toolStart("tc1", "a"), ev.toolEnd("tc1"), ev.toolStart("tc2", "b"), ev.toolEnd("tc2"),
      ev.toolResult("res1", "tc1", "ok"), ev.runFinished(),
    ]);
    expect(s.pendingToolCallIds).toEqual(["tc2"]);
    expect(s.status).toBe("waiting");
  });

  it("named pendingToolCallIds win over the derived ones; an empty list falls back to derived", () => {
    const start = [ev.runStarted(), ev.toolStart("tc1", "a"), ev.toolEnd("tc1"), ev.toolStart("tc2", "b"), ev.toolEnd("tc2")];
    const named = fold([...start, ev.runFinished("r1", "t1", { outcome: { type: "success", pendingToolCallIds: ["tc2"] } })]);
    expect(named.pendingToolCallIds).toEqual(["tc2"]);
    const empty = fold([...start, ev.runFinished("r1", "t1", { outcome: { type: "success", pendingToolCallIds: [] } })]);
    expect(empty.pendingToolCallIds).toEqual(["tc1", "tc2"]);
  });

  it("only calls of the last run are pending", () => {
    const s = fold([
      ev.runStarted("r1"), ev.toolStart("old", "a"), ev.toolEnd("old"), ev.runFinished("r1"),
      ev.runStarted("r2"), ev.toolStart("new", "b"), ev.toolEnd("new"), ev.runFinished("r2"),
    ]);
    expect(s.pendingToolCallIds).toEqual(["new"]);
    expect(s.runs.map((r) => r.toolCallIds)).toEqual([["old"], ["new"]]);
  });

  it("the next RUN_STARTED clears pending interrupts and tool calls", () => {
    const interrupted = fold([
      ev.runStarted("r1"), ev.toolStart("tc", "f"), ev.toolEnd("tc"),
      ev.runFinished("r1", "t1", { outcome: { type: "interrupt", interrupts: [{ id: "i", reason: "confirmation" }] } }),
    ]);
    expect(interrupted.pendingInterrupts).toHaveLength(1);
    const next = foldEvent(interrupted, ev.runStarted("r2"));
    expect(next.pendingInterrupts).toEqual([]);
    expect(next.pendingToolCallIds).toEqual([]);
    expect(next.status).toBe("thinking");

    const pending = fold([ev.runStarted("r1"), ev.toolStart("tc", "f"), ev.toolEnd("tc"), ev.runFinished("r1")]);
    expect(pending.pendingToolCallIds).toEqual(["tc"]);
    expect(foldEvent(pending, ev.runStarted("r2")).pendingToolCallIds).toEqual([]);
  });

  it("RUN_ERROR ends the run in error, closing what streams and keeping partial text", () => {
    const s = fold([ev.runStarted(), ev.textStart("m"), ev.text("m", "partial"), ev.toolStart("tc", "f"), ev.runError("boom", "E1")]);
    expect(s.runs[0]).toMatchObject({ status: "error", error: { message: "boom", code: "E1", source: "agent" } });
    expect(s.messages.get("m")).toEqual({ id: "m", role: "assistant", content: "partial" });
    expect(s.openMessageIds).toEqual([]);
    expect(s.toolCalls.get("tc")?.status).toBe("error");
    expect(s.status).toBe("idle");
  });

  it("RUN_ERROR as the very first event records a failed run", () => {
    const s = foldEvent(fresh(), ev.runError("no auth"));
    expect(s.runs).toEqual([{ runId: "", threadId: "t1", status: "error", error: { message: "no auth", source: "agent" }, toolCallIds: [] }]);
    expect(s.errors).toEqual([]);
  });

  it("a new run while one is running ends the old one as failed", () => {
    const again = ev.runStarted("r2");
    const s = fold([ev.runStarted("r1"), ev.textStart("m"), again]);
    expect(s.runs.map((r) => [r.runId, r.status])).toEqual([["r1", "error"], ["r2", "running"]]);
    expect(s.errors[0]).toMatchObject({ code: "already-open", event: again });
    expect(s.openMessageIds).toEqual([]);
  });
});

describe("steps", () => {
  it("tracks active steps per owner and clears them at the end of the run", () => {
    let s = fold([ev.runStarted(), ev.stepStarted("plan"), ev.stepStarted("plan", { subagentRunId: "s1" }), ev.stepStarted("act")]);
    expect(s.activeSteps).toEqual([{ name: "plan" }, { name: "plan", subagentRunId: "s1" }, { name: "act" }]);
    s = foldEvent(s, ev.stepFinished("plan"));
    expect(s.activeSteps).toEqual([{ name: "plan", subagentRunId: "s1" }, { name: "act" }]);
    s = fold([ev.stepFinished("plan", { subagentRunId: "s1" }), ev.stepFinished("act"), ev.runFinished()], s);
    expect(s.activeSteps).toEqual([]);
    expect(s.errors).toEqual([]);
  });

  it("reports a double start and a finish without start", () => {
    const twice = ev.stepStarted("plan");
    const stray = ev.stepFinished("plan", { subagentRunId: "other" });
    const s = fold([ev.runStarted(), ev.stepStarted("plan"), twice, stray]);
    expect(s.errors.map((e) => [e.code, e.event])).toEqual([["already-open", twice], ["not-open", stray]]);
    expect(s.activeSteps).toEqual([{ name: "plan" }]);
  });

  it("a run that finishes with a step open reports it", () => {
    const finish = ev.runFinished();
    const s = fold([ev.runStarted(), ev.stepStarted("plan"), finish]);
    expect(s.errors[0]).toMatchObject({ code: "unclosed-at-finish", event: finish });
    expect(s.activeSteps).toEqual([]);
  });
});

describe("subagents", () => {
  it("records start, finish, suspension and error", () => {
    const s = fold([
      ev.runStarted(),
      ev.subagentStarted("s1", "booker", { description: "books", parentToolCallId: "tc", parentMessageId: "m", parentSubagentRunId: "s0" }),
      ev.subagentStarted("s2", "searcher"), ev.subagentStarted("s3", "asker"),
      ev.subagentFinished("s1", { result: { booked: true } }),
      ev.subagentError("s2", "timeout", "T"),
      ev.subagentFinished("s3", { outcome: { type: "suspended", interruptIds: ["i1"] } }),
    ]);
    expect(s.subagents.s1).toEqual({
      subagentRunId: "s1", name: "booker", description: "books", parentToolCallId: "tc", parentMessageId: "m", parentSubagentRunId: "s0",
      status: "finished", result: { booked: true },
    });
    expect(s.subagents.s2).toEqual({ subagentRunId: "s2", name: "searcher", status: "error", error: { message: "timeout", code: "T" } });
    expect(s.subagents.s3).toEqual({ subagentRunId: "s3", name: "asker", status: "suspended", interruptIds: ["i1"] });
    expect(s.errors).toEqual([]);
  });

  it("a duplicate start and an end of an unknown subagent are errors", () => {
    const dup = ev.subagentStarted("s1", "again");
    const stray = ev.subagentFinished("nobody");
    const s = fold([ev.runStarted(), ev.subagentStarted("s1", "a"), dup, stray]);
    expect(s.errors.map((e) => [e.code, e.event])).toEqual([["duplicate-id", dup], ["not-open", stray]]);
    expect(s.subagents.s1?.name).toBe("a");
  });
});

describe("custom and raw events", () => {
  it("keeps custom and raw events with their index in the stream", () => {
    const s = fold([ev.runStarted(), ev.custom("progress", { pct: 50 }), ev.raw({ provider: "x" }, "openai"), ev.raw(7)]);
    expect(s.customEvents).toEqual([{ name: "progress", value: { pct: 50 }, eventIndex: 1 }]);
    expect(s.rawEvents).toEqual([{ event: { provider: "x" }, source: "openai", eventIndex: 2 }, { event: 7, eventIndex: 3 }]);
  });

  it("keeps only the latest EVENT_LOG_LIMIT entries of each log, and counts every error", () => {
    const extra = 7;
    const customs = Array.from({ length: EVENT_LOG_LIMIT + extra }, (_, i) => ev.custom("c", i));
    const raws = Array.from({ length: EVENT_LOG_LIMIT + extra }, (_, i) => ev.raw(i));
    const junk = Array.from({ length: EVENT_LOG_LIMIT + extra }, (_, i) => ev.text(`nobody-${i}`, "x"));
    const s = fold([...customs, ...raws, ...junk]);
    expect(s.customEvents).toHaveLength(EVENT_LOG_LIMIT);
    expect(s.customEvents[0]?.value).toBe(extra);
    expect(s.customEvents.at(-1)?.value).toBe(EVENT_LOG_LIMIT + extra - 1);
    expect(s.rawEvents).toHaveLength(EVENT_LOG_LIMIT);
    expect(s.rawEvents[0]?.event).toBe(extra);
    expect(s.errors).toHaveLength(EVENT_LOG_LIMIT);
    expect(s.errorCount).toBe(EVENT_LOG_LIMIT + extra);
    expect(s.errors.at(-1)?.event).toBe(junk.at(-1));
    expect(s.eventCount).toBe(3 * (EVENT_LOG_LIMIT + extra));
  });

  it("the bound holds across many small folds too", () => {
    let s = fresh();
    for (let i = 0; i < EVENT_LOG_LIMIT + 3; i++) s = foldEvent(s, ev.custom("c", i));
    expect(s.customEvents).toHaveLength(EVENT_LOG_LIMIT);
    expect(s.customEvents[0]?.eventIndex).toBe(3);
  });
});

describe("derived status", () => {
  it("is idle, thinking, acting and waiting at each stage of a scripted stream", () => {
    const script: [BaseEvent, AgentStatus][] = [
      [ev.runStarted("r1"), "thinking"],
      [ev.reasoningStart("span"), "thinking"],
      [ev.reasoningEnd("span"), "thinking"],
      [ev.textStart("m1"), "thinking"],
      [ev.text("m1", "Let me look"), "thinking"],
      [ev.textEnd("m1"), "thinking"],
      [ev.toolStart("tc1", "search", "m1"), "acting"],
      [ev.toolArgs("tc1", '{"q":1}'), "acting"],
      [ev.toolEnd("tc1"), "acting"],
      [ev.toolResult("res1", "tc1", "found"), "thinking"],
      [ev.subagentStarted("s1", "booker"), "acting"],
      [ev.subagentFinished("s1"), "thinking"],
      [ev.runFinished("r1"), "idle"],
      [ev.runStarted("r2"), "thinking"],
      [ev.toolStart("tc2", "confirm"), "acting"],
      [ev.toolEnd("tc2"), "acting"],
      [ev.runFinished("r2"), "waiting"],
      [ev.toolResult("res2", "tc2", "yes"), "idle"],
      [ev.runStarted("r3"), "thinking"],
      [ev.runFinished("r3", "t1", { outcome: { type: "interrupt", interrupts: [{ id: "i1", reason: "confirmation" }] } }), "waiting"],
      [ev.runStarted("r4"), "thinking"],
      [ev.runError("boom"), "idle"],
    ];
    let s = fresh();
    expect(s.status).toBe("idle");
    const seen: AgentStatus[] = [];
    for (const [event] of script) {
      s = foldEvent(s, event);
      seen.push(s.status);
      expect(deriveStatus(s)).toBe(s.status);
    }
    expect(seen).toEqual(script.map(([, status]) => status));
  });
});

describe("chunks", () => {
  it("TEXT_MESSAGE_CHUNK opens a lane, later chunks append, a non-chunk event closes it", () => {
    let s = fold([ev.runStarted(), ev.textChunk({ messageId: "c1", role: "assistant", delta: "Hel" }), ev.textChunk({ delta: "lo" })]);
    expect(s.chunkLanes).toEqual({ "": { kind: "text", id: "c1" } });
    expect(s.messages.get("c1")).toEqual({ id: "c1", role: "assistant", content: "Hello", streaming: true });
    expect(s.openMessageIds).toEqual(["c1"]);
    s = foldEvent(s, ev.custom("after", 1));
    expect(s.chunkLanes).toEqual({});
    expect(s.messages.get("c1")).toEqual({ id: "c1", role: "assistant", content: "Hello" });
    expect(s.openMessageIds).toEqual([]);
    expect(s.errors).toEqual([]);
  });

  it("an empty delta keeps the lane open; a chunk with a new id closes it and opens another", () => {
    const s = fold([
      ev.runStarted(), ev.textChunk({ messageId: "c1", delta: "a" }), ev.textChunk({ delta: "" }),
      ev.textChunk({ messageId: "c1", delta: "b" }), ev.textChunk({ messageId: "c2", delta: "c" }),
    ]);
    expect(msg(s, "c1")).toEqual({ id: "c1", role: "assistant", content: "ab" });
    expect(msg(s, "c2")?.streaming).toBe(true);
    expect(s.chunkLanes).toEqual({ "": { kind: "text", id: "c2" } });
  });

  it("TOOL_CALL_CHUNK expands to a tool call whose arguments parse, closed as waiting", () => {
    let s = fold([
      ev.runStarted(), ev.textChunk({ messageId: "m", delta: "x" }),
      ev.toolChunk({ toolCallId: "tc", toolCallName: "lookup", parentMessageId: "m", delta: '{"q":' }), ev.toolChunk({ delta: '"x' }),
    ]);
    expect(msg(s, "m")?.streaming).toBeUndefined();
    expect(s.toolCalls.get("tc")).toMatchObject({ name: "lookup", messageId: "m", argsText: '{"q":"x', args: { q: "x" }, status: "streaming-args" });
    expect(s.status).toBe("acting");
    s = fold([ev.toolChunk({ delta: '"}' }), ev.stepStarted("next")], s);
    expect(s.toolCalls.get("tc")).toMatchObject({ args: { q: "x" }, status: "waiting" });
    expect(s.chunkLanes).toEqual({});
  });

  it("REASONING_MESSAGE_CHUNK builds a reasoning message", () => {
    const s = fold([ev.runStarted(), ev.reasoningChunk({ messageId: "r", delta: "th" }), ev.reasoningChunk({ delta: "ink" }), ev.custom("next", 1)]);
    expect(s.messages.get("r")).toEqual({ id: "r", role: "reasoning", content: "think" });
    expect(s.errors).toEqual([]);
  });

  it("RUN_FINISHED closes every lane without calling them unclosed", () => {
    const s = fold([
      ev.runStarted(), ev.textChunk({ messageId: "a", delta: "1" }),
      ev.textChunk({ messageId: "b", delta: "2", subagentRunId: "s1" }), ev.runFinished(),
    ]);
    expect(s.chunkLanes).toEqual({});
    expect(s.openMessageIds).toEqual([]);
    expect(s.errors).toEqual([]);
    expect(s.runs[0]?.status).toBe("finished");
  });

  it("lanes are per owner: a parent event does not close a subagent's lane", () => {
    const s = fold([
      ev.runStarted(), ev.textChunk({ messageId: "sub", delta: "s", subagentRunId: "s1" }),
      ev.textChunk({ messageId: "main", delta: "p" }), ev.custom("parent", 1),
    ]);
    expect(s.chunkLanes).toEqual({ s1: { kind: "text", id: "sub" } });
    expect(msg(s, "sub")?.streaming).toBe(true);
    expect(msg(s, "main")?.streaming).toBeUndefined();
  });

  it("a chunk that opens a stream without an id is an error", () => {
    const noId = ev.textChunk({ delta: "lost" });
    const noName = ev.toolChunk({ toolCallId: "tc", delta: "{}" });
    const s = fold([ev.runStarted(), noId, noName]);
    expect(s.errors.map((e) => [e.code, e.event])).toEqual([["chunk-without-id", noId], ["chunk-without-id", noName]]);
    expect(s.messageIds).toEqual([]);
  });

  it("chunks give the same thread as the explicit events they stand for", () => {
    const chunks = fold([
      ev.runStarted(), ev.textChunk({ messageId: "m", delta: "Hi" }), ev.textChunk({ delta: " there" }),
      ev.toolChunk({ toolCallId: "tc", toolCallName: "f", parentMessageId: "m", delta: "{}" }), ev.runFinished(),
    ]);
    const explicit = fold([
      ev.runStarted(), ev.textStart("m"), ev.text("m", "Hi"), ev.text("m", " there"), ev.textEnd("m"),
      ev.toolStart("tc", "f", "m"), ev.toolArgs("tc", "{}"), ev.toolEnd("tc"), ev.runFinished(),
    ]);
    expect(toAgUiMessages(chunks)).toEqual(toAgUiMessages(explicit));
    expect(chunks.toolCalls.toJSON()).toEqual(explicit.toolCalls.toJSON());
    expect(chunks.pendingToolCallIds).toEqual(["tc"]);
  });
});

describe("bursts", () => {
  it("folding one event at a time equals folding the burst", () => {
    const events = [
      ev.runStarted(), ev.textStart("m"), ev.text("m", "a"), ev.toolStart("tc", "f", "m"), ev.toolArgs("tc", '{"a":'),
      ev.toolArgs("tc", "1}"), ev.toolEnd("tc"), ev.textEnd("m"), ev.toolResult("r", "tc", "ok"), ev.runFinished(),
    ];
    expect(foldEach(events)).toEqual(fold(events));
  });
});

describe("large tool-call arguments", () => {
  it("are parsed live up to LIVE_ARGS_PARSE_LIMIT, then once when they end", async () => {
    const { createThreadState, foldEvents, LIVE_ARGS_PARSE_LIMIT } = await import("../../../src/core");
    const big = JSON.stringify({ text: "x".repeat(LIVE_ARGS_PARSE_LIMIT) });
    let t = foldEvents(createThreadState(), [ev.runStarted(), ev.toolStart("tc", "write"), ev.toolArgs("tc", big.slice(0, 100))]);
    expect(t.toolCalls.get("tc")?.args).toEqual({ text: "x".repeat(100 - 9) });
    t = foldEvents(t, [ev.toolArgs("tc", big.slice(100))]);
    expect(t.toolCalls.get("tc")?.argsText).toBe(big);
    expect(t.toolCalls.get("tc")?.args).toBeUndefined();
    t = foldEvents(t, [ev.toolEnd("tc")]);
    expect(t.toolCalls.get("tc")?.args).toEqual(JSON.parse(big));
  });
});

describe("tool results that do not come as TOOL_CALL_RESULT", () => {
  it("history the thread starts from links each call to its result", async () => {
    const { createThreadState } = await import("../../../src/core");
    const t = createThreadState({
      messages: [
        { id: "a1", role: "assistant", toolCalls: [{ id: "c1", type: "function", function: { name: "search", arguments: "{}" } }] },
        { id: "r1", role: "tool", toolCallId: "c1", content: "3 trains" },
      ],
    });
    expect(t.toolCalls.get("c1")).toMatchObject({ status: "complete", resultMessageId: "r1" });
  });

  it("an answer appended locally completes a pending front-end tool call", async () => {
    const { applyClientAction, createThreadState, foldEvents } = await import("../../../src/core");
    let t = foldEvents(createThreadState(), [ev.runStarted(), ev.toolStart("c2", "confirm"), ev.toolArgs("c2", "{}"), ev.toolEnd("c2"), ev.runFinished()]);
    expect(t.pendingToolCallIds).toEqual(["c2"]);
    expect(t.status).toBe("waiting");
    t = applyClientAction(t, { type: "append-message", message: { id: "answer", role: "tool", toolCallId: "c2", content: "yes" } });
    expect(t.toolCalls.get("c2")).toMatchObject({ status: "complete", resultMessageId: "answer" });
    expect(t.pendingToolCallIds).toEqual([]);
    expect(t.status).toBe("idle");
  });

  it("a run's input echo links results too", async () => {
    const { createThreadState, foldEvents } = await import("../../../src/core");
    const t = foldEvents(createThreadState(), [
      ev.runStarted("r1", "t1", {
        input: {
          threadId: "t1", runId: "r1", tools: [], context: [],
          messages: [
            { id: "a1", role: "assistant", toolCalls: [{ id: "c1", type: "function", function: { name: "f", arguments: "{}" } }] },
            { id: "x1", role: "tool", toolCallId: "c1", content: "ok" },
          ],
        },
      }),
    ]);
    expect(t.toolCalls.get("c1")).toMatchObject({ status: "complete", resultMessageId: "x1" });
  });
});

describe("currentActivity", () => {
  it("names the newest tool call at work, else the innermost step, and nothing once the run ends", async () => {
    const { createThreadState, currentActivity, foldEvents } = await import("../../../src/core");
    let t = foldEvents(createThreadState(), [ev.runStarted(), { type: "STEP_STARTED", stepName: "plan" }]);
    expect(currentActivity(t)).toBe("plan");
    t = foldEvents(t, [ev.toolStart("a", "search"), ev.toolEnd("a"), ev.toolStart("b", "book")]);
    expect(currentActivity(t)).toBe("book");
    t = foldEvents(t, [ev.toolEnd("b"), ev.toolResult("rb", "b", "ok")]);
    expect(currentActivity(t)).toBe("search");
    t = foldEvents(t, [ev.toolResult("ra", "a", "ok"), { type: "STEP_FINISHED", stepName: "plan" }, ev.runFinished()]);
    expect(currentActivity(t)).toBeUndefined();
  });
});

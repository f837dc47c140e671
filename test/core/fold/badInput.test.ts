import { EventType } from "@ag-ui/core";
import { describe, expect, it } from "vitest";
import { createThreadState, foldEvents, toAgUiMessages, type ProtocolErrorCode, type ThreadState } from "../../../src/core";
import { ev } from "../../support/events";
import { WIRE_LIMITS } from "../../../src/core/thread/limits";
import { deepFreeze, expectConsistent } from "./invariants";

/**
 * Bad input never throws and never stops the stream: each offending event becomes one recorded
 * protocol error carrying that event, the thread stays consistent, and the next good event applies.
 */

type Loose = Record<string, any>;

const fresh = () => createThreadState({ threadId: "t1" });
/** A running run with one open message "m" (content "ok"), one closed assistant message "done" and one waiting tool call "tc". */
function running(): ThreadState {
  return foldEvents(fresh(), [
    ev.runStarted(), ev.textStart("done"), ev.text("done", "fine"), ev.textEnd("done"),
    ev.toolStart("tc", "f", "done"), ev.toolArgs("tc", '{"a":1}'), ev.toolEnd("tc"),
    ev.textStart("m"), ev.text("m", "ok"),
  ]);
}

/**
 * Folds `bad` (frozen) into `before`, then a good event, and checks: exactly the expected error
 * codes, each carrying `bad` itself; the thread is consistent; the stream goes on.
 */
function expectRejected(before: ThreadState, bad: unknown, codes: ProtocolErrorCode[]): ThreadState {
  deepFreeze(bad);
  const after = foldEvents(before, [bad]);
  expect(after.errors.slice(before.errors.length).map((e) => e.code)).toEqual(codes);
  for (const error of after.errors.slice(before.errors.length)) {
    expect(error.event).toBe(bad);
    expect(error.eventIndex).toBe(before.eventCount);
    expect(typeof error.message).toBe("string");
  }
  expect(after.errorCount).toBe(before.errorCount + codes.length);
  expect(after.eventCount).toBe(before.eventCount + 1);
  expectConsistent(after);
  // The stream goes on: the next good event applies without error (a new run, if this one ended).
  const last = after.runs.at(-1);
  const open = after.openMessageIds[0];
  if (last && last.status !== "running") {
    const next = foldEvents(after, [ev.runStarted("probe")]);
    expect(next.errorCount).toBe(after.errorCount);
    expect(next.runs.at(-1)).toMatchObject({ runId: "probe", status: "running" });
  } else if (open) {
    const next = foldEvents(after, [ev.text(open, "!")]);
    expect(next.errorCount).toBe(after.errorCount);
    expect((next.messages.get(open) as Loose).content).toBe(`${(after.messages.get(open) as Loose).content}!`);
  } else {
    expect(foldEvents(after, [ev.custom("probe", 1)]).errorCount).toBe(after.errorCount);
  }
  return after;
}

/** The parts of a thread a bad event must not change (errors and counters aside). */
const content = (s: ThreadState) => ({
  messageIds: s.messageIds, messages: s.messages, toolCalls: s.toolCalls, state: s.state, runs: s.runs,
  openMessageIds: s.openMessageIds, subagents: s.subagents, activeSteps: s.activeSteps,
});

describe("events that are not events", () => {
  const notEvents: [string, unknown][] = [
    ["null", null], ["undefined", undefined], ["a number", 42], ["a string", "TEXT_MESSAGE_START"], ["an array", [{ type: "RUN_STARTED" }]],
    ["an object without type", { messageId: "m", delta: "x" }], ["an empty type", { type: "" }], ["a numeric type", { type: 3 }],
    ["an object type", { type: { toString: () => "RUN_STARTED" } }], ["a boolean", true],
  ];
  for (const [name, bad] of notEvents) {
    it(`${name} is a malformed event and changes nothing else`, () => {
      const before = running();
      const after = expectRejected(before, bad, ["malformed-event"]);
      expect(content(after)).toEqual(content(before));
      expect(after.messages).toBe(before.messages);
    });
  }

  it("an unknown or retired type is reported and ignored", () => {
    const before = running();
    for (const bad of [{ type: "THINKING_START" }, { type: "META", payload: {} }, { type: "text_message_start", messageId: "x" }]) {
      const after = expectRejected(before, bad, ["unknown-event-type"]);
      expect(content(after)).toEqual(content(before));
    }
  });
});

describe("events out of order", () => {
  it("CONTENT for an unknown message", () => {
    const before = running();
    const after = expectRejected(before, ev.text("ghost", "boo"), ["unknown-message"]);
    expect(content(after)).toEqual(content(before));
  });

  it("END without START, for an unknown and for a closed message", () => {
    const before = running();
    expectRejected(before, ev.textEnd("ghost"), ["unknown-message"]);
    const after = expectRejected(before, ev.textEnd("done"), ["not-open"]);
    expect(after.messages.get("done")).toBe(before.messages.get("done"));
  });

  it("CONTENT on a closed message is kept but reported", () => {
    const after = expectRejected(running(), ev.text("done", "+"), ["not-open"]);
    expect((after.messages.get("done") as Loose).content).toBe("fine+");
    expect(after.messages.get("done")?.streaming).toBeUndefined();
  });

  it("ARGS and END before START", () => {
    const before = running();
    expect(content(expectRejected(before, ev.toolArgs("nope", "{}"), ["unknown-tool-call"]))).toEqual(content(before));
    expect(content(expectRejected(before, ev.toolEnd("nope"), ["unknown-tool-call"]))).toEqual(content(before));
  });

  it("ARGS after END are refused (the arguments the person saw stay as they were); so is a second END", () => {
    const before = running();
    const after = expectRejected(before, ev.toolArgs("tc", " "), ["not-open"]);
    expect(after.toolCalls.get("tc")).toBe(before.toolCalls.get("tc"));
    expect(expectRejected(before, ev.toolEnd("tc"), ["not-open"]).toolCalls.get("tc")).toBe(before.toolCalls.get("tc"));
  });

  it("a duplicate START while open keeps what streamed", () => {
    const before = running();
    const text = expectRejected(before, ev.textStart("m"), ["already-open"]);
    expect(text.messages.get("m")).toBe(before.messages.get("m"));
    const streamingTool = foldEvents(before, [ev.toolStart("tc2", "g")]);
    const tool = expectRejected(streamingTool, ev.toolStart("tc2", "other"), ["already-open"]);
    expect(tool.toolCalls.get("tc2")).toBe(streamingTool.toolCalls.get("tc2"));
    const reasoning = foldEvents(before, [ev.reasoningMsgStart("r"), ev.reasoningMsg("r", "x")]);
    expect(expectRejected(reasoning, ev.reasoningMsgStart("r"), ["already-open"]).messages.get("r")).toBe(reasoning.messages.get("r"));
  });

  it("a TOOL_CALL_START refused for an id conflict leaves nothing pending", () => {
    const before = foldEvents(fresh(), [ev.runStarted(), ev.textStart("tc", { role: "user" }), ev.textEnd("tc")]);
    const after = expectRejected(before, ev.toolStart("tc", "f"), ["id-conflict"]);
    expect(after.toolCalls.size).toBe(0);
    expect(after.runs).toBe(before.runs);
    const finished = foldEvents(after, [ev.runFinished()]);
    expect(finished.pendingToolCallIds).toEqual([]);
    expect(finished.status).toBe("idle");
  });

  it("a duplicate TOOL_CALL_RESULT message id keeps the first result", () => {
    const before = foldEvents(running(), [ev.toolResult("res", "tc", "first")]);
    const after = expectRejected(before, ev.toolResult("res", "tc", "second"), ["duplicate-id"]);
    expect((after.messages.get("res") as Loose).content).toBe("first");
    expect(after.messageIds).toBe(before.messageIds);
    // A result may not take the id of a message of another kind either.
    expect(expectRejected(before, ev.toolResult("done", "tc", "x"), ["duplicate-id"]).messages.get("done")).toBe(before.messages.get("done"));
  });

  it("an event after RUN_FINISHED is reported as outside the run but applied", () => {
    const finished = foldEvents(running(), [ev.textEnd("m"), ev.runFinished()]);
    const after = expectRejected(finished, ev.textStart("late"), ["outside-run"]);
    expect(after.messageIds).toContain("late");
    expect(after.runs).toBe(finished.runs);
  });

  it("a second RUN_FINISHED changes no run", () => {
    const finished = foldEvents(running(), [ev.textEnd("m"), ev.runFinished()]);
    const bad = ev.runFinished("r1", "t1", { result: "again" });
    const after = foldEvents(finished, [bad]);
    expect(after.runs).toBe(finished.runs);
    expect(after.errors.length).toBeGreaterThan(0);
    for (const error of after.errors) expect(error).toMatchObject({ code: "outside-run", event: bad });
    expectConsistent(after);
  });

  it("RUN_FINISHED with an open message closes it and reports unclosed-at-finish", () => {
    const before = running();
    const finish = ev.runFinished();
    const after = expectRejected(before, finish, ["unclosed-at-finish"]);
    expect(after.messages.get("m")).toEqual({ id: "m", role: "assistant", content: "ok" });
    expect(after.openMessageIds).toEqual([]);
    expect(after.runs[0]?.status).toBe("finished");
    expect(after.errors[0]?.message).toContain("m");
  });

  it("RUN_FINISHED with a tool call still streaming leaves it waiting, and pending", () => {
    const before = foldEvents(fresh(), [ev.runStarted(), ev.toolStart("tc", "f"), ev.toolArgs("tc", '{"x":')]);
    const after = expectRejected(before, ev.runFinished(), ["unclosed-at-finish"]);
    expect(after.toolCalls.get("tc")).toMatchObject({ status: "waiting", args: {} });
    expect(after.pendingToolCallIds).toEqual(["tc"]);
    expect(after.status).toBe("waiting");
  });

  it("a subagent left running when the run ends does not keep the next run acting", () => {
    const ended = foldEvents(fresh(), [ev.runStarted("r1"), ev.subagentStarted("s1", "booker"), ev.runError("boom")]);
    expect(ended.subagents.s1?.status).not.toBe("running");
    const next = foldEvents(ended, [ev.runStarted("r2")]);
    expect(next.status).toBe("thinking");
    const finished = foldEvents(fresh(), [ev.runStarted("r1"), ev.subagentStarted("s1", "booker"), ev.runFinished("r1")]);
    expect(finished.errors.map((e) => e.code)).toEqual(["unclosed-at-finish"]);
    expect(foldEvents(finished, [ev.runStarted("r2")]).status).toBe("thinking");
  });
});

describe("subagent events", () => {
  it("a SUBAGENT_FINISHED with a stray message field is a success, not an error", () => {
    const s = foldEvents(fresh(), [ev.runStarted(), ev.subagentStarted("s1", "a"), ev.subagentFinished("s1", { message: "all done", result: 1 })]);
    expect(s.subagents.s1).toMatchObject({ status: "finished", result: 1 });
    expect(s.subagents.s1?.error).toBeUndefined();
  });

  it("a SUBAGENT_ERROR without a message is still an error", () => {
    const s = foldEvents(fresh(), [ev.runStarted(), ev.subagentStarted("s1", "a"), { type: EventType.SUBAGENT_ERROR, subagentRunId: "s1", code: "X" }]);
    expect(s.subagents.s1).toMatchObject({ status: "error", error: { code: "X" } });
    expect(typeof s.subagents.s1?.error?.message).toBe("string");
    expectConsistent(s);
  });
});

describe("fields of the wrong type", () => {
  const cases: [string, unknown][] = [
    ["a numeric text delta", { type: EventType.TEXT_MESSAGE_CONTENT, messageId: "m", delta: 5 }],
    ["a missing text delta", { type: EventType.TEXT_MESSAGE_CONTENT, messageId: "m" }],
    ["an empty messageId", { type: EventType.TEXT_MESSAGE_START, messageId: "" }],
    ["a numeric messageId", { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 1, delta: "x" }],
    ["an object messageId", { type: EventType.TEXT_MESSAGE_END, messageId: { id: "m" } }],
    ["a null toolCallId", { type: EventType.TOOL_CALL_START, toolCallId: null, toolCallName: "f" }],
    ["a missing toolCallName", { type: EventType.TOOL_CALL_START, toolCallId: "x" }],
    ["a numeric args delta", { type: EventType.TOOL_CALL_ARGS, toolCallId: "tc", delta: 1 }],
    ["a numeric result content", { type: EventType.TOOL_CALL_RESULT, messageId: "r", toolCallId: "tc", content: 1 }],
    ["a result without messageId", { type: EventType.TOOL_CALL_RESULT, toolCallId: "tc", content: "x" }],
    ["a non-array state delta", { type: EventType.STATE_DELTA, delta: { op: "add", path: "/a", value: 1 } }],
    ["a non-array messages snapshot", { type: EventType.MESSAGES_SNAPSHOT, messages: "all of them" }],
    ["an activity without content object", { type: EventType.ACTIVITY_SNAPSHOT, messageId: "a", activityType: "P", content: [1] }],
    ["an activity without type", { type: EventType.ACTIVITY_SNAPSHOT, messageId: "a", content: {} }],
    ["an activity delta without patch", { type: EventType.ACTIVITY_DELTA, messageId: "a", activityType: "P" }],
    ["a text START with a numeric role", { type: EventType.TEXT_MESSAGE_START, messageId: "n", role: 1 }],
    ["an empty step name", { type: EventType.STEP_STARTED, stepName: "" }],
    ["a subagent without name", { type: EventType.SUBAGENT_STARTED, subagentRunId: "s" }],
    ["a subagent with a numeric id", { type: EventType.SUBAGENT_FINISHED, subagentRunId: 3 }],
    ["a custom event without name", { type: EventType.CUSTOM, value: 1 }],
    ["an encrypted value with a bad subtype", { type: EventType.REASONING_ENCRYPTED_VALUE, subtype: "x", entityId: "m", encryptedValue: "e" }],
    ["an encrypted value that is not a string", { type: EventType.REASONING_ENCRYPTED_VALUE, subtype: "message", entityId: "m", encryptedValue: 1 }],
    ["a reasoning span without id", { type: EventType.REASONING_START }],
    ["a RUN_STARTED without runId", { type: EventType.RUN_STARTED, threadId: "t1" }],
    ["a RUN_STARTED with a numeric threadId", { type: EventType.RUN_STARTED, runId: "r9", threadId: 1 }],
    ["an outcome that is a string", { type: EventType.RUN_FINISHED, threadId: "t1", runId: "r1", outcome: "success" }],
    ["an interrupt outcome without interrupts", { type: EventType.RUN_FINISHED, threadId: "t1", runId: "r1", outcome: { type: "interrupt" } }],
    ["an interrupt outcome with a null interrupt", { type: EventType.RUN_FINISHED, threadId: "t1", runId: "r1", outcome: { type: "interrupt", interrupts: [null] } }],
    ["pendingToolCallIds as a string", { type: EventType.RUN_FINISHED, threadId: "t1", runId: "r1", outcome: { type: "success", pendingToolCallIds: "tc" } }],
    ["pendingToolCallIds with non-strings", { type: EventType.RUN_FINISHED, threadId: "t1", runId: "r1", outcome: { type: "success", pendingToolCallIds: [1, null] } }],
  ];
  for (const [name, bad] of cases) {
    it(`${name} is a malformed event that changes nothing`, () => {
      const before = running();
      const after = expectRejected(before, bad, ["malformed-event"]);
      expect(content(after)).toEqual(content(before));
    });
  }

  it("a snapshot skips messages without id or role and keeps the rest", () => {
    const snap = ev.messagesSnapshot([
      { id: "ok", role: "user", content: "x" }, null, { role: "user", content: "no id" }, { id: "norole" }, 7,
    ] as never);
    const after = expectRejected(running(), snap, ["malformed-event", "malformed-event", "malformed-event", "malformed-event"]);
    expect(after.messageIds).toEqual(["ok"]);
  });

  it("Parley's own fields on incoming messages are not trusted", () => {
    const snap = ev.messagesSnapshot([
      { id: "a", role: "assistant", content: "x", streaming: true, toolCallIds: ["ghost"] },
      { id: "u", role: "user", content: "y", streaming: true },
    ] as never);
    const after = foldEvents(running(), [snap]);
    expect(after.messages.get("a")).toEqual({ id: "a", role: "assistant", content: "x" });
    expect(after.messages.get("u")).toEqual({ id: "u", role: "user", content: "y" });
    expect(after.openMessageIds).toEqual([]);
    expectConsistent(after);
  });

  it("tool calls in a snapshot that name the same id twice are kept once", () => {
    const call = { id: "dup", type: "function", function: { name: "f", arguments: "{}" } };
    const snap = ev.messagesSnapshot([
      { id: "a1", role: "assistant", toolCalls: [call, call] },
      { id: "a2", role: "assistant", toolCalls: [call] },
    ] as never);
    const after = foldEvents(running(), [snap]);
    expectConsistent(after);
    expect(after.toolCalls.get("dup")?.messageId).toBe("a1");
    expect(after.errors.map((e) => e.code)).toEqual(["duplicate-id", "duplicate-id"]);
  });
});

describe("tool calls claimed twice", () => {
  it("RUN_STARTED.input may not take a tool call another message holds", () => {
    const before = running();
    const start = ev.runStarted("r2", "t1", { input: { threadId: "t1", runId: "r2", tools: [], context: [], messages: [
      { id: "other", role: "assistant", toolCalls: [{ id: "tc", type: "function", function: { name: "hijack", arguments: "" } }] },
    ] } });
    const after = foldEvents(before, [start]);
    expect(after.toolCalls.get("tc")).toMatchObject({ messageId: "done", name: "f", argsText: '{"a":1}' });
    expect(after.messages.get("other")).toEqual({ id: "other", role: "assistant", toolCallIds: [] });
    expect(after.errors.map((e) => [e.code, e.event])).toContainEqual(["duplicate-id", start]);
    expectConsistent(after);
  });
});

describe("hostile strings", () => {
  it("markup is kept verbatim as text, never interpreted", () => {
    const script = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const after = foldEvents(fresh(), [
      ev.runStarted(), ev.textStart(script), ev.text(script, script), ev.textEnd(script),
      ev.toolStart("tc", script, script), ev.toolArgs("tc", JSON.stringify({ html: script })), ev.toolEnd("tc"),
      ev.custom(script, script), ev.stepStarted(script), ev.stepFinished(script),
    ]);
    expect(after.errors).toEqual([]);
    expect((after.messages.get(script) as Loose).content).toBe(script);
    expect(after.toolCalls.get("tc")).toMatchObject({ name: script, args: { html: script } });
    expect(after.customEvents[0]).toMatchObject({ name: script, value: script });
    expectConsistent(after);
  });

  const protoNames = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"];
  for (const name of protoNames) {
    it(`"${name}" as an id is refused, leaving no trace and no pollution`, () => {
      const events = [
        ev.runStarted(),
        ev.textStart(name), ev.text(name, "x"), ev.textEnd(name),
        ev.toolStart(name, "f"), ev.toolArgs(name, "{}"), ev.toolEnd(name),
        ev.toolStart("tc", "f", name), ev.toolEnd("tc"),
        ev.toolResult(name, "tc", "r"), ev.toolResult("res", name, "r"),
        ev.activitySnapshot(name, "PLAN", { polluted: true }), ev.activityDelta(name, [{ op: "add", path: "/polluted", value: 1 }]),
        ev.reasoningMsgStart(name), ev.reasoningStart(name),
        ev.encrypted("message", name, "E"), ev.encrypted("tool-call", name, "E"),
        ev.subagentStarted(name, "evil"), ev.subagentFinished(name),
        ev.textChunk({ messageId: name, delta: "x" }), ev.toolChunk({ toolCallId: name, toolCallName: "f", delta: "{}" }),
        ev.textChunk({ messageId: "c", delta: "x", subagentRunId: name }), ev.stepStarted("s", { subagentRunId: name }),
        ev.messagesSnapshot([{ id: name, role: "user", content: "x" }, { id: "t", role: "tool", toolCallId: name, content: "x" }]),
        ev.runStarted("r2", "t1", { input: { threadId: "t1", runId: "r2", tools: [], context: [], messages: [{ id: name, role: "user", content: "x" }] } }),
      ];
      deepFreeze(events);
      const after = foldEvents(createThreadState({ threadId: "t1", messages: [{ id: name, role: "user", content: "seed" }] }), events);
      expectConsistent(after, events.length);
      expect(after.messageIds).not.toContain(name);
      expect([...after.toolCalls.keys()]).not.toContain(name);
      expect(Object.keys(after.subagents)).not.toContain(name);
      expect(after.openMessageIds).not.toContain(name);
      expect(after.errors.every((e) => e.code !== "malformed-event" || !e.message.startsWith("The event could not be applied"))).toBe(true);
      expect(({} as Loose).polluted).toBeUndefined();
      expect((Object.prototype as Loose).polluted).toBeUndefined();
    });
  }

  it("__proto__ keys in state, activity content and metadata stay plain data", () => {
    const hostile = () => JSON.parse('{"__proto__":{"polluted":"yes"},"a":1}') as Record<string, unknown>;
    const after = foldEvents(fresh(), [
      ev.runStarted(),
      ev.stateSnapshot(hostile()),
      ev.stateDelta([{ op: "replace", path: "/a", value: hostile() }]),
      ev.stateDelta([{ op: "add", path: "/__proto__/polluted", value: "yes" }]),
      ev.activitySnapshot("act", "PLAN", hostile()),
      ev.activityDelta("act", [{ op: "add", path: "/b", value: hostile() }]),
      ev.textStart("m", { metadata: hostile() }), ev.text("m", "x", { metadata: hostile() }), ev.textEnd("m"),
      ev.custom("__proto__", hostile()),
      { type: EventType.RAW, event: hostile(), source: "__proto__" },
    ]);
    expect(after.errors.map((e) => e.code)).toEqual(["patch-failed"]);
    expect(({} as Loose).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(after.state)).toBe(Object.prototype);
    expect((after.state as Loose).a.a).toBe(1);
    expect(Object.getPrototypeOf((after.messages.get("m") as Loose).metadata)).toBe(Object.prototype);
    expect((after.messages.get("act") as Loose).content.b.a).toBe(1);
    expectConsistent(after);
  });
});

describe("huge input", () => {
  it("a multi-megabyte delta is cut at the text limit, and said once", () => {
    const big = "x".repeat(5_000_000);
    const after = foldEvents(running(), [ev.text("m", big), ev.text("m", big)]);
    expect((after.messages.get("m") as Loose).content.length).toBe(WIRE_LIMITS.text);
    expect(after.errors.map((e) => e.code)).toEqual(["too-large"]);
    expect(after.errors[0]?.message).toContain("1,000,000 characters");
  });

  it("fifty thousand small deltas in one burst", () => {
    const deltas = Array.from({ length: 50_000 }, (_, i) => ev.text("m", String(i % 10)));
    const after = foldEvents(running(), deltas);
    expect((after.messages.get("m") as Loose).content.length).toBe(2 + 50_000);
    expect(after.eventCount).toBe(running().eventCount + 50_000);
  });

  it("a large tool-call argument parses", () => {
    const args = { rows: Array.from({ length: 20_000 }, (_, i) => ({ i, name: `row ${i}` })) };
    const text = JSON.stringify(args);
    const pieces = text.match(/[\s\S]{1,997}/g) as string[];
    const after = foldEvents(fresh(), [ev.runStarted(), ev.toolStart("big", "f"), ...pieces.map((p) => ev.toolArgs("big", p)), ev.toolEnd("big")]);
    expect(after.toolCalls.get("big")?.args).toEqual(args);
  });

  it("a very long id is kept; a state nested 500 levels is refused in words, the state before stays", () => {
    const id = "i".repeat(100_000);
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 500; i++) deep = { n: deep };
    const after = foldEvents(fresh(), [
      ev.runStarted(), ev.textStart(id), ev.text(id, "x"), ev.textEnd(id),
      ev.stateSnapshot({ kept: true }), ev.stateSnapshot(deep),
    ]);
    expect(after.messageIds).toEqual([id]);
    expect(after.state).toEqual({ kept: true });
    expect(after.errors.map((e) => [e.code, e.message])).toEqual([["too-large", expect.stringContaining("nested deeper than 64 levels")]]);
    expect(() => JSON.stringify(after)).not.toThrow();
  });

  it("content parts of every kind pass through toAgUiMessages", () => {
    const parts = [{ type: "text", text: "a" }, { type: "image", source: { type: "url", value: "https://x/y.png" } }];
    const after = foldEvents(fresh(), [ev.runStarted(), { type: EventType.TOOL_CALL_RESULT, messageId: "r", toolCallId: "x", content: parts }]);
    expect(toAgUiMessages(after)).toEqual([{ id: "r", role: "tool", toolCallId: "x", content: parts }]);
  });
});

describe("large hostile state", () => {
  it("an own __proto__ key in a state of hundreds of keys survives a delta as plain data", () => {
    const big: Record<string, unknown> = JSON.parse(`{"__proto__":{"x":1},${Array.from({ length: 200 }, (_, i) => `"k${i}":${i}`).join(",")}}`);
    const after = foldEvents(fresh(), [ev.runStarted(), ev.stateSnapshot(big), ev.stateDelta([{ op: "replace", path: "/k5", value: 50 }])]);
    const state = after.state as Record<string, unknown>;
    expect(after.errors).toEqual([]);
    expect(Object.getPrototypeOf(state)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(state, "__proto__")).toBe(true);
    expect(state.k5).toBe(50);
    expect(big.k5).toBe(5);
  });
});

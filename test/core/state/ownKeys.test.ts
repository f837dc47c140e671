import { describe, expect, it } from "vitest";
import { applyClientAction, createThreadState, foldEvents, parseEnvelope } from "../../../src/core";
import { parseChannelReply } from "../../../src/core/channels";
import { holdChangedKeys } from "../../../src/core/state/heldEdits";
import { ev } from "../../support/events";

/**
 * A key that comes from the wire is an own key, everywhere: `__proto__`, `constructor` and
 * `prototype` are data like any other name, never the prototype or an inherited member.
 */

const RESERVED = ["__proto__", "constructor", "prototype"] as const;

function predicted(stateKey: string, toolArgument?: string, args = '{"doc":"text","isAdmin":true}') {
  return foldEvents(createThreadState({ threadId: "t1" }), [
    ev.runStarted(),
    ev.stateSnapshot({}),
    ev.custom("PredictState", [{ state_key: stateKey, tool: "write", ...(toolArgument ? { tool_argument: toolArgument } : {}) }]),
    ev.toolStart("c1", "write"),
    ev.toolArgs("c1", args),
  ]);
}

describe("PredictState writes own keys only", () => {
  for (const key of RESERVED) {
    it(`state_key "${key}" becomes an own member; the prototype stays Object.prototype`, () => {
      const thread = predicted(key);
      const state = thread.state as Record<string, unknown>;
      expect(Object.getPrototypeOf(state)).toBe(Object.prototype);
      expect(state.isAdmin).toBeUndefined();
      expect(Object.hasOwn(state, key)).toBe(true);
      expect(Object.getOwnPropertyDescriptor(state, key)?.value).toEqual({ doc: "text", isAdmin: true });
      expect(JSON.parse(JSON.stringify(state))).toEqual(JSON.parse(`{${JSON.stringify(key)}:{"doc":"text","isAdmin":true}}`));
    });

    it(`tool_argument "${key}" reads only an argument the agent sent`, () => {
      const inherited = predicted("doc", key, '{"doc":"text"}');
      expect(inherited.state).toEqual({});
      const sent = predicted("doc", key, `{${JSON.stringify(key)}:"mine"}`);
      expect((sent.state as Record<string, unknown>).doc).toBe("mine");
    });
  }
});

describe("held edits keep the agent's keys as keys", () => {
  it("an own __proto__ in the agent's state is held and put back as data", () => {
    const agents = JSON.parse('{"__proto__":{"isAdmin":true},"title":"a"}') as Record<string, unknown>;
    const persons = JSON.parse('{"__proto__":{"isAdmin":false},"title":"b"}') as Record<string, unknown>;
    const held = holdChangedKeys(agents, persons, undefined) as Record<string, unknown>;
    expect(Object.getPrototypeOf(held)).toBe(Object.prototype);
    expect(Object.keys(held).sort()).toEqual(["__proto__", "title"]);
    // The person's edit held, the agent's next snapshot has the held keys put back, as data.
    const thread = applyClientAction(createThreadState({ state: agents }), { type: "set-state", state: persons, hold: true });
    expect(thread.stateEdits).toEqual(held);
    const merged = foldEvents(thread, [ev.stateSnapshot({ title: "c" })]).state as Record<string, unknown>;
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect((merged as { isAdmin?: unknown }).isAdmin).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(merged, "__proto__")?.value).toEqual({ isAdmin: false });
  });
});

describe("a form answered over a channel", () => {
  it("asks fields named constructor and __proto__, and answers them as own keys", () => {
    const parsed = parseEnvelope(JSON.parse(`{"messageId":"m1","messageType":"input_request","payload":{"content":"Who?","schema":{"type":"object","properties":{"constructor":{"type":"string","title":"Builder"},"__proto__":{"type":"string","title":"Prototype"}},"required":["constructor"]}}}`));
    if (!parsed.ok) throw new Error(parsed.problem);
    const first = parseChannelReply("Ada", parsed.envelope);
    expect(first).toMatchObject({ kind: "next", step: { name: "__proto__" } });
    const values = (first as { values: Record<string, unknown> }).values;
    expect(Object.getOwnPropertyDescriptor(values, "constructor")?.value).toBe("Ada");
    const done = parseChannelReply("Grace", parsed.envelope, { values });
    const answer = (done as { response: { values: Record<string, unknown> } }).response.values;
    expect(Object.getPrototypeOf(answer)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(answer, "__proto__")?.value).toBe("Grace");
  });
});

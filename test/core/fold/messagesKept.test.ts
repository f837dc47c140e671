import { describe, expect, it } from "vitest";
import { applyClientAction, createThreadState, foldEvents, type ThreadState } from "../../../src/core";
import { messagesKept, startsWith } from "../../../src/core/thread/appended";
import { ev } from "../../support/events";

const say = (id: string, text: string) => [ev.textStart(id), ev.text(id, text), ev.textEnd(id)];

/** The person asks, the agent answers with text and a tool call. */
function answered(): ThreadState {
  const asked = applyClientAction(createThreadState({ threadId: "t" }), { type: "append-message", message: { id: "u1", role: "user", content: "Hi" } });
  return foldEvents(asked, [ev.runStarted("r1"), ...say("a1", "Hello"), ev.toolStart("c1", "lookup", "a1"), ev.toolArgs("c1", "{}"), ev.toolEnd("c1"), ev.runFinished("r1")]);
}

describe("messagesKept: how many messages a later thread shares unchanged with an earlier one", () => {
  it("all of the earlier ones when messages were only added at the end (a person's message, a reply)", () => {
    const before = answered();
    const asked = applyClientAction(before, { type: "append-message", message: { id: "u2", role: "user", content: "More?" } });
    expect(messagesKept(before, asked)).toBe(2);
    const replied = foldEvents(asked, [ev.runStarted("r2"), ...say("a2", "Yes"), ev.toolStart("c2", "lookup", "a2"), ev.runFinished("r2")]);
    expect(replied.messageIds).toEqual(["u1", "a1", "u2", "a2"]);
    expect(messagesKept(asked, replied)).toBe(3);
    expect(messagesKept(before, replied)).toBe(2);
    expect(messagesKept(replied, replied)).toBe(4);
  });

  it("none without an earlier thread, or when nothing is shared", () => {
    const t = answered();
    expect(messagesKept(undefined, t)).toBe(0);
    expect(messagesKept(answered(), t)).toBe(0);
  });

  it("none when an earlier message changed, or one of its tool calls did", () => {
    const open = foldEvents(createThreadState(), [ev.runStarted("r1"), ev.textStart("a1"), ev.text("a1", "Hel"), ev.toolStart("c1", "lookup", "a1"), ev.toolArgs("c1", "{")]);
    expect(messagesKept(open, foldEvents(open, [ev.text("a1", "lo")]))).toBe(0);
    const argued = foldEvents(open, [ev.toolArgs("c1", "}")]);
    expect(argued.messages.get("a1")).toBe(open.messages.get("a1"));
    expect(messagesKept(open, argued)).toBe(0);
  });

  it("none when messages were removed, or the later thread is a fork of the earlier", () => {
    const before = answered();
    const removed = applyClientAction(before, { type: "remove-messages", ids: ["a1"] });
    expect(removed.messageIds).toEqual(["u1"]);
    expect(messagesKept(before, removed)).toBe(0);
    const talked = applyClientAction(createThreadState(), { type: "append-message", message: { id: "u1", role: "user", content: "Hi" } });
    const forked = applyClientAction(talked, { type: "fork", fromMessageId: "u1", message: { id: "u1b", role: "user", content: "Hello?" } });
    expect(forked.messageIds).toEqual(["u1b"]);
    expect(messagesKept(talked, forked)).toBe(0);
    expect(messagesKept(forked, talked)).toBe(0);
  });
});

describe("startsWith", () => {
  it("a list begins with a prefix of the same items in the same order, compared by identity", () => {
    const a = { id: "a" };
    expect(startsWith(["a", "b", "c"], ["a", "b"])).toBe(true);
    expect(startsWith(["a", "b"], ["a", "b"])).toBe(true);
    expect(startsWith(["a"], [])).toBe(true);
    expect(startsWith(["a", "b"], ["b"])).toBe(false);
    expect(startsWith(["a"], ["a", "b"])).toBe(false);
    expect(startsWith([a], [a])).toBe(true);
    expect(startsWith([{ id: "a" }], [a])).toBe(false);
  });
});

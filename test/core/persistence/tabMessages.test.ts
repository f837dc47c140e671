import type { BaseEvent } from "@ag-ui/core";
import { describe, expect, it } from "vitest";
import { applyClientAction, type ThreadState } from "../../../src/core";
import { adoptable, readTabMessage, settlementsBetween, TAB_MESSAGE_VERSION } from "../../../src/persistence";
import { ev } from "../../support/events";
import { fold, interaction } from "../../support/thread";

/** What tabs tell each other: checked on the way in, derived from two threads on the way out. */

const OPTIONS = [{ id: "a", label: "08:05" }, { id: "b", label: "12:30" }];
const advise = (id: string): BaseEvent[] => [ev.toolStart(id, "parley_advise"), ev.toolArgs(id, JSON.stringify({ content: "Which train?", options: OPTIONS })), ev.toolEnd(id)];
const asked = (): ThreadState => applyClientAction(fold([ev.runStarted(), ...advise("tc1"), ...advise("tc2")]), { type: "receive", at: 1 });
const choose = (optionId: string) => ({ action: "choose" as const, optionIds: [optionId], numbers: [] });

describe("readTabMessage", () => {
  it("keeps the well-formed actions of a message and drops the rest", () => {
    const message = readTabMessage({
      v: TAB_MESSAGE_VERSION,
      from: "tab-2",
      kind: "actions",
      actions: [
        { type: "answer", interactionId: "tc1", response: choose("a"), how: "click", at: 5 },
        { type: "answer", interactionId: "tc1", response: choose("a"), how: "telepathy", at: 5 },
        { type: "decline", interactionId: "tc2", how: "key", at: Number.NaN },
        { type: "truncate", fromMessageId: "m1" },
        { type: "revoke", grantId: "g1", by: "ana", how: "click", at: 7 },
        { type: "deliver", interactionIds: ["tc1"], runId: "r2" },
        null,
      ],
    });
    expect(message?.kind === "actions" && message.actions.map((a) => a.type)).toEqual(["answer", "revoke", "deliver"]);
  });

  it("refuses what is not a tab message of this version", () => {
    for (const data of [undefined, [], "x", { v: 0, from: "t", kind: "actions", actions: [] }, { v: 1, from: "", kind: "saved", snapshot: {} }, { v: 1, from: "t", kind: "saved" }, { v: 1, from: "t", kind: "actions", actions: [{ type: "answer" }] }]) {
      expect(readTabMessage(data)).toBeUndefined();
    }
    expect(readTabMessage({ v: 1, from: "t", kind: "saved", snapshot: { version: 1 } })?.kind).toBe("saved");
  });
});

describe("settlementsBetween", () => {
  it("an answer, a decline, a correction, a withdrawal and a delivery, each once", () => {
    const before = asked();
    const answered = applyClientAction(applyClientAction(before, { type: "answer", interactionId: "tc1", response: choose("b"), how: "number-reply", at: 10, who: "ana" }), { type: "decline", interactionId: "tc2", how: "click", at: 11 });
    expect(settlementsBetween(before, answered)).toEqual([
      { type: "answer", interactionId: "tc1", at: 10, who: "ana", response: interaction(answered, "tc1").response, how: "number-reply" },
      { type: "decline", interactionId: "tc2", at: 11, who: "person", how: "click" },
    ]);
    expect(settlementsBetween(answered, answered)).toEqual([]);
    const corrected = applyClientAction(answered, { type: "correct", interactionId: "tc1", response: choose("a"), how: "click", at: 12 });
    expect(settlementsBetween(answered, corrected)).toMatchObject([{ type: "correct", interactionId: "tc1", response: { optionIds: ["a"] } }]);
    const delivered = applyClientAction(corrected, { type: "deliver", interactionIds: ["tc1", "tc2"], runId: "r2" });
    expect(settlementsBetween(corrected, delivered)).toEqual([{ type: "deliver", runId: "r2", interactionIds: ["tc1", "tc2"] }]);
    const withdrawn = applyClientAction(before, { type: "withdraw", interactionId: "tc1", at: 13, reason: "moot" });
    expect(settlementsBetween(before, withdrawn)).toEqual([{ type: "withdraw", interactionId: "tc1", at: 13, reason: "moot" }]);
  });

  it("what it derives, applied to the other tab's thread, settles the same there", () => {
    const here = asked();
    const there = asked();
    const after = applyClientAction(here, { type: "answer", interactionId: "tc1", response: choose("b"), how: "click", at: 10 });
    const mirrored = settlementsBetween(here, after).reduce(applyClientAction, there);
    expect(interaction(mirrored, "tc1")).toEqual(interaction(after, "tc1"));
    expect(mirrored.audit).toEqual(after.audit);
  });
});

describe("adoptable", () => {
  it("a saved thread is taken up only when it loses nothing settled or written here", () => {
    const saved = asked();
    expect(adoptable(saved, saved)).toBe(true);
    const answeredHere = applyClientAction(saved, { type: "answer", interactionId: "tc1", response: choose("a"), how: "click", at: 10 });
    expect(adoptable(answeredHere, saved)).toBe(false);
    expect(adoptable(saved, answeredHere)).toBe(true);
    const typedHere = applyClientAction(saved, { type: "append-message", message: { id: "u9", role: "user", content: "hello" } });
    expect(adoptable(typedHere, saved)).toBe(false);
  });
});

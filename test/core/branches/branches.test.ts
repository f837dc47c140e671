import { describe, expect, it } from "vitest";
import { answerStart, applyClientAction, branchPosition, buildRunInput, createThreadState, foldEvents, refusalOf, toAgUiMessages, type ThreadState } from "../../../src/core";
import { ev, textRun } from "../../support/events";

/** u1 → a1 → u2 → a2, folded as two runs. */
function twoTurns(): ThreadState {
  let t = createThreadState({ threadId: "t1", messages: [{ id: "u1", role: "user", content: "Trains to Lyon?" }] });
  t = foldEvents(t, textRun("r1", "a1", ["The 8:05 or the 9:10."]));
  t = applyClientAction(t, { type: "append-message", message: { id: "u2", role: "user", content: "The 8:05" } });
  return foldEvents(t, textRun("r2", "a2", ["Booked the 8:05."]));
}

describe("branches: fork and switch", () => {
  it("an edit forks at the message: the old tail is kept as version 1, the edit is version 2", () => {
    const before = twoTurns();
    const t = applyClientAction(before, { type: "fork", fromMessageId: "u2", message: { id: "u2b", role: "user", content: "The 9:10" } });
    expect(t.messageIds).toEqual(["u1", "a1", "u2b"]);
    expect(branchPosition(t, "u2b")).toEqual({ index: 2, count: 2, at: "a1" });
    expect(branchPosition(t, "u1")).toBeUndefined();
    // What the agent hears next is the new version only.
    expect(toAgUiMessages(t).map((m) => m.id)).toEqual(["u1", "a1", "u2b"]);
    // Pure: the thread passed in is unchanged.
    expect(before.messageIds).toEqual(["u1", "a1", "u2", "a2"]);
    expect(before.branches).toBeUndefined();
  });

  it("switching back restores the old tail, and the new one (grown since) is kept whole", () => {
    let t = applyClientAction(twoTurns(), { type: "fork", fromMessageId: "u2", message: { id: "u2b", role: "user", content: "The 9:10" } });
    t = foldEvents(t, textRun("r3", "a3", ["Booked the 9:10."]));
    t = applyClientAction(t, { type: "switch-branch", at: "a1", index: 0 });
    expect(t.messageIds).toEqual(["u1", "a1", "u2", "a2"]);
    expect(branchPosition(t, "u2")).toEqual({ index: 1, count: 2, at: "a1" });
    t = applyClientAction(t, { type: "switch-branch", at: "a1", index: 1 });
    expect(t.messageIds).toEqual(["u1", "a1", "u2b", "a3"]);
  });

  it("a third edit at the same place makes '3 / 3'; forks at the start are keyed by ''", () => {
    let t = applyClientAction(twoTurns(), { type: "fork", fromMessageId: "u2", message: { id: "x", role: "user", content: "x" } });
    t = applyClientAction(t, { type: "fork", fromMessageId: "x", message: { id: "y", role: "user", content: "y" } });
    expect(branchPosition(t, "y")).toEqual({ index: 3, count: 3, at: "a1" });
    t = applyClientAction(t, { type: "fork", fromMessageId: "u1", message: { id: "z", role: "user", content: "z" } });
    expect(t.messageIds).toEqual(["z"]);
    expect(branchPosition(t, "z")).toEqual({ index: 2, count: 2, at: "" });
    t = applyClientAction(t, { type: "switch-branch", at: "", index: 0 });
    // The deeper set is still there, with the version that was shown when it was left.
    expect(t.messageIds).toEqual(["u1", "a1", "y"]);
    expect(branchPosition(t, "y")?.index).toBe(3);
  });

  it("regenerating forks at the start of the answer, leaving an empty tail for the new run", () => {
    let t = twoTurns();
    t = foldEvents(t, [ev.runStarted("r3"), ev.toolStart("c1", "search", "a3"), ev.toolEnd("c1"), ev.toolResult("tm1", "c1", "[]"), ev.textStart("a4"), ev.text("a4", "Nothing."), ev.textEnd("a4"), ev.runFinished("r3")]);
    expect(answerStart(t, "a4")).toBe("a2");
    t = applyClientAction(t, { type: "fork", fromMessageId: "a2" });
    expect(t.messageIds).toEqual(["u1", "a1", "u2"]);
    t = foldEvents(t, textRun("r4", "a5", ["Booked."]));
    expect(branchPosition(t, "a5")).toEqual({ index: 2, count: 2, at: "u2" });
  });

  it("a version left empty (the answer never came) is dropped when another is shown", () => {
    let t = applyClientAction(twoTurns(), { type: "fork", fromMessageId: "a2" });
    t = applyClientAction(t, { type: "switch-branch", at: "u2", index: 0 });
    expect(t.messageIds).toEqual(["u1", "a1", "u2", "a2"]);
    expect(t.branches?.u2).toEqual({ tails: [["a2"]], active: 0 });
    expect(branchPosition(t, "a2")).toBeUndefined();
  });

  it("refuses while a run is going, while a question is open, for unknown messages and versions, and a taken id", () => {
    const t = twoTurns();
    const running = foldEvents(t, [ev.runStarted("r9")]);
    expect(refusalOf(running, { type: "fork", fromMessageId: "u2" })?.code).toBe("busy");
    expect(refusalOf(t, { type: "fork", fromMessageId: "nope" })?.code).toBe("unknown-message");
    expect(refusalOf(t, { type: "fork", fromMessageId: "u2", message: { id: "a1", role: "user", content: "dup" } })?.code).toBe("invalid-response");
    expect(refusalOf(t, { type: "switch-branch", at: "a1", index: 1 })?.code).toBe("not-found");
    const forked = applyClientAction(t, { type: "fork", fromMessageId: "u2", message: { id: "u2b", role: "user", content: "b" } });
    expect(refusalOf(forked, { type: "switch-branch", at: "a1", index: 1 })?.code).toBe("not-found"); // shown already
    expect(refusalOf(forked, { type: "switch-branch", at: "a1", index: 7 })?.code).toBe("not-found");
    expect(applyClientAction(t, { type: "fork", fromMessageId: "nope" })).toBe(t);
  });
});

describe("buildRunInput: parentRunId", () => {
  it("links the run it branches from, and is absent otherwise", () => {
    const t = twoTurns();
    expect(buildRunInput(t, { runId: "r5", parentRunId: "r2" }).parentRunId).toBe("r2");
    expect("parentRunId" in buildRunInput(t, { runId: "r5" })).toBe(false);
  });
});

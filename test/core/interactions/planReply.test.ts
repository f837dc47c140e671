import { describe, expect, it } from "vitest";
import {
  applyClientAction,
  isPauseRequest,
  pauseBlocker,
  planReply,
} from "../../../src/core";
import { ev } from "../../support/events";
import { fresh, fold } from "../../support/thread";

/** What sending a message does, decided by the kit before anything is sent. */

const custom = (envelope: object) => ev.custom("parley.interaction", envelope);
const OPTIONS = [{ id: "a", label: "08:05 出发" }, { id: "b", label: "12:30 出发" }, { id: "c", label: "18:40 出发" }];
const advice = (messageId: string, payload: object, extra: object = {}) => custom({ messageId, messageType: "advice", payload: { content: "Which?", options: OPTIONS, ...payload }, ...extra });

/** Advice 1–3 pending after a finished run. */
const pending = (payload: object = {}) => fold([ev.runStarted(), advice("q", payload), ev.runFinished()]);

describe("planReply with advice 1–3 pending", () => {
  it('"3号" answers option 3', () => {
    const plan = planReply(pending(), "3号", false);
    expect(plan).toMatchObject({ kind: "answer", interactionId: "q", response: { action: "choose", optionIds: ["c"], numbers: [3] } });
    expect(plan.kind === "answer" && plan.items.map((i) => i.label)).toEqual(["18:40 出发"]);
  });

  it.each(["3", "#3", "选3", "第三个", "option 3"])("%j answers option 3 too", (text) => {
    expect(planReply(pending(), text, false)).toMatchObject({ kind: "answer", response: { optionIds: ["c"] } });
  });

  it('"9" is refused as out of range, naming the range', () => {
    expect(planReply(pending(), "9", false)).toEqual({ kind: "refuse", reason: "out-of-range", numbers: [9], range: "1–3" });
  });

  it('"2和3" is ambiguous where one is wanted', () => {
    expect(planReply(pending(), "2和3", false)).toEqual({ kind: "refuse", reason: "ambiguous", numbers: [2, 3], range: "1–3" });
  });

  it('"改成傍晚的" answers in words when the advice takes free text', () => {
    expect(planReply(pending({ allowFreeText: true }), "  改成傍晚的 ", false)).toEqual({ kind: "free-text", interactionId: "q", text: "改成傍晚的" });
  });

  it('"改成傍晚的" needs the question declined first when it does not', () => {
    expect(planReply(pending(), "改成傍晚的", false)).toEqual({ kind: "decline-first", pendingIds: ["q"] });
  });

  it("an empty message is empty", () => {
    expect(planReply(pending(), "   ", false)).toEqual({ kind: "empty" });
  });
});

describe("planReply otherwise", () => {
  it("with nothing pending a message is sent, numbers included", () => {
    expect(planReply(fresh(), "Book me a train", false)).toEqual({ kind: "send" });
    expect(planReply(fresh(), "3", false)).toEqual({ kind: "send" });
    const answered = applyClientAction(pending(), { type: "answer", interactionId: "q", response: { action: "choose", optionIds: ["a"], numbers: [1] }, how: "click", at: 1 });
    expect(planReply(answered, "3号", false)).toEqual({ kind: "send" });
  });

  it('while running, "等一下" pauses and anything else is busy', () => {
    const running = fold([ev.runStarted(), advice("q", {})]);
    expect(planReply(running, "等一下", true)).toEqual({ kind: "pause" });
    expect(planReply(running, "hold on!", true)).toEqual({ kind: "pause" });
    expect(planReply(running, "3号", true)).toEqual({ kind: "busy" });
    expect(planReply(running, "Book the later one", true)).toEqual({ kind: "busy" });
  });

  it('multiple-choice advice: "2、3" is one answer with both', () => {
    const plan = planReply(pending({ multiple: true }), "2、3", false);
    expect(plan).toMatchObject({ kind: "answer", interactionId: "q", response: { action: "choose", optionIds: ["b", "c"], numbers: [2, 3] } });
  });

  it("numbers spanning two questions are ambiguous", () => {
    const s = fold([ev.runStarted(), advice("q1", { multiple: true, options: OPTIONS.slice(0, 2) }), advice("q2", { multiple: true, options: OPTIONS.slice(0, 2) }), ev.runFinished()]);
    expect(planReply(s, "2和3", false)).toEqual({ kind: "refuse", reason: "ambiguous", numbers: [2, 3], range: "1–4" });
    expect(planReply(s, "3和4", false)).toMatchObject({ kind: "answer", interactionId: "q2", response: { optionIds: ["a", "b"], numbers: [3, 4] } });
  });

  it("two numbers of a single-choice question are ambiguous even when another question takes several", () => {
    const s = fold([ev.runStarted(), advice("single", {}), advice("multi", { multiple: true, options: OPTIONS.slice(0, 2) }), ev.runFinished()]);
    expect(planReply(s, "1和2", false)).toMatchObject({ kind: "refuse", reason: "ambiguous" });
    expect(planReply(s, "4和5", false)).toMatchObject({ kind: "answer", interactionId: "multi" });
  });

  it("an error card's actions answer by number", () => {
    const s = fold([ev.runStarted(), advice("q", {}), custom({ messageId: "e", messageType: "error", payload: { content: "Failed", actions: ["retry", "undo"] } }), ev.runFinished()]);
    expect(planReply(s, "5", false)).toMatchObject({ kind: "answer", interactionId: "e", response: { action: "undo" } });
    expect(planReply(s, "4号", false)).toMatchObject({ kind: "answer", interactionId: "e", response: { action: "retry" } });
    expect(planReply(s, "6", false)).toMatchObject({ kind: "refuse", reason: "out-of-range", range: "1–5" });
  });

  it("numbers follow the session: a later advice answers with 4–6", () => {
    let s = pending();
    s = applyClientAction(s, { type: "answer", interactionId: "q", response: { action: "choose", optionIds: ["a"], numbers: [] }, how: "click", at: 1 });
    s = fold([ev.runStarted("r2"), advice("q2", {}), ev.runFinished("r2")], s);
    expect(planReply(s, "2", false)).toMatchObject({ kind: "refuse", reason: "out-of-range", numbers: [2], range: "4–6" });
    expect(planReply(s, "6", false)).toMatchObject({ kind: "answer", interactionId: "q2", response: { optionIds: ["c"] } });
  });

  it("free text goes to the newest open advice that takes it", () => {
    const s = fold([ev.runStarted(), advice("old", { allowFreeText: true }), advice("new", { allowFreeText: true }), advice("strict", {}), ev.runFinished()]);
    expect(planReply(s, "evening please", false)).toEqual({ kind: "free-text", interactionId: "new", text: "evening please" });
  });

  it("a pending question without numbers (a permission) still needs declining first", () => {
    const s = fold([ev.runStarted(), custom({ messageId: "p", messageType: "permission_request", payload: { operation: "rm", summary: "Delete" } }), ev.runFinished()]);
    expect(planReply(s, "1", false)).toEqual({ kind: "decline-first", pendingIds: ["p"] });
  });
});

describe("isPauseRequest", () => {
  it.each([
    ["等一下", true], ["等一下！", true], ["等等。", true], ["  暂停  ", true], ["先停一下…", true], ["等会~", true],
    ["wait", true], ["Wait!", true], ["HOLD ON.", true], ["hang   on", true], ["one moment", true], ["ｗａｉｔ", true], ["pause,", true],
    ["wait, book the 8:05 instead", false], ["等一下再订", false], ["please wait for me at the station", false], ["waiting", false], ["", false], ["3号", false],
    [`wait${" ".repeat(40)}`, false], ["等".repeat(41), false],
  ])("%j → %s", (text, expected) => {
    expect(isPauseRequest(text)).toBe(expected);
  });
});

describe("pauseBlocker", () => {
  it("is the running run's open question that asked not to be interrupted", () => {
    const s = fold([ev.runStarted(), advice("q", {}, { allowInterrupt: false })]);
    expect(pauseBlocker(s)?.id).toBe("q");
  });

  it("a notification shown with allowInterrupt false blocks too", () => {
    const s = fold([ev.runStarted(), custom({ messageId: "n", messageType: "notification", payload: { content: "Paying…" }, allowInterrupt: false })]);
    expect(pauseBlocker(s)?.id).toBe("n");
  });

  it("nothing blocks when the question allows interruption, or it is settled", () => {
    expect(pauseBlocker(fold([ev.runStarted(), advice("q", {})]))).toBeUndefined();
    const s = fold([ev.runStarted(), advice("q", {}, { allowInterrupt: false })]);
    const declined = applyClientAction(s, { type: "decline", interactionId: "q", how: "click", at: 1 });
    expect(pauseBlocker(declined)).toBeUndefined();
  });

  it("nothing blocks without a running run, or from an earlier run", () => {
    const finished = fold([ev.runStarted(), advice("q", {}, { allowInterrupt: false }), ev.runFinished()]);
    expect(pauseBlocker(finished)).toBeUndefined();
    const later = fold([ev.runStarted("r2")], finished);
    expect(pauseBlocker(later)).toBeUndefined();
  });

  it("a Parley tool call with allowInterrupt false blocks", () => {
    const s = fold([ev.runStarted(), ev.toolStart("tc1", "parley_request_permission"), ev.toolArgs("tc1", JSON.stringify({ operation: "pay", summary: "Pay", allowInterrupt: false })), ev.toolEnd("tc1")]);
    expect(pauseBlocker(s)?.id).toBe("tc1");
  });
});

describe("planReply with attachments", () => {
  it("words with files are a message: never a numbered answer or free text; open questions are declined first", () => {
    expect(planReply(pending(), "3", false, true)).toEqual({ kind: "decline-first", pendingIds: ["q"] });
    expect(planReply(pending({ allowFreeText: true }), "this one", false, true)).toEqual({ kind: "decline-first", pendingIds: ["q"] });
    expect(planReply(fresh(), "3", false, true)).toEqual({ kind: "send" });
  });

  it("files alone, without words, are sent; while the agent runs, even 'wait' with a file is not a pause", () => {
    expect(planReply(fresh(), "", false, true)).toEqual({ kind: "send" });
    expect(planReply(fresh(), "", false)).toEqual({ kind: "empty" });
    expect(planReply(fresh(), "wait", true, true)).toEqual({ kind: "busy" });
  });
});

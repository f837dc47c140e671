import { describe, expect, it } from "vitest";
import { applyClientAction, type ThreadState } from "../../../src/core";
import { answersInWords } from "../../../src/core/origins/custom";
import { ev } from "../../support/events";
import { fold } from "../../support/thread";

/** The CUSTOM origin's answers in words: the user message that carries them, once per set. */

const at = Date.UTC(2026, 10, 30, 8);
const asked = () =>
  fold([
    ev.runStarted(),
    ev.custom("parley.interaction", { messageId: "q1", messageType: "advice", payload: { content: "Which train?", options: [{ id: "a", label: "08:05" }, { id: "b", label: "18:40" }] } }),
    ev.custom("on_interrupt", JSON.stringify({ message: "Delete the cache?" })),
    ev.runFinished(),
  ]);
const answerAll = (s: ThreadState) => {
  let t = applyClientAction(s, { type: "answer", interactionId: "q1", response: { action: "choose", optionIds: ["b"], numbers: [] }, how: "click", at });
  for (const id of t.interactionIds) if (id !== "q1") t = applyClientAction(t, { type: "decline", interactionId: id, how: "click", at });
  return t;
};

describe("answersInWords", () => {
  it("nothing owed, nothing said", () => {
    expect(answersInWords(asked(), "en")).toBeUndefined();
  });

  it("an envelope's answer in the person's words; an on_interrupt answer only when the app asks", () => {
    const s = answerAll(asked());
    const said = answersInWords(s, "en")!;
    expect(said).toMatchObject({ id: "parley-words:q1", role: "user", content: "Chose 2: 18:40" });
    const both = answersInWords(s, "zh-CN", { interruptAnswers: true })!;
    expect(both.id.startsWith("parley-words:q1+")).toBe(true);
    const lines = (both.content as string).split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe("选择了 2号：18:40");
  });

  it("the same set of answers keeps the same message id (a retried run does not say them twice)", () => {
    const s = answerAll(asked());
    expect(answersInWords(s, "en")!.id).toBe(answersInWords(s, "en")!.id);
  });
});

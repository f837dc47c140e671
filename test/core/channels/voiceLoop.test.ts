import { describe, expect, it } from "vitest";
import { applyClientAction, type InteractionResponse, type ThreadState } from "../../../src/core";
import { createVoiceLoop, firstVoiceQuestion, webSpeechOutput, type SpeechInput, type SpeechListeners, type SpeechOutput } from "../../../src/core/channels";
import { ev } from "../../support/events";
import { fold, interaction } from "../../support/thread";

/**
 * The voice channel's loop over a real thread: the open question is spoken, the microphone opens
 * only after it, the heard reply settles the question exactly as a click would, a reply that is no
 * answer is refused in words and heard again, and the next question follows.
 */

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function asked(): ThreadState {
  return fold([
    ev.runStarted(),
    ev.toolStart("t1", "parley_advise"), ev.toolArgs("t1", JSON.stringify({ content: "请选择车次：", options: [{ id: "a", label: "08:05 出发" }, { id: "b", label: "12:30 出发" }, { id: "c", label: "18:40 出发" }] })), ev.toolEnd("t1"),
    ev.toolStart("p1", "parley_request_permission"), ev.toolArgs("p1", JSON.stringify({ operation: "send_mail", summary: "Mail the report?", categories: ["irreversible"] })), ev.toolEnd("p1"),
    ev.runFinished(),
  ]);
}

/** A thread the loop reads and answers into, as the store does: answers go through the person's door. */
function harness(thread = asked()) {
  const said: string[] = [];
  const answers: { id: string; response: InteractionResponse; how: string }[] = [];
  let listeners: SpeechListeners | undefined;
  let listening = 0;
  let finishSpeaking: (() => void) | undefined;
  const output: SpeechOutput = {
    speak(text) {
      said.push(text);
      let settle!: () => void;
      const done = new Promise<void>((resolve) => (settle = resolve));
      finishSpeaking = settle;
      return { done, cancel: settle };
    },
  };
  const input: SpeechInput = {
    listen(_lang, on) {
      listeners = on;
      listening++;
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        on.end();
      };
      return { stop: end, abort: end };
    },
  };
  const loop = createVoiceLoop({
    input,
    output,
    locale: "zh-CN",
    question: () => firstVoiceQuestion(thread),
    answer(id, response, how) {
      const next = applyClientAction(thread, { type: "answer", interactionId: id, response, how, at: 1 });
      if (next === thread) return false;
      thread = next;
      answers.push({ id, response, how });
      loop.sync();
      return true;
    },
  });
  return {
    loop,
    said,
    answers,
    thread: () => thread,
    listening: () => listening,
    /** The synthesizer finishes the utterance; the loop then opens the microphone. */
    async spoken() {
      finishSpeaking?.();
      await tick();
    },
    /** The person clicks on the card: the thread changes, and the store's subscription syncs the loop. */
    click(id: string, response: InteractionResponse) {
      thread = applyClientAction(thread, { type: "answer", interactionId: id, response, how: "click", at: 1 });
      loop.sync();
    },
    hear(text: string) {
      listeners!.interim(text.slice(0, 1));
      listeners!.final(text);
    },
    silence() {
      listeners!.end();
    },
  };
}

describe("createVoiceLoop", () => {
  it("reads the first open question in the voice channel's words, and listens only after it", async () => {
    const h = harness();
    h.loop.start();
    expect(h.loop.getState().phase).toBe("speaking");
    expect(h.said[0]).toContain("第三项，十八点四十 出发");
    expect(h.listening()).toBe(0);
    await h.spoken();
    expect(h.loop.getState()).toMatchObject({ phase: "listening", questionId: "t1" });
    expect(h.listening()).toBe(1);
  });

  it("'第三个' answers option 3 as a click would, then the next question (the permission) is asked", async () => {
    const h = harness();
    h.loop.start();
    await h.spoken();
    h.hear("第三个");
    expect(h.answers).toEqual([{ id: "t1", response: { action: "choose", optionIds: ["c"], numbers: [3] }, how: "number-reply" }]);
    expect(interaction(h.thread(), "t1").status).toBe("answered");
    expect(h.loop.getState()).toMatchObject({ phase: "speaking", questionId: "p1" });
    expect(h.said.at(-1)).toContain("Mail the report?");
    // One utterance for the permission: the answer does not make the loop ask it twice.
    expect(h.said.filter((s) => s.includes("Mail the report?"))).toHaveLength(1);
    await h.spoken();
    h.hear("同意");
    expect(h.answers[1]).toEqual({ id: "p1", response: { approved: true }, how: "text-reply" });
    expect(h.loop.getState().phase).toBe("idle");
  });

  it("a number outside the range is refused in words and the question heard again; nothing is answered", async () => {
    const h = harness();
    h.loop.start();
    await h.spoken();
    h.hear("9");
    expect(h.answers).toEqual([]);
    expect(h.said.at(-1)).toContain("不在可回复的编号范围内");
    // Spoken as a Chinese speaker says it: no digits.
    expect(h.said.at(-1)).not.toMatch(/\d/);
    await h.spoken();
    expect(h.loop.getState()).toMatchObject({ phase: "listening", questionId: "t1" });
    h.hear("二号");
    expect(h.answers[0]?.response).toEqual({ action: "choose", optionIds: ["b"], numbers: [2] });
  });

  it("words that answer nothing get the hint, silence gets one more try, then the loop waits", async () => {
    const h = harness();
    h.loop.start();
    await h.spoken();
    h.hear("今天天气不错");
    expect(h.said.at(-1)).toContain("请说出编号");
    await h.spoken();
    h.silence();
    expect(h.said.at(-1)).toContain("没有听清");
    await h.spoken();
    h.silence();
    expect(h.loop.getState()).toMatchObject({ phase: "idle", questionId: "t1" });
    expect(h.answers).toEqual([]);
  });

  it("a question answered by a click meanwhile stops the voice and moves on; stop() ends everything", async () => {
    const h = harness();
    h.loop.start();
    await h.spoken();
    expect(h.listening()).toBe(1);
    h.click("t1", { action: "choose", optionIds: ["a"], numbers: [1] });
    expect(h.loop.getState()).toMatchObject({ phase: "speaking", questionId: "p1" });
    // The microphone that was open for the train is closed: a late "第三个" answers nothing.
    h.hear("第三个");
    expect(h.answers).toEqual([]);
    h.loop.stop();
    expect(h.loop.getState().phase).toBe("stopped");
    await h.spoken();
    expect(h.listening()).toBe(1);
    expect(interaction(h.thread(), "p1").status).toBe("pending");
  });

  it("a microphone that is refused stops the loop with the reason", async () => {
    const error = { kind: "not-allowed" as const, message: "denied" };
    const loop = createVoiceLoop({
      input: { listen: (_l, on) => (on.error(error), on.end(), { stop() {}, abort() {} }) },
      output: { speak: () => ({ done: Promise.resolve(), cancel() {} }) },
      locale: "en",
      question: () => firstVoiceQuestion(asked()),
      answer: () => true,
    });
    loop.start();
    await tick();
    expect(loop.getState()).toEqual({ phase: "stopped", error });
  });
});

describe("webSpeechOutput", () => {
  it("is undefined without speech synthesis, and speaks in the language asked where there is one", async () => {
    expect(webSpeechOutput({})).toBeUndefined();
    const spoken: { text: string; lang: string }[] = [];
    class Utterance {
      lang = "";
      onend: (() => void) | null = null;
      onerror: (() => void) | null = null;
      constructor(public text: string) {}
    }
    let last: Utterance | undefined;
    const scope = {
      SpeechSynthesisUtterance: Utterance,
      speechSynthesis: { speak: (u: Utterance) => ((last = u), spoken.push({ text: u.text, lang: u.lang })), cancel: () => {} },
    };
    const output = webSpeechOutput(scope)!;
    const first = output.speak("第三项", "zh-CN");
    last!.onend!();
    await first.done;
    expect(spoken).toEqual([{ text: "第三项", lang: "zh-CN" }]);
    // A cancelled utterance settles at once, though the browser sends no end.
    const second = output.speak("again", "en");
    second.cancel();
    await expect(second.done).resolves.toBeUndefined();
  });
});

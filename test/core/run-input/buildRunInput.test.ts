import type { BaseEvent, Interrupt, Message, Tool } from "@ag-ui/core";
import { describe, expect, it } from "vitest";
import {
  answerInWords,
  applyClientAction,
  buildRunInput,
  createThreadState,
  interactionRowId,
  parleyTools,
  toAgUiMessages,
  uncoveredInterrupts,
  type ClientAction,
  type Interaction,
  type InteractionResponse,
  type ThreadState,
} from "../../../src/core";
import { inCallOrder } from "../../../src/core/run-input/buildRunInput";
import { withDecisionRecords } from "../../../src/core/origins/parley-tool";
import { ev } from "../../support/events";
import { fresh, fold } from "../../support/thread";

/** The one place a run's input is made: tools, context, resume, forwardedProps and messages. */

type Loose = Record<string, any>;

const act = (s: ThreadState, ...actions: ClientAction[]) => actions.reduce((t, a) => applyClientAction(t, a), s);
const answer = (interactionId: string, response: InteractionResponse): ClientAction => ({ type: "answer", interactionId, response, how: "click", at: Date.UTC(2026, 10, 30, 8) });
const decline = (interactionId: string): ClientAction => ({ type: "decline", interactionId, how: "click", at: Date.UTC(2026, 10, 30, 8) });
const tool = (name: string): Tool => ({ name, description: `${name} tool`, parameters: { type: "object" } });
const PARLEY = parleyTools.map((t) => t.name);
const OPTIONS = [{ id: "a", label: "08:05 出发" }, { id: "b", label: "12:30 出发" }, { id: "c", label: "18:40 出发" }];
const custom = (envelope: object) => ev.custom("parley.interaction", envelope);
const interruptRun = (interrupts: Partial<Interrupt>[], before: BaseEvent[] = []) =>
  fold([ev.runStarted(), ...before, ev.runFinished("r1", "t1", { outcome: { type: "interrupt", interrupts } })]);
const emailCall = [ev.toolStart("tc9", "send_email"), ev.toolArgs("tc9", '{"to":"ann@example.com"}'), ev.toolEnd("tc9")];

describe("tools", () => {
  it("run tools, then the defaults, then Parley's", () => {
    const input = buildRunInput(fresh(), { runId: "r", defaults: { tools: [tool("search")] }, run: { tools: [tool("book")] } });
    expect(input.tools.map((t) => t.name)).toEqual(["book", "search", ...PARLEY]);
  });

  it("a name already taken is declared once, the first one winning", () => {
    const mine = { ...tool("parley_advise"), description: "the app's own" };
    const input = buildRunInput(fresh(), { runId: "r", defaults: { tools: [tool("search"), tool("book")] }, run: { tools: [tool("search"), mine] } });
    expect(input.tools.map((t) => t.name)).toEqual(["search", "parley_advise", "book", "parley_notify", "parley_request_permission", "parley_request_input", "parley_report_error"]);
    expect(input.tools.find((t) => t.name === "parley_advise")?.description).toBe("the app's own");
    expect(input.tools.find((t) => t.name === "search")?.description).toBe("search tool");
  });

  it("parleyTools: false opts out", () => {
    const input = buildRunInput(fresh(), { runId: "r", parleyTools: false, defaults: { tools: [tool("a")] } });
    expect(input.tools.map((t) => t.name)).toEqual(["a"]);
  });
});

describe("context", () => {
  it("the defaults, then the run's, then Parley's numbering entry", () => {
    const page = { description: "page", value: "/cart" };
    const selection = { description: "selection", value: "row 3" };
    const input = buildRunInput(fresh(), { runId: "r", defaults: { context: [page] }, run: { context: [selection] } });
    expect(input.context.slice(0, 2)).toEqual([page, selection]);
    expect(input.context).toHaveLength(3);
    expect(input.context[2]?.description).toMatch(/numbered replies/);
    expect(input.context[2]?.value).toMatch(/No numbered items/);
    expect(input.context[2]?.value).toMatch(/parley_advise/);
  });

  it("the range entry names the numbers and what each stands for", () => {
    const s = fold([ev.runStarted(), custom({ messageId: "q", messageType: "advice", payload: { content: "Which?", options: OPTIONS } }), ev.runFinished()]);
    const value = buildRunInput(s, { runId: "r" }).context.at(-1)!.value;
    expect(value).toContain("Respondable numbers now: 1–3 (1 = 08:05 出发; 2 = 12:30 出发; 3 = 18:40 出发)");
    expect(value).toContain("the next number is 4");
  });

  it("in zh-CN the entry is in Chinese", () => {
    const s = fold([ev.runStarted(), custom({ messageId: "q", messageType: "advice", payload: { content: "Which?", options: OPTIONS } }), ev.runFinished()]);
    const entry = buildRunInput(s, { runId: "r", locale: "zh-CN" }).context.at(-1)!;
    expect(entry.description).toBe("Parley：消息编号（可回复范围与规则）");
    expect(entry.value).toContain("当前可回复的编号范围：1–3（1 = 08:05 出发；2 = 12:30 出发；3 = 18:40 出发）");
    expect(entry.value).toContain("下一个编号从 4 开始");
  });

  it("the person's language goes to the agent when the app names one, and not otherwise", () => {
    const s = fold([ev.runStarted(), ev.runFinished()]);
    const language = (locale?: string) => buildRunInput(s, { runId: "r", locale }).context.find((c) => /language|语言/.test(c.description));
    expect(language()).toBeUndefined();
    expect(language("de-AT")).toEqual({ description: "Parley: the person's language", value: "de-AT (Austrian German). Answer in this language unless the person writes in another." });
    expect(language("zh-CN")).toEqual({ description: "Parley：用户的语言", value: "zh-CN（中文（中国））。除非用户改用其他语言，请用这种语言回答。" });
    expect(language("not a tag!")?.value).toBe("not a tag! (not a tag!). Answer in this language unless the person writes in another.");
    // The names are read once per language (Intl.DisplayNames is kept): every run says the same, an unreadable tag between them changing nothing.
    expect(language("de-AT")?.value).toBe("de-AT (Austrian German). Answer in this language unless the person writes in another.");
    expect(language("fr")?.value).toBe("fr (French). Answer in this language unless the person writes in another.");
    expect(language("zh-TW")?.value).toBe("zh-TW（中文（台湾））。除非用户改用其他语言，请用这种语言回答。");
  });

  it("after a paused run, a note says so (in the locale's language)", () => {
    const paused = act(fold([ev.runStarted(), ev.textStart("m"), ev.text("m", "Let me")]), { type: "pause" });
    const en = buildRunInput(paused, { runId: "r" }).context;
    expect(en).toHaveLength(2);
    expect(en[1]?.description).toMatch(/paused/);
    const zh = buildRunInput(paused, { runId: "r", locale: "zh-CN" }).context;
    expect(zh[2]?.value).toMatch(/等一下/);
    expect(buildRunInput(fold([ev.runStarted(), ev.runFinished()]), { runId: "r" }).context).toHaveLength(1);
  });
});

describe("resume", () => {
  it("approve of a tool_call is resolved { approved: true }; editedArgs go along, the typed text does not", () => {
    const s = interruptRun([{ id: "int-1", reason: "tool_call", toolCallId: "tc9", responseSchema: { type: "object", properties: { editedArgs: { type: "object" } } } }], emailCall);
    expect(buildRunInput(act(s, answer("int-1", { approved: true })), { runId: "r2" }).resume).toEqual([{ interruptId: "int-1", status: "resolved", payload: { approved: true } }]);
    const edited = act(s, answer("int-1", { approved: true, editedArgs: { to: "bob@example.com" } }));
    expect(buildRunInput(edited, { runId: "r2" }).resume).toEqual([{ interruptId: "int-1", status: "resolved", payload: { approved: true, editedArgs: { to: "bob@example.com" } } }]);
    const typed = act(interruptRun([{ id: "int-2", reason: "confirmation", metadata: { confirmText: "DELETE" } }]), answer("int-2", { approved: true, typedConfirmation: "DELETE" }));
    expect(buildRunInput(typed, { runId: "r2" }).resume).toEqual([{ interruptId: "int-2", status: "resolved", payload: { approved: true } }]);
  });

  it.each(["tool_call", "confirmation"])("decline of %s is resolved { approved: false }", (reason) => {
    const s = act(interruptRun([{ id: "int-1", reason, ...(reason === "tool_call" ? { toolCallId: "tc9" } : {}) }], emailCall), decline("int-1"));
    expect(buildRunInput(s, { runId: "r2" }).resume).toEqual([{ interruptId: "int-1", status: "resolved", payload: { approved: false } }]);
  });

  it("an answered input_required is resolved with the values", () => {
    const s = act(interruptRun([{ id: "int-3", reason: "input_required", message: "Address?", responseSchema: { type: "object" } }]), answer("int-3", { values: { city: "Lyon", zip: "69001" } }));
    expect(buildRunInput(s, { runId: "r2" }).resume).toEqual([{ interruptId: "int-3", status: "resolved", payload: { city: "Lyon", zip: "69001" } }]);
  });

  it("a declined or timed-out input is cancelled; so is a timed-out approval", () => {
    const declined = act(interruptRun([{ id: "int-3", reason: "input_required" }]), decline("int-3"));
    expect(buildRunInput(declined, { runId: "r2" }).resume).toEqual([{ interruptId: "int-3", status: "cancelled" }]);
    const late = interruptRun([
      { id: "int-3", reason: "input_required", expiresAt: "2026-01-01T00:00:00Z" },
      { id: "int-4", reason: "confirmation", expiresAt: "2026-01-01T00:00:00Z" },
    ]);
    const timedOut = act(late, { type: "timeout", interactionId: "int-3", at: Date.UTC(2026, 0, 2) }, { type: "timeout", interactionId: "int-4", at: Date.UTC(2026, 0, 2) });
    expect(buildRunInput(timedOut, { runId: "r2" }).resume).toEqual([{ interruptId: "int-3", status: "cancelled" }, { interruptId: "int-4", status: "cancelled" }]);
  });

  it("advice from an unknown reason: accept is resolved with the answer, reject is cancelled", () => {
    const s = interruptRun([{ id: "int-5", reason: "acme:review", message: "Looks right?" }]);
    expect(buildRunInput(act(s, answer("int-5", { action: "accept" })), { runId: "r2" }).resume).toEqual([{ interruptId: "int-5", status: "resolved", payload: { action: "accept" } }]);
    expect(buildRunInput(act(s, answer("int-5", { action: "reject" })), { runId: "r2" }).resume).toEqual([{ interruptId: "int-5", status: "cancelled" }]);
  });

  it("covers every pending interrupt, in the interrupts' order, whatever order they were answered in", () => {
    const s = interruptRun([{ id: "int-a", reason: "confirmation" }, { id: "int-b", reason: "input_required" }]);
    const answered = act(s, answer("int-b", { values: { x: 1 } }), answer("int-a", { approved: true }));
    expect(buildRunInput(answered, { runId: "r2" }).resume?.map((r) => r.interruptId)).toEqual(["int-a", "int-b"]);
  });

  it("an app-given resume entry wins for its id; other app entries follow", () => {
    const s = act(interruptRun([{ id: "int-a", reason: "confirmation" }, { id: "int-b", reason: "confirmation" }]), answer("int-a", { approved: true }), answer("int-b", { approved: true }));
    const input = buildRunInput(s, {
      runId: "r2",
      defaults: { resume: [{ interruptId: "other", status: "resolved" }] },
      run: { resume: [{ interruptId: "int-b", status: "cancelled" }] },
    });
    expect(input.resume).toEqual([
      { interruptId: "int-a", status: "resolved", payload: { approved: true } },
      { interruptId: "int-b", status: "cancelled" },
      { interruptId: "other", status: "resolved" },
    ]);
  });

  it("no pending interrupts: only the app's entries, and no resume key when there are none", () => {
    expect("resume" in buildRunInput(fresh(), { runId: "r" })).toBe(false);
    expect(buildRunInput(fresh(), { runId: "r", run: { resume: [{ interruptId: "x", status: "cancelled" }] } }).resume).toEqual([{ interruptId: "x", status: "cancelled" }]);
  });

  it("an interrupt that arrived invalid (never answerable) is cancelled, so the run still resumes every interrupt", () => {
    const s = interruptRun([{ id: "int-a", reason: "confirmation" }, { id: "int-b", reason: "confirmation", expiresAt: "not a date" }]);
    expect(s.interactions.get("int-b")?.status).toBe("invalid");
    const answered = act(s, answer("int-a", { approved: true }));
    expect(uncoveredInterrupts(answered)).toEqual([]);
    expect(buildRunInput(answered, { runId: "r2" }).resume).toEqual([
      { interruptId: "int-a", status: "resolved", payload: { approved: true } },
      { interruptId: "int-b", status: "cancelled" },
    ]);
  });

  it("an interrupt the app withdrew is cancelled", () => {
    const s = act(interruptRun([{ id: "int-a", reason: "confirmation" }]), { type: "withdraw", interactionId: "int-a", at: 1 });
    expect(buildRunInput(s, { runId: "r2" }).resume).toEqual([{ interruptId: "int-a", status: "cancelled" }]);
  });

  it("uncoveredInterrupts lists the ones no answer or given entry covers", () => {
    const s = interruptRun([{ id: "int-a", reason: "confirmation" }, { id: "int-b", reason: "input_required" }]);
    expect(uncoveredInterrupts(s)).toEqual(["int-a", "int-b"]);
    const one = act(s, answer("int-a", { approved: true }));
    expect(uncoveredInterrupts(one)).toEqual(["int-b"]);
    expect(uncoveredInterrupts(one, [{ interruptId: "int-b" }])).toEqual([]);
    expect(uncoveredInterrupts(act(one, decline("int-b")))).toEqual([]);
    expect(buildRunInput(one, { runId: "r2" }).resume?.map((r) => r.interruptId)).toEqual(["int-a"]);
  });
});

describe("forwardedProps", () => {
  const answeredCustom = () =>
    act(fold([ev.runStarted(), custom({ messageId: "q", messageType: "advice", payload: { content: "Which?", options: OPTIONS } }), ev.runFinished()]), answer("q", { action: "choose", optionIds: ["c"], numbers: [] }));

  it("merges the defaults and the run's (the run winning), {} when there are none", () => {
    expect(buildRunInput(fresh(), { runId: "r" }).forwardedProps).toEqual({});
    const input = buildRunInput(fresh(), { runId: "r", defaults: { forwardedProps: { a: 1, b: 1 } }, run: { forwardedProps: { b: 2 } } });
    expect(input.forwardedProps).toEqual({ a: 1, b: 2 });
  });

  it("adds parley.responses for an undelivered CUSTOM answer, keeping the app's parley keys", () => {
    const input = buildRunInput(answeredCustom(), { runId: "r2", defaults: { forwardedProps: { parley: { sessionId: "s" }, x: 1 } } });
    expect(input.forwardedProps).toEqual({
      x: 1,
      parley: {
        sessionId: "s",
        responses: [{ messageId: "q", messageType: "advice", status: "answered", response: { action: "choose", optionIds: ["c"], numbers: [3] }, at: "2026-11-30T08:00:00.000Z", how: "click" }],
      },
    });
  });

  it("a declined CUSTOM question is reported without a response", () => {
    const s = act(fold([ev.runStarted(), custom({ messageId: "q", messageType: "advice", payload: { content: "?" } }), ev.runFinished()]), decline("q"));
    expect((buildRunInput(s, { runId: "r2" }).forwardedProps as Loose).parley.responses).toEqual([{ messageId: "q", messageType: "advice", status: "declined", at: "2026-11-30T08:00:00.000Z", how: "click" }]);
  });

  it("nothing once the answer is delivered", () => {
    const delivered = act(answeredCustom(), { type: "deliver", interactionIds: ["q"], runId: "r2" });
    expect(buildRunInput(delivered, { runId: "r3" }).forwardedProps).toEqual({});
  });

  it("LangGraph on_interrupt: command.resume carries the answer", () => {
    const s0 = fold([ev.runStarted(), ev.custom("on_interrupt", { id: "lg-1", value: "Which city?" }), ev.runFinished()]);
    const s = act(s0, answer("lg-1", { values: { answer: "Lyon" } }));
    const props = buildRunInput(s, { runId: "r2", run: { forwardedProps: { command: { goto: "x" } } } }).forwardedProps as Loose;
    expect(props.command).toEqual({ goto: "x", resume: "Lyon" });
    expect(props.parley.responses).toHaveLength(1);
  });

  it("no responses are added to forwardedProps that are not an object", () => {
    expect(buildRunInput(answeredCustom(), { runId: "r2", run: { forwardedProps: "opaque" } }).forwardedProps).toBe("opaque");
  });

  it("tool-origin and interrupt-origin answers do not go to forwardedProps", () => {
    const tool = act(fold([ev.runStarted(), ev.toolStart("tc1", "parley_advise"), ev.toolArgs("tc1", JSON.stringify({ content: "?", options: OPTIONS })), ev.toolEnd("tc1"), ev.runFinished()]), answer("tc1", { action: "choose", optionIds: ["a"], numbers: [] }));
    expect(buildRunInput(tool, { runId: "r2" }).forwardedProps).toEqual({});
    const interrupt = act(interruptRun([{ id: "i", reason: "confirmation" }]), answer("i", { approved: true }));
    expect(buildRunInput(interrupt, { runId: "r2" }).forwardedProps).toEqual({});
  });
});

describe("messages", () => {
  function history(): ThreadState {
    return fold([
      ev.runStarted(), ev.textStart("a1"), ev.text("a1", "old"), ev.textEnd("a1"),
      ev.toolStart("tc1", "search", "a2"), ev.toolArgs("tc1", "{}"), ev.toolEnd("tc1"), ev.toolResult("res1", "tc1", "found"),
      custom({ messageId: "n", messageType: "notification", payload: { content: "x" } }),
      ev.textStart("a3"), ev.text("a3", "new"), ev.textEnd("a3"), ev.runFinished(),
    ]);
  }

  it("are the thread's, without interaction rows, with the thread id and state", () => {
    const s = fold([ev.stateSnapshot({ k: 1 })], history());
    const input = buildRunInput(s, { runId: "r2" });
    expect(input.messages.map((m) => m.id)).toEqual(["a1", "a2", "res1", "a3"]);
    expect(input).toMatchObject({ threadId: "t1", runId: "r2", state: { k: 1 } });
  });

  it("a thread without an id takes the given one, else the run id", () => {
    const bare = createThreadState();
    expect(buildRunInput(bare, { runId: "r", threadId: "given" }).threadId).toBe("given");
    expect(buildRunInput(bare, { runId: "r" }).threadId).toBe("r");
  });

  it("start at contextFrom", () => {
    const s = act(history(), { type: "truncate", fromMessageId: "a2" });
    expect(buildRunInput(s, { runId: "r2" }).messages.map((m) => m.id)).toEqual(["a2", "res1", "a3"]);
  });

  it("never start with an orphan tool message", () => {
    const s = act(history(), { type: "truncate", fromMessageId: "res1" });
    expect(buildRunInput(s, { runId: "r2" }).messages.map((m) => m.id)).toEqual(["a3"]);
  });

  it("cut at an interaction row start at the next message that is sent", () => {
    const s = act(history(), { type: "truncate", fromMessageId: interactionRowId("n") });
    expect(buildRunInput(s, { runId: "r2" }).messages.map((m) => m.id)).toEqual(["a3"]);
  });
});

describe("answerInWords", () => {
  const base = (messageType: string, payload: object) =>
    fold([ev.runStarted(), custom({ messageId: "q", messageType, payload }), ev.runFinished()]);
  const words = (s: ThreadState, locale?: string) => answerInWords(s.interactions.get("q") as Interaction, locale);
  const advice = () => base("advice", { content: "Which train?", options: OPTIONS, multiple: true, allowFreeText: true });

  it("a choice: the number and the label", () => {
    const s = act(advice(), answer("q", { action: "choose", optionIds: ["c"], numbers: [] }));
    expect(words(s, "zh-CN")).toBe("选择了 3号：18:40 出发");
    expect(words(s)).toBe("Chose 3: 18:40 出发");
  });

  it("several choices", () => {
    const s = act(advice(), answer("q", { action: "choose", optionIds: ["a", "b"], numbers: [] }));
    expect(words(s, "zh-CN")).toBe("选择了 1号：08:05 出发、2号：12:30 出发");
    expect(words(s, "en")).toBe("Chose 1: 08:05 出发, 2: 12:30 出发");
  });

  it("free text is the person's own words; accept and reject", () => {
    expect(words(act(advice(), answer("q", { action: "text", text: "改成傍晚的" })), "zh-CN")).toBe("改成傍晚的");
    const plain = base("advice", { content: "Go?" });
    expect(words(act(plain, answer("q", { action: "accept" })), "zh-CN")).toBe("已接受");
    expect(words(act(plain, answer("q", { action: "accept" })))).toBe("Accepted");
    expect(words(act(plain, answer("q", { action: "reject" })))).toBe("Rejected");
  });

  it("a permission", () => {
    const s = base("permission_request", { operation: "send_report", summary: "Mail it" });
    expect(words(act(s, answer("q", { approved: true })), "zh-CN")).toBe("已批准：send_report");
    expect(words(act(s, answer("q", { approved: true })))).toBe("Approved: send_report");
    expect(words(act(s, answer("q", { approved: false })), "zh-CN")).toBe("已拒绝：send_report");
    expect(words(act(s, answer("q", { approved: false })))).toBe("Declined: send_report");
  });

  it("an input", () => {
    const s = act(base("input_request", { content: "Address?", schema: {} }), answer("q", { values: { city: "Lyon", floor: 3 } }));
    expect(words(s)).toBe("Filled in: city = Lyon; floor = 3");
    expect(words(s, "zh-CN")).toBe("已填写：city = Lyon；floor = 3");
  });

  it("an error's recovery action", () => {
    const s = act(base("error", { content: "Failed", actions: ["retry", "report"] }), answer("q", { action: "retry" }));
    expect(words(s)).toBe("Chose: Retry");
    expect(words(s, "zh-CN")).toBe("选择了：重试");
  });

  it("declined and timed out name the question", () => {
    const declined = act(advice(), decline("q"));
    expect(words(declined)).toBe("Declined to answer: Which train?");
    expect(words(declined, "zh-CN")).toBe("未回答：Which train?");
    const late = fold([ev.runStarted(), custom({ messageId: "q", messageType: "advice", payload: { content: "Which train?" }, expiresAt: "2026-01-01T00:00:00Z" })]);
    const timedOut = act(late, { type: "timeout", interactionId: "q", at: Date.UTC(2026, 0, 2) });
    expect(words(timedOut)).toBe("Did not answer in time: Which train?");
    expect(words(timedOut, "zh-CN")).toBe("超时未回答：Which train?");
  });
});

describe("interrupts whose schema is one value (CrewAI's emit outcomes, a number)", () => {
  it("a string enum is a numbered choice, answered with the chosen value; another type one field, answered with its value", async () => {
    const { fold } = await import("../../support/thread");
    const { applyClientAction, buildRunInput: build } = await import("../../../src/core");
    const asked = fold([
      { type: "RUN_STARTED", threadId: "t1", runId: "r1" },
      { type: "RUN_FINISHED", threadId: "t1", runId: "r1", outcome: { type: "interrupt", interrupts: [
        { id: "c1", reason: "crewai:human_feedback", message: "Approve the plan?", responseSchema: { type: "string", enum: ["approved", "rejected"] } },
        { id: "n1", reason: "acme:count", message: "How many seats?", responseSchema: { type: "integer", minimum: 1 } },
      ] } },
    ]);
    const choice = asked.interactions.get("c1")!;
    expect(choice).toMatchObject({ messageType: "advice", numbers: [1, 2] });
    let s = applyClientAction(asked, { type: "answer", interactionId: "c1", response: { action: "choose", optionIds: ["rejected"], numbers: [2] }, how: "number-reply", at: 1 });
    s = applyClientAction(s, { type: "answer", interactionId: "n1", response: { values: { answer: 3 } }, how: "click", at: 1 });
    expect(build(s, { runId: "r2" }).resume).toEqual([
      { interruptId: "c1", status: "resolved", payload: "rejected" },
      { interruptId: "n1", status: "resolved", payload: 3 },
    ]);
  });
});

describe("inCallOrder", () => {
  const call = (id: string, callId: string): Message => ({ id, role: "assistant", content: "", toolCalls: [{ id: callId, type: "function", function: { name: "search", arguments: "{}" } }] });
  const result = (id: string, callId: string): Message => ({ id, role: "tool", toolCallId: callId, content: "found" });
  const ids = (messages: Message[]) => messages.map((m) => m.id);

  it("gives the same array back when every result follows its call, or its call is nowhere", () => {
    const inOrder = [{ id: "u1", role: "user", content: "x" } as Message, call("a1", "c1"), result("t1", "c1"), result("t9", "c9"), call("a2", "c2"), result("t2", "c2")];
    expect(inCallOrder(inOrder)).toBe(inOrder);
    const noTools = Array.from({ length: 100 }, (_, i): Message => ({ id: `m${i}`, role: i % 2 ? "assistant" : "user", content: "hi" }));
    expect(inCallOrder(noTools)).toBe(noTools);
  });

  it("moves a result that comes before its call behind it, after the results already in place there", () => {
    expect(ids(inCallOrder([result("t1", "c1"), call("a0", "c0"), call("a1", "c1"), result("t0", "c0")]))).toEqual(["a0", "a1", "t0", "t1"]);
    // A call held twice belongs to the first message that holds it.
    const twice = [call("a1", "c1"), result("t1", "c1"), call("a2", "c1")];
    expect(inCallOrder(twice)).toBe(twice);
  });
});

describe("withDecisionRecords", () => {
  it("hands back the messages themselves, unread, when no Parley tool question carries a decision record", () => {
    const thread = fold([ev.runStarted(), ...emailCall, ev.toolResult("t9", "tc9", "sent"), ev.runFinished()]);
    const messages = toAgUiMessages(thread);
    expect(messages.map((m) => m.role)).toEqual(["assistant", "tool"]);
    expect(withDecisionRecords(thread, messages)).toBe(messages);
    expect(withDecisionRecords(fresh(), [])).toEqual([]);
  });
});


// @vitest-environment node
import type { ContentPart, Interrupt } from "@ag-ui/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerMessageId, createThreadStore, type Interaction, type ThreadStore, type ThreadStoreOptions } from "../../src";
import { ev } from "../support/events";
import { fakeAgent } from "../support/fakeAgent";

/**
 * The store's side of interactions: answers reach the agent exactly once, the way each question
 * came; open questions hold runs back; deadlines decline by themselves; Pause and replies.
 */

type Loose = Record<string, any>;

let n = 0;
function setup(options: ThreadStoreOptions = {}) {
  const fake = fakeAgent();
  const store = createThreadStore({ agent: fake.agent, threadId: "t1", batch: "sync", createId: () => `id-${++n}`, now: () => Date.now(), ...options });
  return { fake, store, s: () => store.getState() };
}

const tick = () => new Promise<void>((resolve) => queueMicrotask(resolve));
const interaction = (store: ThreadStore, id: string) => store.getState().thread.interactions.get(id) as Interaction;
const OPTIONS = [{ id: "a", label: "08:05 出发" }, { id: "b", label: "12:30 出发" }, { id: "c", label: "18:40 出发" }];
const adviseCall = (id: string, extra: object = {}) => [ev.toolStart(id, "parley_advise"), ev.toolArgs(id, JSON.stringify({ content: "Which train?", options: OPTIONS, ...extra })), ev.toolEnd(id)];
const custom = (envelope: object) => ev.custom("parley.interaction", envelope);
const interrupts = (list: Partial<Interrupt>[]) => ({ type: "interrupt", interrupts: list });
const choose = (...optionIds: string[]) => ({ action: "choose" as const, optionIds, numbers: [] });
const toolMessages = (store: ThreadStore, callId: string) => {
  const { thread } = store.getState();
  return thread.messageIds.map((id) => thread.messages.get(id) as Loose).filter((m) => m.role === "tool" && m.toolCallId === callId);
};

afterEach(() => {
  vi.useRealTimers();
});

describe("answering starts the next run", () => {
  it("a Parley tool answer: the next run starts by itself with the tool result, delivered once", async () => {
    const { fake, store, s } = setup();
    expect(s().sendMessage("Book a train")).toBe(true);
    fake.play(adviseCall("tc1"));
    await tick();
    expect(fake.inputs).toHaveLength(1);
    expect(s().isRunning).toBe(false);
    expect(s().thread.status).toBe("waiting");

    expect(s().answer("tc1", choose("c"))).toEqual({ ok: true });
    expect(fake.inputs).toHaveLength(2);
    const second = fake.inputs[1]!;
    const result = second.messages.find((m) => m.role === "tool");
    expect(result).toEqual({ id: answerMessageId("tc1"), role: "tool", toolCallId: "tc1", content: '{"status":"answered","response":{"action":"choose","optionIds":["c"],"numbers":[3]}}' });
    expect(second.messages.some((m) => (m.role as string) === "interaction")).toBe(false);
    // Delivered once the agent starts the run that carries it, not when the request leaves.
    expect(interaction(store, "tc1").deliveredInRunId).toBeUndefined();

    fake.play([ev.textStart("m2"), ev.text("m2", "Booked."), ev.textEnd("m2")]);
    expect(interaction(store, "tc1").deliveredInRunId).toBe(second.runId);
    await tick();
    expect(fake.inputs).toHaveLength(2); // nothing more is owed
    s().sendMessage("thanks");
    const third = fake.inputs[2]!;
    expect(third.messages.filter((m) => m.role === "tool")).toHaveLength(1);
    expect(third.resume).toBeUndefined();
    expect(interaction(store, "tc1").deliveredInRunId).toBe(second.runId);
  });

  it("a request that fails before the run starts leaves the answers undelivered; Retry sends them again, in words once", async () => {
    const { fake, store, s } = setup();
    s().sendMessage("Export");
    fake.play([custom({ messageId: "e1", messageType: "error", payload: { content: "Quota full", actions: ["retry", "undo"] } })]);
    await tick();
    expect(s().answer("e1", { action: "undo" })).toEqual({ ok: true });
    expect(fake.inputs).toHaveLength(2);
    expect(fake.inputs[1]!.forwardedProps).toMatchObject({ parley: { responses: [{ messageId: "e1", response: { action: "undo" } }] } });
    // On its way: it can no longer be changed.
    expect(s().correct("e1", { action: "retry" })).toMatchObject({ ok: false, refusal: { code: "already-delivered" } });
    // The agent refuses before RUN_STARTED: nothing reached it.
    fake.push(ev.runError("The gateway is down.", "http-502"));
    fake.complete();
    await tick();
    expect(fake.inputs).toHaveLength(2); // a failed run is not sent again by itself
    expect(interaction(store, "e1").deliveredInRunId).toBeUndefined();
    expect(s().correct("e1", { action: "retry" })).toEqual({ ok: true });
    expect(s().retry()).toBe(true);
    const again = fake.inputs[2]!;
    expect(again.forwardedProps).toMatchObject({ parley: { responses: [{ messageId: "e1", response: { action: "retry" } }] } });
    const words = again.messages.filter((m) => m.role === "user" && m.id.startsWith("parley-words:"));
    expect(words).toHaveLength(1);
    fake.play([]);
    expect(interaction(store, "e1").deliveredInRunId).toBe(again.runId);
  });

  it("an interrupt answer: the next run resumes it, and the run after does not", async () => {
    const { fake, store, s } = setup();
    s().sendMessage("Mail the report");
    fake.play([ev.toolStart("tc9", "send_email"), ev.toolArgs("tc9", '{"to":"boss@example.com"}'), ev.toolEnd("tc9")], interrupts([{ id: "int-1", reason: "tool_call", toolCallId: "tc9" }]));
    await tick();
    expect(interaction(store, "int-1").status).toBe("pending");
    s().answer("int-1", { approved: true });
    expect(fake.inputs).toHaveLength(2);
    expect(fake.inputs[1]!.resume).toEqual([{ interruptId: "int-1", status: "resolved", payload: { approved: true } }]);
    fake.play([ev.toolResult("res9", "tc9", "sent")]);
    await tick();
    expect(s().thread.messages.get("res9")).toBeDefined();
    s().sendMessage("thanks");
    expect(fake.inputs[2]!.resume).toBeUndefined();
  });

  it("answering before the stream closes starts the run once it closes", async () => {
    const { fake, s } = setup();
    s().sendMessage("go");
    fake.push(ev.runStarted(), ...adviseCall("tc1"), ev.runFinished());
    s().answer("tc1", choose("a"));
    expect(fake.inputs).toHaveLength(1);
    fake.complete();
    await tick();
    expect(fake.inputs).toHaveLength(2);
  });

  it("autoContinue: false leaves the next run to the app", async () => {
    const { fake, s } = setup({ autoContinue: false });
    s().sendMessage("go");
    fake.play(adviseCall("tc1"));
    await tick();
    s().answer("tc1", choose("a"));
    expect(fake.inputs).toHaveLength(1);
    expect(s().run()).toBe(true);
    expect(fake.inputs[1]!.messages.some((m) => m.id === answerMessageId("tc1"))).toBe(true);
  });

  it("two interrupts answered in reverse order: one run resuming both, in the interrupts' order", async () => {
    const { fake, s } = setup();
    s().sendMessage("go");
    fake.play([], interrupts([{ id: "int-a", reason: "confirmation", message: "Pay?" }, { id: "int-b", reason: "input_required", message: "Address?", responseSchema: { type: "object" } }]));
    await tick();
    expect(s().answer("int-b", { values: { city: "Lyon" } })).toEqual({ ok: true });
    expect(fake.inputs).toHaveLength(1);
    s().answer("int-a", { approved: true });
    expect(fake.inputs).toHaveLength(2);
    expect(fake.inputs[1]!.resume).toEqual([
      { interruptId: "int-a", status: "resolved", payload: { approved: true } },
      { interruptId: "int-b", status: "resolved", payload: { city: "Lyon" } },
    ]);
  });
});

describe("open questions hold runs back", () => {
  it("run() is refused while an interrupt is uncovered, and allowed when the app resumes it", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { fake, s } = setup();
    s().sendMessage("go");
    fake.play([], interrupts([{ id: "int-a", reason: "confirmation" }]));
    await tick();
    expect(s().run()).toBe(false);
    expect(fake.inputs).toHaveLength(1);
    expect(warn.mock.calls.some(([m]) => String(m).includes("int-a"))).toBe(true);
    expect(s().run({ resume: [{ interruptId: "int-a", status: "cancelled" }] })).toBe(true);
    expect(fake.inputs[1]!.resume).toEqual([{ interruptId: "int-a", status: "cancelled" }]);
    warn.mockRestore();
  });

  it("sendMessage is refused while questions are open; declineOpen declines them, then sends", async () => {
    const { fake, store, s } = setup();
    s().sendMessage("go");
    fake.play([...adviseCall("tc1")], interrupts([{ id: "int-a", reason: "confirmation" }]));
    await tick();
    const before = s().thread.messageIds.length;
    expect(s().sendMessage("never mind")).toBe(false);
    expect(s().thread.messageIds).toHaveLength(before);
    expect(fake.inputs).toHaveLength(1);

    expect(s().sendMessage("never mind", { declineOpen: true })).toBe(true);
    expect(interaction(store, "tc1")).toMatchObject({ status: "declined", how: "text-reply" });
    expect(interaction(store, "int-a").status).toBe("declined");
    const input = fake.inputs[1]!;
    expect(input.resume).toEqual([{ interruptId: "int-a", status: "resolved", payload: { approved: false } }]);
    expect(input.messages.find((m) => m.role === "tool")?.content).toBe('{"status":"declined"}');
    expect(input.messages.at(-1)).toMatchObject({ role: "user", content: "never mind" });
  });

  it("declineOpen() declines everything open and continues", async () => {
    const { fake, s } = setup();
    s().sendMessage("go");
    fake.play([custom({ messageId: "q1", messageType: "advice", payload: { content: "?" } }), custom({ messageId: "q2", messageType: "advice", payload: { content: "?" } })]);
    await tick();
    expect(s().declineOpen()).toBe(2);
    expect(fake.inputs).toHaveLength(2);
    expect((fake.inputs[1]!.forwardedProps as Loose).parley.responses.map((r: Loose) => r.status)).toEqual(["declined", "declined"]);
  });
});

describe("deadlines", () => {
  it("an interrupt's expiresAt declines it by itself (timed_out) and the next run cancels it", async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 30, 8), toFake: ["setTimeout", "clearTimeout", "Date"] });
    const { fake, store, s } = setup();
    s().sendMessage("go");
    fake.play([], interrupts([{ id: "int-1", reason: "input_required", message: "Address?", expiresAt: new Date(Date.UTC(2026, 10, 30, 8, 1)).toISOString() }]));
    await tick();
    vi.advanceTimersByTime(59_999);
    expect(interaction(store, "int-1").status).toBe("pending");
    vi.advanceTimersByTime(1);
    expect(interaction(store, "int-1")).toMatchObject({ status: "timed_out", how: "timeout", settledAt: Date.UTC(2026, 10, 30, 8, 1) });
    expect(fake.inputs).toHaveLength(2);
    expect(fake.inputs[1]!.resume).toEqual([{ interruptId: "int-1", status: "cancelled" }]);
  });

  it("a Parley tool call's timeoutMs counts from when it was received; the agent gets timed_out", async () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ["setTimeout", "clearTimeout", "Date"] });
    const { fake, store, s } = setup();
    s().sendMessage("go");
    fake.push(ev.runStarted(), ...adviseCall("tc1", { timeoutMs: 30_000 }));
    expect(interaction(store, "tc1")).toMatchObject({ receivedAt: 1_000_000, deadline: 1_030_000 });
    fake.push(ev.runFinished());
    fake.complete();
    await tick();
    vi.advanceTimersByTime(29_999);
    expect(interaction(store, "tc1").status).toBe("pending");
    vi.advanceTimersByTime(1);
    expect(interaction(store, "tc1").status).toBe("timed_out");
    expect(toolMessages(store, "tc1").map((m) => m.content)).toEqual(['{"status":"timed_out"}']);
    expect(fake.inputs).toHaveLength(2);
    expect(fake.inputs[1]!.messages.some((m) => m.id === answerMessageId("tc1"))).toBe(true);
  });

  it("a question answered before its deadline is not timed out later", async () => {
    vi.useFakeTimers({ now: 0, toFake: ["setTimeout", "clearTimeout", "Date"] });
    const { fake, store, s } = setup();
    s().sendMessage("go");
    fake.play([custom({ messageId: "q", messageType: "advice", payload: { content: "?", options: OPTIONS }, timeoutMs: 1000 })]);
    await tick();
    s().answer("q", choose("a"));
    vi.advanceTimersByTime(5000);
    expect(interaction(store, "q").status).toBe("answered");
  });
});

describe("replies", () => {
  it('reply("3号") answers option 3; reply("9") is refused and sends nothing', async () => {
    const { fake, store, s } = setup();
    s().sendMessage("go");
    fake.play(adviseCall("tc1"));
    await tick();
    const before = s().thread.messageIds;
    const refused = s().reply("9");
    expect(refused).toEqual({ plan: { kind: "refuse", reason: "out-of-range", numbers: [9], range: "1–3" }, done: false });
    expect(s().thread.messageIds).toBe(before);
    expect(fake.inputs).toHaveLength(1);

    const answered = s().reply("3号");
    expect(answered.done).toBe(true);
    expect(answered.plan.kind).toBe("answer");
    expect(interaction(store, "tc1")).toMatchObject({ status: "answered", how: "number-reply", response: { optionIds: ["c"], numbers: [3] } });
    expect(fake.inputs).toHaveLength(2);
  });

  it("reply in words answers advice that takes free text; otherwise it needs declineOpen", async () => {
    const { fake, store, s } = setup();
    s().sendMessage("go");
    fake.play(adviseCall("tc1", { allowFreeText: true }));
    await tick();
    expect(s().reply("改成傍晚的").done).toBe(true);
    expect(interaction(store, "tc1")).toMatchObject({ status: "answered", how: "text-reply", response: { action: "text", text: "改成傍晚的" } });
  });

  it("reply with other questions open is not sent unless declineOpen is given", async () => {
    const { fake, store, s } = setup();
    s().sendMessage("go");
    fake.play(adviseCall("tc1"));
    await tick();
    expect(s().reply("actually, a bus")).toEqual({ plan: { kind: "decline-first", pendingIds: ["tc1"] }, done: false });
    expect(fake.inputs).toHaveLength(1);
    expect(s().reply("actually, a bus", { declineOpen: true }).done).toBe(true);
    expect(interaction(store, "tc1").status).toBe("declined");
    expect(fake.inputs[1]!.messages.at(-1)).toMatchObject({ role: "user", content: "actually, a bus" });
  });

  it("reply with attachments: '3' and a file is a message with both, never an answer; open questions are declined first", async () => {
    const { fake, store, s } = setup();
    s().sendMessage("go");
    fake.play(adviseCall("tc1"));
    await tick();
    const image = { type: "image" as const, source: { type: "url" as const, value: "https://files.example/seat.png", mimeType: "image/png" } };
    expect(s().reply("3", { attachments: [image] })).toEqual({ plan: { kind: "decline-first", pendingIds: ["tc1"] }, done: false });
    expect(fake.inputs).toHaveLength(1);
    expect(s().reply("3", { attachments: [image], declineOpen: true }).done).toBe(true);
    expect(interaction(store, "tc1").status).toBe("declined");
    expect(fake.inputs[1]!.messages.at(-1)).toMatchObject({ role: "user", content: [{ type: "text", text: "3" }, image] });
  });

  it("sendMessage refuses parts of an unknown form, and no run goes out", () => {
    const { fake, s } = setup();
    // A data source without its MIME type: nothing can tell the agent how to read the bytes.
    const bad = [{ type: "image", source: { type: "data", value: "iVBO" } }] as unknown as ContentPart[];
    expect(s().sendMessage(bad)).toBe(false);
    expect(s().thread.messageIds).toEqual([]);
    expect(fake.inputs).toHaveLength(0);
  });

  it("a CUSTOM question declined to send a new message is said before that message, once", async () => {
    const { fake, s } = setup();
    s().sendMessage("go");
    fake.play([custom({ messageId: "q", messageType: "advice", payload: { content: "Which train?", options: OPTIONS } })]);
    await tick();
    expect(s().sendMessage("actually, a bus", { declineOpen: true })).toBe(true);
    const users = fake.inputs[1]!.messages.filter((m) => m.role === "user").map((m) => m.content);
    expect(users.slice(-2)).toEqual(["Declined to answer: Which train?", "actually, a bus"]);
  });

  it("a CUSTOM question's answer goes as the person's words plus forwardedProps.parley.responses", async () => {
    const { fake, s } = setup({ locale: "zh-CN" });
    s().sendMessage("订票");
    fake.play([custom({ messageId: "q", messageType: "advice", payload: { content: "哪一班？", options: OPTIONS } })]);
    await tick();
    expect(s().reply("3号").done).toBe(true);
    const input = fake.inputs[1]!;
    expect(input.messages.at(-1)).toMatchObject({ role: "user", content: "选择了 3号：18:40 出发" });
    expect((input.forwardedProps as Loose).parley.responses).toEqual([
      expect.objectContaining({ messageId: "q", messageType: "advice", status: "answered", how: "number-reply", response: { action: "choose", optionIds: ["c"], numbers: [3] } }),
    ]);
    expect(input.context.at(-1)?.description).toMatch(/Parley：/);
    // Delivered once: the next run carries neither the words again nor the response.
    fake.play([]);
    await tick();
    s().sendMessage("谢谢");
    const next = fake.inputs[2]!;
    expect(next.messages.filter((m) => m.content === "选择了 3号：18:40 出发")).toHaveLength(1);
    expect(next.forwardedProps).toEqual({});
  });
});

describe("pause", () => {
  it("during a run: the request is aborted and the run marked paused", () => {
    const { fake, s } = setup();
    s().sendMessage("go");
    fake.push(ev.runStarted(), ev.textStart("m1"), ev.text("m1", "Let me look"));
    expect(s().pause()).toBe(true);
    expect(fake.unsubscribe).toHaveBeenCalledWith(fake.inputs[0]!.runId);
    expect(s().isRunning).toBe(false);
    expect(s().thread.runs.at(-1)?.status).toBe("paused");
    expect(s().thread.messages.get("m1")).toMatchObject({ content: "Let me look" });
    // Events still arriving from the aborted run are not folded.
    fake.push(ev.text("m1", " more"));
    expect(s().thread.messages.get("m1")).toMatchObject({ content: "Let me look" });
    // The next message resumes, and the agent is told it was paused.
    s().sendMessage("go on");
    expect(fake.inputs[1]!.context.some((c) => /paused/.test(c.description))).toBe(true);
  });

  it('reply("等一下") while running pauses', () => {
    const { fake, s } = setup();
    s().sendMessage("go");
    fake.push(ev.runStarted());
    expect(s().reply("等一下")).toEqual({ plan: { kind: "pause" }, done: true });
    expect(s().thread.runs.at(-1)?.status).toBe("paused");
  });

  it("is refused with no run going, or while the open question says allowInterrupt: false", () => {
    const { fake, s } = setup();
    expect(s().pause()).toBe(false);
    s().sendMessage("pay");
    fake.push(ev.runStarted(), custom({ messageId: "n", messageType: "notification", payload: { content: "Paying…" }, allowInterrupt: false }));
    expect(s().pause()).toBe(false);
    expect(fake.unsubscribe).not.toHaveBeenCalled();
    expect(s().isRunning).toBe(true);
    expect(s().thread.runs.at(-1)?.status).toBe("running");
    // Stop always works.
    s().stop();
    expect(s().thread.runs.at(-1)?.status).toBe("cancelled");
  });

  it("pausing while a Parley call streams withdraws its question", () => {
    const { fake, store, s } = setup();
    s().sendMessage("go");
    fake.push(ev.runStarted(), ev.toolStart("tc1", "parley_advise"), ev.toolArgs("tc1", '{"content":"Whi'));
    expect(interaction(store, "tc1").status).toBe("streaming");
    expect(s().pause()).toBe(true);
    expect(interaction(store, "tc1").status).toBe("withdrawn");
  });
});

describe("corrections", () => {
  it("correct works before the next run and is refused after it", async () => {
    const { fake, store, s } = setup();
    s().sendMessage("go");
    fake.play([...adviseCall("tc1"), custom({ messageId: "q2", messageType: "advice", payload: { content: "Seat?", options: [{ id: "w", label: "Window" }] } })]);
    await tick();
    s().answer("tc1", choose("a"));
    expect(fake.inputs).toHaveLength(1); // q2 is still open
    expect(s().correct("tc1", choose("b"))).toEqual({ ok: true });
    expect(toolMessages(store, "tc1").map((m) => JSON.parse(m.content).response.optionIds)).toEqual([["b"]]);
    s().answer("q2", choose("w"));
    expect(fake.inputs).toHaveLength(2);
    expect(fake.inputs[1]!.messages.find((m) => m.id === answerMessageId("tc1"))?.content).toContain('"optionIds":["b"]');
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const late = s().correct("tc1", choose("c"));
    warn.mockRestore();
    expect(late).toMatchObject({ ok: false, refusal: { code: "already-delivered" } });
    expect((interaction(store, "tc1").response as Loose).optionIds).toEqual(["b"]);
  });

  it("answering twice is refused with the reason", async () => {
    const { fake, s } = setup({ autoContinue: false });
    s().sendMessage("go");
    fake.play(adviseCall("tc1"));
    await tick();
    s().answer("tc1", choose("a"));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(s().answer("tc1", choose("b"))).toMatchObject({ ok: false, refusal: { code: "not-open" } });
    warn.mockRestore();
  });
});

describe("notifications", () => {
  it('a tool-origin notification is acknowledged "shown", and the next run starts after this one ends', async () => {
    const { fake, store, s } = setup();
    s().sendMessage("save it");
    fake.push(ev.runStarted(), ev.toolStart("tc1", "parley_notify"), ev.toolArgs("tc1", '{"content":"Saved"}'), ev.toolEnd("tc1"));
    expect(interaction(store, "tc1").status).toBe("shown");
    expect(toolMessages(store, "tc1").map((m) => m.content)).toEqual(['{"status":"shown"}']);
    fake.push(ev.textStart("m1"), ev.text("m1", "Done."), ev.textEnd("m1"), ev.runFinished());
    expect(fake.inputs).toHaveLength(1);
    fake.complete();
    await tick();
    expect(fake.inputs).toHaveLength(2);
    expect(fake.inputs[1]!.messages.filter((m) => m.role === "tool").map((m) => m.content)).toEqual(['{"status":"shown"}']);
    // Once acknowledged, a finished run owes nothing more.
    fake.play([]);
    await tick();
    expect(fake.inputs).toHaveLength(2);
  });

  it("a CUSTOM notification needs no answer and starts no run", async () => {
    const { fake, s } = setup();
    s().sendMessage("go");
    fake.play([custom({ messageId: "n", messageType: "notification", payload: { content: "FYI" } })]);
    await tick();
    expect(fake.inputs).toHaveLength(1);
    expect(s().thread.status).toBe("idle");
  });
});

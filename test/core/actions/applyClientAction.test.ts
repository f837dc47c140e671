import type { BaseEvent, Message } from "@ag-ui/core";
import { describe, expect, it } from "vitest";
import {
  answerMessageId,
  applyClientAction,
  buildRunInput,
  deriveStatus,
  interactionRowId,
  refusalOf,
  selectPendingIds,
  selectRespondable,
  undeliveredIds,
  type ClientAction,
  type InteractionResponse,
  type ThreadState,
  userContent,
} from "../../../src/core";
import { ev } from "../../support/events";
import { fresh, fold, interaction } from "../../support/thread";
import { deepFreeze } from "../fold/invariants";

/** The person's door: every answer, decline, timeout and correction, and what each refuses. */

type Loose = Record<string, any>;

const toolMessages = (s: ThreadState, toolCallId: string) =>
  s.messageIds.map((id) => s.messages.get(id) as Loose).filter((m) => m.role === "tool" && m.toolCallId === toolCallId);

/**
 * Applies `action` to a deep-frozen `thread` and checks the thread passed in was not written to
 * (a write to a frozen object throws in strict mode; the JSON comparison catches the rest).
 */
function apply(thread: ThreadState, action: ClientAction): ThreadState {
  const before = JSON.stringify(thread);
  deepFreeze(thread);
  const next = applyClientAction(thread, action);
  expect(JSON.stringify(thread)).toBe(before);
  return next;
}

const OPTIONS = [{ id: "a", label: "08:05" }, { id: "b", label: "12:30" }, { id: "c", label: "18:40" }];
const call = (id: string, tool: string, args: object): BaseEvent[] => [ev.toolStart(id, tool), ev.toolArgs(id, JSON.stringify(args)), ev.toolEnd(id)];
const custom = (envelope: object) => ev.custom("parley.interaction", envelope);

/** A finished run whose parley_advise "tc1" (options a, b, c; numbers 1–3) waits. */
const advised = (extra: object = {}) => fold([ev.runStarted(), ...call("tc1", "parley_advise", { content: "Which train?", options: OPTIONS, ...extra }), ev.runFinished()]);
/** One finished run with CUSTOM questions of every kind. */
function customs(): ThreadState {
  return fold([
    ev.runStarted(),
    custom({ messageId: "adv", messageType: "advice", payload: { content: "Which?", options: OPTIONS } }),
    custom({ messageId: "multi", messageType: "advice", payload: { content: "Extras?", options: [{ id: "x", label: "Meal" }, { id: "y", label: "Wifi" }], multiple: true } }),
    custom({ messageId: "free", messageType: "advice", payload: { content: "Any wish?", allowFreeText: true } }),
    custom({ messageId: "ok", messageType: "advice", payload: { content: "Go ahead?" } }),
    custom({ messageId: "perm", messageType: "permission_request", payload: { operation: "delete_file", summary: "Delete report.pdf", confirmText: "report.pdf" } }),
    custom({ messageId: "form", messageType: "input_request", payload: { content: "Address?", schema: { type: "object" } } }),
    custom({ messageId: "err", messageType: "error", payload: { content: "Failed", actions: ["retry", "undo"] } }),
    custom({ messageId: "seat", messageType: "acme:seat_map", payload: { rows: 3 } }),
    ev.runFinished(),
  ]);
}
const answer = (interactionId: string, response: InteractionResponse, at = 100): ClientAction => ({ type: "answer", interactionId, response, how: "click", at });
const choose = (...optionIds: string[]): InteractionResponse => ({ action: "choose", optionIds, numbers: [] });

describe("the lifecycle", () => {
  it("pending → answered, with the time, the gesture and the response", () => {
    const s = apply(advised(), { type: "answer", interactionId: "tc1", response: choose("c"), how: "number-reply", at: 1234 });
    expect(interaction(s, "tc1")).toMatchObject({ status: "answered", settledAt: 1234, how: "number-reply", response: { action: "choose", optionIds: ["c"], numbers: [3] } });
    expect(selectPendingIds(s)).toEqual([]);
  });

  it("the numbers of a choice come from the options, not from the caller", () => {
    const s = apply(advised(), answer("tc1", { action: "choose", optionIds: ["b"], numbers: [99] }));
    expect((interaction(s, "tc1").response as Loose).numbers).toEqual([2]);
  });

  it("pending → declined, without a response", () => {
    const s = apply(advised(), { type: "decline", interactionId: "tc1", how: "key", at: 5 });
    expect(interaction(s, "tc1")).toMatchObject({ status: "declined", how: "key", settledAt: 5 });
    expect(interaction(s, "tc1").response).toBeUndefined();
  });

  it("pending → timed_out once the deadline has passed, never before", () => {
    let s = fold([ev.runStarted(), custom({ messageId: "q", messageType: "advice", payload: { content: "?" }, expiresAt: "2030-01-01T00:00:00.000Z" })]);
    const deadline = Date.UTC(2030, 0, 1);
    expect(interaction(s, "q").deadline).toBe(deadline);
    const early: ClientAction = { type: "timeout", interactionId: "q", at: deadline - 1 };
    expect(refusalOf(s, early)).toMatchObject({ code: "not-due" });
    expect(apply(s, early)).toBe(s);
    s = apply(s, { type: "timeout", interactionId: "q", at: deadline });
    expect(interaction(s, "q")).toMatchObject({ status: "timed_out", how: "timeout", settledAt: deadline });
  });

  it("a question without a deadline cannot time out", () => {
    const s = advised();
    expect(refusalOf(s, { type: "timeout", interactionId: "tc1", at: Number.MAX_SAFE_INTEGER })).toMatchObject({ code: "not-due" });
  });

  it("pending → withdrawn, with the reason; the tool call still gets a result, saying so", () => {
    const s = apply(advised(), { type: "withdraw", interactionId: "tc1", at: 9, reason: "moot" });
    expect(interaction(s, "tc1")).toMatchObject({ status: "withdrawn", problem: "moot", settledAt: 9 });
    expect(toolMessages(s, "tc1").map((m) => m.content)).toEqual(['{"status":"withdrawn"}']);
  });

  it("answering twice is a no-op, and refusalOf says why", () => {
    const once = apply(advised(), answer("tc1", choose("a")));
    const again = answer("tc1", choose("b"));
    expect(refusalOf(once, again)).toMatchObject({ code: "not-open", message: expect.stringMatching(/already answered/) });
    expect(apply(once, again)).toBe(once);
    expect(refusalOf(once, { type: "decline", interactionId: "tc1", how: "click", at: 1 })).toMatchObject({ code: "not-open" });
  });

  it("refuses an unknown question", () => {
    const s = advised();
    expect(refusalOf(s, answer("nope", choose("a")))).toMatchObject({ code: "not-found" });
    expect(apply(s, answer("nope", choose("a")))).toBe(s);
    expect(refusalOf(s, { type: "withdraw", interactionId: "nope", at: 1 })).toMatchObject({ code: "not-found" });
  });

  it("a notification, an invalid envelope and a question still streaming cannot be answered", () => {
    const s = fold([
      ev.runStarted(),
      custom({ messageId: "n", messageType: "notification", payload: { content: "x" } }),
      custom({ messageId: "bad", messageType: "advice", payload: {} }),
      ev.toolStart("tc-stream", "parley_advise"),
    ]);
    expect(refusalOf(s, { type: "decline", interactionId: "n", how: "click", at: 1 })).toMatchObject({ code: "not-open", message: expect.stringMatching(/notification/) });
    expect(refusalOf(s, { type: "decline", interactionId: "bad", how: "click", at: 1 })).toMatchObject({ code: "not-open", message: expect.stringMatching(/malformed/) });
    expect(refusalOf(s, { type: "decline", interactionId: "tc-stream", how: "click", at: 1 })).toMatchObject({ code: "not-open", message: expect.stringMatching(/still arriving/) });
  });

  it("deriveStatus is waiting while a question is pending, idle once it is settled", () => {
    const s = customs();
    expect(s.status).toBe("waiting");
    expect(deriveStatus(s)).toBe("waiting");
    let settled = s;
    for (const id of selectPendingIds(s)) settled = apply(settled, { type: "decline", interactionId: id, how: "click", at: 1 });
    expect(settled.status).toBe("idle");
    expect(deriveStatus(settled)).toBe("idle");
  });
});

describe("responses a question cannot take", () => {
  const refused = (s: ThreadState, id: string, response: unknown, pattern?: RegExp) => {
    const action = answer(id, response as InteractionResponse);
    const refusal = refusalOf(s, action);
    expect(refusal?.code).toBe("invalid-response");
    if (pattern) expect(refusal?.message).toMatch(pattern);
    expect(apply(s, action)).toBe(s);
  };
  const accepted = (s: ThreadState, id: string, response: InteractionResponse) => {
    expect(refusalOf(s, answer(id, response))).toBeUndefined();
    expect(interaction(apply(s, answer(id, response)), id).status).toBe("answered");
  };

  it("an option id the advice did not offer", () => refused(customs(), "adv", choose("z"), /"z" is not one of the options/));
  it("two options where one is wanted", () => refused(customs(), "adv", choose("a", "b"), /Only one/));
  it("no option at all", () => refused(customs(), "adv", choose()));
  it("several options where several are allowed is fine", () => accepted(customs(), "multi", choose("x", "y")));
  it("free text where it is not allowed", () => refused(customs(), "adv", { action: "text", text: "evening" }, /not free text/));
  it("empty free text where it is allowed", () => refused(customs(), "free", { action: "text", text: "   " }, /empty/));
  it("free text where it is allowed", () => accepted(customs(), "free", { action: "text", text: "a window seat" }));
  it("accept when there are options to choose from", () => refused(customs(), "adv", { action: "accept" }, /Choose one/));
  it("accept of optionless advice", () => accepted(customs(), "ok", { action: "accept" }));
  it("reject is always possible for advice", () => accepted(customs(), "adv", { action: "reject" }));
  it("an advice answer in another shape", () => refused(customs(), "adv", { approved: true }));
  it("an error action not offered", () => refused(customs(), "err", { action: "report" }, /retry, undo/));
  it("an error action offered", () => accepted(customs(), "err", { action: "undo" }));
  it("approval without the typed confirmation", () => refused(customs(), "perm", { approved: true }, /Type "report.pdf"/));
  it("approval with the wrong typed confirmation", () => refused(customs(), "perm", { approved: true, typedConfirmation: "report.doc" }));
  it("approval with the exact typed confirmation", () => accepted(customs(), "perm", { approved: true, typedConfirmation: "report.pdf" }));
  it("a refusal needs no typed confirmation", () => accepted(customs(), "perm", { approved: false }));
  it("a permission answer that is not a boolean", () => refused(customs(), "perm", { approved: "yes" }));
  it("editedArgs when the request is not editable", () => refused(customs(), "perm", { approved: true, typedConfirmation: "report.pdf", editedArgs: { path: "/etc" } }, /cannot be changed/));
  it("input values that are not an object", () => refused(customs(), "form", { values: ["a"] }));
  it("input values as an object", () => accepted(customs(), "form", { values: { city: "Lyon" } }));
  it("a custom type without { value }", () => refused(customs(), "seat", { approved: true }));
  it("a custom type with { value }", () => accepted(customs(), "seat", { value: { seat: "12A" } }));
  it("an answer that is not an object", () => refused(customs(), "adv", null));

  it("editedArgs when the interrupt allows them", () => {
    const s = fold([
      ev.runStarted(), ...call("tc9", "send_email", { to: "ann@example.com" }),
      ev.runFinished("r1", "t1", { outcome: { type: "interrupt", interrupts: [{ id: "int-1", reason: "tool_call", toolCallId: "tc9", responseSchema: { type: "object", properties: { editedArgs: { type: "object" } } } }] } }),
    ]);
    accepted(s, "int-1", { approved: true, editedArgs: { to: "bob@example.com" } });
  });
});

describe("answers to a Parley tool call", () => {
  it("appends exactly one tool message parley-answer:<callId> carrying the answer", () => {
    const before = advised();
    const s = apply(before, answer("tc1", choose("c")));
    const messages = toolMessages(s, "tc1");
    expect(messages).toHaveLength(1);
    expect(messages[0]).toEqual({ id: answerMessageId("tc1"), role: "tool", toolCallId: "tc1", content: '{"status":"answered","response":{"action":"choose","optionIds":["c"],"numbers":[3]}}' });
    expect(s.messageIds.at(-1)).toBe(answerMessageId("tc1"));
    expect(s.messageIds.length).toBe(before.messageIds.length + 1);
    expect(s.toolCalls.get("tc1")).toMatchObject({ status: "complete", resultMessageId: answerMessageId("tc1") });
    expect(s.pendingToolCallIds).toEqual([]);
    expect(s.status).toBe("idle");
  });

  it("never tells the agent what the person typed to confirm", () => {
    const s0 = fold([ev.runStarted(), ...call("tc1", "parley_request_permission", { operation: "rm", summary: "Delete a.txt", confirmText: "a.txt" }), ev.runFinished()]);
    const s = apply(s0, answer("tc1", { approved: true, typedConfirmation: "a.txt" }));
    expect(toolMessages(s, "tc1")[0]?.content).toBe('{"status":"answered","response":{"approved":true}}');
    // The person's side keeps it (the audit).
    expect((interaction(s, "tc1").response as Loose).typedConfirmation).toBe("a.txt");
  });

  it("a decline sends its status alone", () => {
    const s = apply(advised(), { type: "decline", interactionId: "tc1", how: "click", at: 1 });
    expect(toolMessages(s, "tc1").map((m) => m.content)).toEqual(['{"status":"declined"}']);
    expect(s.toolCalls.get("tc1")?.status).toBe("complete");
  });

  it("a timeout sends timed_out", () => {
    const s0 = fold([ev.runStarted(), ...call("tc1", "parley_advise", { content: "?", timeoutMs: 1000 }), ev.runFinished()]);
    const received = apply(s0, { type: "receive", at: 10 });
    const s = apply(received, { type: "timeout", interactionId: "tc1", at: 1010 });
    expect(toolMessages(s, "tc1").map((m) => m.content)).toEqual(['{"status":"timed_out"}']);
  });

  it("a correction rewrites the answer message; no second message", () => {
    const first = apply(advised(), answer("tc1", choose("a")));
    const corrected = apply(first, { type: "correct", interactionId: "tc1", response: choose("b"), how: "click", at: 200 });
    expect(interaction(corrected, "tc1")).toMatchObject({ status: "answered", settledAt: 200, response: { optionIds: ["b"], numbers: [2] } });
    const messages = toolMessages(corrected, "tc1");
    expect(messages).toHaveLength(1);
    expect(JSON.parse(messages[0]!.content)).toEqual({ status: "answered", response: { action: "choose", optionIds: ["b"], numbers: [2] } });
    expect(corrected.messageIds).toEqual(first.messageIds);
  });

  it("a correction must itself be a valid answer", () => {
    const first = apply(advised(), answer("tc1", choose("a")));
    expect(refusalOf(first, { type: "correct", interactionId: "tc1", response: choose("zz"), how: "click", at: 1 })).toMatchObject({ code: "invalid-response" });
  });

  it("correct is refused once delivered, and for a question that is not answered", () => {
    const first = apply(advised(), answer("tc1", choose("a")));
    const delivered = apply(first, { type: "deliver", interactionIds: ["tc1"], runId: "r2" });
    expect(interaction(delivered, "tc1").deliveredInRunId).toBe("r2");
    const correction: ClientAction = { type: "correct", interactionId: "tc1", response: choose("b"), how: "click", at: 1 };
    expect(refusalOf(delivered, correction)).toMatchObject({ code: "already-delivered" });
    expect(apply(delivered, correction)).toBe(delivered);
    expect(refusalOf(advised(), correction)).toMatchObject({ code: "not-open" });
    const declined = apply(advised(), { type: "decline", interactionId: "tc1", how: "click", at: 1 });
    expect(refusalOf(declined, correction)).toMatchObject({ code: "not-open" });
  });

  it("deliver marks only what is settled: a question still open is not, so its answer is still sent", () => {
    const open = advised();
    expect(apply(open, { type: "deliver", interactionIds: ["tc1"], runId: "r2" })).toBe(open);
    const answered = apply(open, answer("tc1", choose("a")));
    expect(undeliveredIds(answered)).toEqual(["tc1"]);
  });

  it("deliver marks once: a second deliver changes nothing", () => {
    const delivered = apply(apply(advised(), answer("tc1", choose("a"))), { type: "deliver", interactionIds: ["tc1"], runId: "r2" });
    expect(apply(delivered, { type: "deliver", interactionIds: ["tc1", "nope"], runId: "r3" })).toBe(delivered);
  });
});

describe("receive", () => {
  it("stamps receivedAt and starts a relative deadline", () => {
    const s0 = fold([ev.runStarted(), custom({ messageId: "q", messageType: "advice", payload: { content: "?" }, timeoutMs: 30_000 })]);
    const s = apply(s0, { type: "receive", at: 1_000 });
    expect(interaction(s, "q")).toMatchObject({ receivedAt: 1_000, deadline: 31_000 });
  });

  it("an absolute deadline is kept", () => {
    const s0 = fold([ev.runStarted(), custom({ messageId: "q", messageType: "advice", payload: { content: "?" }, timeoutMs: 5, expiresAt: "2030-01-01T00:00:00Z" })]);
    expect(interaction(apply(s0, { type: "receive", at: 1 }), "q").deadline).toBe(Date.UTC(2030, 0, 1));
  });

  it("stamps once: a second receive changes nothing", () => {
    const once = apply(fold([ev.runStarted(), custom({ messageId: "q", messageType: "advice", payload: { content: "?" }, timeoutMs: 10 })]), { type: "receive", at: 1 });
    expect(apply(once, { type: "receive", at: 50 })).toBe(once);
  });

  it("a question still streaming waits to be received until it is complete", () => {
    const s = apply(fold([ev.runStarted(), ev.toolStart("tc1", "parley_advise")]), { type: "receive", at: 1 });
    expect(interaction(s, "tc1").receivedAt).toBeUndefined();
  });

  it('acknowledges a tool-origin notification with {"status":"shown"}, once', () => {
    const s0 = fold([ev.runStarted(), ...call("tc1", "parley_notify", { content: "Saved" }), ev.runFinished()]);
    expect(interaction(s0, "tc1").status).toBe("shown");
    const s = apply(s0, { type: "receive", at: 1 });
    expect(toolMessages(s, "tc1")).toEqual([{ id: answerMessageId("tc1"), role: "tool", toolCallId: "tc1", content: '{"status":"shown"}' }]);
    expect(s.toolCalls.get("tc1")?.status).toBe("complete");
    const again = apply(s, { type: "receive", at: 2 });
    expect(toolMessages(again, "tc1")).toHaveLength(1);
  });

  it("a CUSTOM notification gets no tool message", () => {
    const s = apply(fold([ev.runStarted(), custom({ messageId: "n", messageType: "notification", payload: { content: "x" } })]), { type: "receive", at: 1 });
    expect(s.messageIds).toEqual([interactionRowId("n")]);
  });
});

describe("truncate", () => {
  it("renumbers the pending items from 1, sets contextFrom and the next number", () => {
    let s = fold([ev.runStarted(), ev.textStart("m1"), ev.text("m1", "old"), ev.textEnd("m1"),
      ...call("tc1", "parley_advise", { content: "?", options: OPTIONS }), ev.runFinished()]);
    s = apply(s, answer("tc1", choose("a")));
    s = fold([ev.runStarted("r2"), ev.textStart("m2"), ev.text("m2", "new"), ev.textEnd("m2"),
      custom({ messageId: "q2", messageType: "advice", payload: { content: "?", options: OPTIONS.slice(0, 2) } }),
      custom({ messageId: "e", messageType: "error", payload: { content: "x", actions: ["retry"] } }), ev.runFinished("r2")], s);
    expect(interaction(s, "q2").numbers).toEqual([4, 5]);
    const cut = apply(s, { type: "truncate", fromMessageId: "m2" });
    expect(cut.contextFrom).toBe("m2");
    expect(interaction(cut, "q2").numbers).toEqual([1, 2]);
    expect(interaction(cut, "e").numbers).toEqual([3]);
    expect(interaction(cut, "tc1").numbers).toEqual([1, 2, 3]); // answered: left as it was shown
    expect(cut.nextNumber).toBe(4);
    expect(selectRespondable(cut).numbers).toEqual([1, 2, 3]);
    // What was cut stays visible.
    expect(cut.messageIds).toEqual(s.messageIds);
  });

  it("refuses an unknown message", () => {
    const s = advised();
    expect(refusalOf(s, { type: "truncate", fromMessageId: "nope" })).toMatchObject({ code: "unknown-message" });
    expect(apply(s, { type: "truncate", fromMessageId: "nope" })).toBe(s);
  });
});

describe("remove-messages", () => {
  it("removes rows and their interactions, and a message's tool calls", () => {
    const s0 = customs();
    const s = apply(s0, { type: "remove-messages", ids: [interactionRowId("adv"), interactionRowId("err")] });
    expect(s.interactions.get("adv")).toBeUndefined();
    expect(s.interactions.get("err")).toBeUndefined();
    expect(s.interactionIds).toEqual(s0.interactionIds.filter((id) => id !== "adv" && id !== "err"));
    expect(s.messageIds).not.toContain(interactionRowId("adv"));
    expect(selectPendingIds(s)).not.toContain("adv");

    const a = advised();
    const withoutCall = apply(a, { type: "remove-messages", ids: ["tc1"] });
    expect(withoutCall.toolCalls.get("tc1")).toBeUndefined();
  });

  it("unknown ids change nothing", () => {
    const s = advised();
    expect(apply(s, { type: "remove-messages", ids: ["nope"] })).toBe(s);
  });
});

describe("runs ended on this side", () => {
  it("pause ends a running run as paused", () => {
    const s = apply(fold([ev.runStarted(), ev.textStart("m1"), ev.text("m1", "Let me")]), { type: "pause" });
    expect(s.runs.at(-1)?.status).toBe("paused");
    expect(s.messages.get("m1")).toMatchObject({ content: "Let me" });
    expect(s.openMessageIds).toEqual([]);
    expect(s.status).toBe("idle");
  });

  it("pause does nothing without a running run", () => {
    const finished = advised();
    expect(apply(finished, { type: "pause" })).toBe(finished);
    const empty = fresh();
    expect(apply(empty, { type: "pause" })).toBe(empty);
  });

  it("pause while a Parley call streams withdraws its question", () => {
    const s = apply(fold([ev.runStarted(), ev.toolStart("tc1", "parley_advise"), ev.toolArgs("tc1", '{"content":"Wh')]), { type: "pause" });
    expect(interaction(s, "tc1").status).toBe("withdrawn");
    expect(selectPendingIds(s)).toEqual([]);
  });

  it("end-run cancels a running run, and records a failed one when none is running", () => {
    expect(apply(fold([ev.runStarted()]), { type: "end-run", status: "cancelled" }).runs.at(-1)?.status).toBe("cancelled");
    const failed = apply(fresh(), { type: "end-run", status: "error", failure: { message: "HTTP 500", source: "transport" }, runId: "x" });
    expect(failed.runs).toEqual([{ runId: "x", threadId: "t1", status: "error", toolCallIds: [], error: { message: "HTTP 500", source: "transport" } }]);
  });
});

describe("append-message", () => {
  it("appends the person's message", () => {
    const s = apply(fresh(), { type: "append-message", message: { id: "u1", role: "user", content: "hi" } });
    expect(s.messageIds).toEqual(["u1"]);
  });

  it("refuses a message of role interaction and an id already taken", () => {
    const s = advised();
    const row = { id: "x", role: "interaction", interactionId: "tc1", messageType: "advice" } as unknown as Message;
    expect(apply(s, { type: "append-message", message: row })).toBe(s);
    expect(apply(s, { type: "append-message", message: { id: interactionRowId("tc1"), role: "user", content: "approve" } })).toBe(s);
  });

  it("a message with attachments (userContent) goes through the door, and buildRunInput sends its parts as they are", () => {
    const image = { type: "image" as const, source: { type: "data" as const, value: "iVBORw0KGgo=", mimeType: "image/png" }, metadata: { filename: "shot.png", size: 8 } };
    const pdf = { type: "document" as const, source: { type: "url" as const, value: "https://files.example/report.pdf", mimeType: "application/pdf" } };
    const s = apply(fresh(), { type: "append-message", message: { id: "u1", role: "user", content: userContent("What do these say?", [image, pdf]) } });
    expect(buildRunInput(s, { runId: "r2" }).messages).toEqual([{ id: "u1", role: "user", content: [{ type: "text", text: "What do these say?" }, image, pdf] }]);
  });

  it("refuses a user message whose parts are of an unknown form, saying so", () => {
    const s = fresh();
    const action = { type: "append-message", message: { id: "u1", role: "user", content: [{ type: "image", source: { type: "data", value: "x" } }] } } as unknown as ClientAction;
    expect(refusalOf(s, action)).toEqual({ code: "invalid-response", message: "The message has content parts of an unknown form." });
    expect(apply(s, action)).toBe(s);
  });
});

import type { BaseEvent, Interrupt } from "@ag-ui/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  foldEvent,
  foldEvents,
  interactionRowId,
  selectInteractions,
  selectPendingIds,
  toAgUiMessages,
  type ThreadState,
} from "../../../src/core";
import { ev } from "../../support/events";
import { fresh, fold, interaction } from "../../support/thread";

/** Every way an agent asks the person, derived by the fold into one Interaction. */

type Loose = Record<string, any>;

/** One event per burst, as a slow network (or the store's `sync` batching) delivers them. */
const foldEach = (events: unknown[], from: ThreadState = fresh()) => events.reduce<ThreadState>((s, e) => foldEvent(s, e), from);
const errorCodes = (s: ThreadState) => s.errors.map((e) => e.code);
const rowOf = (s: ThreadState, id: string) => s.messages.get(interactionRowId(id)) as Loose | undefined;

const OPTIONS = [
  { id: "a", label: "08:05 出发" },
  { id: "b", label: "12:30 出发" },
  { id: "c", label: "18:40 出发" },
];
const adviceArgs = JSON.stringify({ content: "Which train?", options: OPTIONS });

/** A complete parley_advise call inside a running run. */
const adviseCall = (id: string, args = adviceArgs, parent?: string): BaseEvent[] => [ev.toolStart(id, "parley_advise", parent), ev.toolArgs(id, args), ev.toolEnd(id)];
const interrupted = (interrupts: Partial<Interrupt>[], runId = "r1") => ev.runFinished(runId, "t1", { outcome: { type: "interrupt", interrupts } });
const parleyEvent = (envelope: object) => ev.custom("parley.interaction", envelope);

describe("a Parley tool call", () => {
  it("START makes a streaming interaction with its row right after the assistant message", () => {
    const s = fold([ev.runStarted(), ev.textStart("a1"), ev.text("a1", "Let me check."), ev.textEnd("a1"), ev.toolStart("tc1", "parley_advise", "a1")]);
    expect(interaction(s, "tc1")).toMatchObject({ id: "tc1", rowId: interactionRowId("tc1"), status: "streaming", messageType: "advice", runId: "r1", numbers: [] });
    expect(interaction(s, "tc1").origin).toEqual({ kind: "tool", toolCallId: "tc1", toolName: "parley_advise" });
    expect(s.messageIds).toEqual(["a1", interactionRowId("tc1")]);
    expect(rowOf(s, "tc1")).toEqual({ id: interactionRowId("tc1"), role: "interaction", interactionId: "tc1", messageType: "advice" });
    expect(s.toolCalls.get("tc1")?.interactionId).toBe("tc1");
    expect(s.interactionIds).toEqual(["tc1"]);
  });

  it("ARGS fill the draft as they arrive", () => {
    let s = fold([ev.runStarted(), ev.toolStart("tc1", "parley_advise"), ev.toolArgs("tc1", '{"content":"Which tr')]);
    expect(interaction(s, "tc1").status).toBe("streaming");
    expect(interaction(s, "tc1").draft).toEqual({ content: "Which tr" });
    s = foldEvent(s, ev.toolArgs("tc1", 'ain?","options":[{"id":"a","label":"08:05"}'));
    expect(interaction(s, "tc1").draft).toMatchObject({ content: "Which train?", options: [{ id: "a", label: "08:05" }] });
    expect(interaction(s, "tc1").envelope).toBeUndefined();
  });

  it("END checks the arguments: pending, numbered, the draft gone", () => {
    const s = fold([ev.runStarted(), ...adviseCall("tc1")]);
    const i = interaction(s, "tc1");
    expect(i.status).toBe("pending");
    expect(i.numbers).toEqual([1, 2, 3]);
    expect("draft" in i).toBe(false);
    expect(i.envelope).toMatchObject({ messageId: "tc1", messageType: "advice", payload: { content: "Which train?", options: OPTIONS, multiple: false } });
    expect(s.nextNumber).toBe(4);
    expect(s.errors).toEqual([]);
  });

  it("lifts the envelope fields of the arguments (allowInterrupt, timeoutMs, context)", () => {
    const s = fold([ev.runStarted(), ...adviseCall("tc1", JSON.stringify({ content: "?", allowInterrupt: false, timeoutMs: 9000, context: { relatedSkill: "rail" } }))]);
    expect(interaction(s, "tc1").envelope).toMatchObject({ allowInterrupt: false, timeoutMs: 9000, context: { relatedSkill: "rail" }, payload: { content: "?" } });
  });

  it.each([
    ["parley_notify", { content: "Saved" }, "notification", "shown"],
    ["parley_request_permission", { operation: "rm", summary: "Delete a.txt" }, "permission_request", "pending"],
    ["parley_request_input", { content: "Address?", schema: { type: "object" } }, "input_request", "pending"],
    ["parley_report_error", { content: "Failed" }, "error", "pending"],
  ])("%s becomes a %s interaction (%s)", (tool, args, type, status) => {
    const s = fold([ev.runStarted(), ev.toolStart("tc1", tool), ev.toolArgs("tc1", JSON.stringify(args)), ev.toolEnd("tc1")]);
    expect(interaction(s, "tc1")).toMatchObject({ messageType: type, status });
    expect(rowOf(s, "tc1")?.messageType).toBe(type);
  });

  it("invalid arguments: invalid, recorded as invalid-envelope, the row keyed parley:invalid", () => {
    const s = fold([ev.runStarted(), ev.toolStart("tc1", "parley_advise"), ev.toolArgs("tc1", '{"options":[]}'), ev.toolEnd("tc1")]);
    const i = interaction(s, "tc1");
    expect(i.status).toBe("invalid");
    expect(i.messageType).toBe("parley:invalid");
    expect(i.problem).toMatch(/^parley_advise: .*content/);
    expect(i.raw).toBe('{"options":[]}');
    expect(i.numbers).toEqual([]);
    expect(errorCodes(s)).toEqual(["invalid-envelope"]);
    expect(rowOf(s, "tc1")?.messageType).toBe("parley:invalid");
    expect(s.nextNumber).toBe(1);
  });

  it("arguments that are not JSON are invalid too", () => {
    const s = fold([ev.runStarted(), ev.toolStart("tc1", "parley_notify"), ev.toolArgs("tc1", "content: hi"), ev.toolEnd("tc1")]);
    expect(interaction(s, "tc1")).toMatchObject({ status: "invalid", problem: expect.stringMatching(/not valid JSON/) });
    expect(errorCodes(s)).toEqual(["invalid-envelope"]);
  });

  it("a run error while the arguments stream withdraws it (one burst)", () => {
    const s = fold([ev.runStarted(), ev.toolStart("tc1", "parley_advise"), ev.toolArgs("tc1", '{"content":"Wh'), ev.runError("boom")]);
    expect(interaction(s, "tc1")).toMatchObject({ status: "withdrawn", problem: expect.stringMatching(/ended before/) });
    expect("draft" in interaction(s, "tc1")).toBe(false);
    expect(selectPendingIds(s)).toEqual([]);
  });

  it("a run error while the arguments stream withdraws it (event by event)", () => {
    const s = foldEach([ev.runStarted(), ev.toolStart("tc1", "parley_advise"), ev.toolArgs("tc1", '{"content":"Wh'), ev.runError("boom")]);
    expect(interaction(s, "tc1").status).toBe("withdrawn");
  });

  it("RUN_FINISHED without the call's END still opens the question (event by event)", () => {
    const s = foldEach([ev.runStarted(), ev.toolStart("tc1", "parley_advise"), ev.toolArgs("tc1", adviceArgs), ev.runFinished()]);
    expect(interaction(s, "tc1")).toMatchObject({ status: "pending", numbers: [1, 2, 3] });
  });

  it("a call that arrives with its result in a MESSAGES_SNAPSHOT is history, not a question", () => {
    const s = fold([
      ev.runStarted(),
      ev.messagesSnapshot([
        { id: "u1", role: "user", content: "book" },
        { id: "a1", role: "assistant", toolCalls: [{ id: "tc1", type: "function", function: { name: "parley_advise", arguments: adviceArgs } }] },
        { id: "res1", role: "tool", toolCallId: "tc1", content: '{"status":"answered"}' },
      ]),
    ]);
    expect(s.interactionIds).toEqual([]);
    expect(s.toolCalls.get("tc1")).toMatchObject({ status: "complete", resultMessageId: "res1" });
    expect(s.toolCalls.get("tc1")?.interactionId).toBeUndefined();
    expect(s.nextNumber).toBe(1);
  });

  it("a call that arrives with its result in RUN_STARTED.input (another client's history) is history too", () => {
    const messages = [
      { id: "a1", role: "assistant", toolCalls: [{ id: "tc1", type: "function", function: { name: "parley_advise", arguments: adviceArgs } }] },
      { id: "res1", role: "tool", toolCallId: "tc1", content: '{"status":"answered"}' },
    ];
    const s = fold([ev.runStarted("r1", "t1", { input: { threadId: "t1", runId: "r1", messages, tools: [], context: [], state: {} } })]);
    expect(s.errors).toEqual([]);
    expect(s.interactionIds).toEqual([]);
    expect(s.toolCalls.get("tc1")).toMatchObject({ status: "complete", resultMessageId: "res1" });
    expect(s.messageIds).toEqual(["a1", "res1"]);
  });

  it("a call in a MESSAGES_SNAPSHOT without its result asks the person", () => {
    const s = fold([
      ev.runStarted(),
      ev.messagesSnapshot([{ id: "a1", role: "assistant", toolCalls: [{ id: "tc1", type: "function", function: { name: "parley_advise", arguments: adviceArgs } }] }]),
    ]);
    expect(interaction(s, "tc1")).toMatchObject({ status: "pending", numbers: [1, 2, 3] });
    expect(s.messageIds).toEqual(["a1", interactionRowId("tc1")]);
  });

  it("the same stream gives the same thread in one burst or event by event", () => {
    const events = [
      ev.runStarted(), ev.textStart("a1"), ev.text("a1", "Options:"), ev.textEnd("a1"),
      ...adviseCall("tc1", adviceArgs, "a1"),
      parleyEvent({ messageId: "c1", messageType: "advice", payload: { content: "Seat?", options: [{ id: "w", label: "Window" }, { id: "i", label: "Aisle" }] } }),
      ev.textStart("a2"), ev.text("a2", "Waiting."), ev.textEnd("a2"),
      ev.runFinished(),
    ];
    const burst = fold(events);
    const each = foldEach(events);
    expect(each.messageIds).toEqual(burst.messageIds);
    expect(each.interactionIds).toEqual(burst.interactionIds);
    expect(selectInteractions(each).map((i) => [i.id, i.numbers])).toEqual(selectInteractions(burst).map((i) => [i.id, i.numbers]));
    // Stream order: the advice row right after its message, the numbers in the order asked.
    expect(burst.messageIds).toEqual(["a1", interactionRowId("tc1"), interactionRowId("c1"), "a2"]);
    expect(selectInteractions(burst).map((i) => i.numbers)).toEqual([[1, 2, 3], [4, 5]]);
  });
});

describe("RUN_FINISHED interrupts", () => {
  const emailCall = [ev.toolStart("tc1", "send_email"), ev.toolArgs("tc1", '{"to":"ann@example.com","body":"Hi"}'), ev.toolEnd("tc1")];

  it("tool_call: a permission request with the call's arguments, editable when editedArgs is allowed", () => {
    const s = fold([
      ev.runStarted(), ...emailCall,
      interrupted([{ id: "int-1", reason: "tool_call", toolCallId: "tc1", message: "Send this mail?", responseSchema: { type: "object", properties: { approved: { type: "boolean" }, editedArgs: { type: "object" } } } }]),
    ]);
    const i = interaction(s, "int-1");
    expect(i).toMatchObject({ status: "pending", messageType: "permission_request", runId: "r1", numbers: [] });
    expect(i.origin).toEqual({ kind: "interrupt", interruptId: "int-1", reason: "tool_call", toolCallId: "tc1", answer: { kind: "approval", key: "approved", edits: "editedArgs" } });
    expect(i.envelope?.payload).toMatchObject({ operation: "send_email", summary: "Send this mail?", args: { to: "ann@example.com", body: "Hi" }, editable: true, categories: [] });
    expect(s.toolCalls.get("tc1")?.interactionId).toBe("int-1");
    expect(s.messageIds.at(-1)).toBe(interactionRowId("int-1"));
    expect(s.runs.at(-1)?.status).toBe("interrupted");
    expect(s.status).toBe("waiting");
  });

  it("tool_call without editedArgs in the schema is not editable", () => {
    const s = fold([ev.runStarted(), ...emailCall, interrupted([{ id: "int-1", reason: "tool_call", toolCallId: "tc1", responseSchema: { type: "object", properties: { approved: { type: "boolean" } } } }])]);
    expect(interaction(s, "int-1").envelope?.payload).toMatchObject({ editable: false, summary: "send_email" });
  });

  it("confirmation: categories, confirmText and details from metadata (unknown categories dropped)", () => {
    const s = fold([
      ev.runStarted(),
      interrupted([{ id: "int-2", reason: "confirmation", message: "Pay 20 €?", metadata: { operation: "pay", categories: ["money", "bogus", "irreversible"], confirmText: "PAY", details: { amount: 20 } } }]),
    ]);
    expect(interaction(s, "int-2").envelope).toMatchObject({
      messageType: "permission_request",
      context: { reason: "confirmation" },
      payload: { operation: "pay", summary: "Pay 20 €?", categories: ["money", "irreversible"], confirmText: "PAY", details: { amount: 20 }, editable: false },
    });
  });

  it("confirmation about no tool call and no metadata.operation: the operation is left empty, not the reason", () => {
    const s = fold([ev.runStarted(), interrupted([{ id: "int-4", reason: "confirmation", message: "Charge €42?" }])]);
    expect(interaction(s, "int-4").envelope).toMatchObject({ payload: { operation: "", summary: "Charge €42?" } });
  });

  it("input_required: an input request with the responseSchema", () => {
    const schema = { type: "object", properties: { street: { type: "string" } }, required: ["street"] };
    const s = fold([ev.runStarted(), interrupted([{ id: "int-3", reason: "input_required", message: "Your address?", responseSchema: schema }])]);
    expect(interaction(s, "int-3")).toMatchObject({ status: "pending", messageType: "input_request" });
    expect(interaction(s, "int-3").envelope?.payload).toEqual({ content: "Your address?", schema });
  });

  it("input_required without a schema asks for an empty object form", () => {
    const s = fold([ev.runStarted(), interrupted([{ id: "int-3", reason: "input_required", message: "Anything?" }])]);
    expect(interaction(s, "int-3").envelope?.payload).toEqual({ content: "Anything?", schema: { type: "object", properties: {} } });
  });

  it("an unknown namespaced reason with a schema is a form", () => {
    const schema = { type: "object", properties: { seat: { type: "string" } } };
    const s = fold([ev.runStarted(), interrupted([{ id: "int-4", reason: "acme:seat", message: "Pick a seat", responseSchema: schema }])]);
    expect(interaction(s, "int-4")).toMatchObject({ messageType: "input_request", origin: { reason: "acme:seat" } });
    expect(interaction(s, "int-4").envelope?.payload).toEqual({ content: "Pick a seat", schema });
  });

  it("an unknown namespaced reason without a schema is accept / reject advice", () => {
    const s = fold([ev.runStarted(), interrupted([{ id: "int-5", reason: "acme:review", message: "Looks right?" }])]);
    expect(interaction(s, "int-5")).toMatchObject({ status: "pending", messageType: "advice", numbers: [] });
    expect(interaction(s, "int-5").envelope?.payload).toEqual({ content: "Looks right?", options: [], multiple: false, allowFreeText: false });
    const silent = fold([ev.runStarted(), interrupted([{ id: "int-6", reason: "acme:review" }])]);
    expect(interaction(silent, "int-6").envelope?.payload).toMatchObject({ content: "acme:review" });
  });

  it("expiresAt becomes the deadline", () => {
    const s = fold([ev.runStarted(), interrupted([{ id: "int-1", reason: "confirmation", message: "ok?", expiresAt: "2030-01-01T00:00:00.000Z" }])]);
    expect(interaction(s, "int-1").deadline).toBe(Date.UTC(2030, 0, 1));
  });

  it("an expiresAt that is not a date makes the interaction invalid, not a throw", () => {
    const s = fold([ev.runStarted(), interrupted([{ id: "int-1", reason: "confirmation", message: "ok?", expiresAt: "whenever" }])]);
    expect(interaction(s, "int-1")).toMatchObject({ status: "invalid", messageType: "parley:invalid" });
    expect(errorCodes(s)).toEqual(["invalid-envelope"]);
  });

  it("two interrupts at once: two interactions and rows, in the interrupts' order", () => {
    const s = fold([
      ev.runStarted(), ...emailCall,
      interrupted([{ id: "int-a", reason: "tool_call", toolCallId: "tc1" }, { id: "int-b", reason: "input_required", message: "Subject?" }]),
    ]);
    expect(s.interactionIds).toEqual(["int-a", "int-b"]);
    expect(s.messageIds.slice(-2)).toEqual([interactionRowId("int-a"), interactionRowId("int-b")]);
    expect(selectPendingIds(s)).toEqual(["int-a", "int-b"]);
    expect(s.pendingInterrupts.map((i) => i.id)).toEqual(["int-a", "int-b"]);
  });

  it("an interrupt without an id is skipped and recorded", () => {
    const s = fold([ev.runStarted(), interrupted([{ reason: "confirmation" }, { id: "ok", reason: "confirmation" }])]);
    expect(s.interactionIds).toEqual(["ok"]);
    expect(errorCodes(s)).toEqual(["malformed-event"]);
  });

  it("the next RUN_STARTED withdraws the interrupts still pending", () => {
    let s = fold([ev.runStarted(), interrupted([{ id: "int-1", reason: "confirmation", message: "ok?" }])]);
    s = foldEvent(s, ev.runStarted("r2"));
    expect(interaction(s, "int-1")).toMatchObject({ status: "withdrawn", problem: expect.stringMatching(/new run started/) });
    expect(selectPendingIds(s)).toEqual([]);
    expect(s.pendingInterrupts).toEqual([]);
  });

  it("an interrupt id used again in a later run gets a fresh interaction", () => {
    let s = fold([ev.runStarted(), interrupted([{ id: "int-1", reason: "confirmation", message: "first" }])]);
    s = fold([ev.runStarted("r2"), interrupted([{ id: "int-1", reason: "confirmation", message: "second" }], "r2")], s);
    expect(s.interactionIds).toEqual(["int-1", "int-1@r2"]);
    expect(interaction(s, "int-1@r2")).toMatchObject({ status: "pending", origin: { interruptId: "int-1" } });
    expect(interaction(s, "int-1@r2").envelope?.payload).toMatchObject({ summary: "second" });
  });
});

describe("CUSTOM events", () => {
  it("parley.interaction notification is shown, never pending", () => {
    const s = fold([ev.runStarted(), parleyEvent({ messageId: "n1", messageType: "notification", payload: { content: "Ticket booked", level: "success" } })]);
    expect(interaction(s, "n1")).toMatchObject({ status: "shown", messageType: "notification", origin: { kind: "custom", name: "parley.interaction" }, numbers: [] });
    expect(selectPendingIds(s)).toEqual([]);
    expect(rowOf(s, "n1")).toMatchObject({ role: "interaction", messageType: "notification" });
  });

  it.each([
    ["advice", { content: "Which?", options: OPTIONS }, [1, 2, 3]],
    ["permission_request", { operation: "rm", summary: "Delete" }, []],
    ["input_request", { content: "Name?", schema: { type: "object" } }, []],
    ["error", { content: "Failed", actions: ["retry", "report"] }, [1, 2]],
    ["acme:seat_map", { seats: 3 }, []],
  ])("parley.interaction %s is pending with numbers %j", (messageType, payload, numbers) => {
    const s = fold([ev.runStarted(), parleyEvent({ messageId: "c1", messageType, payload })]);
    expect(interaction(s, "c1")).toMatchObject({ status: "pending", messageType, numbers, runId: "r1" });
    expect(selectPendingIds(s)).toEqual(["c1"]);
  });

  it("an RTUI alias arrives as its semantic type", () => {
    const s = fold([ev.runStarted(), parleyEvent({ messageId: "c1", messageType: "confirm", payload: { operation: "pay", summary: "Pay?" } })]);
    expect(interaction(s, "c1").messageType).toBe("permission_request");
    expect(rowOf(s, "c1")?.messageType).toBe("permission_request");
  });

  it("an envelope timestamp is createdAt", () => {
    const s = fold([ev.runStarted(), parleyEvent({ messageId: "c1", messageType: "notification", timestamp: "2026-11-30T00:00:00Z", payload: { content: "x" } })]);
    expect(interaction(s, "c1").createdAt).toBe(Date.UTC(2026, 10, 30));
  });

  it("an invalid envelope is an invalid interaction, recorded, never answerable", () => {
    const value = { messageId: "c1", messageType: "advice", payload: { options: "nope" } };
    const s = fold([ev.runStarted(), parleyEvent(value)]);
    expect(interaction(s, "c1")).toMatchObject({ status: "invalid", messageType: "parley:invalid", raw: value });
    expect(interaction(s, "c1").problem).toMatch(/^CUSTOM parley\.interaction: /);
    expect(rowOf(s, "c1")?.messageType).toBe("parley:invalid");
    expect(errorCodes(s)).toEqual(["invalid-envelope"]);
    expect(selectPendingIds(s)).toEqual([]);
  });

  it("an envelope without a messageId gets an id of its own and is still shown (invalid)", () => {
    const s = fold([ev.runStarted(), parleyEvent({ messageType: "notification", payload: { content: "x" } })]);
    expect(s.interactionIds).toEqual(["parley.interaction-1"]);
    expect(interaction(s, "parley.interaction-1").status).toBe("invalid");
  });

  it("a second envelope with the same messageId is refused as a duplicate", () => {
    const envelope = { messageId: "c1", messageType: "notification", payload: { content: "x" } };
    const s = fold([ev.runStarted(), parleyEvent(envelope), parleyEvent({ ...envelope, payload: { content: "changed" } })]);
    expect(s.interactionIds).toEqual(["c1"]);
    expect(interaction(s, "c1").envelope?.payload).toMatchObject({ content: "x" });
    expect(errorCodes(s)).toEqual(["duplicate-id"]);
  });

  it("other CUSTOM names make no interaction", () => {
    const s = fold([ev.runStarted(), ev.custom("parley.answer", { messageId: "c1", messageType: "notification", payload: { content: "x" } }), ev.custom("interaction", {})]);
    expect(s.interactionIds).toEqual([]);
    expect(s.customEvents).toHaveLength(2);
  });

  it("LangGraph on_interrupt with a string value asks for one answer", () => {
    const s = fold([ev.runStarted(), ev.custom("on_interrupt", "Which city?")]);
    const [id] = s.interactionIds;
    expect(id).toBe("on_interrupt-1");
    const i = interaction(s, id!);
    expect(i).toMatchObject({ status: "pending", messageType: "input_request", origin: { kind: "custom", name: "on_interrupt" } });
    expect(i.envelope?.payload).toMatchObject({ content: "Which city?", schema: { type: "object", required: ["answer"], properties: { answer: { type: "string" } } } });
  });

  it("LangGraph on_interrupt with an object: its message and id", () => {
    const s = fold([ev.runStarted(), ev.custom("on_interrupt", { id: "lg-7", value: { message: "Confirm the date?" } })]);
    expect(s.interactionIds).toEqual(["lg-7"]);
    expect(interaction(s, "lg-7").envelope?.payload).toMatchObject({ content: "Confirm the date?" });
  });

  it("LangGraph on_interrupt carrying an envelope uses it as it is", () => {
    const s = fold([ev.runStarted(), ev.custom("on_interrupt", { value: { messageId: "lg-env", messageType: "advice", payload: { content: "Pick", options: OPTIONS.slice(0, 2) } } })]);
    expect(interaction(s, "lg-env")).toMatchObject({ messageType: "advice", numbers: [1, 2], origin: { name: "on_interrupt" } });
  });

  it("LangGraph on_interrupt with any other object shows it as JSON", () => {
    const s = fold([ev.runStarted(), ev.custom("on_interrupt", { value: { foo: 1 } })]);
    expect(interaction(s, s.interactionIds[0]!).envelope?.payload).toMatchObject({ content: '{"foo":1}' });
  });
});

describe("numbers run on across the session", () => {
  it("advice 1–3, then a second advice 4–6, then an error's actions 7–8", () => {
    let s = fold([ev.runStarted(), ...adviseCall("tc1"), ev.runFinished()]);
    expect(interaction(s, "tc1").numbers).toEqual([1, 2, 3]);
    s = fold([ev.runStarted("r2"), ...adviseCall("tc2"), ev.runFinished("r2")], s);
    expect(interaction(s, "tc2").numbers).toEqual([4, 5, 6]);
    s = fold([ev.runStarted("r3"), parleyEvent({ messageId: "e1", messageType: "error", payload: { content: "Failed", actions: ["retry", "undo"] } })], s);
    expect(interaction(s, "e1").numbers).toEqual([7, 8]);
    expect(s.nextNumber).toBe(9);
  });

  it("notifications, permissions, forms and invalid envelopes take no numbers", () => {
    const s = fold([
      ev.runStarted(),
      parleyEvent({ messageId: "n", messageType: "notification", payload: { content: "x" } }),
      parleyEvent({ messageId: "p", messageType: "permission_request", payload: { operation: "x", summary: "y" } }),
      parleyEvent({ messageId: "f", messageType: "input_request", payload: { content: "x", schema: {} } }),
      parleyEvent({ messageId: "bad", messageType: "advice", payload: {} }),
      parleyEvent({ messageId: "adv", messageType: "advice", payload: { content: "?", options: OPTIONS } }),
    ]);
    expect(interaction(s, "adv").numbers).toEqual([1, 2, 3]);
  });
});

describe("reading interactions", () => {
  const thread = () => fold([
    ev.runStarted(), ev.textStart("a1"), ev.text("a1", "Pick:"), ev.textEnd("a1"), ...adviseCall("tc1", adviceArgs, "a1"),
    parleyEvent({ messageId: "n1", messageType: "notification", payload: { content: "x" } }), ev.runFinished(),
  ]);

  it("toAgUiMessages never includes interaction rows", () => {
    const s = thread();
    expect(s.messageIds).toContain(interactionRowId("tc1"));
    const messages = toAgUiMessages(s);
    expect(messages.map((m) => m.role)).not.toContain("interaction");
    expect(messages.map((m) => m.id)).toEqual(["a1"]);
    expect(toAgUiMessages(s, { includeActivity: true }).some((m) => (m.role as string) === "interaction")).toBe(false);
  });

  it("selectInteractions and selectPendingIds return the same array for the same thread", () => {
    const s = thread();
    expect(selectInteractions(s)).toBe(selectInteractions(s));
    expect(selectPendingIds(s)).toBe(selectPendingIds(s));
    expect(selectInteractions(s).map((i) => i.id)).toEqual(["tc1", "n1"]);
    expect(selectPendingIds(s)).toEqual(["tc1"]);
  });

  it("a fold that touches no interaction keeps the same arrays; one that adds one gives new ones", () => {
    const s = thread();
    const list = selectInteractions(s);
    const pending = selectPendingIds(s);
    const same = fold([ev.custom("unrelated", 1)], s);
    expect(selectInteractions(same)).toBe(list);
    expect(selectPendingIds(same)).toBe(pending);
    const more = fold([ev.runStarted("r2"), parleyEvent({ messageId: "c2", messageType: "advice", payload: { content: "?" } })], s);
    expect(selectInteractions(more)).not.toBe(list);
    expect(selectPendingIds(more)).toEqual(["tc1", "c2"]);
  });
});

describe("burst boundaries", () => {
  /** What a person sees of the interactions: order, rows, numbers, statuses and what each shows. */
  const visible = (s: ThreadState) => ({
    messageIds: s.messageIds,
    interactions: selectInteractions(s).map((i) => ({ id: i.id, status: i.status, numbers: i.numbers, envelope: i.envelope ?? null, draft: i.draft ?? null })),
    args: [...s.toolCalls.values()].map((c) => [c.id, c.args, c.interactionId ?? null]),
    errors: s.errors.map((e) => e.code),
    nextNumber: s.nextNumber,
  });

  const block = fc.oneof(
    fc.constant("advise"), fc.constant("notify"), fc.constant("custom"), fc.constant("text"), fc.constant("tool"), fc.constant("cut-advise"),
  );

  /** A run of random blocks, ending with RUN_FINISHED (maybe an interrupt about the last plain tool call) or RUN_ERROR. */
  function stream(blocks: string[], ending: "finish" | "interrupt" | "error"): BaseEvent[] {
    const events: BaseEvent[] = [ev.runStarted()];
    let lastTool: string | undefined;
    blocks.forEach((kind, i) => {
      const id = `${kind}-${i}`;
      const split = (json: string) => [json.slice(0, 7), json.slice(7, 19), json.slice(19)].filter(Boolean).map((part) => ev.toolArgs(id, part));
      if (kind === "advise") events.push(ev.toolStart(id, "parley_advise"), ...split(adviceArgs), ev.toolEnd(id));
      if (kind === "cut-advise") events.push(ev.toolStart(id, "parley_advise"), ...split(adviceArgs));
      if (kind === "notify") events.push(ev.toolStart(id, "parley_notify"), ...split('{"content":"Saved"}'), ev.toolEnd(id));
      if (kind === "custom") events.push(parleyEvent({ messageId: id, messageType: "error", payload: { content: "x", actions: ["retry", "undo"] } }));
      if (kind === "text") events.push(ev.textStart(id), ev.text(id, "hello"), ev.textEnd(id));
      if (kind === "tool") {
        events.push(ev.toolStart(id, "send_email"), ...split('{"to":"ann@example.com"}'), ev.toolEnd(id));
        lastTool = id;
      }
    });
    if (ending === "error") events.push(ev.runError("boom"));
    else if (ending === "interrupt" && lastTool) events.push(interrupted([{ id: "int-1", reason: "tool_call", toolCallId: lastTool }]));
    else events.push(ev.runFinished());
    return events;
  }

  it("any cut of the stream into bursts gives the same interactions (property)", () => {
    fc.assert(
      fc.property(
        fc.array(block, { maxLength: 6 }),
        fc.constantFrom("finish" as const, "interrupt" as const, "error" as const),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 40 }),
        (blocks, ending, sizes) => {
          const events = stream(blocks, ending);
          const whole = fold(events);
          let cut = fresh();
          for (let at = 0, k = 0; at < events.length; k++) {
            const size = sizes[k % sizes.length]!;
            cut = foldEvents(cut, events.slice(at, at + size));
            at += size;
          }
          expect(visible(cut)).toEqual(visible(whole));
          expect(visible(foldEach(events))).toEqual(visible(whole));
        },
      ),
      { numRuns: 200 },
    );
  });
});

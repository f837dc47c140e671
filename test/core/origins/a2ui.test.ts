import { beforeAll, describe, expect, it } from "vitest";
import { applyClientAction, buildRunInput, createThreadState, foldEvents, type ThreadState } from "../../../src/core";
import { parseChannelReply, renderForChannel } from "../../../src/core/channels";
import { surfaceLines } from "../../../src/core/channels/surfaceText";
import { refusalOf } from "../../../src/core/actions/refusalOf";
import { selectRespondable } from "../../../src/core/enumeration/range";
import { resolveReply } from "../../../src/core/enumeration/resolveReply";
import { A2UI_NOTHING_OWED, a2uiDoor, a2uiInteractionId } from "../../../src/core/origins/a2ui";
import { ev } from "../../support/events";
import { BOOKING_SURFACE, bookingComponents, bookingContent, bookingCreate, bookingData, bookingMessages } from "../../support/a2uiBooking";

const MSG = "a2ui-surface-call-1";
const ID = a2uiInteractionId(MSG);
const surfaceEvent = (content: object = bookingContent()) => ev.activitySnapshot(MSG, "a2ui-surface", content, { replace: true });
const folded = (content?: object): ThreadState => foldEvents(createThreadState({ threadId: "t1" }), [ev.runStarted("r1"), surfaceEvent(content), ev.runFinished("r1")]);
const press = (thread: ThreadState, optionId: string, edits?: Record<string, unknown>, extra: object = {}) =>
  applyClientAction(thread, { type: "answer", interactionId: ID, response: { action: "a2ui", optionId, ...(edits ? { edits } : {}), ...extra }, how: "click", at: Date.UTC(2026, 11, 2, 10), who: "ana@acme.com" });
const nextRun = (thread: ThreadState) => buildRunInput(thread, { runId: "r2", identity: "ana@acme.com" }).forwardedProps as Record<string, any>;

describe("an A2UI surface as a way of asking", () => {
  beforeAll(async () => {
    await a2uiDoor.load();
  });

  it("a surface with actions is a pending question numbered like advice; one without is only shown", () => {
    const thread = folded();
    const interaction = thread.interactions.get(ID)!;
    expect(interaction).toMatchObject({ status: "pending", messageType: "a2ui:surface", origin: { kind: "a2ui", messageId: MSG }, numbers: [1, 2] });
    expect(selectRespondable(thread).items.map((i) => [i.number, i.label])).toEqual([[1, "Book"], [2, "Cancel"]]);
    const display = folded(bookingContent([bookingCreate, { version: "v0.9", updateComponents: { surfaceId: BOOKING_SURFACE, components: [{ id: "root", component: "Text", text: "Booked." }] } }]));
    expect(display.interactions.get(ID)).toBeUndefined();
  });

  it("follows a streamed surface: buttons that arrive later get numbers, earlier ones keep theirs", () => {
    const partial = bookingComponents.filter((c) => c.id !== "cancel");
    let thread = folded(bookingContent([bookingCreate, { version: "v0.9", updateComponents: { surfaceId: BOOKING_SURFACE, components: partial } }]));
    expect(thread.interactions.get(ID)!.numbers).toEqual([1]);
    thread = foldEvents(thread, [surfaceEvent()]);
    expect(thread.interactions.get(ID)!.numbers).toEqual([1, 2]);
  });

  it("a press goes back once, in the next run's forwardedProps.a2uiAction, with the context resolved and the person audited", () => {
    let thread = press(folded(), `${BOOKING_SURFACE}/book`, { "/booking/name": "Ada", "/booking/guests": 4 });
    const interaction = thread.interactions.get(ID)!;
    expect(interaction.status).toBe("answered");
    expect(thread.audit.at(-1)).toMatchObject({ decision: "approved", who: "ana@acme.com", interactionId: ID });
    const props = nextRun(thread);
    expect(props.a2uiAction).toEqual({ userAction: { name: "book_table", surfaceId: BOOKING_SURFACE, sourceComponentId: "book", timestamp: "2026-12-02T10:00:00.000Z", context: { guests: 4, name: "Ada", when: "2026-12-24T19:30", seating: ["inside"], source: "parley-test" } } });
    expect(props.parley).toEqual({ identity: "ana@acme.com" });
    thread = applyClientAction(thread, { type: "deliver", interactionIds: [ID], runId: "r2" });
    expect(nextRun(thread).a2uiAction).toBeUndefined();
  });

  it("refuses a press while a check fails, in the check's words, and a button the surface lacks", () => {
    const thread = folded();
    expect(press(thread, `${BOOKING_SURFACE}/book`)).toBe(thread);
    expect(press(thread, `${BOOKING_SURFACE}/title`)).toBe(thread);
    expect(applyClientAction(thread, { type: "answer", interactionId: ID, response: { value: "book" }, how: "click", at: 1 })).toBe(thread);
  });

  it("'2' in the composer presses the second button", () => {
    const thread = folded();
    const reply = resolveReply("2", selectRespondable(thread));
    expect(reply).toEqual({ kind: "choice", numbers: [2] });
    const next = applyClientAction(thread, { type: "answer", interactionId: ID, response: { action: "choose", optionIds: [`${BOOKING_SURFACE}/cancel`], numbers: [2] }, how: "number-reply", at: 5 });
    expect(nextRun(next).a2uiAction.userAction).toMatchObject({ name: "cancel_booking", sourceComponentId: "cancel", context: {} });
  });

  it("the agent cannot trigger an action itself: nothing it sends answers the surface", () => {
    const forged = { a2ui_operations: bookingMessages, userAction: { name: "book_table" }, response: { action: "a2ui", optionId: `${BOOKING_SURFACE}/book` }, status: "answered" };
    const thread = foldEvents(folded(), [
      ev.activitySnapshot(MSG, "a2ui-surface", forged),
      ev.custom("a2uiAction", { userAction: { name: "book_table", surfaceId: BOOKING_SURFACE } }),
      ev.stateSnapshot({ a2uiAction: { userAction: { name: "book_table" } } }),
    ]);
    expect(thread.interactions.get(ID)!.status).toBe("pending");
    expect(nextRun(thread).a2uiAction).toBeUndefined();
  });

  it("a consequential action asks on a permission card first; approval sends it, a decline sends nothing", () => {
    const marked = bookingComponents.map((c) => (c.id === "book" ? { ...c, action: { event: { name: "book_table", consequential: true, context: { guests: { path: "/booking/guests" } } } } } : c));
    const content = bookingContent([bookingCreate, { version: "v0.9", updateComponents: { surfaceId: BOOKING_SURFACE, components: marked } }, bookingData]);
    const asked = press(folded(content), `${BOOKING_SURFACE}/book`, { "/booking/name": "Ada" });
    expect(asked.interactions.get(ID)!.status).toBe("pending");
    const card = [...asked.interactions.values()].find((i) => i.messageType === "permission_request")!;
    expect(card.envelope).toMatchObject({ payload: { operation: "book_table", args: { guests: 2 } } });
    expect(nextRun(asked).a2uiAction).toBeUndefined();

    const approved = applyClientAction(asked, { type: "answer", interactionId: card.id, response: { approved: true }, how: "click", at: 9, who: "ana@acme.com" });
    expect(approved.interactions.get(ID)!.status).toBe("answered");
    expect(approved.interactions.get(card.id)!.deliveredInRunId).toBe(A2UI_NOTHING_OWED);
    expect(nextRun(approved).a2uiAction.userAction).toMatchObject({ name: "book_table", context: { guests: 2 } });
    expect(approved.audit.filter((r) => r.who === "ana@acme.com").map((r) => r.interactionId)).toEqual(expect.arrayContaining([ID, card.id]));

    const declined = applyClientAction(asked, { type: "decline", interactionId: card.id, how: "click", at: 9 });
    expect(declined.interactions.get(ID)!.status).toBe("pending");
    expect(nextRun(declined).a2uiAction).toBeUndefined();
  });

  it("the app's policy can ask for confirmation of any action", () => {
    const asked = press(folded(), `${BOOKING_SURFACE}/cancel`, undefined, { confirm: true });
    expect([...asked.interactions.values()].some((i) => i.messageType === "permission_request")).toBe(true);
  });

  it("a surface deleted or left without buttons is withdrawn and owes nothing", () => {
    const thread = foldEvents(folded(), [surfaceEvent(bookingContent([...bookingMessages, { version: "v0.9", deleteSurface: { surfaceId: BOOKING_SURFACE } }]))]);
    expect(thread.interactions.get(ID)).toMatchObject({ status: "withdrawn", deliveredInRunId: A2UI_NOTHING_OWED });
  });

  it("degrades to numbered text for a channel: its heading, what it says and holds in reading order, then its actions", () => {
    const thread = folded();
    const interaction = thread.interactions.get(ID)!;
    const plain = renderForChannel(interaction.envelope!, { channel: "im", numbers: interaction.numbers }).text;
    expect(plain).toBe("Book a table\n1. Book\n2. Cancel\nReply with the number (1–2).");
    const content = thread.messages.get(MSG)!;
    const im = renderForChannel(interaction.envelope!, { channel: "im", numbers: interaction.numbers, surface: content.role === "activity" ? content.content : undefined });
    expect(im.text).toBe(["Book a table", "Guests: 2", "Date: 2026-12-24T19:30", "Name: not filled in", "Seating: Inside", "1. Book", "2. Cancel", "Reply with the number (1–2)."].join("\n"));
    expect(im.choices.map((c) => [c.number, c.label])).toEqual([[1, "Book"], [2, "Cancel"]]);
  });

  it("'2' in IM picks the second action: parsed by the channel, answered through the person's door, sent once", () => {
    const thread = folded();
    const interaction = thread.interactions.get(ID)!;
    const reply = parseChannelReply("2", interaction.envelope!, { numbers: interaction.numbers });
    expect(reply).toMatchObject({ kind: "answer", response: { action: "choose", optionIds: [`${BOOKING_SURFACE}/cancel`] } });
    if (reply.kind !== "answer") return;
    const next = applyClientAction(thread, { type: "answer", interactionId: ID, response: reply.response, how: "number-reply", at: 5, who: "ana@acme.com" });
    expect(nextRun(next).a2uiAction.userAction).toMatchObject({ name: "cancel_booking", surfaceId: BOOKING_SURFACE });
    expect(next.audit.at(-1)).toMatchObject({ who: "ana@acme.com", interactionId: ID, how: "number-reply" });
    // "1" books, but the name is required: refused in the check's words, nothing sent.
    const book = parseChannelReply("1", interaction.envelope!, { numbers: interaction.numbers });
    if (book.kind !== "answer") throw new Error("expected an answer");
    const refused = refusalOf(thread, { type: "answer", interactionId: ID, response: book.response, how: "number-reply", at: 5 });
    expect(refused?.message).toBe("Say whose name the table is under.");
  });

  it("speaks a surface for voice, in Chinese too, and '第二个' picks the second action", () => {
    const thread = folded();
    const interaction = thread.interactions.get(ID)!;
    const content = thread.messages.get(MSG)!;
    const surface = content.role === "activity" ? content.content : undefined;
    const en = renderForChannel(interaction.envelope!, { channel: "voice", numbers: interaction.numbers, surface });
    expect(en.text).toBe("Book a table Guests: 2. Date: 2026-12-24T19:30. Name: not filled in. Seating: Inside. Number 1: Book. Number 2: Cancel. Say the number of your choice.");
    const zh = renderForChannel(interaction.envelope!, { channel: "voice", locale: "zh-CN", numbers: interaction.numbers, surface });
    expect(zh.text).toContain("Name: 未填写。");
    expect(zh.text).toContain("第二项，Cancel。");
    expect(parseChannelReply("第二个", interaction.envelope!, { numbers: interaction.numbers, locale: "zh-CN" })).toMatchObject({ kind: "answer", response: { optionIds: [`${BOOKING_SURFACE}/cancel`] } });
  });

  it("reads a template's items and a checkbox for a channel, and leaves out what the catalog lacks", () => {
    const components = [
      { id: "root", component: "Column", children: ["list", "box", "odd"] },
      { id: "list", component: "List", children: { componentId: "row", path: "/flights" } },
      { id: "row", component: "Text", text: { path: "no" } },
      { id: "box", component: "CheckBox", label: "Window seat", value: { path: "/window" } },
      { id: "odd", component: "Hologram", text: "<b>not shown</b>" },
    ];
    const data = { version: "v0.9", updateDataModel: { surfaceId: BOOKING_SURFACE, path: "/", value: { flights: [{ no: "UA 123" }, { no: "DL 456" }], window: true } } };
    const lines = surfaceLines(bookingContent([bookingCreate, { version: "v0.9", updateComponents: { surfaceId: BOOKING_SURFACE, components } }, data]), { yes: "yes", no: "no", empty: "-" });
    expect(lines).toEqual(["UA 123", "DL 456", "Window seat: yes"]);
  });

  it("numbers in reading order from root, not in the order components arrived; a modal's trigger opens it and is not an action", () => {
    const components = [
      { id: "later", component: "Button", child: "later-text", action: { event: { name: "later" } } },
      { id: "root", component: "Column", children: ["modal", "first", "later"] },
      { id: "later-text", component: "Text", text: "Second" },
      { id: "first", component: "Button", text: "First", action: { event: { name: "first" } } },
      { id: "modal", component: "Modal", trigger: "open", content: "inside" },
      { id: "open", component: "Button", text: "Details", action: { event: { name: "openModalEvent" } } },
      { id: "inside", component: "Button", text: "Inside", action: { event: { name: "inside" } } },
    ];
    const thread = folded(bookingContent([bookingCreate, { version: "v0.9", updateComponents: { surfaceId: BOOKING_SURFACE, components } }]));
    expect(selectRespondable(thread).items.map((i) => [i.number, i.label])).toEqual([[1, "Inside"], [2, "First"], [3, "Second"]]);
  });

  it("a template's button is one option per item, labelled by what it sends, pressed with its item's context; '2' picks the second", () => {
    const flights = { version: "v0.9", updateDataModel: { surfaceId: BOOKING_SURFACE, path: "/", value: { flights: [{ no: "UA 123", price: "$289" }, { no: "DL 456", price: "$315" }] } } };
    const components = [
      { id: "root", component: "Row", children: { componentId: "card", path: "/flights" } },
      { id: "card", component: "FlightCard", action: { event: { name: "book_flight", context: { flightNumber: { path: "no" }, price: { path: "price" } } } } },
    ];
    let thread = folded(bookingContent([bookingCreate, { version: "v0.9", updateComponents: { surfaceId: BOOKING_SURFACE, components } }]));
    expect(thread.interactions.get(ID)).toBeUndefined();
    // The items stream in after the components: each one becomes an option, numbers kept.
    thread = foldEvents(thread, [surfaceEvent(bookingContent([bookingCreate, { version: "v0.9", updateComponents: { surfaceId: BOOKING_SURFACE, components } }, flights]))]);
    expect(selectRespondable(thread).items.map((i) => [i.number, i.label])).toEqual([[1, "book_flight: UA 123, $289"], [2, "book_flight: DL 456, $315"]]);
    const reply = resolveReply("2", selectRespondable(thread));
    expect(reply).toEqual({ kind: "choice", numbers: [2] });
    const optionId = (thread.interactions.get(ID)!.envelope!.payload as { options: { id: string }[] }).options[1]!.id;
    expect(optionId).toBe(`${BOOKING_SURFACE}/card#/flights/1`);
    const next = applyClientAction(thread, { type: "answer", interactionId: ID, response: { action: "choose", optionIds: [optionId], numbers: [2] }, how: "number-reply", at: 5 });
    expect(nextRun(next).a2uiAction.userAction).toMatchObject({ name: "book_flight", sourceComponentId: "card", context: { flightNumber: "DL 456", price: "$315" } });
  });

  it("numbers nothing the surface model refuses: a 0.8 message or another version offers no action", () => {
    const button = { id: "root", component: "Button", text: "Go", action: { event: { name: "go" } } };
    expect(folded(bookingContent([{ version: "v7", updateComponents: { surfaceId: "s", components: [button] } }])).interactions.get(ID)).toBeUndefined();
    expect(folded(bookingContent([{ surfaceUpdate: {}, updateComponents: { surfaceId: "s", components: [button] } }])).interactions.get(ID)).toBeUndefined();
    expect(folded(bookingContent([{ version: "v0.10", updateComponents: { surfaceId: "s", components: [button] } }])).interactions.get(ID)!.numbers).toEqual([1]);
  });

  it("an option the agent's door never offered cannot be pressed, even if the surface has the button", () => {
    const thread = folded();
    expect(press(thread, `${BOOKING_SURFACE}/cancel#/x`)).toBe(thread);
  });
});

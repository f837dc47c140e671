import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { BaseEvent } from "@ag-ui/core";
import { MessageRenderer } from "../../src/components";
import type { ThreadStore, ThreadStoreOptions } from "../../src/store/createThreadStore";
import type { Interaction } from "../../src/core/interactions";
import { ev } from "../support/events";
import { expectNoAxeViolations, heardFromAgent, renderKit } from "./support";


/** A store that heard `events` in one run (see heardFromAgent); answers do not start runs by themselves. */
const heard = (events: BaseEvent[], options: ThreadStoreOptions & { open?: boolean } = {}): ThreadStore => heardFromAgent(events, { autoContinue: false, ...options }).store;

/** One run in which the agent calls one of Parley's tools. */
function parleyCall(id: string, tool: string, args: unknown, runId = "r1"): BaseEvent[] {
  return [ev.runStarted(runId), ev.toolStart(id, tool), ev.toolArgs(id, JSON.stringify(args)), ev.toolEnd(id), ev.runFinished(runId)];
}

const trains = {
  content: "Which train to Lyon?",
  options: [
    { id: "t0705", label: "07:05", description: "2 h, €49" },
    { id: "t0904", label: "09:04", description: "2 h, €65" },
    { id: "t1210", label: "12:10", description: "2 h 10, €39" },
  ],
};

const interaction = (store: ThreadStore, id: string): Interaction => store.getState().thread.interactions.get(id)!;
const card = (store: ThreadStore, id: string) => <MessageRenderer id={interaction(store, id).rowId} />;
const toolMessagesFor = (store: ThreadStore, toolCallId: string) => {
  const { thread } = store.getState();
  return thread.messageIds.map((id) => thread.messages.get(id)!).filter((m) => m.role === "tool" && m.toolCallId === toolCallId);
};

afterEach(() => {
  vi.useRealTimers();
});

describe("AdviceCard", () => {
  it("answers with the option clicked, then Choose", async () => {
    const user = userEvent.setup();
    const store = heard(parleyCall("adv", "parley_advise", trains));
    const { container } = renderKit(card(store, "adv"), store);
    // Titled by the question, under a small label that says what kind of question it is.
    const section = screen.getByRole("group", { name: "Which train to Lyon?" });
    expect(section).toHaveAttribute("data-state", "pending");
    expect(section).toHaveAttribute("data-type", "advice");
    expect(section.querySelector("[data-slot=interaction-type]")).toHaveTextContent("Suggestion");
    expect(section.querySelector("[data-slot=interaction-content]")).toBeNull();
    await expectNoAxeViolations(container);

    const choose = screen.getByRole("button", { name: "Choose" });
    expect(choose).toBeDisabled();
    await user.click(screen.getByRole("radio", { name: "Option 2: 09:04" }));
    expect(choose).toBeEnabled();
    await user.click(choose);

    expect(interaction(store, "adv")).toMatchObject({ status: "answered", how: "click", response: { action: "choose", optionIds: ["t0904"], numbers: [2] } });
    expect(section).toHaveAttribute("data-state", "answered");
    // Choose is gone with the question; focus stays on the card, not on <body>.
    expect(section).toHaveFocus();
  });

  it("the digit key picks the option with that number", async () => {
    const user = userEvent.setup();
    const store = heard(parleyCall("adv", "parley_advise", trains));
    renderKit(card(store, "adv"), store);
    await user.click(screen.getByRole("radio", { name: "Option 1: 07:05" }));
    await user.keyboard("3");
    const third = screen.getByRole("radio", { name: "Option 3: 12:10" });
    expect(third).toHaveAttribute("data-state", "checked");
    expect(third).toHaveFocus();
    expect(screen.getByRole("radio", { name: "Option 1: 07:05" })).toHaveAttribute("data-state", "unchecked");
    // A digit that is no option's number changes nothing.
    await user.keyboard("7");
    expect(third).toHaveAttribute("data-state", "checked");
    await user.click(screen.getByRole("button", { name: "Choose" }));
    expect(interaction(store, "adv").response).toEqual({ action: "choose", optionIds: ["t1210"], numbers: [3] });
    // The choice was made with a digit key, and the answer says so.
    expect(interaction(store, "adv").how).toBe("key");
  });

  it("an assistant message that only calls a Parley tool shows no empty bubble: the card is the message", () => {
    const store = heard(parleyCall("adv", "parley_advise", trains));
    // The call has no parent, so its assistant message takes the call's id.
    const { container } = renderKit(<><MessageRenderer id="adv" />{card(store, "adv")}</>, store);
    expect(container.querySelectorAll("[data-slot=interaction]")).toHaveLength(1);
    expect(container.querySelector("[data-slot=message][data-role=assistant]")).toBeNull();
  });

  it("numbers a second advice on from the first (4–6)", () => {
    const store = heard([
      ...parleyCall("adv1", "parley_advise", trains).slice(0, -1),
      ...parleyCall("adv2", "parley_advise", { content: "Which seat?", options: [{ id: "w", label: "Window" }, { id: "a", label: "Aisle" }, { id: "t", label: "Table" }] }).slice(1),
    ]);
    renderKit(card(store, "adv2"), store);
    expect(screen.getAllByRole("radio").map((r) => r.getAttribute("data-number"))).toEqual(["4", "5", "6"]);
    expect(screen.getByRole("radio", { name: "Option 4: Window" })).toBeInTheDocument();
  });

  it("two cards of one type side by side are told apart (no landmark named twice)", async () => {
    const store = heard([
      ...parleyCall("adv1", "parley_advise", trains).slice(0, -1),
      ...parleyCall("adv2", "parley_advise", { content: "Which seat?", options: [{ id: "w", label: "Window" }] }).slice(1),
    ]);
    const { container } = renderKit(<>{card(store, "adv1")}{card(store, "adv2")}</>, store);
    expect(screen.getByRole("group", { name: "Which train to Lyon?" })).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Which seat?" })).toBeInTheDocument();
    expect(screen.queryByRole("region")).toBeNull();
    await expectNoAxeViolations(container);
  });

  it("multiple choice: checkboxes, and several options in the answer", async () => {
    const user = userEvent.setup();
    const store = heard(parleyCall("adv", "parley_advise", { content: "Extras?", multiple: true, options: [{ id: "meal", label: "Meal" }, { id: "wifi", label: "Wi-Fi" }, { id: "bag", label: "Extra bag" }] }));
    const { container } = renderKit(card(store, "adv"), store);
    expect(screen.getByRole("group", { name: "Extras?" })).toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: "Option 1: Meal" }));
    await user.keyboard("3");
    expect(screen.getByRole("checkbox", { name: "Option 3: Extra bag" })).toBeChecked();
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole("button", { name: "Choose" }));
    expect(interaction(store, "adv").response).toEqual({ action: "choose", optionIds: ["meal", "bag"], numbers: [1, 3] });
  });

  it("without options it is accepted or rejected", async () => {
    const user = userEvent.setup();
    const suggestion = { content: "Shall I book the 07:05 as usual?" };
    const store = heard(parleyCall("acc", "parley_advise", suggestion));
    const { container, unmount } = renderKit(card(store, "acc"), store);
    await expectNoAxeViolations(container);
    expect(screen.queryByRole("button", { name: "Choose" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Accept" }));
    expect(interaction(store, "acc")).toMatchObject({ status: "answered", response: { action: "accept" } });
    expect(screen.getByText("Accept", { selector: "[data-slot=interaction-outcome-value]" })).toBeInTheDocument();
    unmount();

    const other = heard(parleyCall("rej", "parley_advise", suggestion));
    renderKit(card(other, "rej"), other);
    await user.click(screen.getByRole("button", { name: "Reject" }));
    expect(interaction(other, "rej")).toMatchObject({ status: "answered", response: { action: "reject" } });
  });

  it("Decline declines it", async () => {
    const user = userEvent.setup();
    const store = heard(parleyCall("adv", "parley_advise", trains));
    const { container } = renderKit(card(store, "adv"), store);
    await user.click(screen.getByRole("button", { name: "Decline" }));
    expect(interaction(store, "adv")).toMatchObject({ status: "declined", how: "click" });
    expect(container.querySelector("[data-slot=interaction]")).toHaveAttribute("data-state", "declined");
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByText(/^Declined by click at /)).toBeInTheDocument();
    // The tool call gets its one result: declined.
    expect(toolMessagesFor(store, "adv").map((m) => JSON.parse(m.content as string))).toEqual([{ status: "declined" }]);
  });

  it("answered, it is read-only and says what was chosen and how", async () => {
    const store = heard(parleyCall("adv", "parley_advise", trains));
    act(() => {
      expect(store.getState().reply("2号").done).toBe(true);
    });
    const { container } = renderKit(card(store, "adv"), store);
    expect(screen.queryByRole("button", { name: "Choose" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Decline" })).toBeNull();
    for (const radio of screen.getAllByRole("radio")) expect(radio).toBeDisabled();
    expect(screen.getByRole("radio", { name: "Option 2: 09:04" })).toHaveAttribute("data-state", "checked");
    const outcome = container.querySelector("[data-slot=interaction-outcome]")!;
    expect(outcome).toHaveTextContent("Chose 2 09:04");
    expect(outcome).toHaveTextContent(/Answered by number reply at \d/);
    // Digits do nothing on a settled card.
    fireEvent.keyDown(container.querySelector("[data-slot=interaction]")!, { key: "1" });
    expect(interaction(store, "adv").response).toEqual({ action: "choose", optionIds: ["t0904"], numbers: [2] });
    await expectNoAxeViolations(container);
  });

  it("while the arguments stream it shows the draft and no buttons", async () => {
    const store = heard([ev.runStarted(), ev.toolStart("adv", "parley_advise"), ev.toolArgs("adv", '{"content":"Which train to Lyon?","options":[{"id":"a","label":"07:05"},{"id":"b","lab')], { open: true });
    const { container } = renderKit(card(store, "adv"), store);
    const section = container.querySelector("[data-slot=interaction]")!;
    expect(section).toHaveAttribute("data-state", "streaming");
    expect(section).toHaveAttribute("aria-busy", "true");
    expect(section).toHaveTextContent("Which train to Lyon?");
    expect(section).toHaveTextContent("07:05");
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.queryByRole("radio")).toBeNull();
    await expectNoAxeViolations(container);
    act(() => store.getState().stop());
  });
});

describe("withdrawn", () => {
  it("the app withdraws a question: read-only, with the reason", async () => {
    const store = heard(parleyCall("adv", "parley_advise", trains));
    act(() => {
      store.getState().withdraw("adv", "You booked by phone instead.");
    });
    const { container } = renderKit(card(store, "adv"), store);
    expect(container.querySelector("[data-slot=interaction]")).toHaveAttribute("data-state", "withdrawn");
    expect(screen.queryByRole("button")).toBeNull();
    expect(container.querySelector("[data-slot=interaction-outcome]")).toHaveTextContent(/^Withdrawn at .+ — You booked by phone instead\.$/);
    await expectNoAxeViolations(container);
  });

  it("a question the run cut off shows as withdrawn, not as a type the app does not know", async () => {
    const store = heard([ev.runStarted(), ev.toolStart("adv", "parley_advise"), ev.toolArgs("adv", '{"content":"Which tr'), ev.runError("The connection dropped.")]);
    const { container } = renderKit(card(store, "adv"), store);
    const section = screen.getByRole("group", { name: "Suggestion" });
    expect(section).toHaveAttribute("data-state", "withdrawn");
    expect(container.querySelector("[data-slot=interaction-outcome]")).toHaveTextContent("Withdrawn — The run ended before the question was complete.");
    expect(container).not.toHaveTextContent("does not know");
    await expectNoAxeViolations(container);
  });
});

describe("PermissionRequestCard", () => {
  const deletion = {
    operation: "delete_file",
    summary: "Delete the file report_2024_final.pdf",
    categories: ["destructive", "irreversible"],
    details: { path: "/reports/report_2024_final.pdf", size: "2.4 MB" },
    confirmText: "report_2024_final.pdf",
  };

  it("names the agent's own button in the mismatch hint (its confirmLabel), not Approve", async () => {
    const user = userEvent.setup();
    const store = heard(parleyCall("perm", "parley_request_permission", { ...deletion, confirmLabel: "Delete" }));
    const { container } = renderKit(card(store, "perm"), store);
    await user.type(screen.getByRole("textbox", { name: "Type “report_2024_final.pdf” to confirm" }), "report");
    expect(screen.getByRole("button", { name: "Delete" })).toBeDisabled();
    expect(container.querySelector("[data-slot=permission-typed-mismatch]")).toHaveTextContent("That does not match. Type “report_2024_final.pdf” exactly to enable Delete.");
  });

  it("the buttons name the act the operation names, the agent's own labels win, and a name that is no act keeps Approve / Decline", () => {
    const acts = heard([
      ...parleyCall("p1", "parley_request_permission", { operation: "delete_files", summary: "Delete 14 files" }).slice(0, -1),
      ...parleyCall("p2", "parley_request_permission", { operation: "delete_files", summary: "Delete 14 files in /tmp", confirmLabel: "Delete 14 files", cancelLabel: "Keep them" }).slice(1, -1),
      ...parleyCall("p3", "parley_request_permission", { operation: "shell", summary: "Run ls -la" }).slice(1),
    ]);
    renderKit(<>{card(acts, "p1")}{card(acts, "p2")}{card(acts, "p3")}</>, acts);
    const footer = (name: string) => within(screen.getByRole("group", { name })).getAllByRole("button").map((b) => b.textContent);
    expect(footer("Delete 14 files")).toEqual(["Don't delete files", "Delete files"]);
    expect(footer("Delete 14 files in /tmp")).toEqual(["Keep them", "Delete 14 files"]);
    expect(footer("Run ls -la")).toEqual(["Decline", "Approve"]);
  });

  it("in a language other than English, the buttons keep its words for Approve / Decline", () => {
    const store = heard(parleyCall("p1", "parley_request_permission", { operation: "delete_files", summary: "删除 14 个文件" }));
    renderKit(card(store, "p1"), store, { locale: "zh-CN" });
    expect(within(screen.getByRole("group", { name: "删除 14 个文件" })).getAllByRole("button").map((b) => b.textContent)).toEqual(["拒绝", "批准"]);
  });

  it("keeps Approve disabled until the exact text is typed; a mismatch is explained and linked; paste works", async () => {
    const user = userEvent.setup();
    const store = heard(parleyCall("perm", "parley_request_permission", deletion));
    const { container } = renderKit(card(store, "perm"), store);
    const section = screen.getByRole("group", { name: "Delete the file report_2024_final.pdf" });
    expect(section).toHaveAttribute("data-destructive", "true");
    expect(within(section).getByText("Destructive")).toBeInTheDocument();
    expect(within(section).getByText("Irreversible")).toBeInTheDocument();
    await expectNoAxeViolations(container);

    const approve = screen.getByRole("button", { name: "Delete file" });
    const typed = screen.getByRole("textbox", { name: "Type “report_2024_final.pdf” to confirm" });
    expect(approve).toBeDisabled();
    await user.type(typed, "report_2024.pdf");
    expect(approve).toBeDisabled();
    expect(typed).toHaveAttribute("aria-invalid", "true");
    const mismatch = container.querySelector("[data-slot=permission-typed-mismatch]")!;
    expect(mismatch).toHaveTextContent("That does not match. Type “report_2024_final.pdf” exactly to enable Delete file.");
    expect(typed.getAttribute("aria-describedby")).toBe(mismatch.id);
    expect(typed).toHaveAccessibleDescription("That does not match. Type “report_2024_final.pdf” exactly to enable Delete file.");
    await expectNoAxeViolations(container);
    // Enter with the wrong text approves nothing.
    await user.keyboard("{Enter}");
    expect(interaction(store, "perm").status).toBe("pending");

    await user.clear(typed);
    await user.paste("report_2024_final.pdf");
    expect(typed).toHaveValue("report_2024_final.pdf");
    expect(typed).not.toHaveAttribute("aria-describedby");
    expect(approve).toBeEnabled();
    await user.click(approve);

    expect(interaction(store, "perm")).toMatchObject({ status: "answered", how: "click", response: { approved: true, typedConfirmation: "report_2024_final.pdf" } });
    expect(section).toHaveFocus();
    const results = toolMessagesFor(store, "perm");
    expect(results).toHaveLength(1);
    expect(JSON.parse(results[0]!.content as string)).toMatchObject({ status: "answered", response: { approved: true } });
    expect(screen.queryByRole("button", { name: "Delete file" })).toBeNull();
    expect(container.querySelector("[data-slot=interaction-outcome]")).toHaveTextContent("Approved");
  });

  it("fireEvent.paste into the confirmation field works too", () => {
    const store = heard(parleyCall("perm", "parley_request_permission", deletion));
    renderKit(card(store, "perm"), store);
    const typed = screen.getByRole("textbox", { name: /to confirm$/ });
    // A paste event does not cancel the input: the value arrives with the change that follows it.
    expect(fireEvent.paste(typed, { clipboardData: { getData: () => "report_2024_final.pdf" } })).toBe(true);
    fireEvent.change(typed, { target: { value: "report_2024_final.pdf" } });
    expect(screen.getByRole("button", { name: "Delete file" })).toBeEnabled();
  });

  const aboutDeleteFiles = [
    ev.runStarted("r1"),
    ev.textStart("a1"),
    ev.text("a1", "I will clear the cache."),
    ev.textEnd("a1"),
    ev.toolStart("c1", "delete_files", "a1"),
    ev.toolArgs("c1", JSON.stringify({ paths: ["/tmp/cache/a.bin", "/tmp/cache/b.bin"] })),
    ev.toolEnd("c1"),
    ev.runFinished("r1", "t1", {
      outcome: {
        type: "interrupt",
        interrupts: [{
          id: "int-del",
          reason: "tool_call",
          message: "Delete 2 cached files?",
          toolCallId: "c1",
          responseSchema: { type: "object", properties: { approved: { type: "boolean" }, editedArgs: { type: "object" } } },
          metadata: { categories: ["destructive"] },
        }],
      },
    }),
  ];

  it("an agent that declares it takes no edited arguments is not offered them", async () => {
    const store = heard(aboutDeleteFiles);
    Object.assign(store.getState().agent!, { getCapabilities: () => Promise.resolve({ humanInTheLoop: { interrupts: true, approveWithEdits: false } }) });
    const { container } = renderKit(card(store, "int-del"), store);
    // Until the agent has answered, it is offered (an undeclared capability is not a missing one).
    expect(screen.getByRole("checkbox", { name: "Edit the arguments before approving" })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("checkbox", { name: "Edit the arguments before approving" })).toBeNull());
    expect(container.querySelector("[data-slot=permission-args]")).toHaveTextContent('"/tmp/cache/b.bin"');
    expect(screen.getByRole("button", { name: "Delete files" })).toBeEnabled();
  });

  it("editable arguments: invalid JSON disables Approve, valid edits are sent as editedArgs", async () => {
    const user = userEvent.setup();
    const store = heard(aboutDeleteFiles);
    const { container } = renderKit(card(store, "int-del"), store);
    expect(container.querySelector("[data-slot=permission-args]")).toHaveTextContent('"/tmp/cache/b.bin"');
    const messagesBefore = store.getState().thread.messageIds.length;

    await user.click(screen.getByRole("checkbox", { name: "Edit the arguments before approving" }));
    const args = screen.getByRole("textbox", { name: "Arguments" });
    expect(JSON.parse((args as HTMLTextAreaElement).value)).toEqual({ paths: ["/tmp/cache/a.bin", "/tmp/cache/b.bin"] });
    await expectNoAxeViolations(container);

    fireEvent.change(args, { target: { value: '{"paths": ["/tmp/cache/a.bin"' } });
    const approve = screen.getByRole("button", { name: "Delete files" });
    expect(approve).toBeDisabled();
    expect(args).toHaveAttribute("aria-invalid", "true");
    expect(args).toHaveAccessibleDescription("The arguments must be valid JSON.");
    await expectNoAxeViolations(container);

    fireEvent.change(args, { target: { value: '{"paths": ["/tmp/cache/a.bin"]}' } });
    expect(approve).toBeEnabled();
    await user.click(approve);
    expect(interaction(store, "int-del")).toMatchObject({ status: "answered", response: { approved: true, editedArgs: { paths: ["/tmp/cache/a.bin"] } } });
    // An interrupt is answered by the next run's resume, not by a tool message.
    expect(store.getState().thread.messageIds).toHaveLength(messagesBefore);
    expect(container.querySelector("[data-slot=permission-args]")).not.toHaveTextContent("b.bin");
  });

  it("Decline declines it", async () => {
    const user = userEvent.setup();
    const store = heard(aboutDeleteFiles);
    const { container } = renderKit(card(store, "int-del"), store);
    await user.click(screen.getByRole("button", { name: "Don't delete files" }));
    expect(interaction(store, "int-del")).toMatchObject({ status: "declined", how: "click" });
    expect(container.querySelector("[data-slot=interaction]")).toHaveFocus();
    expect(container.querySelector("[data-slot=interaction]")).toHaveAttribute("data-state", "declined");
    expect(screen.queryByRole("button", { name: "Delete files" })).toBeNull();
    await expectNoAxeViolations(container);
  });
});

describe("one card anatomy (issue 28)", () => {
  it("a neutral border with the meaning as an accent (data-tone), never a focus-like border while waiting; primary last in the footer", async () => {
    const store = heard([
      ...parleyCall("adv", "parley_advise", trains, "r1"),
      ...parleyCall("perm", "parley_request_permission", { operation: "delete_file", summary: "Delete it", categories: ["destructive"] }, "r2"),
      ...parleyCall("pay", "parley_request_permission", { operation: "pay", summary: "Pay €49", categories: ["money"], confirmLabel: "Pay €49", cancelLabel: "Not now" }, "r3"),
    ]);
    const { container } = renderKit(<>{card(store, "adv")}{card(store, "perm")}{card(store, "pay")}</>, store);
    const cards = [...container.querySelectorAll<HTMLElement>("[data-slot=interaction]")];
    expect(cards.map((c) => c.dataset.tone)).toEqual(["info", "destructive", "warning"]);
    for (const c of cards) {
      expect(c).toHaveAttribute("data-state", "pending");
      expect(c.className).not.toMatch(/border-primary/);
    }
    const footer = (c: HTMLElement) => [...c.querySelectorAll("[data-slot=interaction-actions] button")].map((b) => b.textContent);
    expect(footer(cards[0]!)).toEqual(["Decline", "Choose"]);
    expect(footer(cards[1]!)).toEqual(["Don't delete file", "Delete file"]);
    // The buttons name the act when the agent says what it is.
    expect(footer(cards[2]!)).toEqual(["Not now", "Pay €49"]);
    await expectNoAxeViolations(container);
  }, 20_000);

  it("arguments as label–value rows, the JSON as sent behind Show raw", async () => {
    const user = userEvent.setup();
    const store = heard(parleyCall("perm", "parley_request_permission", { operation: "delete_files", summary: "Delete 2 files", args: { paths: ["/a.bin", "/b.bin"], recursive: false } }));
    const { container } = renderKit(card(store, "perm"), store);
    const rows = [...container.querySelectorAll("[data-slot=permission-arg]")].map((r) => [r.querySelector("dt")!.textContent, r.querySelector("dd")!.textContent]);
    expect(rows).toEqual([["paths", "/a.bin, /b.bin"], ["recursive", "false"]]);
    const raw = container.querySelector<HTMLDetailsElement>("[data-slot=permission-args-raw]")!;
    expect(raw.open).toBe(false);
    await user.click(screen.getByText("Show raw"));
    expect(raw.open).toBe(true);
    expect(JSON.parse(raw.querySelector("pre")!.textContent)).toEqual({ paths: ["/a.bin", "/b.bin"], recursive: false });
    await expectNoAxeViolations(container);
  });
});

describe("PermissionRequestCard: details", () => {
  it("details as label–value rows too, the JSON behind its own Show raw; a list of details shows as JSON at once", async () => {
    const store = heard([
      ...parleyCall("p1", "parley_request_permission", { operation: "send_mail", summary: "Mail 4 managers", details: { to: ["a@x.org", "b@x.org"], subject: "Weekly report", attachments: { count: 2 } } }).slice(0, -1),
      ...parleyCall("p2", "parley_request_permission", { operation: "send_mail", summary: "Mail 2 lists", details: ["sales", "ops"] }).slice(1),
    ]);
    const { container } = renderKit(<>{card(store, "p1")}{card(store, "p2")}</>, store);
    const first = screen.getByRole("group", { name: "Mail 4 managers" });
    const rows = [...first.querySelectorAll("[data-slot=permission-detail]")].map((r) => [r.querySelector("dt")!.textContent, r.querySelector("dd")!.textContent]);
    expect(rows).toEqual([["to", "a@x.org, b@x.org"], ["subject", "Weekly report"], ["attachments", '{"count":2}']]);
    expect(first.querySelector<HTMLDetailsElement>("[data-slot=permission-details-raw]")!.open).toBe(false);
    const second = screen.getByRole("group", { name: "Mail 2 lists" });
    expect(second.querySelector("[data-slot=permission-detail]")).toBeNull();
    const raw = second.querySelector<HTMLDetailsElement>("[data-slot=permission-details-raw]")!;
    expect(raw.open).toBe(true);
    expect(JSON.parse(raw.querySelector("pre")!.textContent)).toEqual(["sales", "ops"]);
    await expectNoAxeViolations(container);
  });
});

describe("InputRequestForm", () => {
  const address = {
    content: "Where should we deliver?",
    schema: {
      type: "object",
      required: ["street", "city", "postcode"],
      properties: {
        street: { type: "string", title: "Street" },
        city: { type: "string", title: "City" },
        postcode: { type: "string", title: "Postcode", pattern: "^\\d{5}$" },
      },
    },
  };

  it("submits the form as values, can change the answer until a run carries it, then is read-only", async () => {
    const user = userEvent.setup();
    const store = heard(parleyCall("addr", "parley_request_input", address));
    const { container } = renderKit(card(store, "addr"), store);
    // The form loads on first use.
    await screen.findByRole("textbox", { name: "Street" });
    await expectNoAxeViolations(container);

    await user.type(screen.getByRole("textbox", { name: "Street" }), "12 rue de Rivoli");
    await user.type(screen.getByRole("textbox", { name: "City" }), "Paris");
    await user.type(screen.getByRole("textbox", { name: "Postcode" }), "75001");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(interaction(store, "addr")).toMatchObject({ status: "answered", response: { values: { street: "12 rue de Rivoli", city: "Paris", postcode: "75001" } } });
    const section = container.querySelector("[data-slot=interaction]")!;
    expect(section).toHaveFocus();
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole("button", { name: "Change answer" }));
    const city = screen.getByRole("textbox", { name: "City" });
    expect(city).toHaveValue("Paris");
    await user.clear(city);
    await user.type(city, "Lyon");
    await user.click(screen.getByRole("button", { name: "Save the change" }));
    expect(interaction(store, "addr")).toMatchObject({ status: "answered", response: { values: { street: "12 rue de Rivoli", city: "Lyon", postcode: "75001" } } });
    expect(JSON.parse(toolMessagesFor(store, "addr")[0]!.content as string)).toMatchObject({ response: { values: { city: "Lyon" } } });
    expect(screen.getByRole("button", { name: "Change answer" })).toBeInTheDocument();
    expect(section).toHaveFocus();

    act(() => {
      store.getState().dispatch({ type: "deliver", interactionIds: ["addr"], runId: "r2" });
    });
    expect(screen.queryByRole("button", { name: "Change answer" })).toBeNull();
    expect(container.querySelector("[data-slot=schema-form]")).toHaveAttribute("data-state", "read-only");
    expect(container.querySelector("[data-slot=schema-form]")).toHaveTextContent("Lyon");
    await expectNoAxeViolations(container);
  });

  it("Decline declines it", async () => {
    const user = userEvent.setup();
    const store = heard(parleyCall("addr", "parley_request_input", address));
    renderKit(card(store, "addr"), store);
    await user.click(await screen.findByRole("button", { name: "Decline" }));
    expect(interaction(store, "addr").status).toBe("declined");
    expect(screen.queryByRole("button", { name: "Change answer" })).toBeNull();
  });
});

describe("ErrorCard", () => {
  it("offers the recovery actions numbered; Retry answers { action: 'retry' }", async () => {
    const user = userEvent.setup();
    const store = heard([
      ev.runStarted(),
      ev.custom("parley.interaction", {
        messageId: "err1",
        messageType: "error",
        payload: { content: "The export failed: the report service timed out.", code: "EXPORT_TIMEOUT", actions: ["retry", "undo", "report"] },
      }),
      ev.runFinished(),
    ]);
    const { container } = renderKit(card(store, "err1"), store);
    const actions = container.querySelectorAll("[data-slot=error-action]");
    expect([...actions].map((a) => [a.getAttribute("data-number"), a.textContent])).toEqual([["1", "1.Retry"], ["2", "2.Undo"], ["3", "3.Report"]]);
    expect(screen.getByText("Code: EXPORT_TIMEOUT")).toBeInTheDocument();
    // Titled by what went wrong, under the small "Error" label, the warning sign before the words.
    const section = screen.getByRole("group", { name: "The export failed: the report service timed out." });
    expect(section.querySelector("[data-slot=interaction-type]")).toHaveTextContent("Error");
    expect(section.querySelector("[data-slot=interaction-title] [data-slot=icon]")).not.toBeNull();
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(interaction(store, "err1")).toMatchObject({ status: "answered", how: "click", response: { action: "retry" } });
    expect(container.querySelector("[data-slot=interaction]")).toHaveFocus();
    expect(container.querySelector("[data-slot=interaction-outcome-value]")).toHaveTextContent("Retry");
    await expectNoAxeViolations(container);
  });
});

describe("NotificationCard", () => {
  it("shows the message at its level, with nothing to answer", async () => {
    const store = heard([ev.runStarted(), ev.custom("parley.interaction", { messageId: "n1", messageType: "notification", payload: { content: "Your booking is confirmed.", level: "success" } }), ev.runFinished()]);
    const { container } = renderKit(card(store, "n1"), store);
    const section = screen.getByRole("group", { name: "Notification: Done" });
    expect(section).toHaveAttribute("data-state", "shown");
    expect(section).toHaveAttribute("data-level", "success");
    expect(section).toHaveTextContent("Your booking is confirmed.");
    expect(screen.queryByRole("button")).toBeNull();
    await expectNoAxeViolations(container);
  });
});

describe("countdown", () => {
  it("is an accessible timer beside the status", async () => {
    const store = heard(parleyCall("adv", "parley_advise", { ...trains, timeoutMs: 90_000 }));
    const { container } = renderKit(card(store, "adv"), store);
    expect(screen.getByRole("timer")).toHaveTextContent(/^1:(30|29) left$/);
    await expectNoAxeViolations(container);
    // No deadline timer is left behind.
    store.getState().reset();
  });

  it("shows the time left, counts down, and at the deadline the store times the question out", () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 2, 2, 9, 0, 0) });
    const store = heard(parleyCall("adv", "parley_advise", { ...trains, timeoutMs: 30_000 }), { now: () => Date.now() });
    const { container } = renderKit(card(store, "adv"), store);
    const timer = screen.getByRole("timer");
    expect(timer).toHaveTextContent("0:30 left");
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(timer).toHaveTextContent("0:20 left");
    expect(timer).not.toHaveAttribute("data-urgent");
    act(() => {
      vi.advanceTimersByTime(15_000);
    });
    expect(screen.getByRole("timer")).toHaveTextContent("0:05 left");
    expect(screen.getByRole("timer")).toHaveAttribute("data-urgent", "true");
    expect(interaction(store, "adv").status).toBe("pending");

    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(interaction(store, "adv")).toMatchObject({ status: "timed_out", how: "timeout", settledAt: Date.UTC(2026, 2, 2, 9, 0, 30) });
    expect(container.querySelector("[data-slot=interaction]")).toHaveAttribute("data-state", "timed-out");
    expect(screen.queryByRole("timer")).toBeNull();
    expect(screen.queryByRole("button", { name: "Choose" })).toBeNull();
    expect(container.querySelector("[data-slot=interaction-outcome]")).toHaveTextContent(/^Timed out at /);
    expect(JSON.parse(toolMessagesFor(store, "adv")[0]!.content as string)).toEqual({ status: "timed_out" });
  });
});

describe("deadlines that warn and can be extended (issue 25, point 6)", () => {
  it("warns once the time left is under deadlineWarningMs, visibly and in a live region there from the start", async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 2, 2, 9, 0, 0) });
    const store = heard(parleyCall("adv", "parley_advise", { ...trains, timeoutMs: 90_000 }), { now: () => Date.now() });
    const { container } = renderKit(card(store, "adv"), store, { deadlineWarningMs: 60_000 });
    const warning = container.querySelector("[data-slot=interaction-deadline-warning]")!;
    expect(warning).toHaveAttribute("role", "status");
    expect(warning).toHaveTextContent("");
    expect(screen.getByRole("timer")).not.toHaveAttribute("data-warning");
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(screen.getByRole("timer")).toHaveAttribute("data-warning", "true");
    expect(warning).toHaveTextContent("Under 1:00 left, then it is declined for you.");
    expect(warning).not.toHaveClass("pl:sr-only");
    vi.useRealTimers();
    await expectNoAxeViolations(container);
    store.getState().reset();
  });

  it("deadlineWarningMs 0: no warning", () => {
    vi.useFakeTimers({ now: 0 });
    const store = heard(parleyCall("adv", "parley_advise", { ...trains, timeoutMs: 20_000 }), { now: () => Date.now() });
    const { container } = renderKit(card(store, "adv"), store, { deadlineWarningMs: 0 });
    expect(screen.getByRole("timer")).not.toHaveAttribute("data-warning");
    expect(container.querySelector("[data-slot=interaction-deadline-warning]")).toHaveTextContent("");
    store.getState().reset();
  });

  it("More time where the ask allows it: the deadline moves, the button goes when used up and focus stays in the card; none where it does not", async () => {
    vi.useFakeTimers({ now: 0, toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
    const store = heard(
      [
        ...parleyCall("adv", "parley_advise", { ...trains, timeoutMs: 20_000, extendable: { byMs: 60_000, times: 2 } }).slice(0, -1),
        ...parleyCall("plain", "parley_advise", { content: "Which seat?", options: [{ id: "w", label: "Window" }], timeoutMs: 20_000 }).slice(1),
      ],
      { now: () => Date.now() },
    );
    renderKit(<>{card(store, "adv")}{card(store, "plain")}</>, store);
    const adv = screen.getByRole("group", { name: "Which train to Lyon?" });
    expect(within(screen.getByRole("group", { name: "Which seat?" })).queryByRole("button", { name: /More time/ })).toBeNull();
    const more = within(adv).getByRole("button", { name: "More time (+1:00)" });
    fireEvent.click(more);
    expect(interaction(store, "adv")).toMatchObject({ deadline: 80_000, extended: 1 });
    expect(within(adv).getByRole("timer")).toHaveTextContent("1:20 left");
    more.focus();
    fireEvent.click(within(adv).getByRole("button", { name: "More time (+1:00)" }));
    expect(interaction(store, "adv")).toMatchObject({ deadline: 140_000, extended: 2 });
    expect(within(adv).queryByRole("button", { name: /More time/ })).toBeNull();
    expect(adv).toHaveFocus();
    store.getState().reset();
  });

  it("in Chinese", () => {
    vi.useFakeTimers({ now: 0 });
    const store = heard(parleyCall("adv", "parley_advise", { ...trains, timeoutMs: 20_000, extendable: { byMs: 300_000 } }), { now: () => Date.now() });
    const { container } = renderKit(card(store, "adv"), store, { locale: "zh-CN" });
    expect(screen.getByRole("button", { name: "延长时间（+5:00）" })).toBeInTheDocument();
    expect(container.querySelector("[data-slot=interaction-deadline-warning]")).toHaveTextContent("不到 0:30 后将自动拒绝。");
    store.getState().reset();
  });
});

describe("fallbacks", () => {
  it("an invalid envelope shows the problem in words and its content as text, never as HTML", async () => {
    const user = userEvent.setup();
    const hostile = "<img src=x onerror=alert(1)>";
    const store = heard([
      ev.runStarted(),
      ev.custom("parley.interaction", { messageId: "bad1", messageType: hostile, payload: { content: hostile } }),
      ev.runFinished(),
    ]);
    const { container } = renderKit(card(store, "bad1"), store);
    const section = container.querySelector("[data-slot=interaction]")!;
    expect(section).toHaveAttribute("data-state", "invalid");
    expect(section).toHaveAttribute("data-variant", "fallback");
    expect(screen.getByRole("heading", { name: "The agent sent a question the app could not read." })).toBeInTheDocument();
    const problem = container.querySelector("[data-slot=interaction-problem]")!;
    expect(problem.textContent).toContain(`Unknown messageType "${hostile}"`);
    await user.click(screen.getByRole("button", { name: "Raw content" }));
    expect(container.querySelector("[data-slot=interaction-raw] pre")!.textContent).toContain(hostile);
    expect(container.querySelector("img")).toBeNull();
    expect(screen.queryByRole("button", { name: "Approve" })).toBeNull();
    await expectNoAxeViolations(container);
  });

  it("a namespaced type nobody registered shows the fallback", () => {
    const store = heard([ev.runStarted(), ev.custom("parley.interaction", { messageId: "seat1", messageType: "acme:seat_map", payload: { coach: 7, free: ["12A", "12B"] } }), ev.runFinished()]);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    renderKit(card(store, "seat1"), store);
    expect(screen.getByRole("heading", { name: "This message has a type the app does not know (acme:seat_map)." })).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"acme:seat_map"'));
    warn.mockRestore();
  });
});

describe("zh-CN", () => {
  it("labels the cards in Chinese", async () => {
    const store = heard([
      ...parleyCall("adv", "parley_advise", { content: "选哪一班？", options: [{ id: "a", label: "07:05" }, { id: "b", label: "09:04" }] }).slice(0, -1),
      ...parleyCall("perm", "parley_request_permission", { operation: "charge_card", summary: "从尾号 4242 的卡扣款 ¥320", categories: ["money"] }).slice(1),
    ]);
    const { container } = renderKit(<>{card(store, "adv")}{card(store, "perm")}</>, store, { locale: "zh-CN" });
    const advice = screen.getByRole("group", { name: "选哪一班？" });
    expect(advice.querySelector("[data-slot=interaction-type]")).toHaveTextContent("建议");
    // Said to a screen reader; on screen "waiting" is said once, by the status line.
    const status = within(advice).getByText("等待你的回复");
    expect(status).toHaveAttribute("data-state", "pending");
    expect(status).toHaveClass("pl:data-[state=pending]:sr-only");
    expect(within(advice).getByRole("radio", { name: "选项 2: 09:04" })).toBeInTheDocument();
    expect(within(advice).getByRole("button", { name: "选择" })).toBeInTheDocument();
    expect(within(advice).getByRole("button", { name: "拒绝" })).toBeInTheDocument();
    const permission = screen.getByRole("group", { name: "从尾号 4242 的卡扣款 ¥320" });
    expect(within(permission).getByText("涉及付款")).toBeInTheDocument();
    expect(within(permission).getByText("操作")).toBeInTheDocument();
    expect(within(permission).getByRole("button", { name: "批准" })).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });
});

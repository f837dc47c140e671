import { describe, expect, it } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { BaseEvent } from "@ag-ui/core";
import { AgentStatusIndicator, Composer } from "../../src/components";
import type { ThreadStore } from "../../src/store/createThreadStore";
import { ev } from "../support/events";
import { expectNoAxeViolations, renderKit, heardFromAgent } from "./support";


const heard = heardFromAgent;

const trains = {
  content: "Which train to Lyon?",
  options: [{ id: "t0705", label: "07:05" }, { id: "t0904", label: "09:04" }, { id: "t1210", label: "12:10" }],
};

/** The agent asks with Parley's advise tool and ends its run. */
function advise(args: object, id = "adv"): BaseEvent[] {
  return [ev.runStarted("r1"), ev.toolStart(id, "parley_advise"), ev.toolArgs(id, JSON.stringify(args)), ev.toolEnd(id), ev.runFinished("r1")];
}

const interaction = (store: ThreadStore, id: string) => store.getState().thread.interactions.get(id)!;
const box = () => screen.getByRole("textbox", { name: "Message" });
const userMessages = (store: ThreadStore) => {
  const { thread } = store.getState();
  return thread.messageIds.map((id) => thread.messages.get(id)!).filter((m) => m.role === "user").map((m) => m.content);
};

describe("Composer: numbered replies", () => {
  it("'3号' previews option 3; Enter answers it by number reply and clears the box", async () => {
    const user = userEvent.setup();
    const { store, runs } = heard(advise(trains));
    const { container } = renderKit(<Composer />, store);
    await user.type(box(), "3号");
    const preview = container.querySelector("[data-slot=composer-preview]")!;
    expect(preview).toHaveAttribute("data-state", "answer");
    expect(preview).toHaveTextContent("→ 3 · 12:10");
    expect(box()).toHaveAccessibleDescription("→ 3 · 12:10");
    await expectNoAxeViolations(container);

    await user.keyboard("{Enter}");
    expect(interaction(store, "adv")).toMatchObject({ status: "answered", how: "number-reply", response: { action: "choose", optionIds: ["t1210"], numbers: [3] } });
    expect(box()).toHaveValue("");
    expect(box()).toHaveFocus();
    expect(container.querySelector("[data-slot=composer-preview]")).toBeNull();
    // The answer was the whole reply: no message of the person's own, and the agent hears it in one run.
    expect(userMessages(store)).toEqual([]);
    expect(runs()).toBe(2);
    expect(interaction(store, "adv").deliveredInRunId).toBeDefined();
  });

  it("'9' is refused naming the range: Send is disabled and Enter sends nothing", async () => {
    const user = userEvent.setup();
    const { store, runs } = heard(advise(trains));
    const { container } = renderKit(<Composer />, store);
    await user.type(box(), "9");
    const preview = container.querySelector("[data-slot=composer-preview]")!;
    expect(preview).toHaveAttribute("data-state", "refused");
    expect(preview).toHaveTextContent("9 is not an option. Choose from 1–3.");
    expect(box()).toHaveAttribute("aria-invalid", "true");
    expect(box()).toHaveAccessibleDescription("9 is not an option. Choose from 1–3.");
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled();
    await expectNoAxeViolations(container);

    await user.keyboard("{Enter}");
    expect(runs()).toBe(1);
    expect(interaction(store, "adv").status).toBe("pending");
    expect(userMessages(store)).toEqual([]);
    expect(box()).toHaveValue("9");
  });

  it("words answer advice that takes free text", async () => {
    const user = userEvent.setup();
    const { store } = heard(advise({ ...trains, allowFreeText: true }));
    const { container } = renderKit(<Composer />, store);
    await user.type(box(), "something in the evening");
    expect(container.querySelector("[data-slot=composer-preview]")).toBeNull();
    await user.keyboard("{Enter}");
    expect(interaction(store, "adv")).toMatchObject({ status: "answered", how: "text-reply", response: { action: "text", text: "something in the evening" } });
    expect(box()).toHaveValue("");
  });

  it("words with a question that takes no free text ask first; Keep editing keeps them, Decline and send declines and sends", async () => {
    const user = userEvent.setup();
    const { store, runs } = heard(advise(trains));
    const { container } = renderKit(<Composer />, store);
    await user.type(box(), "actually, book a bus");
    await user.keyboard("{Enter}");

    const confirm = screen.getByRole("alertdialog", { name: "A question is still open. Decline it and send your message?" });
    expect(confirm).toBeInTheDocument();
    expect(runs()).toBe(1);
    expect(interaction(store, "adv").status).toBe("pending");
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole("button", { name: "Keep editing" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(box()).toHaveValue("actually, book a bus");
    expect(box()).toHaveFocus();
    expect(interaction(store, "adv").status).toBe("pending");

    await user.keyboard("{Enter}");
    await user.click(screen.getByRole("button", { name: "Decline and send" }));
    expect(interaction(store, "adv")).toMatchObject({ status: "declined", how: "text-reply" });
    expect(userMessages(store)).toEqual(["actually, book a bus"]);
    expect(runs()).toBe(2);
    expect(box()).toHaveValue("");
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("Escape closes the confirmation; editing the text closes it too", async () => {
    const user = userEvent.setup();
    const { store } = heard(advise(trains));
    renderKit(<Composer />, store);
    await user.type(box(), "a bus{Enter}");
    expect(screen.getByRole("alertdialog")).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog")).toBeNull();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("alertdialog")).toBeInTheDocument();
    await user.type(box(), " please");
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(interaction(store, "adv").status).toBe("pending");
  });

  it("Enter while an input method composes does not answer or send", () => {
    const { store, runs } = heard(advise(trains));
    renderKit(<Composer />, store);
    fireEvent.change(box(), { target: { value: "3号" } });
    fireEvent.keyDown(box(), { key: "Enter", isComposing: true });
    fireEvent.keyDown(box(), { key: "Enter", keyCode: 229 });
    expect(interaction(store, "adv").status).toBe("pending");
    expect(box()).toHaveValue("3号");
    expect(runs()).toBe(1);
    fireEvent.keyDown(box(), { key: "Enter" });
    expect(interaction(store, "adv")).toMatchObject({ status: "answered", how: "number-reply" });
  });
});

/** Pause is on the status line above the composer (issue 28: one run control in the field). */
function StatusAndComposer() {
  return (
    <>
      <AgentStatusIndicator />
      <Composer />
    </>
  );
}

describe("Composer: pause", () => {
  it("'等一下' and Enter while the agent runs pauses it; the composer says how to go on", async () => {
    const user = userEvent.setup();
    const { store } = heard([ev.runStarted("r1"), ev.textStart("a1"), ev.text("a1", "Searching trains")], { open: true });
    const { container } = renderKit(<StatusAndComposer />, store);
    expect(container.querySelector("[data-slot=composer]")).toHaveAttribute("data-state", "running");
    const pause = screen.getByRole("button", { name: "Pause" });
    expect(pause).toBeEnabled();
    await expectNoAxeViolations(container);

    await user.type(box(), "等一下");
    expect(container.querySelector("[data-slot=composer-preview]")).toBeNull();
    await user.keyboard("{Enter}");
    expect(store.getState().isRunning).toBe(false);
    expect(store.getState().thread.runs.at(-1)?.status).toBe("paused");
    expect(box()).toHaveValue("");
    expect(container.querySelector("[data-slot=composer]")).toHaveAttribute("data-state", "idle");
    expect(screen.getByText("Paused — write to continue.")).toBeInTheDocument();
    // What streamed stays.
    expect(store.getState().thread.messages.get("a1")).toMatchObject({ content: "Searching trains" });
    await expectNoAxeViolations(container);
  });

  it("other words while the agent runs say why Enter does nothing, and send nothing", async () => {
    const user = userEvent.setup();
    const { store } = heard([ev.runStarted("r1")], { open: true });
    renderKit(<StatusAndComposer />, store);
    await user.type(box(), "also book a hotel");
    expect(screen.getByText(/still working/)).toBeInTheDocument();
    await user.keyboard("{Enter}");
    expect(store.getState().isRunning).toBe(true);
    expect(box()).toHaveValue("also book a hotel");
  });

  it("the Pause button pauses too", async () => {
    const user = userEvent.setup();
    const { store } = heard([ev.runStarted("r1")], { open: true });
    renderKit(<StatusAndComposer />, store);
    await user.click(screen.getByRole("button", { name: "Pause" }));
    expect(store.getState().thread.runs.at(-1)?.status).toBe("paused");
  });

  it("Pause is disabled, with the reason, while the agent asked not to be interrupted", async () => {
    const user = userEvent.setup();
    const { store } = heard(
      [
        ev.runStarted("r1"),
        ev.custom("parley.interaction", { messageId: "pay", messageType: "notification", allowInterrupt: false, payload: { content: "Charging your card…", level: "info" } }),
      ],
      { open: true },
    );
    const { container } = renderKit(<StatusAndComposer />, store);
    const pause = screen.getByRole("button", { name: "Pause" });
    expect(pause).toBeDisabled();
    expect(pause).toHaveAccessibleDescription("The agent asked not to be interrupted right now.");
    await expectNoAxeViolations(container);
    // Typing the pause words is refused the same way; Stop still works.
    await user.type(box(), "wait{Enter}");
    expect(store.getState().isRunning).toBe(true);
    await user.click(screen.getByRole("button", { name: "Stop" }));
    expect(store.getState().isRunning).toBe(false);
    expect(store.getState().thread.runs.at(-1)?.status).toBe("cancelled");
  });
});

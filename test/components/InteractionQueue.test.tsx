import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { BaseEvent } from "@ag-ui/core";
import { InteractionQueue, Thread } from "../../src/components";
import type { ThreadStore, ThreadStoreOptions } from "../../src/store/createThreadStore";
import { ev } from "../support/events";
import { expectNoAxeViolations, renderKit, heardFromAgent } from "./support";


/** A store that heard `events` in one run (see heardFromAgent); answers do not start runs by themselves. */
const heard = (events: BaseEvent[], options: ThreadStoreOptions = {}): ThreadStore => heardFromAgent(events, { autoContinue: false, ...options }).store;

/**
 * One run that asks three ways: advice through Parley's tool (1–3), an error through a CUSTOM
 * envelope with a deadline (4–6), and a permission as an interrupt at the end of the run.
 */
const threeQuestions: BaseEvent[] = [
  ev.runStarted("r1"),
  ev.textStart("a1"),
  ev.text("a1", "A few things before I book."),
  ev.textEnd("a1"),
  ev.toolStart("adv", "parley_advise", "a1"),
  ev.toolArgs("adv", JSON.stringify({ content: "Which train to Lyon?", options: [{ id: "a", label: "07:05" }, { id: "b", label: "09:04" }, { id: "c", label: "12:10" }] })),
  ev.toolEnd("adv"),
  ev.custom("parley.interaction", {
    messageId: "err",
    messageType: "error",
    timeoutMs: 120_000,
    payload: { content: "The seat map did not load.", actions: ["retry", "undo", "report"] },
  }),
  ev.runFinished("r1", "t1", {
    outcome: { type: "interrupt", interrupts: [{ id: "pay", reason: "confirmation", message: "Charge €49 to the card ending 4242?", metadata: { categories: ["money"] } }] },
  }),
];

/**
 * jsdom does no layout: give the thread's viewport and rows sizes, and record `scrollTo` (which
 * the virtualizer scrolls with and jsdom lacks). Returns its undo, with the scrolls it saw.
 */
function fakeThreadLayout({ viewport, row }: { viewport: number; row: number }) {
  const proto = HTMLElement.prototype;
  const scrolls: { element: Element; top: unknown }[] = [];
  // Own descriptors of HTMLElement.prototype (offsetHeight); the others live on Element's and are only shadowed.
  const saved = (["clientHeight", "clientWidth", "offsetHeight", "scrollHeight"] as const).map((key) => [key, Object.getOwnPropertyDescriptor(proto, key)] as const);
  const size = (el: HTMLElement, ofViewport: number, ofRow: number) => (el.dataset.slot === "thread-viewport" ? ofViewport : el.dataset.slot === "thread-row" ? ofRow : 0);
  Object.defineProperty(proto, "clientHeight", { configurable: true, get(this: HTMLElement) { return size(this, viewport, row); } });
  Object.defineProperty(proto, "clientWidth", { configurable: true, get(this: HTMLElement) { return size(this, 400, 400); } });
  Object.defineProperty(proto, "offsetHeight", { configurable: true, get(this: HTMLElement) { return size(this, viewport, row); } });
  // What scrolls is the list, as tall as the virtualizer made it.
  Object.defineProperty(proto, "scrollHeight", {
    configurable: true,
    get(this: HTMLElement) {
      return parseFloat(this.querySelector<HTMLElement>("[data-slot=thread-list]")?.style.height ?? "") || 0;
    },
  });
  Object.defineProperty(proto, "scrollTo", {
    configurable: true,
    writable: true,
    value(this: Element, options: { top?: unknown }) {
      scrolls.push({ element: this, top: options?.top });
    },
  });
  return Object.assign(
    () => {
      for (const [key, descriptor] of saved) {
        delete (proto as unknown as Record<string, unknown>)[key];
        if (descriptor) Object.defineProperty(proto, key, descriptor);
      }
      delete (proto as { scrollTo?: unknown }).scrollTo;
    },
    { scrolls },
  );
}

const statusOf = (store: ThreadStore, id: string) => store.getState().thread.interactions.get(id)?.status;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("InteractionQueue", () => {
  it("says when nothing is waiting, or renders nothing with empty={null}", async () => {
    const store = heard([ev.runStarted(), ev.runFinished()]);
    const { container, unmount } = renderKit(<InteractionQueue />, store);
    const queue = screen.getByRole("region", { name: "Waiting for you" });
    expect(queue).toHaveAttribute("data-state", "empty");
    expect(queue).toHaveTextContent("Nothing is waiting for you.");
    expect(container.querySelector("[data-slot=interaction-queue-count]")).toHaveTextContent("0");
    await expectNoAxeViolations(container);
    unmount();
    const { container: hidden } = renderKit(<InteractionQueue empty={null} />, store);
    expect(hidden.querySelector("[data-slot=interaction-queue]")).toBeNull();
  });

  it("counts what is waiting and lists it oldest first, with numbers and a countdown", async () => {
    const store = heard(threeQuestions);
    const { container } = renderKit(<InteractionQueue />, store);
    const queue = screen.getByRole("region", { name: "Waiting for you" });
    expect(queue).toHaveAttribute("data-state", "waiting");
    const badge = container.querySelector("[data-slot=interaction-queue-count]")!;
    expect(badge).toHaveTextContent("3");
    expect(badge).toHaveAttribute("aria-label", "3 questions waiting");

    const items = within(queue).getAllByRole("listitem");
    expect(items.map((i) => i.getAttribute("data-interaction-id"))).toEqual(["adv", "err", "pay"]);
    expect(items.map((i) => i.getAttribute("data-type"))).toEqual(["advice", "error", "permission_request"]);
    expect(items.map((i) => i.querySelector("[data-slot=interaction-queue-numbers]")?.textContent ?? null)).toEqual(["1–3", "4–6", null]);
    expect(items.map((i) => i.querySelector("[data-slot=interaction-queue-summary]")!.textContent)).toEqual([
      "Which train to Lyon?",
      "The seat map did not load.",
      "Charge €49 to the card ending 4242?",
    ]);
    expect(within(items[1]!).getByRole("timer")).toHaveTextContent(/^(2:00|1:59) left$/);
    expect(within(items[0]!).queryByRole("timer")).toBeNull();
    await expectNoAxeViolations(container);
    store.getState().reset();
  });

  it("'Answer here' opens the card in the queue; answering it there removes the item", async () => {
    const user = userEvent.setup();
    const store = heard(threeQuestions);
    const { container } = renderKit(<InteractionQueue />, store);
    const first = screen.getAllByRole("listitem")[0]!;
    const answerHere = within(first).getByRole("button", { name: "Answer here" });
    expect(answerHere).toHaveAttribute("aria-expanded", "false");
    expect(within(first).queryByRole("radio")).toBeNull();

    await user.click(answerHere);
    expect(answerHere).toHaveAttribute("aria-expanded", "true");
    const card = within(first).getByRole("group", { name: "Which train to Lyon?" });
    expect(card).toHaveAttribute("data-state", "pending");
    await expectNoAxeViolations(container);

    await user.click(within(card).getByRole("radio", { name: "Option 2: 09:04" }));
    await user.click(within(card).getByRole("button", { name: "Choose" }));
    expect(statusOf(store, "adv")).toBe("answered");
    expect(screen.getAllByRole("listitem").map((i) => i.getAttribute("data-interaction-id"))).toEqual(["err", "pay"]);
    expect(container.querySelector("[data-slot=interaction-queue-count]")).toHaveTextContent("2");
    // The item left with the card that had focus; focus stays in the queue.
    expect(screen.getByRole("region", { name: "Waiting for you" })).toHaveFocus();
    store.getState().reset();
  });

  it("'Decline the rest' declines every open question", async () => {
    const user = userEvent.setup();
    const store = heard(threeQuestions);
    const { container } = renderKit(<InteractionQueue />, store);
    await user.click(screen.getByRole("button", { name: "Decline the rest" }));
    expect(["adv", "err", "pay"].map((id) => statusOf(store, id))).toEqual(["declined", "declined", "declined"]);
    expect(store.getState().thread.interactions.get("pay")?.how).toBe("click");
    expect(screen.getByRole("region", { name: "Waiting for you" })).toHaveAttribute("data-state", "empty");
    expect(screen.queryByRole("listitem")).toBeNull();
    expect(screen.queryByRole("button", { name: "Decline the rest" })).toBeNull();
    expect(container.querySelector("[data-slot=interaction-queue-count]")).toHaveTextContent("0");
    expect(screen.getByRole("region", { name: "Waiting for you" })).toHaveFocus();
  });

  it("offers 'Decline the rest' only when more than one question waits", () => {
    const store = heard([ev.runStarted(), ev.custom("parley.interaction", { messageId: "only", messageType: "advice", payload: { content: "Go ahead?" } }), ev.runFinished()]);
    renderKit(<InteractionQueue />, store);
    expect(screen.getAllByRole("listitem")).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Answer here" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Decline the rest" })).toBeNull();
    expect(screen.getByLabelText("1 question waiting")).toHaveTextContent("1");
  });

  it("'Show in conversation' scrolls the thread to the card and focuses it there", async () => {
    const user = userEvent.setup();
    const restore = fakeThreadLayout({ viewport: 300, row: 120 });
    try {
      const store = heard(threeQuestions);
      const { container } = renderKit(
        <>
          <Thread initialRect={{ width: 400, height: 300 }} />
          <InteractionQueue />
        </>,
        store,
      );
      const viewport = container.querySelector("[data-slot=thread-viewport]")!;
      const row = container.querySelector('[data-slot=thread-row][data-row-id="parley-interaction:err"]')!;
      const threadCard = row.querySelector<HTMLElement>("[data-slot=interaction]")!;
      expect(threadCard).toHaveAttribute("data-interaction-id", "err");
      restore.scrolls.length = 0;

      const item = screen.getAllByRole("listitem").find((i) => i.getAttribute("data-interaction-id") === "err")!;
      await user.click(within(item).getByRole("button", { name: "Show in conversation" }));

      // Rows of 120 px in a 300 px viewport: the third row (starting at 240) centred is 150.
      expect(restore.scrolls).toContainEqual({ element: viewport, top: 150 });
      expect(container.querySelector("[data-slot=thread]")).toHaveAttribute("data-state", "scrolled-up");
      // The card in the thread gets focus, not anything in the queue.
      await waitFor(() => expect(threadCard).toHaveFocus());
      store.getState().reset();
    } finally {
      restore();
    }
  });

  it("a card open in the queue while the thread shows it too: no repeated ids, no landmark clash", async () => {
    const user = userEvent.setup();
    const restore = fakeThreadLayout({ viewport: 600, row: 120 });
    try {
      const store = heard([
        ev.runStarted(),
        ev.toolStart("addr", "parley_request_input"),
        ev.toolArgs("addr", JSON.stringify({ content: "Where should we deliver?", schema: { type: "object", required: ["city"], properties: { city: { type: "string", title: "City" }, postcode: { type: "string", title: "Postcode" } } } })),
        ev.toolEnd("addr"),
        ev.custom("parley.interaction", { messageId: "adv", messageType: "advice", payload: { content: "Gift wrap?" } }),
        ev.runFinished(),
      ]);
      const { container } = renderKit(
        <>
          <Thread initialRect={{ width: 400, height: 600 }} />
          <InteractionQueue />
        </>,
        store,
      );
      for (const button of screen.getAllByRole("button", { name: "Answer here" })) await user.click(button);
      expect(container.querySelectorAll("[data-slot=interaction][data-interaction-id=addr]")).toHaveLength(2);
      // The form loads on first use.
      await waitFor(() => expect(screen.getAllByRole("textbox", { name: "City" })).toHaveLength(2));
      const ids = [...container.querySelectorAll("[id]")].map((el) => el.id);
      expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
      // Each City field is named by its own label.
      expect(screen.getAllByRole("textbox", { name: "City" })).toHaveLength(2);
      await expectNoAxeViolations(container);
    } finally {
      restore();
    }
  });

  it("'Show in conversation' does nothing without a thread", async () => {
    const user = userEvent.setup();
    const store = heard(threeQuestions);
    renderKit(<InteractionQueue />, store);
    const jump = screen.getAllByRole("button", { name: "Show in conversation" })[0]!;
    await user.click(jump);
    expect(jump).toHaveFocus();
    store.getState().reset();
  });
});

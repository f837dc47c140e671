import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { act, fireEvent, screen } from "@testing-library/react";
import type { Message } from "@ag-ui/core";
import { appendMessage, foldEvents } from "../../src/core";
import { createThreadStore } from "../../src/store/createThreadStore";
import { Thread } from "../../src/components";
import { ev } from "../support/events";
import { expectNoAxeViolations, renderKit, storeWith } from "./support";

const VIEWPORT = 600;
const ROW = 80;
const restore: (() => void)[] = [];

/** jsdom does no layout: give the viewport and the rows real sizes, as a browser would measure them. */
function fakeLayout() {
  const proto = HTMLElement.prototype;
  const clientHeight = Object.getOwnPropertyDescriptor(proto, "clientHeight");
  const scrollHeight = Object.getOwnPropertyDescriptor(proto, "scrollHeight");
  const rect = Object.getOwnPropertyDescriptor(Element.prototype, "getBoundingClientRect")!.value as Element["getBoundingClientRect"];
  const scrollTop = Object.getOwnPropertyDescriptor(Element.prototype, "scrollTop");
  const offsets = new WeakMap<Element, number>();
  Object.defineProperty(Element.prototype, "scrollTop", {
    configurable: true,
    get(this: Element) {
      return offsets.get(this) ?? 0;
    },
    set(this: HTMLElement, value: number) {
      const max = Math.max(0, this.scrollHeight - this.clientHeight);
      const next = Math.min(Math.max(0, value), max);
      if (next === (offsets.get(this) ?? 0)) return;
      offsets.set(this, next);
      // Browsers fire scroll asynchronously after a programmatic scroll.
      setTimeout(() => this.dispatchEvent(new Event("scroll")), 0);
    },
  });
  Object.defineProperty(proto, "clientHeight", {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.slot === "thread-viewport" ? VIEWPORT : 0;
    },
  });
  const offsetHeight = Object.getOwnPropertyDescriptor(proto, "offsetHeight");
  Object.defineProperty(proto, "offsetHeight", {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.slot === "thread-row" ? ROW : this.dataset.slot === "thread-viewport" ? VIEWPORT : 0;
    },
  });
  Object.defineProperty(proto, "scrollHeight", {
    configurable: true,
    get(this: HTMLElement) {
      const list = this.querySelector<HTMLElement>("[data-slot=thread-list]");
      return list ? parseFloat(list.style.height) || 0 : 0;
    },
  });
  proto.getBoundingClientRect = function (this: HTMLElement) {
    const h = this.dataset.slot === "thread-row" ? ROW : this.dataset.slot === "thread-viewport" ? VIEWPORT : 0;
    return { x: 0, y: 0, top: 0, left: 0, bottom: h, right: 400, width: 400, height: h, toJSON() {} };
  };
  restore.push(() => {
    if (clientHeight) Object.defineProperty(proto, "clientHeight", clientHeight);
    if (scrollHeight) Object.defineProperty(proto, "scrollHeight", scrollHeight);
    if (offsetHeight) Object.defineProperty(proto, "offsetHeight", offsetHeight);
    proto.getBoundingClientRect = rect;
    if (scrollTop) Object.defineProperty(Element.prototype, "scrollTop", scrollTop);
  });
}

beforeEach(fakeLayout);
afterEach(() => restore.splice(0).forEach((f) => f()));

function manyMessages(count: number): Message[] {
  return Array.from({ length: count }, (_, i) =>
    i % 2 === 0 ? { id: `m${i}`, role: "user", content: `question ${i}` } : { id: `m${i}`, role: "assistant", content: `answer ${i}` },
  );
}

describe("Thread", () => {
  it("is an accessible log, and says when it is empty", async () => {
    const { container } = renderKit(<Thread />, storeWith([]));
    const log = screen.getByRole("log", { name: "Conversation" });
    // Rows mounted by scrolling are not news: the list is not live; the announcer is.
    expect(log).toHaveAttribute("aria-live", "off");
    expect(screen.getByRole("status")).toHaveAttribute("aria-live", "polite");
    expect(screen.getByText("No messages yet.")).toBeInTheDocument();
    expect(container.querySelector("[data-slot=thread]")).toHaveAttribute("data-state", "empty");
    await expectNoAxeViolations(container);
  });

  it("announces a reply once, when it is complete, and not the person's own message", () => {
    const store = storeWith([ev.runStarted()]);
    renderKit(<Thread initialRect={{ width: 400, height: VIEWPORT }} />, store);
    const status = screen.getByRole("status");
    act(() => store.setState((s) => ({ thread: appendMessage(s.thread, { id: "u1", role: "user", content: "Book it" }) })));
    expect(status).toHaveTextContent("");
    act(() => store.setState((s) => ({ thread: foldEvents(s.thread, [ev.textStart("a1"), ev.text("a1", "Booked the")]) })));
    expect(status).toHaveTextContent("");
    act(() => store.setState((s) => ({ thread: foldEvents(s.thread, [ev.text("a1", " 07:04."), ev.textEnd("a1")]) })));
    expect(status).toHaveTextContent("Assistant: Booked the 07:04.");
  });

  it("announces a question once it has arrived whole, with its kind, not while it streams", () => {
    const store = storeWith([ev.runStarted()]);
    renderKit(<Thread initialRect={{ width: 400, height: VIEWPORT }} />, store);
    const status = screen.getByRole("status");
    const args = JSON.stringify({ content: "Which departure?", options: [{ id: "a", label: "08:05" }] });
    act(() => store.setState((s) => ({ thread: foldEvents(s.thread, [ev.toolStart("tc1", "parley_advise"), ev.toolArgs("tc1", args.slice(0, 20))]) })));
    expect(status).toHaveTextContent("");
    act(() => store.setState((s) => ({ thread: foldEvents(s.thread, [ev.toolArgs("tc1", args.slice(20)), ev.toolEnd("tc1")]) })));
    expect(status).toHaveTextContent("Suggestion: Which departure?");
  });

  it("renders a bounded number of rows for 10,000 messages, starting at the latest", async () => {
    const store = createThreadStore({ batch: "sync", initialMessages: manyMessages(10_000) });
    const { container } = renderKit(<Thread initialRect={{ width: 400, height: VIEWPORT }} overscan={4} />, store);
    // It sticks to the bottom: once the (asynchronous) scroll lands, the newest message is rendered.
    expect(await screen.findByText("answer 9999")).toBeInTheDocument();
    const rows = container.querySelectorAll("[data-slot=thread-row]");
    expect(rows.length).toBeGreaterThan(0);
    // Viewport / row height = 7.5 rows, plus overscan on both sides: far from 10,000.
    expect(rows.length).toBeLessThanOrEqual(Math.ceil(VIEWPORT / ROW) + 2 * 4 + 2);
    expect(container.querySelectorAll("[data-slot=message]").length).toBe(rows.length);
    expect(screen.queryByText("question 0")).toBeNull();
  });

  it("offers Jump to latest after the person scrolls up, and follows again after it", () => {
    const store = createThreadStore({ batch: "sync", initialMessages: manyMessages(200) });
    const { container } = renderKit(<Thread initialRect={{ width: 400, height: VIEWPORT }} />, store);
    const viewport = screen.getByRole("log");
    const root = container.querySelector("[data-slot=thread]")!;
    expect(root).toHaveAttribute("data-state", "following");
    act(() => {
      viewport.scrollTop = 0;
      fireEvent.scroll(viewport);
    });
    expect(root).toHaveAttribute("data-state", "scrolled-up");
    fireEvent.click(screen.getByRole("button", { name: /Jump to latest/ }));
    expect(root).toHaveAttribute("data-state", "following");
    expect(screen.queryByRole("button", { name: /Jump to latest/ })).toBeNull();
  });

  it("shows a streamed reply as it arrives", () => {
    const store = storeWith([ev.runStarted("r1"), ev.textStart("a1"), ev.text("a1", "Hel")]);
    renderKit(<Thread initialRect={{ width: 400, height: VIEWPORT }} />, store);
    expect(screen.getByText("Hel")).toBeInTheDocument();
    act(() => store.setState((s) => ({ thread: foldEvents(s.thread, [ev.text("a1", "lo there")]) })));
    expect(screen.getByText("Hello there")).toBeInTheDocument();
    expect(document.querySelector("[data-message-id=a1]")).toHaveAttribute("data-state", "streaming");
  });
});

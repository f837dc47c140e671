import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Profiler } from "react";
import { act, cleanup as cleanupKit, fireEvent, render, screen } from "@testing-library/react";
import type { Message } from "@ag-ui/core";
import { applyClientAction, foldEvents } from "../../src/core";
import { createThreadStore } from "../../src/store/createThreadStore";
import { ParleyProvider } from "../../src/react/ParleyProvider";
import { ParleyUIProvider, Thread, type MessageComponentProps } from "../../src/components";
import { ev } from "../support/events";
import { ScriptedAgent } from "../../src/testing";
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
      return this.dataset.slot === "thread-viewport" ? VIEWPORT : this.dataset.fakeScroller ? 100 : 0;
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
      // An element of a row that scrolls by itself (a long tool result): 1,000 px in 100.
      if (this.dataset.fakeScroller) return 1000;
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
  it("warns in development when a second thread in one ParleyUIProvider takes over bringing rows into view", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      renderKit(<Thread initialRect={{ width: 400, height: VIEWPORT }} />, storeWith([]));
      expect(warn).not.toHaveBeenCalled();
      cleanupKit();
      renderKit(<><Thread initialRect={{ width: 400, height: VIEWPORT }} /><Thread initialRect={{ width: 400, height: VIEWPORT }} /></>, storeWith([]));
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/second <Thread.Root>.*its own <ParleyUIProvider>/));
    } finally {
      warn.mockRestore();
    }
  });

  it("is an accessible log, and welcomes the person when it is empty", async () => {
    const { container } = renderKit(<Thread />, storeWith([]));
    const log = screen.getByRole("log", { name: "Conversation" });
    // Rows mounted by scrolling are not news: the list is not live; the announcer is.
    expect(log).toHaveAttribute("aria-live", "off");
    expect(screen.getByRole("status")).toHaveAttribute("aria-live", "polite");
    expect(screen.getByText("How can I help?")).toHaveAttribute("data-slot", "thread-empty-title");
    expect(container.querySelector("[data-slot=thread]")).toHaveAttribute("data-state", "empty");
    await expectNoAxeViolations(container);
  });

  it("announces a reply once, when it is complete, and not the person's own message", () => {
    const store = storeWith([ev.runStarted()]);
    renderKit(<Thread initialRect={{ width: 400, height: VIEWPORT }} />, store);
    const status = screen.getByRole("status");
    act(() => store.setState((s) => ({ thread: applyClientAction(s.thread, { type: "append-message", message: { id: "u1", role: "user", content: "Book it" } }) })));
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
    // A wheel turned up: the person's own gesture.
    act(() => {
      fireEvent.wheel(viewport, { deltaY: -300 });
      viewport.scrollTop = 0;
      fireEvent.scroll(viewport);
    });
    expect(root).toHaveAttribute("data-state", "scrolled-up");
    const jump = screen.getByRole("button", { name: "Jump to latest" });
    // Before the list in tab order, so tabbing through the messages never scrolls it away.
    expect(jump.compareDocumentPosition(viewport) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(jump);
    expect(root).toHaveAttribute("data-state", "following");
    expect(screen.queryByRole("button", { name: /Jump to latest/ })).toBeNull();
  });

  it("keeps role labels for screen readers only, unless showRoleLabels; Escape stops a running reply", () => {
    const agent = new ScriptedAgent({ script: [ev.runStarted("r1"), ev.runFinished("r1")], delayMs: 10_000 });
    const store = storeWith([], { agent });
    const { container } = renderKit(<Thread initialRect={{ width: 400, height: VIEWPORT }} />, store);
    act(() => {
      store.getState().sendMessage("go");
    });
    expect(store.getState().isRunning).toBe(true);
    expect(container.querySelector("[data-slot=parley-root]")).toHaveAttribute("data-role-labels", "hidden");
    expect(container.querySelector("[data-slot=message-header]")).toHaveAttribute("data-role-label");
    expect(container.querySelector("[data-slot=message-author]")).toHaveTextContent("You");
    fireEvent.keyDown(screen.getByRole("log"), { key: "Escape" });
    expect(store.getState().isRunning).toBe(false);
  });

  it("shows role labels on request", () => {
    const { container } = renderKit(<Thread initialRect={{ width: 400, height: VIEWPORT }} />, storeWith([]), { showRoleLabels: true });
    expect(container.querySelector("[data-slot=parley-root]")).toHaveAttribute("data-role-labels", "shown");
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

/** A thread of 200 rows (16,000 px in a 600 px viewport), scrolled to its end. */
async function longThread(ui = <Thread initialRect={{ width: 400, height: VIEWPORT }} />) {
  const store = createThreadStore({ batch: "sync", initialMessages: manyMessages(200) });
  const view = renderKit(ui, store);
  // Once the (asynchronous) scroll to the end lands, the last row is rendered.
  await expect.poll(() => view.container.querySelector("[data-row-id=m199]")).not.toBeNull();
  const viewport = screen.getByRole("log");
  const root = view.container.querySelector("[data-slot=thread]")!;
  return { store, view, viewport, root };
}

/** The browser moved the view (layout, a programmatic scroll): a scroll event with no gesture behind it. */
function scrollBy(viewport: HTMLElement, px: number) {
  act(() => {
    viewport.scrollTop += px;
    fireEvent.scroll(viewport);
  });
}

describe("Thread following", () => {
  it("keeps following when a scroll event comes from a row growing, not from the person", async () => {
    const { viewport, root } = await longThread();
    // As when a streaming row grew 400 px in one frame and the scroll event fired before the list caught up.
    scrollBy(viewport, -400);
    expect(root).toHaveAttribute("data-state", "following");
    expect(screen.queryByRole("button", { name: /Jump to latest/ })).toBeNull();
  });

  it("stops following on a key that scrolls up, and follows again once the person is back at the bottom", async () => {
    const { viewport, root } = await longThread();
    act(() => {
      fireEvent.keyDown(viewport, { key: "PageUp" });
    });
    expect(root).toHaveAttribute("data-state", "scrolled-up");
    act(() => {
      fireEvent.keyDown(viewport, { key: "End" });
      viewport.scrollTop = viewport.scrollHeight;
      fireEvent.scroll(viewport);
    });
    expect(root).toHaveAttribute("data-state", "following");
  });

  it("does not take keys typed into a field inside a row for scrolling", async () => {
    const { root } = await longThread(
      <Thread.Root initialRect={{ width: 400, height: VIEWPORT }}>
        <Thread.Viewport>
          <Thread.Messages renderRow={(id) => <input aria-label={`note ${id}`} />} />
        </Thread.Viewport>
      </Thread.Root>,
    );
    const field = screen.getByRole("textbox", { name: "note m199" });
    act(() => {
      fireEvent.keyDown(field, { key: "ArrowUp" });
      fireEvent.keyDown(field, { key: "Home" });
    });
    expect(root).toHaveAttribute("data-state", "following");
  });

  it("leaves a wheel turned over a row's own scroller to that scroller", async () => {
    const { root } = await longThread(
      <Thread.Root initialRect={{ width: 400, height: VIEWPORT }}>
        <Thread.Viewport>
          <Thread.Messages renderRow={(id) => <pre data-fake-scroller="yes" data-testid={id} style={{ overflowY: "auto" }} />} />
        </Thread.Viewport>
      </Thread.Root>,
    );
    const inner = screen.getByTestId("m199");
    inner.scrollTop = 500;
    act(() => {
      fireEvent.wheel(inner, { deltaY: -300 });
    });
    expect(root).toHaveAttribute("data-state", "following");
    // At its own top, the wheel scrolls the thread: the person leaves the end.
    inner.scrollTop = 0;
    act(() => {
      fireEvent.wheel(inner, { deltaY: -300 });
    });
    expect(root).toHaveAttribute("data-state", "scrolled-up");
  });

  it("leaves a key pressed in a row's own scroller to that scroller while it can go up", async () => {
    const { root } = await longThread(
      <Thread.Root initialRect={{ width: 400, height: VIEWPORT }}>
        <Thread.Viewport>
          <Thread.Messages renderRow={(id) => <pre data-fake-scroller="yes" data-testid={id} role="group" aria-label={`result ${id}`} tabIndex={0} style={{ overflowY: "auto" }} />} />
        </Thread.Viewport>
      </Thread.Root>,
    );
    const inner = screen.getByTestId("m199");
    inner.scrollTop = 500;
    act(() => {
      fireEvent.keyDown(inner, { key: "ArrowUp" });
      fireEvent.keyDown(inner, { key: "PageUp" });
    });
    expect(root).toHaveAttribute("data-state", "following");
    inner.scrollTop = 0;
    act(() => {
      fireEvent.keyDown(inner, { key: "PageUp" });
    });
    expect(root).toHaveAttribute("data-state", "scrolled-up");
  });

  it("never stops following on a wheel turned down, even when the view moves up under it", async () => {
    const { viewport, root } = await longThread();
    act(() => {
      fireEvent.scroll(viewport);
      fireEvent.wheel(viewport, { deltaY: 300 });
    });
    // A row above shrank as it was measured: the browser moved the view up during the gesture.
    scrollBy(viewport, -200);
    expect(root).toHaveAttribute("data-state", "following");
  });

  it("stops following when the person drags the scrollbar up or swipes down", async () => {
    const { viewport, root } = await longThread();
    // The scrollbar: a press on the scroller itself, then the view moves up.
    act(() => {
      fireEvent.pointerDown(viewport);
    });
    scrollBy(viewport, -300);
    expect(root).toHaveAttribute("data-state", "scrolled-up");
    act(() => {
      fireEvent.pointerUp(window);
    });
    fireEvent.click(screen.getByRole("button", { name: /Jump to latest/ }));
    expect(root).toHaveAttribute("data-state", "following");
    // A finger moving down drags the thread down: the view goes up.
    act(() => {
      fireEvent.touchStart(viewport, { touches: [{ clientY: 100 }] });
      fireEvent.touchMove(viewport, { touches: [{ clientY: 180 }] });
    });
    expect(root).toHaveAttribute("data-state", "scrolled-up");
    act(() => {
      fireEvent.touchEnd(viewport);
    });
  });
});

describe("Thread parts", () => {
  it("lay out a thread of your own, with asChild, data-slot and data-state on each part", async () => {
    const store = storeWith([]);
    const { container } = renderKit(
      <Thread.Root asChild initialRect={{ width: 400, height: VIEWPORT }}>
        <section aria-label="Chat">
          <Thread.JumpToLatest forceMount>Newest</Thread.JumpToLatest>
          <Thread.Viewport className="my-viewport">
            <Thread.Empty asChild>
              <p>Ask me anything.</p>
            </Thread.Empty>
            <Thread.Messages asChild rowClassName="my-row">
              <div className="my-list" />
            </Thread.Messages>
          </Thread.Viewport>
          <Thread.Announcer />
        </section>
      </Thread.Root>,
      store,
    );
    const root = container.querySelector("section[data-slot=thread]")!;
    expect(root).toHaveAttribute("data-state", "empty");
    expect(screen.getByText("Ask me anything.").tagName).toBe("P");
    expect(screen.getByText("Ask me anything.")).toHaveAttribute("data-slot", "thread-empty");
    expect(screen.getByRole("log")).toHaveClass("my-viewport");
    expect(screen.getByRole("button", { name: "Newest" })).toHaveAttribute("data-state", "empty");
    await expectNoAxeViolations(container);

    act(() => store.setState((s) => ({ thread: applyClientAction(s.thread, { type: "append-message", message: { id: "u1", role: "user", content: "Trains to Lyon?" } }) })));
    expect(root).toHaveAttribute("data-state", "following");
    expect(screen.queryByText("Ask me anything.")).toBeNull();
    const list = container.querySelector("div.my-list[data-slot=thread-list]")!;
    expect(list).toHaveAttribute("data-state", "following");
    expect(list.querySelector("[data-slot=thread-row].my-row")).toHaveTextContent("Trains to Lyon?");
    await expectNoAxeViolations(container);
  });

  it("say which provider they need", () => {
    const store = storeWith([]);
    expect(() => renderKit(<Thread.Viewport />, store)).toThrow("<Thread.Viewport> must be used inside <Thread.Root>.");
  });
});

describe("Thread rows", () => {
  const call = [ev.runStarted(), ev.textStart("a1"), ev.text("a1", "Searching"), ev.textEnd("a1"), ev.toolStart("t1", "search_trains", "a1"), ev.toolArgs("t1", "{}"), ev.toolEnd("t1")];

  it("give a tool result shown on its call's card no row of its own, and still announce it", () => {
    const store = storeWith(call);
    const { container } = renderKit(<Thread initialRect={{ width: 400, height: VIEWPORT }} />, store);
    act(() => store.setState((s) => ({ thread: foldEvents(s.thread, [ev.toolResult("res1", "t1", "3 trains found")]) })));
    const rows = [...container.querySelectorAll("[data-slot=thread-row]")].map((row) => row.getAttribute("data-row-id"));
    expect(rows).toEqual(["a1"]);
    expect(screen.getByRole("status")).toHaveTextContent("Tool result: 3 trains found");
  });

  it("keep a row for a tool result whose call the thread does not know, and for an app's own tool component", () => {
    const orphan: Message[] = [{ id: "res9", role: "tool", toolCallId: "unknown", content: "stray result" }];
    const store = storeWith(call, { initialMessages: orphan });
    const { container, unmount } = renderKit(<Thread initialRect={{ width: 400, height: VIEWPORT }} />, store);
    expect(container.querySelector("[data-row-id=res9]")).toHaveTextContent("stray result");
    unmount();
    act(() => store.setState((s) => ({ thread: foldEvents(s.thread, [ev.toolResult("res1", "t1", "3 trains found")]) })));
    const OwnTool = ({ message }: MessageComponentProps) => <p>own: {message.id}</p>;
    const own = renderKit(<Thread initialRect={{ width: 400, height: VIEWPORT }} />, store, { components: { tool: OwnTool } });
    expect(own.container.querySelector("[data-row-id=res1]")).toHaveTextContent("own: res1");
  });
});

describe("Thread announcer", () => {
  it("does not re-render while a reply streams, and says it once complete", () => {
    const store = storeWith([ev.runStarted(), ev.textStart("a1"), ev.text("a1", "Hel")]);
    let renders = 0;
    render(
      <ParleyProvider store={store}>
        <ParleyUIProvider>
          <Profiler id="announcer" onRender={() => renders++}>
            <Thread.Announcer />
          </Profiler>
        </ParleyUIProvider>
      </ParleyProvider>,
    );
    const before = renders;
    for (let i = 0; i < 50; i++) act(() => store.setState((s) => ({ thread: foldEvents(s.thread, [ev.text("a1", " lo")]) })));
    expect(renders).toBe(before);
    act(() => store.setState((s) => ({ thread: foldEvents(s.thread, [ev.textEnd("a1")]) })));
    expect(screen.getByRole("status")).toHaveTextContent(/^Assistant: Hel lo lo/);
  });
});

describe("ParleyUIProvider sizing", () => {
  it("passes style to the themed root, where --parley-thread-height can be set", () => {
    const { container } = renderKit(<Thread />, storeWith([]), { style: { height: 600, ["--parley-thread-height" as string]: "480px" } });
    const root = container.querySelector<HTMLElement>("[data-slot=parley-root]")!;
    expect(root.style.height).toBe("600px");
    expect(root.style.getPropertyValue("--parley-thread-height")).toBe("480px");
  });
});

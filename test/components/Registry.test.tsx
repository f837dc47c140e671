import { describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen } from "@testing-library/react";
import { EventType } from "@ag-ui/core";
import { foldEvents } from "../../src/core/fold";
import { createMessageRegistry, MessageRenderer, type MessageComponentProps } from "../../src/components";
import { ev } from "../support/events";
import { messageText } from "../support/thread";
import { expectNoAxeViolations, renderKit, storeWith } from "./support";

const activity = (messageId: string, activityType: string, content: object) => ({ type: EventType.ACTIVITY_SNAPSHOT, messageId, activityType, content });

describe("message registry", () => {
  it("looks up runtime, then overrides, then defaults", () => {
    const store = storeWith([ev.runStarted(), ev.textStart("a1"), ev.text("a1", "default text"), ev.textEnd("a1"), ev.runFinished()]);
    const registry = createMessageRegistry();
    const Override = ({ message }: MessageComponentProps) => <p>override {message.id}</p>;
    const Runtime = ({ message }: MessageComponentProps) => <p>runtime {message.id}</p>;
    renderKit(<MessageRenderer id="a1" />, store, { registry, components: { assistant: Override } });
    expect(screen.getByText("override a1")).toBeInTheDocument();
    let unregister = () => {};
    act(() => {
      unregister = registry.register("assistant", Runtime);
    });
    expect(screen.getByText("runtime a1")).toBeInTheDocument();
    act(() => unregister());
    expect(screen.getByText("override a1")).toBeInTheDocument();
  });

  it("uses the default PLAN step list for plan activities", async () => {
    const store = storeWith([
      activity("p1", "PLAN", { steps: [{ title: "Search trains", status: "completed" }, { title: "Book", status: "in_progress" }] }),
    ]);
    const { container } = renderKit(<MessageRenderer id="p1" />, store);
    const steps = container.querySelectorAll("[data-slot=plan-step]");
    expect([...steps].map((s) => s.getAttribute("data-state"))).toEqual(["completed", "in-progress"]);
    expect(screen.getByText("Search trains")).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it("shows an unknown kind as escaped raw JSON and warns once", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const store = storeWith([activity("x1", "MYSTERY", { html: "<img src=x onerror=alert(1)>" }), activity("x2", "MYSTERY", {})]);
    const { container } = renderKit(
      <>
        <MessageRenderer id="x1" />
        <MessageRenderer id="x2" />
      </>,
      store,
    );
    expect(screen.getAllByText(/type the app does not know \(activity:MYSTERY\)/)).toHaveLength(2);
    fireEvent.click(screen.getAllByRole("button", { name: "Raw content" })[0]!);
    expect(container.querySelector("img")).toBeNull();
    expect(container.textContent).toContain("<img src=x onerror=alert(1)>");
    expect(warn.mock.calls.filter((c) => String(c[0]).includes("activity:MYSTERY"))).toHaveLength(1);
    warn.mockRestore();
  });

  it("contains a crashing component to its own message", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const store = storeWith([ev.runStarted(), ev.textStart("a1"), ev.text("a1", "fine"), ev.textEnd("a1"), ev.runFinished()]);
    store.setState((s) => ({ thread: foldEvents(s.thread, [activity("b1", "BOOM", {})]) }));
    const Boom = () => {
      throw new Error("bad payload");
    };
    renderKit(
      <>
        <MessageRenderer id="b1" />
        <MessageRenderer id="a1" />
      </>,
      store,
      { components: { "activity:BOOM": Boom } },
    );
    expect(screen.getByText("This message could not be shown.")).toBeInTheDocument();
    expect(screen.getByText("fine")).toBeInTheDocument();
    error.mockRestore();
  });

  it("re-renders only the message a token belongs to", () => {
    const store = storeWith([
      ev.runStarted(),
      ev.textStart("a1"), ev.text("a1", "one"), ev.textEnd("a1"),
      ev.textStart("a2"), ev.text("a2", "two"),
    ]);
    const renders: Record<string, number> = {};
    const Counting = ({ message }: MessageComponentProps) => {
      renders[message.id] = (renders[message.id] ?? 0) + 1;
      return <p>{message.role === "assistant" ? message.content : ""}</p>;
    };
    renderKit(
      <>
        <MessageRenderer id="a1" />
        <MessageRenderer id="a2" />
      </>,
      store,
      { components: { assistant: Counting } },
    );
    const before = { ...renders };
    act(() => store.setState((s) => ({ thread: foldEvents(s.thread, [ev.text("a2", " more")]) })));
    expect(screen.getByText("two more")).toBeInTheDocument();
    expect(renders.a1).toBe(before.a1);
    expect(renders.a2).toBe(before.a2! + 1);
  });

  it("a role from the wire that names an Object.prototype member gets the Fallback", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const store = storeWith([
      { type: EventType.MESSAGES_SNAPSHOT, messages: [{ id: "w1", role: "toString", content: "x" }, { id: "w2", role: "constructor", content: "y" }] },
    ]);
    renderKit(<><MessageRenderer id="w1" /><MessageRenderer id="w2" /></>, store);
    expect(screen.getAllByText(/type the app does not know/)).toHaveLength(2);
    warn.mockRestore();
  });

  it("outside a ParleyUIProvider, registering refuses with an error that names the provider", async () => {
    const { renderHook } = await import("@testing-library/react");
    const { useMessageRegistry } = await import("../../src/components");
    const { result } = renderHook(() => useMessageRegistry());
    expect(() => result.current.register("assistant", () => null)).toThrow(/<ParleyUIProvider>/);
    expect(() => result.current.messages.register("assistant", () => null)).toThrow(/<ParleyUIProvider>/);
    expect(() => result.current.tools.register("search", () => null)).toThrow(/<ParleyUIProvider>/);
    expect(() => result.current.stateViews.register(() => null)).toThrow(/<ParleyUIProvider>/);
  });

  it("inline components={{…}} do not re-render the messages when the parent re-renders", async () => {
    const { render } = await import("@testing-library/react");
    const { ParleyProvider } = await import("../../src/react/ParleyProvider");
    const { ParleyUIProvider } = await import("../../src/components");
    const store = storeWith([ev.runStarted(), ev.textStart("a1"), ev.text("a1", "hi"), ev.textEnd("a1")]);
    let renders = 0;
    const Counting = ({ message }: MessageComponentProps) => {
      renders++;
      return <p>{messageText(message)}</p>;
    };
    const App = ({ tick }: { tick: number }) => (
      <ParleyProvider store={store}>
        <ParleyUIProvider components={{ assistant: Counting }} labels={{ send: "Go" }}>
          <span>{tick}</span>
          <MessageRenderer id="a1" />
        </ParleyUIProvider>
      </ParleyProvider>
    );
    const { rerender } = render(<App tick={1} />);
    const afterMount = renders;
    rerender(<App tick={2} />);
    rerender(<App tick={3} />);
    expect(renders).toBe(afterMount);
  });
});


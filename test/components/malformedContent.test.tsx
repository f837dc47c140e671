import { act, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { MessageRenderer, Thread } from "../../src/components";
import { restoreThread, snapshotThread } from "../../src/persistence";
import { renderKit, storeWith } from "./support";

/** A saved thread as storage (or another tab) may hand it back: messages whose content is not what their role holds. */
function savedWith(messages: unknown[]) {
  const saved = JSON.parse(JSON.stringify(snapshotThread(storeWith([]).getState().thread, 0))) as { messages: unknown[] };
  saved.messages.push(...messages);
  const restored = restoreThread(saved);
  if (!restored.ok) throw new Error(restored.problem);
  return restored.thread;
}

const odd = [
  { id: "u1", role: "user", content: [null, 3, { type: "text", text: "Kept words" }] },
  { id: "a1", role: "assistant", content: 42 },
  { id: "s1", role: "system", content: { x: 1 } },
  { id: "r1", role: "reasoning", content: ["a"] },
  { id: "t1", role: "tool", toolCallId: "no-such-call", content: [{ type: "text", text: "Result words" }, null] },
  { id: "v1", role: "activity", activityType: "PLAN", content: null },
];

describe("messages whose content is malformed", () => {
  it("render, with their text parts, and trip no error boundary", () => {
    const store = storeWith([]);
    store.getState().restore(savedWith(odd));
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    // The plan without steps has no view: the registry says so once, in development.
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const { container } = renderKit(
        <>
          {odd.map(({ id }) => (
            <MessageRenderer key={id} id={id} />
          ))}
        </>,
        store,
      );
      expect(screen.getByText("Kept words")).toBeInTheDocument();
      expect(screen.getByText("Result words")).toBeInTheDocument();
      for (const { id } of odd.filter((m) => m.role !== "activity")) expect(container.querySelector(`[data-message-id="${id}"]`), id).not.toBeNull();
      // A plan with no steps is shown as what it is: an activity the app has no view for.
      expect(container.querySelector('[data-slot=message-fallback][data-kind="activity:PLAN"]')).not.toBeNull();
      expect(container.querySelector("[data-slot=message-crashed], [data-slot=part-crashed]")).toBeNull();
      expect(error).not.toHaveBeenCalled();
    } finally {
      error.mockRestore();
      warn.mockRestore();
    }
  });

  it("the thread's live region reads them without throwing, and says the text a new one carries", () => {
    const store = storeWith([]);
    store.getState().restore(savedWith([{ id: "a1", role: "assistant", content: 42 }]));
    const { container } = renderKit(
      <Thread.Root initialRect={{ width: 400, height: 300 }}>
        <Thread.Announcer />
      </Thread.Root>,
      store,
    );
    const region = container.querySelector("[data-slot=thread-announcer]")!;
    expect(region).toHaveTextContent("");
    act(() => {
      store.getState().receiveEvents([
        { type: "MESSAGES_SNAPSHOT", messages: [{ id: "a1", role: "assistant", content: 42 }, { id: "t2", role: "tool", toolCallId: "none", content: [null, { type: "text", text: "Done." }] }] },
      ] as never);
    });
    expect(region).toHaveTextContent("Tool result: Done.");
  });
});

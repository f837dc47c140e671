/**
 * The server's HTML hydrates without a mismatch (issue 14): the thread's unmeasured first render,
 * the store's ids and the countdown's clock all agree between server and client.
 */
import { describe, expect, it, vi } from "vitest";
import { act } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { hydrateRoot } from "react-dom/client";
import { EventType, type Message } from "@ag-ui/core";
import { Composer, InteractionQueue, ParleyProvider, ParleyUIProvider, Thread, createThreadStore, foldEvents, type ThreadStore } from "../../src";

const messages: Message[] = Array.from({ length: 40 }, (_, i) => ({ id: `m${i}`, role: i % 2 ? "assistant" : "user", content: `line ${i}` }));

/** A thread waiting on a question with a deadline, so a countdown renders too. */
function asking(): ThreadStore {
  const store = createThreadStore({ batch: "sync", initialMessages: messages, now: () => 1_000 });
  store.setState((s) => ({
    thread: foldEvents(s.thread, [
      { type: EventType.RUN_STARTED, threadId: "t", runId: "r1" },
      { type: EventType.CUSTOM, name: "parley.interaction", value: { messageId: "q1", messageType: "advice", payload: { content: "Which one?", options: [{ id: "a", label: "A" }] }, expiresAt: "2099-01-01T00:00:00Z" } },
      { type: EventType.RUN_FINISHED, threadId: "t", runId: "r1" },
    ]),
  }));
  return store;
}

describe("hydration", () => {
  it("hydrates the server's HTML with no mismatch", async () => {
    const tree = (store: ThreadStore) => (
      <ParleyProvider store={store}>
        <ParleyUIProvider>
          <Thread />
          <InteractionQueue />
          <Composer />
        </ParleyUIProvider>
      </ParleyProvider>
    );
    const html = renderToString(tree(asking()));
    expect(html).toContain("line 39");
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.appendChild(container);
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const recoverable: unknown[] = [];
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, tree(asking()), { onRecoverableError: (error) => recoverable.push(error) });
    });
    expect(recoverable).toEqual([]);
    expect(errors.mock.calls.filter((call) => /hydrat|did not match/i.test(String(call[0])))).toEqual([]);
    // (After hydration jsdom measures a viewport of height 0, so the thread shows no rows: layout,
    // not a mismatch. The queue, which does not depend on layout, is there.)
    expect(container.querySelector("[data-slot=interaction-queue]")).toHaveTextContent("Which one?");
    errors.mockRestore();
    act(() => root?.unmount());
    container.remove();
  });
});

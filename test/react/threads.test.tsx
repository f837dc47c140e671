import { StrictMode, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { act, render, renderHook, screen, waitFor } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { EventType } from "@ag-ui/core";
import { ParleyProvider, useAgentState, useMessageIds } from "../../src";
import { createThreadState, foldEvents } from "../../src/core/fold";
import { snapshotThread } from "../../src/persistence";
import { applyThreadsChange, createMemoryThreadsAdapter, useThreads, type ThreadsAdapter, type ThreadSummary } from "../../src/threads";

const summary = (id: string, updatedAt: number, extra: Partial<ThreadSummary> = {}): ThreadSummary => ({ id, title: id, startedBy: "person", unread: 0, updatedAt, ...extra });

/** An adapter whose changes wait until the test settles them: the optimistic state is seen in between. */
function deferred(adapter: ThreadsAdapter) {
  const waiting: { resolve: () => void; reject: (e: Error) => void }[] = [];
  const hold = () => new Promise<void>((resolve, reject) => waiting.push({ resolve, reject }));
  return {
    adapter: { ...adapter, rename: hold, remove: hold, markRead: hold } satisfies ThreadsAdapter,
    settle: (error?: Error) => {
      const next = waiting.shift()!;
      if (error) next.reject(error);
      else next.resolve();
    },
  };
}

function wrapper(client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  return ({ children }: { children: ReactNode }) => (
    <StrictMode>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </StrictMode>
  );
}

const seeded = () => createMemoryThreadsAdapter({ threads: [{ summary: summary("old", 1) }, { summary: summary("new", 3) }, { summary: summary("mid", 2, { startedBy: "agent", unread: 2 }) }] });

describe("useThreads", () => {
  it("lists the adapter's threads newest first", async () => {
    const adapter = seeded();
    const { result } = renderHook(() => useThreads(adapter), { wrapper: wrapper() });
    expect(result.current.status).toBe("pending");
    await waitFor(() => expect(result.current.status).toBe("success"));
    expect(result.current.threads?.map((t) => t.id)).toEqual(["new", "mid", "old"]);
  });

  it("renames at once, and keeps the new name when the back end agrees", async () => {
    const { adapter, settle } = deferred(seeded());
    const { result } = renderHook(() => useThreads(adapter), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.threads).toHaveLength(3));
    act(() => result.current.rename("old", "Lyon trip"));
    await waitFor(() => expect(result.current.threads?.find((t) => t.id === "old")?.title).toBe("Lyon trip"));
    await act(async () => settle());
    expect(result.current.problem).toBeUndefined();
    expect(result.current.threads?.find((t) => t.id === "old")?.title).toBe("Lyon trip");
  });

  it("puts a refused rename back and says why", async () => {
    const { adapter, settle } = deferred(seeded());
    const { result } = renderHook(() => useThreads(adapter), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.threads).toHaveLength(3));
    act(() => result.current.rename("old", "Lyon trip"));
    await waitFor(() => expect(result.current.threads?.find((t) => t.id === "old")?.title).toBe("Lyon trip"));
    await act(async () => settle(new Error("The server is offline")));
    await waitFor(() => expect(result.current.problem).toEqual({ action: "rename", threadId: "old", title: "old", message: "The server is offline" }));
    expect(result.current.threads?.find((t) => t.id === "old")?.title).toBe("old");
    act(() => result.current.dismissProblem());
    expect(result.current.problem).toBeUndefined();
  });

  it("deletes at once, and brings a refused delete back in its place", async () => {
    const { adapter, settle } = deferred(seeded());
    const { result } = renderHook(() => useThreads(adapter), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.threads).toHaveLength(3));
    act(() => result.current.remove("mid"));
    await waitFor(() => expect(result.current.threads?.map((t) => t.id)).toEqual(["new", "old"]));
    await act(async () => settle(new Error("Not allowed")));
    await waitFor(() => expect(result.current.threads?.map((t) => t.id)).toEqual(["new", "mid", "old"]));
    expect(result.current.problem).toMatchObject({ action: "remove", threadId: "mid", message: "Not allowed" });
  });

  it("marks a thread read at once, and the count comes back if the back end refuses", async () => {
    const { adapter, settle } = deferred(seeded());
    const { result } = renderHook(() => useThreads(adapter), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.threads).toHaveLength(3));
    act(() => result.current.markRead("mid"));
    await waitFor(() => expect(result.current.threads?.find((t) => t.id === "mid")?.unread).toBe(0));
    await act(async () => settle(new Error("Timed out")));
    await waitFor(() => expect(result.current.threads?.find((t) => t.id === "mid")?.unread).toBe(2));
    expect(result.current.problem?.action).toBe("markRead");
  });

  it("creates a thread and lists it; a refused create is a problem, not a throw", async () => {
    let n = 0;
    const adapter = createMemoryThreadsAdapter({ newId: () => `t${++n}`, now: () => 10 });
    const { result } = renderHook(() => useThreads(adapter), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.status).toBe("success"));
    let made: ThreadSummary | undefined;
    await act(async () => {
      made = await result.current.create();
    });
    expect(made?.id).toBe("t1");
    expect(result.current.threads?.map((t) => t.id)).toEqual(["t1"]);

    const refusing = { ...adapter, create: () => Promise.reject(new Error("Quota reached")) };
    const second = renderHook(() => useThreads(refusing), { wrapper: wrapper() });
    await waitFor(() => expect(second.result.current.status).toBe("success"));
    await act(async () => {
      made = await second.result.current.create();
    });
    expect(made).toBeUndefined();
    expect(second.result.current.problem).toMatchObject({ action: "create", message: "Quota reached" });
  });

  it("a session the agent pushes appears at once, with its unread count, through subscribe", async () => {
    const adapter = seeded();
    const { result } = renderHook(() => useThreads(adapter), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.threads).toHaveLength(3));
    act(() => {
      adapter.deliver({
        threadId: "nightly",
        title: "Nightly report",
        events: [
          { type: EventType.RUN_STARTED, threadId: "nightly", runId: "r1" },
          { type: EventType.TEXT_MESSAGE_START, messageId: "m1", role: "assistant" },
          { type: EventType.TEXT_MESSAGE_CONTENT, messageId: "m1", delta: "All jobs ran." },
          { type: EventType.TEXT_MESSAGE_END, messageId: "m1" },
          { type: EventType.RUN_FINISHED, threadId: "nightly", runId: "r1" },
        ],
      });
    });
    await waitFor(() => expect(result.current.threads?.[0]).toMatchObject({ id: "nightly", startedBy: "agent", unread: 1, title: "Nightly report" }));
  });

  it("says why the list could not be loaded, and loads it on refetch", async () => {
    let fail = true;
    const base = seeded();
    const adapter = { ...base, list: () => (fail ? Promise.reject(new Error("Offline")) : base.list()) };
    // retry: 1 — the hook asks twice before it says the list failed.
    const { result } = renderHook(() => useThreads(adapter), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.status).toBe("error"), { timeout: 4_000 });
    expect(result.current.error?.message).toBe("Offline");
    fail = false;
    act(() => result.current.refetch());
    await waitFor(() => expect(result.current.threads).toHaveLength(3));
  });

  it("works without a QueryClientProvider (a client of its own)", async () => {
    const adapter = seeded();
    const { result } = renderHook(() => useThreads(adapter));
    await waitFor(() => expect(result.current.threads).toHaveLength(3));
  });
});

describe("applyThreadsChange", () => {
  it("upserts newest first and removes; nothing to change before the list has loaded", () => {
    const list = [summary("a", 2), summary("b", 1)];
    expect(applyThreadsChange(list, { type: "upsert", thread: summary("b", 3) })?.map((t) => t.id)).toEqual(["b", "a"]);
    expect(applyThreadsChange(list, { type: "remove", id: "a" })?.map((t) => t.id)).toEqual(["b"]);
    expect(applyThreadsChange(undefined, { type: "remove", id: "a" })).toBeUndefined();
  });
});

describe("opening a thread from the adapter", () => {
  it("restores its messages and its state into a provider keyed by the thread (persistence over the adapter)", async () => {
    const lyon = foldEvents(createThreadState({ threadId: "lyon" }), [
      { type: EventType.MESSAGES_SNAPSHOT, messages: [{ id: "u1", role: "user", content: "Train to Lyon" }, { id: "a1", role: "assistant", content: "The 08:05 is booked." }] },
      { type: EventType.STATE_SNAPSHOT, snapshot: { seat: "42 window" } },
    ]);
    const adapter = createMemoryThreadsAdapter({ threads: [{ summary: summary("lyon", 1), snapshot: snapshotThread(lyon, 1) }, { summary: summary("empty", 2) }] });
    function Probe() {
      const ids = useMessageIds();
      const seat = useAgentState((s: { seat?: string } | undefined) => s?.seat);
      return <p data-testid="probe">{`${ids.length} messages, seat ${seat ?? "none"}`}</p>;
    }
    const open = (threadId: string) => (
      <StrictMode>
        <ParleyProvider key={threadId} threadId={threadId} persistence={{ storage: adapter, key: threadId }}>
          <Probe />
        </ParleyProvider>
      </StrictMode>
    );
    const view = render(open("empty"));
    expect(screen.getByTestId("probe")).toHaveTextContent("0 messages, seat none");
    view.rerender(open("lyon"));
    await waitFor(() => expect(screen.getByTestId("probe")).toHaveTextContent("2 messages, seat 42 window"));
    view.rerender(open("empty"));
    expect(screen.getByTestId("probe")).toHaveTextContent("0 messages, seat none");
  });
});

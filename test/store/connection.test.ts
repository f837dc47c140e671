// @vitest-environment node
import { EventType, type BaseEvent } from "@ag-ui/core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createThreadStore, type ThreadStore } from "../../src";
import { createHttpAgent } from "../../src/http";
import type { FetchLike } from "../../src/core/transport/httpAgent";
import { ev } from "../support/events";

/**
 * A fetch that answers each request with the next script: SSE frames with ids, then a drop (the
 * body errors) or an end. The run's ids come from the request, as a server's would.
 */
function flakyFetch(scripts: Array<Array<[number, BaseEvent]> | { drop: Array<[number, BaseEvent]> } | "unreachable">) {
  const lastEventIds: Array<string | undefined> = [];
  const fetch: FetchLike = async (_url, init) => {
    lastEventIds.push((init.headers as Record<string, string>)["Last-Event-ID"]);
    const script = scripts.shift();
    if (!script || script === "unreachable") throw new TypeError("fetch failed");
    const { runId, threadId } = JSON.parse(init.body as string) as { runId: string; threadId: string };
    const frames = (Array.isArray(script) ? script : script.drop).map(([id, event]) => {
      const own = event.type === EventType.RUN_STARTED || event.type === EventType.RUN_FINISHED ? { ...event, runId, threadId } : event;
      return `id: ${id}\ndata: ${JSON.stringify(own)}\n\n`;
    });
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = frames.shift();
        if (next !== undefined) controller.enqueue(new TextEncoder().encode(next));
        else if (Array.isArray(script)) controller.close();
        else controller.error(new TypeError("network error"));
      },
    });
    return new Response(body, { headers: { "Content-Type": "text/event-stream" } });
  };
  return { fetch, lastEventIds };
}

const reply = (store: ThreadStore) => {
  const { thread } = store.getState();
  return thread.messageIds.map((id) => thread.messages.get(id)).filter((m) => m?.role === "assistant").map((m) => m?.content);
};

const half: Array<[number, BaseEvent]> = [[1, ev.runStarted()], [2, ev.textStart("m1")], [3, ev.text("m1", "Hello")]];

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(Math, "random").mockReturnValue(1);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the store while the transport reconnects", () => {
  it("says which attempt it is on, then clears it when the stream is resumed; the reply is whole and said once", async () => {
    const { fetch, lastEventIds } = flakyFetch([
      { drop: half },
      [[3, ev.text("m1", "Hello")], [4, ev.text("m1", ", world")], [5, ev.textEnd("m1")], [6, ev.runFinished()]],
    ]);
    const store = createThreadStore({ agent: createHttpAgent({ url: "/agent", fetch }), batch: "sync" });
    store.getState().sendMessage("hi");
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().reconnecting).toEqual({ attempt: 1, attempts: 4 });
    expect(store.getState().isRunning).toBe(true);
    expect(reply(store)).toEqual(["Hello"]);

    await vi.advanceTimersByTimeAsync(500);
    expect(lastEventIds).toEqual([undefined, "3"]);
    expect(store.getState().reconnecting).toBeUndefined();
    expect(store.getState().isRunning).toBe(false);
    expect(store.getState().thread.runs.at(-1)?.status).toBe("finished");
    expect(reply(store)).toEqual(["Hello, world"]);
  });

  it("when every attempt fails the run ends as connection lost, the partial reply stays, and Retry runs again without it", async () => {
    const { fetch } = flakyFetch([
      { drop: half },
      "unreachable",
      "unreachable",
      [[1, ev.runStarted()], [2, ev.textStart("m2")], [3, ev.text("m2", "Second try")], [4, ev.textEnd("m2")], [5, ev.runFinished()]],
    ]);
    const store = createThreadStore({ agent: createHttpAgent({ url: "/agent", fetch, reconnect: { attempts: 2 } }), batch: "sync" });
    store.getState().sendMessage("hi");
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().reconnecting).toEqual({ attempt: 1, attempts: 2 });
    await vi.advanceTimersByTimeAsync(500);
    expect(store.getState().reconnecting).toEqual({ attempt: 2, attempts: 2 });
    await vi.advanceTimersByTimeAsync(1000);

    const state = store.getState();
    expect(state.reconnecting).toBeUndefined();
    expect(state.isRunning).toBe(false);
    expect(state.thread.runs.at(-1)).toMatchObject({
      status: "error",
      error: { code: "network", source: "transport", message: "The connection to the agent was lost; 2 attempts to reconnect failed." },
    });
    expect(reply(store)).toEqual(["Hello"]); // kept, so the person sees what arrived

    expect(store.getState().retry()).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(reply(store)).toEqual(["Second try"]);
  });

  it("stop() while it waits cancels the reconnect: no request is made and the run ends as cancelled", async () => {
    const { fetch, lastEventIds } = flakyFetch([{ drop: half }, [[4, ev.runFinished()]]]);
    const store = createThreadStore({ agent: createHttpAgent({ url: "/agent", fetch }), batch: "sync" });
    store.getState().sendMessage("hi");
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().reconnecting).toBeDefined();
    store.getState().stop();
    expect(store.getState().reconnecting).toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(lastEventIds).toEqual([undefined]);
    expect(store.getState().thread.runs.at(-1)?.status).toBe("cancelled");
    expect(reply(store)).toEqual(["Hello"]);
  });

  it("a connection report of a run the store has let go of changes nothing", () => {
    let late: ((state: { status: "reconnecting"; attempt: number; attempts: number }) => void) | undefined;
    const store = createThreadStore({
      agent: { run: () => ({ subscribe: (observer) => ((late = (s) => observer.connection?.(s)), { unsubscribe() {} }) }) },
      batch: "sync",
    });
    store.getState().sendMessage("hi");
    store.getState().stop();
    late?.({ status: "reconnecting", attempt: 1, attempts: 4 });
    expect(store.getState().reconnecting).toBeUndefined();
  });
});

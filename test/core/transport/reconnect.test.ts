// @vitest-environment node
import { EventType, type BaseEvent, type RunAgentInput } from "@ag-ui/core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createHttpAgent, type FetchLike, type HttpAgentOptions } from "../../../src/core/transport/httpAgent";
import { TransportError, type ConnectionState } from "../../../src/core/transport/types";

const input: RunAgentInput = { threadId: "t1", runId: "r1", messages: [], tools: [], context: [] };
const started: BaseEvent = { type: EventType.RUN_STARTED, threadId: "t1", runId: "r1" };
const finished: BaseEvent = { type: EventType.RUN_FINISHED, threadId: "t1", runId: "r1" };
const delta = (text: string): BaseEvent => ({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: "m1", delta: text });

/** One SSE frame, with an `id:` when given. */
const frame = (event: BaseEvent, id?: number) => `${id === undefined ? "" : `id: ${id}\n`}data: ${JSON.stringify(event)}\n\n`;

/** How one answer ends after its frames: cleanly, or with a read error (the network dropped). */
type Ending = "end" | "drop";
type Answer = { frames: string[]; ending: Ending } | "unreachable";

/**
 * A fetch that plays one scripted answer per request and records what each request sent. The
 * bodies are ReadableStreams, so reading them needs only microtasks (fake timers leave them be).
 */
function scriptedFetch(answers: Answer[]) {
  const requests: { headers: Record<string, string>; body: string }[] = [];
  const fetch: FetchLike = async (_url, init) => {
    requests.push({ headers: init.headers as Record<string, string>, body: init.body as string });
    const answer = answers.shift();
    if (!answer) throw new Error("no more scripted answers");
    if (answer === "unreachable") throw new TypeError("fetch failed");
    const bytes = new TextEncoder();
    const queue = [...answer.frames];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = queue.shift();
        if (next !== undefined) controller.enqueue(bytes.encode(next));
        else if (answer.ending === "end") controller.close();
        else controller.error(new TypeError("network error"));
      },
    });
    return new Response(body, { status: 200, headers: { "Content-Type": "text/event-stream" } });
  };
  return { fetch, requests };
}

interface Seen {
  events: BaseEvent[];
  states: ConnectionState[];
  error?: unknown;
  completed: boolean;
}

function start(answers: Answer[], options: Partial<HttpAgentOptions> = {}) {
  const { fetch, requests } = scriptedFetch(answers);
  const agent = createHttpAgent({ url: "/agent", fetch, ...options });
  const seen: Seen = { events: [], states: [], completed: false };
  const subscription = agent.run(input).subscribe({
    next: (event) => seen.events.push(event),
    connection: (state) => seen.states.push(state),
    error: (error) => (seen.error = error),
    complete: () => (seen.completed = true),
  });
  return { agent, seen, requests, subscription };
}

beforeEach(() => {
  vi.useFakeTimers();
  // The top of the jitter range: each wait is exactly the doubled delay.
  vi.spyOn(Math, "random").mockReturnValue(1);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("a dropped stream is resumed with Last-Event-ID", () => {
  it("re-requests after the backoff, says so, and delivers each id once although the server resends some", async () => {
    const { seen, requests } = start([
      { frames: [frame(started, 1), frame(delta("Hel"), 2), frame(delta("lo"), 3)], ending: "drop" },
      // The server resends from 2: frames already delivered are skipped.
      { frames: [frame(delta("lo"), 3), frame(delta(" world"), 4), frame(finished, 5)], ending: "end" },
    ]);
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.events).toEqual([started, delta("Hel"), delta("lo")]);
    expect(seen.states).toEqual([{ status: "reconnecting", attempt: 1, attempts: 4 }]);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.headers["Last-Event-ID"]).toBeUndefined();

    await vi.advanceTimersByTimeAsync(499);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
    expect(requests[1]!.headers["Last-Event-ID"]).toBe("3");
    expect(requests[1]!.body).toBe(requests[0]!.body); // the same run, asked for again

    await vi.advanceTimersByTimeAsync(0);
    expect(seen.events).toEqual([started, delta("Hel"), delta("lo"), delta(" world"), finished]);
    expect(seen.states).toEqual([{ status: "reconnecting", attempt: 1, attempts: 4 }, { status: "connected" }]);
    expect(seen.completed).toBe(true);
    expect(seen.error).toBeUndefined();
  });

  it("a body that ends before the run finished counts as dropped too", async () => {
    const { seen, requests } = start([
      { frames: [frame(started, 1)], ending: "end" },
      { frames: [frame(finished, 2)], ending: "end" },
    ]);
    await vi.advanceTimersByTimeAsync(500);
    expect(requests[1]!.headers["Last-Event-ID"]).toBe("1");
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.events).toEqual([started, finished]);
    expect(seen.completed).toBe(true);
  });

  it("a drop after RUN_FINISHED (or RUN_ERROR) is the end of the run, not a reason to reconnect", async () => {
    const error: BaseEvent = { type: EventType.RUN_ERROR, message: "model overloaded" };
    for (const last of [finished, error]) {
      const { seen, requests } = start([{ frames: [frame(started, 1), frame(last, 2)], ending: "drop" }]);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(requests).toHaveLength(1);
      expect(seen).toEqual({ events: [started, last], states: [], completed: true });
    }
  });

  it("waits twice as long each attempt, up to maxDelayMs, with jitter down to half", async () => {
    const drop: Answer = { frames: [frame(started, 1)], ending: "drop" };
    // The transport's waits are the only timers here.
    const timers = vi.spyOn(globalThis, "setTimeout");
    const { requests, seen } = start([drop, drop, drop, drop, drop], { reconnect: { attempts: 4, delayMs: 100, maxDelayMs: 300 } });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(requests).toHaveLength(5);
    expect(timers.mock.calls.map((call) => call[1])).toEqual([100, 200, 300, 300]);
    expect((seen.error as TransportError).message).toBe("The connection to the agent was lost; 4 attempts to reconnect failed.");

    vi.mocked(Math.random).mockReturnValue(0);
    const again = start([drop, drop]);
    await vi.advanceTimersByTimeAsync(249);
    expect(again.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(again.requests).toHaveLength(2);
  });
});

describe("when the stream cannot be resumed the run ends as connection lost", () => {
  it("a server that sent no ids cannot be resumed: the drop fails the run at once, after what arrived", async () => {
    const { seen, requests } = start([{ frames: [frame(started), frame(delta("Hel"))], ending: "drop" }]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(requests).toHaveLength(1);
    expect(seen.events).toEqual([started, delta("Hel")]);
    expect(seen.states).toEqual([]);
    const failure = seen.error as TransportError;
    expect(failure).toBeInstanceOf(TransportError);
    expect(failure.kind).toBe("network");
    expect(failure.message).toBe("The connection to the agent dropped before the run finished.");
  });

  it("after the last attempt fails, it is a network error that counts them", async () => {
    const { seen, requests } = start(
      [{ frames: [frame(started, 1)], ending: "drop" }, "unreachable", "unreachable", "unreachable"],
      { reconnect: { attempts: 3 } },
    );
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests.map((r) => r.headers["Last-Event-ID"])).toEqual([undefined, "1", "1", "1"]);
    expect(seen.states).toEqual([1, 2, 3].map((attempt) => ({ status: "reconnecting", attempt, attempts: 3 })));
    const failure = seen.error as TransportError;
    expect(failure.kind).toBe("network");
    expect(failure.message).toBe("The connection to the agent was lost; 3 attempts to reconnect failed.");
    expect(seen.completed).toBe(false);
  });

  it("reconnect: false ends the run at the first drop", async () => {
    const { seen, requests } = start([{ frames: [frame(started, 1)], ending: "drop" }], { reconnect: false });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(requests).toHaveLength(1);
    expect((seen.error as TransportError).kind).toBe("network");
  });

  it("a first request that fails is not retried (the person's Retry decides)", async () => {
    const { seen, requests } = start(["unreachable"]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(requests).toHaveLength(1);
    expect((seen.error as TransportError).message).toBe("Could not reach the agent at /agent.");
  });
});

describe("stopping cancels a pending reconnect", () => {
  it("unsubscribing while it waits: no new request is ever made, and nothing more is heard", async () => {
    const { seen, requests, subscription } = start([{ frames: [frame(started, 1)], ending: "drop" }, { frames: [frame(finished, 2)], ending: "end" }]);
    await vi.advanceTimersByTimeAsync(100);
    expect(seen.states).toHaveLength(1);
    subscription.unsubscribe();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(1);
    expect(seen).toEqual({ events: [started], states: [{ status: "reconnecting", attempt: 1, attempts: 4 }], completed: false });
  });

  it("abortRun() while it waits: the observer hears the run was aborted, and no request follows", async () => {
    const { agent, seen, requests } = start([{ frames: [frame(started, 1)], ending: "drop" }, { frames: [frame(finished, 2)], ending: "end" }]);
    await vi.advanceTimersByTimeAsync(100);
    agent.abortRun();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(1);
    expect((seen.error as TransportError).kind).toBe("aborted");
  });
});

describe("an agent that declares it cannot resume", () => {
  it("is not asked again with Last-Event-ID: the dropped run ends in words at once", async () => {
    const { seen, requests } = start([{ frames: [frame(started, 1), frame(delta("Hel"), 2)], ending: "drop" }], {
      capabilities: { transport: { resumable: false } },
    });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(requests).toHaveLength(1);
    expect(seen.states).toEqual([]);
    expect(seen.error).toBeInstanceOf(TransportError);
    expect((seen.error as TransportError).kind).toBe("network");
  });
});

// @vitest-environment node
import { EventType, type BaseEvent } from "@ag-ui/core";
import { describe, expect, it } from "vitest";
import { createHttpAgent, type FetchLike } from "../../../src/core/transport/httpAgent";
import { TransportError, type StreamFrame } from "../../../src/core/transport/types";

const started: BaseEvent = { type: EventType.RUN_STARTED, threadId: "t 1", runId: "r1" };
const finished: BaseEvent = { type: EventType.RUN_FINISHED, threadId: "t 1", runId: "r1" };
const delta = (text: string): BaseEvent => ({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: "m1", delta: text });
const frame = (event: BaseEvent, id: number) => `id: ${id}\ndata: ${JSON.stringify(event)}\n\n`;

/** A fetch that answers every request with `status` and these frames, and records what was asked. */
function answering(status: number, frames: string[] = []) {
  const requests: { url: string; method: string | undefined; headers: Record<string, string> }[] = [];
  const fetch: FetchLike = async (url, init) => {
    requests.push({ url, method: init.method, headers: init.headers as Record<string, string> });
    if (status !== 200) return new Response("gone", { status, statusText: status === 404 ? "Not Found" : "Gone" });
    return new Response(frames.join(""), { status, headers: { "Content-Type": "text/event-stream" } });
  };
  return { fetch, requests };
}

function join(fetch: FetchLike, options: Parameters<typeof createHttpAgent>[0] extends infer O ? Partial<O> : never = {}) {
  const agent = createHttpAgent({ url: "/api/agent", fetch, ...options });
  const seen = { events: [] as BaseEvent[], frames: [] as (StreamFrame | undefined)[], error: undefined as unknown, completed: false };
  return new Promise<typeof seen>((resolve) => {
    agent.reattach!({ threadId: "t 1", runId: "r1", lastEventId: "2" }).subscribe({
      next: (event, at) => (seen.events.push(event), seen.frames.push(at)),
      error: (error) => resolve({ ...seen, error }),
      complete: () => resolve({ ...seen, completed: true }),
    });
  });
}

describe("createHttpAgent().reattach", () => {
  it("asks with a GET naming the run and Last-Event-ID, and reads the frames after it with their ids", async () => {
    const { fetch, requests } = answering(200, [frame(delta(" a time"), 3), frame(finished, 4)]);
    const seen = await join(fetch);
    expect(requests).toEqual([{ url: "/api/agent?threadId=t%201&runId=r1", method: "GET", headers: expect.objectContaining({ "Last-Event-ID": "2", Accept: "text/event-stream" }) }]);
    expect(seen.events.map((e) => e.type)).toEqual([EventType.TEXT_MESSAGE_CONTENT, EventType.RUN_FINISHED]);
    expect(seen.frames).toEqual([{ eventId: "3" }, { eventId: "4" }]);
    expect(seen.completed).toBe(true);
  });

  it("a server that starts over from RUN_STARTED is read past what the client had: no text twice", async () => {
    const { fetch } = answering(200, [frame(started, 1), frame(delta("Once upon"), 2), frame(delta(" a time"), 3), frame(finished, 4)]);
    const seen = await join(fetch);
    expect(seen.events).toEqual([delta(" a time"), finished]);
  });

  it("a run the server no longer has (404, 410) fails with the status, for the kit to end it as cut short", async () => {
    for (const status of [404, 410]) {
      const seen = await join(answering(status).fetch);
      expect(seen.error).toBeInstanceOf(TransportError);
      expect((seen.error as TransportError).status).toBe(status);
    }
  });

  it("is absent when turned off or the capabilities say the agent does not resume; refused when asked capabilities say so", async () => {
    expect(createHttpAgent({ url: "/a", reattachUrl: false }).reattach).toBeUndefined();
    expect(createHttpAgent({ url: "/a", capabilities: { transport: { resumable: false } } }).reattach).toBeUndefined();
    const { fetch, requests } = answering(200, [frame(finished, 3)]);
    const seen = await join(fetch, { capabilities: () => Promise.resolve({ transport: { resumable: false } }) });
    expect(seen.error).toBeInstanceOf(TransportError);
    expect(requests).toHaveLength(0);
  });

  it("goes where reattachUrl says", async () => {
    const { fetch, requests } = answering(200, [frame(finished, 3)]);
    await join(fetch, { reattachUrl: ({ threadId, runId }) => `/runs/${encodeURIComponent(threadId)}/${runId}/stream` });
    expect(requests[0]!.url).toBe("/runs/t%201/r1/stream");
  });
});

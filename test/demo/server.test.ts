// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { EventType, type BaseEvent, type RunAgentInput } from "@ag-ui/core";
import { createHttpAgent, TransportError } from "../../src/core";
import { createThreadStore } from "../../src/store";
import { createAgentMiddleware } from "../../demo/agent/server";
import { ERROR_MESSAGE } from "../../demo/agent/scenarios";

let server: Server;
let base: string;
const middleware = createAgentMiddleware({ delayScale: 0 });
let slowClosed = 0;
let writesAfterClose = 0;
const slow = createAgentMiddleware({ delayScale: 1 });

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/api/agent") return middleware(req, res);
    if (req.url === "/slow") {
      let closed = false;
      res.on("close", () => {
        closed = true;
        slowClosed++;
      });
      const write = res.write.bind(res) as (chunk: unknown) => boolean;
      res.write = ((chunk: unknown) => {
        if (closed) writesAfterClose++;
        return write(chunk);
      }) as typeof res.write;
      return slow(req, res);
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function input(text: string, threadId = "t1", runId = "r1", messageId = "u1"): RunAgentInput {
  return { threadId, runId, messages: [{ id: messageId, role: "user", content: text }], state: {}, tools: [], context: [], forwardedProps: {} };
}

function collect(url: string, body: RunAgentInput): Promise<{ events: BaseEvent[]; error?: unknown }> {
  return new Promise((resolve) => {
    const events: BaseEvent[] = [];
    createHttpAgent({ url })
      .run(body)
      .subscribe({
        next: (e) => events.push(e),
        error: (error) => resolve({ events, error }),
        complete: () => resolve({ events }),
      });
  });
}

describe("reference agent over HTTP", () => {
  it("streams a scenario as SSE that createHttpAgent reads", async () => {
    const { events, error } = await collect(`${base}/api/agent`, input("Show me some markdown"));
    expect(error).toBeUndefined();
    expect(events[0]?.type).toBe(EventType.RUN_STARTED);
    expect(events.at(-1)?.type).toBe(EventType.RUN_FINISHED);
    const text = events.filter((e) => e.type === EventType.TEXT_MESSAGE_CONTENT).map((e) => (e as unknown as { delta: string }).delta).join("");
    expect(text).toContain("| Train |");
  });

  it("answers with text/event-stream and CORS headers", async () => {
    const res = await fetch(`${base}/api/agent`, { method: "POST", body: JSON.stringify(input("hi")) });
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const body = await res.text();
    expect(body.startsWith("data: ")).toBe(true);
    const preflight = await fetch(`${base}/api/agent`, { method: "OPTIONS" });
    expect(preflight.status).toBe(204);
  });

  it("rejects bad requests with readable JSON errors", async () => {
    expect((await fetch(`${base}/api/agent`)).status).toBe(405);
    expect((await fetch(`${base}/api/agent`, { method: "POST", body: "{nope" })).status).toBe(400);
    const res = await fetch(`${base}/api/agent`, { method: "POST", body: JSON.stringify({ hello: 1 }) });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ error: expect.stringContaining("RunAgentInput") });
    const { error } = await collect(`${base}/api/agent`, { hello: 1 } as unknown as RunAgentInput);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).status).toBe(422);
  });

  it("error: the first run of a request fails, its retry succeeds, a new message fails again", async () => {
    const first = await collect(`${base}/api/agent`, input("error", "t-err", "r1", "u1"));
    expect(first.events.at(-1)).toMatchObject({ type: EventType.RUN_ERROR, message: ERROR_MESSAGE });
    const retry = await collect(`${base}/api/agent`, input("error", "t-err", "r2", "u1"));
    expect(retry.events.at(-1)?.type).toBe(EventType.RUN_FINISHED);
    const otherThread = await collect(`${base}/api/agent`, input("error", "t-other", "r3", "u1"));
    expect(otherThread.events.at(-1)?.type).toBe(EventType.RUN_ERROR);
  });

  it("drives a thread store end to end: send, error, retry", async () => {
    const store = createThreadStore({ agent: createHttpAgent({ url: `${base}/api/agent` }), batch: "sync" });
    const settled = () => vi.waitFor(() => expect(store.getState().isRunning).toBe(false), { timeout: 5000 });
    expect(store.getState().sendMessage("tool")).toBe(true);
    await settled();
    expect([...store.getState().thread.toolCalls.values()][0]).toMatchObject({ name: "search_trains", status: "complete" });

    expect(store.getState().sendMessage("error")).toBe(true);
    await settled();
    expect(store.getState().thread.runs.at(-1)?.error?.message).toBe(ERROR_MESSAGE);
    expect(store.getState().retry()).toBe(true);
    await settled();
    const { thread } = store.getState();
    expect(thread.runs.at(-1)?.status).not.toBe("error");
    expect(String(thread.messages.get(thread.messageIds.at(-1)!)?.content)).toContain("succeeded");
  });

  it("stops writing when the client disconnects", async () => {
    const before = slowClosed;
    await new Promise<void>((resolve, reject) => {
      const req = request(`${base}/slow`, { method: "POST", headers: { "content-type": "application/json" } }, (res) => {
        res.once("data", () => {
          req.destroy(); // hang up after the first event
          resolve();
        });
      });
      req.on("error", () => undefined);
      req.end(JSON.stringify(input("markdown", "t-slow")));
      setTimeout(() => reject(new Error("no data")), 5000);
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(slowClosed).toBe(before + 1);
    // The markdown script has ~100 more tokens at 10–30 ms: none of them may be written.
    await new Promise((r) => setTimeout(r, 300));
    expect(writesAfterClose).toBe(0);
  });
});

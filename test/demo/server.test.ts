// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { EventType, type BaseEvent, type Interrupt, type Message, type RunAgentInput } from "@ag-ui/core";
import { TransportError } from "../../src/core";
import { createHttpAgent } from "../../src/http";
import { createThreadStore } from "../../src/store";
import { createAgentMiddleware } from "../../demo/agent/server";
import { ERROR_MESSAGE } from "../../demo/agent/scenarios";
import { messageText } from "../support/thread";

let server: Server;
let base: string;
const middleware = createAgentMiddleware({ delayScale: 0 });
let clock = Date.UTC(2026, 0, 5, 9, 0, 0);
const clocked = createAgentMiddleware({ delayScale: 0, now: () => clock });
let slowClosed = 0;
let writesAfterClose = 0;
const slow = createAgentMiddleware({ delayScale: 1 });

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/api/agent") return middleware(req, res);
    if (req.url === "/clocked") return clocked(req, res);
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
    expect(body.startsWith("id: 1\ndata: ")).toBe(true); // every frame has its id, for Last-Event-ID
    const preflight = await fetch(`${base}/api/agent`, { method: "OPTIONS" });
    expect(preflight.status).toBe(204);
  });

  it("rejects bad requests with readable JSON errors", async () => {
    expect((await fetch(`${base}/api/agent`, { method: "PUT" })).status).toBe(405);
    // A Meta event (the person's feedback) is taken outside any run.
    expect((await fetch(`${base}/api/agent`, { method: "POST", body: JSON.stringify({ type: "META", metaType: "thumbs_up", payload: { messageId: "m1", userId: "u" } }) })).status).toBe(202);
    // A GET joins a run again, and must name it.
    expect((await fetch(`${base}/api/agent`)).status).toBe(400);
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
    expect(messageText(thread.messages.get(thread.messageIds.at(-1)!))).toContain("succeeded");
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

/** The agent's side of a run as the client sends it back: assistant messages with their tool calls. */
function agentMessages(events: BaseEvent[]): Message[] {
  const out: (Message & { toolCalls?: { id: string; type: "function"; function: { name: string; arguments: string } }[] })[] = [];
  for (const event of events) {
    const e = event as unknown as Record<string, string>;
    if (event.type === EventType.TEXT_MESSAGE_START) out.push({ id: e.messageId!, role: "assistant", content: "" });
    if (event.type === EventType.TEXT_MESSAGE_CONTENT) (out.find((m) => m.id === e.messageId) as { content: string }).content += e.delta;
    if (event.type === EventType.TOOL_CALL_START) {
      let parent = out.find((m) => m.id === e.parentMessageId);
      if (!parent) out.push((parent = { id: e.parentMessageId!, role: "assistant" }));
      (parent.toolCalls ??= []).push({ id: e.toolCallId!, type: "function", function: { name: e.toolCallName!, arguments: "" } });
    }
    if (event.type === EventType.TOOL_CALL_ARGS) {
      for (const m of out) for (const c of m.toolCalls ?? []) if (c.id === e.toolCallId) c.function.arguments += e.delta;
    }
  }
  return out;
}

const interruptsOf = (events: BaseEvent[]) => ((events.at(-1) as unknown as { outcome?: { interrupts?: Interrupt[] } }).outcome?.interrupts ?? []);

describe("interrupts over HTTP", () => {
  it("delete: the run ends in a tool_call interrupt; a run without resume is refused; the resumed run deletes", async () => {
    const url = `${base}/api/agent`;
    const ask = input("Clean up the cache (delete)", "t-del", "r1", "u1");
    const first = await collect(url, ask);
    expect(first.error).toBeUndefined();
    expect(first.events.at(-1)).toMatchObject({ type: EventType.RUN_FINISHED, outcome: { type: "interrupt" } });
    const [interrupt] = interruptsOf(first.events);
    expect(interrupt).toMatchObject({ reason: "tool_call", message: "Approve deleting /tmp/cache?", metadata: { categories: ["destructive"] } });
    const start = first.events.find((e) => e.type === EventType.TOOL_CALL_START) as unknown as { toolCallId: string; toolCallName: string };
    expect(start.toolCallName).toBe("delete_files");
    expect(interrupt?.toolCallId).toBe(start.toolCallId);
    expect(middleware.interrupts.get("t-del")).toMatchObject({ scenario: "delete", runId: "r1", interrupts: [interrupt] });

    // A new message without resume is refused with a lone RUN_ERROR; the interrupt stays open.
    const refused = await collect(url, input("Show me some markdown", "t-del", "r2", "u2"));
    expect(refused.error).toBeUndefined();
    expect(refused.events).toEqual([{ type: EventType.RUN_ERROR, code: "interrupt-not-resumed", message: expect.stringContaining(interrupt!.id) }]);
    expect(middleware.interrupts.has("t-del")).toBe(true);

    // The resumed run: the call's result (no new TOOL_CALL_START), then the text.
    const messages = [...ask.messages, ...agentMessages(first.events)];
    const resumed = await collect(url, {
      ...input("", "t-del", "r3"),
      messages,
      resume: [{ interruptId: interrupt!.id, status: "resolved", payload: { approved: true } }],
    });
    expect(resumed.error).toBeUndefined();
    const types = resumed.events.map((e) => e.type);
    expect(types[0]).toBe(EventType.RUN_STARTED);
    expect(types).not.toContain(EventType.TOOL_CALL_START);
    expect(resumed.events.find((e) => e.type === EventType.TOOL_CALL_RESULT)).toMatchObject({ toolCallId: start.toolCallId, content: JSON.stringify({ deleted: ["/tmp/cache"] }) });
    const text = resumed.events.filter((e) => e.type === EventType.TEXT_MESSAGE_CONTENT).map((e) => (e as unknown as { delta: string }).delta).join("");
    expect(text).toBe("Deleted /tmp/cache.");
    expect(resumed.events.at(-1)).toEqual({ type: EventType.RUN_FINISHED, threadId: "t-del", runId: "r3" });
    expect(middleware.interrupts.has("t-del")).toBe(false);

    // Answered: the same resume again finds nothing open; a new message plays normally.
    const replayed = await collect(url, { ...input("", "t-del", "r4"), messages, resume: [{ interruptId: interrupt!.id, status: "resolved", payload: { approved: true } }] });
    expect(replayed.events).toEqual([{ type: EventType.RUN_ERROR, code: "interrupt-unknown", message: expect.any(String) }]);
    const after = await collect(url, input("Show me some markdown", "t-del", "r5", "u3"));
    expect(after.events.at(-1)?.type).toBe(EventType.RUN_FINISHED);
  });

  it("keeps interrupts per thread and per middleware instance", async () => {
    await collect(`${base}/api/agent`, input("Charge my card and note it (approvals)", "t-a", "r1"));
    expect(middleware.interrupts.get("t-a")?.interrupts).toHaveLength(2);
    expect(clocked.interrupts.has("t-a")).toBe(false);
    const other = await collect(`${base}/api/agent`, input("Show me some markdown", "t-b", "r1"));
    expect(other.events.at(-1)?.type).toBe(EventType.RUN_FINISHED);
  });

  it("refuses an expired interrupt answered other than cancelled, by the server's clock", async () => {
    const url = `${base}/clocked`;
    const ask = { ...input("I need a delivery (address)", "t-exp", "r1"), forwardedProps: { expiresInMs: 1_000 } };
    const first = await collect(url, ask);
    const [interrupt] = interruptsOf(first.events);
    expect(interrupt?.expiresAt).toBe(new Date(clock + 1_000).toISOString());
    clock += 5_000;
    const resume = (status: "resolved" | "cancelled", runId: string) =>
      collect(url, {
        ...input("", "t-exp", runId),
        messages: [...ask.messages, ...agentMessages(first.events)],
        resume: [{ interruptId: interrupt!.id, status, ...(status === "resolved" ? { payload: { street: "1 Main St", city: "Lyon", postcode: "69001" } } : {}) }],
      });
    const late = await resume("resolved", "r2");
    expect(late.events).toEqual([{ type: EventType.RUN_ERROR, code: "interrupt-expired", message: expect.stringContaining(interrupt!.id) }]);
    expect(clocked.interrupts.has("t-exp")).toBe(true);
    const cancelled = await resume("cancelled", "r3");
    expect(cancelled.events.at(-1)?.type).toBe(EventType.RUN_FINISHED);
    expect(clocked.interrupts.has("t-exp")).toBe(false);
  });

  it("drives a thread store through an interrupt and its resume", async () => {
    const store = createThreadStore({ agent: createHttpAgent({ url: `${base}/api/agent` }), batch: "sync" });
    const settled = () => vi.waitFor(() => expect(store.getState().isRunning).toBe(false), { timeout: 5000 });
    expect(store.getState().sendMessage("Clean up the cache (delete)")).toBe(true);
    await settled();
    const [interrupt] = store.getState().thread.pendingInterrupts;
    expect(interrupt).toMatchObject({ reason: "tool_call" });
    expect(store.getState().run({ resume: [{ interruptId: interrupt!.id, status: "resolved", payload: { approved: false } }] })).toBe(true);
    await settled();
    const { thread } = store.getState();
    expect(thread.runs.at(-1)?.status).toBe("finished");
    expect(thread.pendingInterrupts).toEqual([]);
    const call = thread.toolCalls.get(interrupt!.toolCallId!);
    expect(thread.messages.get(call!.resultMessageId!)?.content).toBe(JSON.stringify({ deleted: [], declined: true }));
    expect(messageText(thread.messages.get(thread.messageIds.at(-1)!))).toBe("Left /tmp/cache alone.");
  });
});

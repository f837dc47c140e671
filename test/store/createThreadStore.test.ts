// @vitest-environment node
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { EventEncoder } from "@ag-ui/encoder";
import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createThreadStore, type AgentLike, type ThreadStore } from "../../src";
import { createHttpAgent } from "../../src/http";
import { ScriptedAgent } from "../../src/testing";
import { ev, textRun } from "../support/events";

const encoder = new EventEncoder();
let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function startServer(handler: (body: RunAgentInput, res: ServerResponse, req: import("node:http").IncomingMessage) => void): Promise<string> {
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => handler(JSON.parse(raw) as RunAgentInput, res, req));
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/agent`;
}

function sse(res: ServerResponse, events: BaseEvent[]) {
  res.writeHead(200, { "Content-Type": "text/event-stream" });
  for (const e of events) res.write(encoder.encodeSSE(e));
  res.end();
}

function idle(store: ThreadStore) {
  return vi.waitFor(() => expect(store.getState().isRunning).toBe(false), { timeout: 5000 });
}

let n = 0;
const ids = () => `id-${++n}`;

describe("createThreadStore", () => {
  it("sends the thread as RunAgentInput and folds the answer", async () => {
    let received: RunAgentInput | undefined;
    const url = await startServer((body, res) => {
      received = body;
      sse(res, textRun(body.runId, "a1", ["Bon", "jour"]).map((e) => ({ ...e, ...(e.type.startsWith("RUN") ? { threadId: body.threadId, runId: body.runId } : {}) })));
    });
    const store = createThreadStore({ agent: createHttpAgent({ url }), threadId: "t-1", createId: ids, batch: "microtask" });
    expect(store.getState().sendMessage("Hello")).toBe(true);
    expect(store.getState().isRunning).toBe(true);
    await idle(store);
    const { thread } = store.getState();
    expect(received?.threadId).toBe("t-1");
    expect(received?.messages).toEqual([{ id: expect.any(String), role: "user", content: "Hello" }]);
    expect(thread.messageIds.map((id) => thread.messages.get(id)?.content)).toEqual(["Hello", "Bonjour"]);
    expect(thread.runs.at(-1)?.status).toBe("finished");
    expect(thread.status).toBe("idle");
  });

  it("applies a burst of events as one store update", async () => {
    const agent = new ScriptedAgent({ script: textRun("r1", "m1", Array.from({ length: 500 }, () => "x")) });
    const store = createThreadStore({ agent, batch: "microtask" });
    const listener = vi.fn();
    store.subscribe(listener);
    store.getState().run();
    await idle(store);
    // isRunning true, one fold of all 504 events, then settle: a handful of updates, not 504.
    expect(listener.mock.calls.length).toBeLessThanOrEqual(4);
    expect(store.getState().thread.messages.get("m1")?.content).toHaveLength(500);
  });

  it("stop() aborts the HTTP request, keeps the partial reply and ends the run as cancelled", async () => {
    let closed = false;
    const url = await startServer((body, res, req) => {
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      res.write(encoder.encodeSSE(ev.runStarted(body.runId, body.threadId)));
      res.write(encoder.encodeSSE(ev.textStart("m1")));
      res.write(encoder.encodeSSE(ev.text("m1", "partial")));
      req.socket.on("close", () => (closed = true));
      // never ends on its own
    });
    const store = createThreadStore({ agent: createHttpAgent({ url }), batch: "microtask" });
    store.getState().sendMessage("go");
    await vi.waitFor(() => expect(store.getState().thread.messages.get("m1")?.content).toBe("partial"));
    store.getState().stop();
    const { thread, isRunning } = store.getState();
    expect(isRunning).toBe(false);
    expect(thread.runs.at(-1)?.status).toBe("cancelled");
    expect(thread.messages.get("m1")).toMatchObject({ content: "partial" });
    expect(thread.messages.get("m1")?.streaming).toBeUndefined();
    await vi.waitFor(() => expect(closed).toBe(true));
  });

  it.each([
    ["HTTP 500", (res: ServerResponse) => { res.writeHead(500, { "Content-Type": "text/plain" }); res.end("kaput"); }, /500/],
    ["an HTML error page", (res: ServerResponse) => { res.writeHead(200, { "Content-Type": "text/html" }); res.end("<html>oops</html>"); }, /.+/],
    ["invalid JSON in a frame", (res: ServerResponse) => { res.writeHead(200, { "Content-Type": "text/event-stream" }); res.end("data: {nope\n\n"); }, /.+/],
    ["a dropped connection", (res: ServerResponse) => { res.writeHead(200, { "Content-Type": "text/event-stream" }); res.write(encoder.encodeSSE(ev.runStarted())); setTimeout(() => res.socket?.destroy(), 20); }, /.+/],
    ["a stream that ends without RUN_FINISHED", (res: ServerResponse) => sse(res, [ev.runStarted(), ev.textStart("m"), ev.text("m", "half")]), /dropped before the run finished/],
  ])("%s ends the run in a readable error state, never success", async (_name, respond, pattern) => {
    const url = await startServer((_body, res) => respond(res));
    const store = createThreadStore({ agent: createHttpAgent({ url }), batch: "microtask" });
    store.getState().sendMessage("hi");
    await idle(store);
    const run = store.getState().thread.runs.at(-1);
    expect(run?.status).toBe("error");
    expect(run?.error?.message).toMatch(pattern);
    expect(run?.error?.message).not.toMatch(/at \w+ \(/); // no stack trace
    expect(store.getState().thread.messageIds.length).toBeGreaterThanOrEqual(1); // the person's message stays
  });

  it("treats RUN_ERROR as a terminal error and retry() runs again without the partial reply", async () => {
    let attempt = 0;
    const agent = new ScriptedAgent({
      script: () => (++attempt === 1
        ? [ev.runStarted("r1"), ev.textStart("partial"), ev.text("partial", "half"), ev.runError("Model overloaded", "overloaded")]
        : textRun("r2", "ok", ["done"])),
    });
    const store = createThreadStore({ agent, batch: "microtask" });
    store.getState().sendMessage("please");
    await idle(store);
    expect(store.getState().thread.runs.at(-1)).toMatchObject({ status: "error", error: { message: "Model overloaded", code: "overloaded", source: "agent" } });
    expect(store.getState().retry()).toBe(true);
    await idle(store);
    const { thread } = store.getState();
    expect(thread.messageIds.map((id) => thread.messages.get(id)?.role)).toEqual(["user", "assistant"]);
    expect(thread.messages.get("ok")?.content).toBe("done");
    expect(thread.messages.get("partial")).toBeUndefined();
  });

  it("refuses to run twice at once, with no agent, or with an empty message", () => {
    const never: AgentLike = { run: () => ({ subscribe: () => ({ unsubscribe() {} }) }) };
    const store = createThreadStore({ agent: never });
    expect(store.getState().sendMessage("   ")).toBe(false);
    expect(store.getState().run()).toBe(true);
    expect(store.getState().run()).toBe(false);
    expect(createThreadStore().getState().sendMessage("hi")).toBe(false);
  });

  it("a transport that throws synchronously still ends in an error state", () => {
    const broken: AgentLike = { run: () => { throw new TypeError("Failed to fetch"); } };
    const store = createThreadStore({ agent: broken });
    store.getState().sendMessage("hi");
    expect(store.getState().isRunning).toBe(false);
    expect(store.getState().thread.runs.at(-1)?.error?.message).toMatch(/Could not reach the agent/);
  });

  it("reset() stops and starts an empty thread", async () => {
    const store = createThreadStore({ agent: new ScriptedAgent({ script: textRun("r1", "m1", ["a"]) }), batch: "sync" });
    store.getState().sendMessage("x");
    await idle(store);
    store.getState().reset();
    expect(store.getState().thread.messageIds).toEqual([]);
  });

  it("sends tools, context and resume through to the agent", () => {
    const run = vi.fn((_input: RunAgentInput) => ({ subscribe: () => ({ unsubscribe() {} }) }));
    const store = createThreadStore({ agent: { run }, defaults: { context: [{ description: "d", value: "v" }] } });
    store.getState().run({ tools: [{ name: "confirm", description: "ask", parameters: {} }], resume: [{ interruptId: "i", status: "resolved" }] });
    const input = run.mock.calls[0]?.[0];
    expect(input?.resume).toEqual([{ interruptId: "i", status: "resolved" }]);
    expect(input?.tools.map((t) => t.name)).toEqual(["confirm", "parley_notify", "parley_advise", "parley_request_permission", "parley_request_input", "parley_report_error"]);
    expect(input?.context[0]).toEqual({ description: "d", value: "v" });
  });

  it("keeps the default context when a run passes its own (concatenated, never overwritten)", () => {
    const run = vi.fn((_input: RunAgentInput) => ({ subscribe: () => ({ unsubscribe() {} }) }));
    const store = createThreadStore({ agent: { run }, parleyTools: false, defaults: { context: [{ description: "page", value: "/cart" }], tools: [{ name: "a", description: "" }] } });
    store.getState().run({ context: [{ description: "selection", value: "row 3" }], tools: [{ name: "b", description: "" }] });
    const input = run.mock.calls[0]?.[0];
    expect(input?.context.slice(0, 2)).toEqual([{ description: "page", value: "/cart" }, { description: "selection", value: "row 3" }]);
    expect(input?.context[2]?.description).toBe("Parley: the person's language");
    expect(input?.context[3]?.description).toMatch(/numbered replies/);
    expect(input?.tools.map((t) => t.name)).toEqual(["b", "a"]);
  });

  it("stopping one thread leaves another thread on the same agent running", async () => {
    const url = await startServer((body, res) => {
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      res.write(encoder.encodeSSE(ev.runStarted(body.runId, body.threadId)));
    });
    const agent = createHttpAgent({ url });
    const a = createThreadStore({ agent, batch: "microtask" });
    const b = createThreadStore({ agent, batch: "microtask" });
    a.getState().sendMessage("a");
    b.getState().sendMessage("b");
    await vi.waitFor(() => expect(b.getState().thread.runs.at(-1)?.status).toBe("running"));
    a.getState().stop();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(a.getState().thread.runs.at(-1)?.status).toBe("cancelled");
    expect(b.getState().isRunning).toBe(true);
    expect(b.getState().thread.runs.at(-1)?.status).toBe("running");
    b.getState().stop();
  });

  it("a connection that drops after RUN_FINISHED leaves the finished run alone", async () => {
    const agent = new ScriptedAgent({ script: [...textRun("r1", "m1", ["done"]), { error: "socket hang up" }] });
    const store = createThreadStore({ agent, batch: "microtask" });
    store.getState().sendMessage("hi");
    await idle(store);
    const { runs } = store.getState().thread;
    expect(runs.map((r) => r.status)).toEqual(["finished"]);
    expect(store.getState().retry()).toBe(false);
    expect(store.getState().thread.messages.get("m1")?.content).toBe("done");
  });

  it("Stop after RUN_FINISHED but before the stream closes adds no phantom run", async () => {
    const agent = new ScriptedAgent({ script: [...textRun("r1", "m1", ["done"]), { delay: 10_000 }] });
    const store = createThreadStore({ agent, batch: "microtask" });
    store.getState().sendMessage("hi");
    await vi.waitFor(() => expect(store.getState().thread.runs.at(-1)?.status).toBe("finished"));
    store.getState().stop();
    expect(store.getState().thread.runs.map((r) => r.status)).toEqual(["finished"]);
    expect(store.getState().isRunning).toBe(false);
  });

  it("a later run whose stream ends with no events is an incomplete stream, not a success", async () => {
    let attempt = 0;
    const agent = new ScriptedAgent({ script: () => (++attempt === 1 ? textRun("r1", "m1", ["ok"]) : []) });
    const store = createThreadStore({ agent, batch: "microtask" });
    store.getState().sendMessage("first");
    await idle(store);
    store.getState().sendMessage("second");
    await idle(store);
    expect(store.getState().thread.runs.map((r) => [r.status, r.error?.code])).toEqual([["finished", undefined], ["error", "incomplete-stream"]]);
  });

  it("events of a stopped run are not folded, even from a synchronous agent", () => {
    const agent = new ScriptedAgent({ script: textRun("r1", "m1", ["one", " two", " three"]) });
    const store = createThreadStore({ agent, batch: "sync" });
    const unsubscribe = store.subscribe((s) => {
      if (s.isRunning && s.thread.messages.get("m1")?.content === "one") s.stop();
    });
    store.getState().sendMessage("go");
    unsubscribe();
    const { thread } = store.getState();
    expect(thread.messages.get("m1")?.content).toBe("one");
    expect(thread.runs.map((r) => r.status)).toEqual(["cancelled"]);
    expect(thread.errors).toEqual([]);
  });

  it("a new agent takes over from the next run; the run in progress keeps going", async () => {
    const first = new ScriptedAgent({ script: [ev.runStarted("r1"), { delay: 30 }, ev.runFinished("r1")] });
    const second = new ScriptedAgent({ script: textRun("r2", "m2", ["from the second agent"]) });
    const store = createThreadStore({ agent: first, batch: "microtask" });
    store.getState().sendMessage("one");
    store.getState().setAgent(second);
    expect(store.getState().isRunning).toBe(true);
    await idle(store);
    expect(store.getState().thread.runs.at(-1)?.status).toBe("finished");
    store.getState().sendMessage("two");
    await idle(store);
    expect(store.getState().thread.messages.get("m2")?.content).toBe("from the second agent");
  });
});


// @vitest-environment node
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { HttpAgent } from "@ag-ui/client";
import { EventEncoder } from "@ag-ui/encoder";
import type { RunAgentInput } from "@ag-ui/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createThreadStore } from "../../src";
import { ev } from "../support/events";

/**
 * Any `@ag-ui/client` agent plugs in: Parley calls its `run(input)` and folds the raw events
 * itself. Here the SDK's own HttpAgent against a real server.
 */
const encoder = new EventEncoder();
let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function start(hang: boolean): Promise<{ url: string; closes: () => number }> {
  let closes = 0;
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const input = JSON.parse(raw) as RunAgentInput;
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      res.write(encoder.encodeSSE(ev.runStarted(input.runId, input.threadId)));
      res.write(encoder.encodeSSE(ev.textStart(`m-${input.runId}`)));
      res.write(encoder.encodeSSE(ev.text(`m-${input.runId}`, `echo ${input.messages.length}`)));
      res.on("close", () => closes++);
      if (hang) return;
      res.write(encoder.encodeSSE(ev.textEnd(`m-${input.runId}`)));
      res.end(encoder.encodeSSE(ev.runFinished(input.runId, input.threadId)));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, closes: () => closes };
}

describe("an @ag-ui/client HttpAgent in the store", () => {
  it("streams a run through run(input) and folds it with Parley's fold", async () => {
    const { url } = await start(false);
    const agent = new HttpAgent({ url });
    const store = createThreadStore({ agent, batch: "microtask" });
    store.getState().sendMessage("hi");
    await vi.waitFor(() => expect(store.getState().isRunning).toBe(false));
    const { thread } = store.getState();
    expect(thread.runs.at(-1)?.status).toBe("finished");
    expect(thread.messageIds.map((id) => thread.messages.get(id)?.content)).toEqual(["hi", "echo 1"]);
    // The SDK's reducer never ran: the agent is told the thread once, at the run's end.
    expect(agent.messages.map((m) => m.content)).toEqual(["hi", "echo 1"]);
  });

  it("stop() aborts its fetch, and the next run works with a fresh controller", async () => {
    const { url, closes } = await start(true);
    const agent = new HttpAgent({ url });
    const store = createThreadStore({ agent, batch: "microtask" });
    store.getState().sendMessage("first");
    await vi.waitFor(() => expect(store.getState().thread.openMessageIds).toHaveLength(1));
    store.getState().stop();
    expect(store.getState().thread.runs.at(-1)?.status).toBe("cancelled");
    await vi.waitFor(() => expect(closes()).toBe(1));
    store.getState().sendMessage("second");
    await vi.waitFor(() => expect(store.getState().thread.runs.at(-1)?.status).toBe("running"));
    await vi.waitFor(() => expect(store.getState().thread.openMessageIds).toHaveLength(1));
    const { thread } = store.getState();
    expect(thread.messages.get(thread.openMessageIds[0]!)?.content).toBe("echo 3"); // first, partial reply, second
    store.getState().stop();
  });

  it("two threads sharing one HttpAgent: stopping one leaves the other's request alone", async () => {
    const { url, closes } = await start(true);
    const agent = new HttpAgent({ url });
    const a = createThreadStore({ agent, batch: "microtask" });
    const b = createThreadStore({ agent, batch: "microtask" });
    a.getState().sendMessage("a");
    await vi.waitFor(() => expect(a.getState().thread.openMessageIds).toHaveLength(1));
    b.getState().sendMessage("b");
    await vi.waitFor(() => expect(b.getState().thread.openMessageIds).toHaveLength(1));
    a.getState().stop();
    await vi.waitFor(() => expect(closes()).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closes()).toBe(1);
    expect(b.getState().isRunning).toBe(true);
    b.getState().stop();
    await vi.waitFor(() => expect(closes()).toBe(2));
  });
});


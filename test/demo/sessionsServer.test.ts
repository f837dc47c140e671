// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { WebSocket } from "ws";
import { createSessionsHub, nightlyReportSession } from "../../demo/agent/sessionsServer";
import { connectSessions, createMemoryThreadsAdapter, readSessionFrame } from "../../src/threads";
import { restoreThread } from "../../src/persistence";

let server: Server;
let base: string;
const hub = createSessionsHub();
const sockets = new Set<Socket>();

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/api/sessions/nightly") return hub.middleware(req, res);
    res.writeHead(404).end();
  });
  server.on("connection", (socket: Socket) => sockets.add(socket));
  hub.attach(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  // The upgrade nobody took (the /rtui test) is still held open: every socket goes with the server.
  for (const socket of sockets) socket.destroy();
  await hub.close();
  await new Promise((resolve) => server.close(resolve));
});

describe("the demo's sessions endpoint", () => {
  it("the nightly report is a session frame the kit reads, the agent speaking first", () => {
    const frame = nightlyReportSession(1, new Date("2026-12-01T02:00:00Z"));
    const read = readSessionFrame(JSON.stringify(frame));
    expect(read.ok && read.session.threadId).toBe("nightly-2026-12-01-1");
    expect(read.ok && read.session.title).toBe("Nightly report — 2026-12-01");
  });

  it("pushes a report to every page connected, which lands unread in its threads", async () => {
    const threads = createMemoryThreadsAdapter();
    let push: { close(): void } | undefined;
    const open = new Promise<void>((resolve) => {
      push = connectSessions(`ws://${base}/sessions`, {
        deliver: threads.deliver,
        WebSocket: WebSocket as unknown as new (url: string) => globalThis.WebSocket,
        onStatus: (status) => status === "open" && resolve(),
      });
    });
    await open;
    const arrived = new Promise<void>((resolve) => threads.subscribe(() => resolve()));
    const response = await fetch(`http://${base}/api/sessions/nightly`, { method: "POST" });
    expect(response.status).toBe(202);
    const { threadId, delivered } = (await response.json()) as { threadId: string; delivered: number };
    expect(delivered).toBe(1);
    await arrived;
    expect(await threads.list()).toEqual([expect.objectContaining({ id: threadId, startedBy: "agent", unread: 1 })]);
    const restored = restoreThread(await threads.load(threadId));
    expect(restored.ok && restored.thread.messageIds.map((id) => restored.thread.messages.get(id)?.role)).toEqual(["assistant"]);
    push?.close();
  });

  it("leaves other upgrade paths alone", async () => {
    const socket = new WebSocket(`ws://${base}/rtui`);
    const outcome = await new Promise<string>((resolve) => {
      socket.on("open", () => resolve("open"));
      socket.on("error", () => resolve("refused"));
      setTimeout(() => resolve("no answer"), 300);
    });
    socket.terminate();
    expect(outcome).not.toBe("open");
  });
});

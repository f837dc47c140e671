// @vitest-environment node
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { createThreadStore } from "../../src";
import { attachRtui, type RtuiAttachment, type WebSocketConstructor } from "../../src/rtui";
import { ANSWERED_ELSEWHERE, createRtuiServer, mountRtui, type RtuiServer } from "../../demo/agent/rtuiServer";

const cleanup: (() => void)[] = [];
afterEach(() => cleanup.splice(0).forEach((f) => f()));

async function serve(): Promise<{ http: Server; rtui: RtuiServer; url: string; base: string }> {
  const middlewares: { path: string; handler: Parameters<Parameters<typeof mountRtui>[1]["use"]>[1] }[] = [];
  const http = createServer((req, res) => {
    const found = middlewares.find((m) => req.url?.startsWith(m.path));
    if (found) found.handler(req, res);
    else res.writeHead(404).end();
  });
  const rtui = mountRtui(http, { use: (path, handler) => middlewares.push({ path, handler }) });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  cleanup.push(() => {
    rtui.close();
    http.close();
  });
  return { http, rtui, url: `ws://127.0.0.1:${port}/rtui`, base: `http://127.0.0.1:${port}` };
}

function page(url: string): { store: ReturnType<typeof createThreadStore>; attachment: RtuiAttachment; opened: Promise<void>; sockets: WebSocket[] } {
  const store = createThreadStore({ batch: "sync" });
  let resolve!: () => void;
  const opened = new Promise<void>((r) => (resolve = r));
  // Every socket the page opens, so a test can cut one as a network drop would.
  const sockets: WebSocket[] = [];
  class RecordedSocket extends WebSocket {
    constructor(address: string) {
      super(address);
      sockets.push(this);
    }
  }
  const attachment = attachRtui(store, { url, WebSocket: RecordedSocket as unknown as WebSocketConstructor, backoff: { initialMs: 20, maxMs: 50 }, onStatus: (s) => s.state === "open" && resolve() });
  cleanup.push(() => attachment.close());
  return { store, attachment, opened, sockets };
}

const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe("the reference RTUI server with a real connection", () => {
  it("sendActionAndWait resolves with the person's answer", async () => {
    const { rtui, url } = await serve();
    const { store, opened } = page(url);
    await opened;
    const waiting = rtui.sendActionAndWait({ actionId: "act_1", type: "confirm", title: "Delete report.pdf?" }, { timeoutMs: 5_000 });
    await until(() => store.getState().thread.interactions.get("act_1")?.status === "pending");
    store.getState().answer("act_1", { approved: true });
    await expect(waiting).resolves.toEqual({ actionId: "act_1", status: "approved" });
    // The server acknowledged it: the answer is delivered, and not sent again.
    await until(() => store.getState().thread.interactions.get("act_1")?.deliveredInRunId !== undefined);
  });

  it("resolves with timeout when nobody answers", async () => {
    const { rtui } = await serve();
    await expect(rtui.sendActionAndWait({ type: "confirm", title: "Anyone?" }, { timeoutMs: 10 })).resolves.toMatchObject({ status: "timeout" });
  });

  it("gives a page that connects late the actions still waiting, and a page that reconnects does not ask twice", async () => {
    const { rtui, url } = await serve();
    const waiting = rtui.sendActionAndWait({ actionId: "late", type: "prompt", title: "Which language?" }, { timeoutMs: 5_000 });
    const { store, opened, attachment, sockets } = page(url);
    await opened;
    await until(() => store.getState().thread.interactions.get("late")?.status === "pending");
    // The connection drops; the server sends the action again on the new one.
    expect(rtui.clients).toBe(1);
    // The test cuts the connection from the page's side, as a network drop would.
    sockets.at(-1)!.terminate();
    await until(() => attachment.connection.status.state === "reconnecting");
    await until(() => attachment.connection.status.state === "open");
    expect(store.getState().thread.interactionIds).toEqual(["late"]);
    store.getState().answer("late", { values: { answer: "English" } });
    await expect(waiting).resolves.toEqual({ actionId: "late", status: "approved", data: { answer: "English" } });
  });

  it("one answer, several pages: the first answer settles the action and the card in every other page is withdrawn", async () => {
    const { rtui, url } = await serve();
    const first = page(url);
    const second = page(url);
    await Promise.all([first.opened, second.opened]);
    const waiting = rtui.sendActionAndWait({ actionId: "act_2", type: "confirm", title: "Send the report?" }, { timeoutMs: 5_000 });
    const status = (p: typeof first) => p.store.getState().thread.interactions.get("act_2")?.status;
    await until(() => status(first) === "pending" && status(second) === "pending");
    second.store.getState().answer("act_2", { approved: true });
    await expect(waiting).resolves.toEqual({ actionId: "act_2", status: "approved" });
    await until(() => status(first) === "withdrawn");
    expect(first.store.getState().thread.interactions.get("act_2")).toMatchObject({ problem: ANSWERED_ELSEWHERE, deliveredInRunId: "rtui/action_result" });
    // The page that answered keeps its answer; the other owes nothing and can no longer answer.
    expect(status(second)).toBe("answered");
    expect(first.store.getState().answer("act_2", { approved: false }).ok).toBe(false);
  });

  it("withdraws the card everywhere when the server stops waiting", async () => {
    const { rtui, url } = await serve();
    const { store, opened } = page(url);
    await opened;
    // The page's own deadline is longer than the server's wait here (a server that gives up early).
    const waiting = rtui.sendActionAndWait({ actionId: "act_3", type: "confirm", title: "Publish?", timeout: 60_000 }, { timeoutMs: 50 });
    await expect(waiting).resolves.toEqual({ actionId: "act_3", status: "timeout" });
    await until(() => store.getState().thread.interactions.get("act_3")?.status === "withdrawn");
    expect(store.getState().thread.interactions.get("act_3")?.problem).toMatch(/stopped waiting/);
  });

  it("plays Delete over RTUI: the typed confirmation, then what was done", async () => {
    const { url, base } = await serve();
    const { store, opened } = page(url);
    await opened;
    const response = await fetch(`${base}/rtui-demo?scenario=delete`, { method: "POST" });
    expect(response.status).toBe(202);
    await until(() => store.getState().thread.interactionIds.length === 1);
    const [id] = store.getState().thread.interactionIds;
    expect(store.getState().thread.interactions.get(id!)?.envelope).toMatchObject({ messageType: "permission_request", payload: { operation: "delete_file", confirmText: "report_2024_final.pdf", categories: ["destructive", "irreversible"] } });
    store.getState().decline(id!);
    await until(() => store.getState().thread.interactionIds.length === 2);
    const note = store.getState().thread.interactions.get(store.getState().thread.interactionIds[1]!);
    expect(note?.envelope).toMatchObject({ messageType: "notification", payload: { content: "Kept report_2024_final.pdf\n\nYou said no, so nothing was deleted." } });
  });

  it("answers a bad frame with a JSON-RPC error and refuses a bad result, and leaves other upgrade paths alone", async () => {
    const { url, base } = await serve();
    const socket = new WebSocket(url);
    const received: unknown[] = [];
    socket.on("message", (data: Buffer) => received.push(JSON.parse(data.toString("utf8"))));
    await new Promise((r) => socket.once("open", r));
    socket.send("{nope");
    socket.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "rtui/action_result", params: { actionId: "x", status: "maybe" } }));
    socket.send(JSON.stringify({ jsonrpc: "2.0", id: 2, method: "rtui/action_result", params: { actionId: "x", status: "approved" } }));
    await until(() => received.length === 3);
    expect(received).toEqual([
      { jsonrpc: "2.0", id: null, error: { code: -32700, message: "The frame is not JSON." } },
      expect.objectContaining({ id: 1, error: expect.objectContaining({ code: -32602 }) }),
      { jsonrpc: "2.0", id: 2, result: { received: true, known: false } },
    ]);
    socket.close();
    const other = new WebSocket(base.replace("http", "ws") + "/vite-hmr");
    const outcome = await new Promise((r) => {
      other.once("open", () => r("open"));
      other.once("error", () => r("refused"));
      setTimeout(() => r("unanswered"), 300);
    });
    expect(outcome).not.toBe("open");
    other.terminate();
  });

  it("createRtuiServer takes only its own path", () => {
    const rtui = createRtuiServer({ path: "/rtui" });
    cleanup.push(() => rtui.close());
    expect(rtui.handleUpgrade({ url: "/other" } as never, {} as never, Buffer.alloc(0))).toBe(false);
  });
});

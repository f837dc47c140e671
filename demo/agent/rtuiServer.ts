/**
 * The reference RTUI server (seed 001 §3.3): JSON-RPC 2.0 over a WebSocket with `ws`. The agent
 * side calls `sendActionAndWait(action)`; the action goes to every connected page as
 * `rtui/action`, and the promise resolves with the first `rtui/action_result` for its actionId —
 * or with `timeout` when none comes in time (which the agent treats as declined). Once settled,
 * the other pages are sent `rtui/action_closed` with the reason in words, so a card open in
 * another tab or on another device is withdrawn: one answer, wherever it was given. Every result is
 * acknowledged (a JSON-RPC response to its id), so the page stops re-sending it; a repeated
 * result is acknowledged and ignored. A page that connects (or reconnects) is sent the actions
 * still waiting, and ignores those it already has.
 *
 * Mounted by the demo's Vite plugin on the dev server's own HTTP server at `/rtui`, next to Vite's
 * HMR socket (only upgrade requests for this path are taken), with a trigger for the demo's
 * "Delete over RTUI" scenario at `POST /rtui-demo`.
 */
import { randomUUID } from "node:crypto";
import type { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type RawData, type WebSocket } from "ws";

/** Seed 001's `rtui/action` params (plus Parley's optional `operation`, `categories`, `confirmText`, `level`, `schema`). */
export interface RtuiAction {
  actionId?: string;
  type: "confirm" | "requestPermission" | "prompt" | "form" | "notify";
  title: string;
  description?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Milliseconds the page waits before it declines by itself. */
  timeout?: number;
  [extra: string]: unknown;
}

export interface RtuiResult {
  actionId: string;
  status: "approved" | "declined" | "timeout";
  data?: unknown;
}

export interface RtuiServer {
  /** Takes an upgrade request for its path; returns false (and leaves it alone) for any other. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Sends an action to the connected pages and waits for the person's answer, or `timeoutMs`. */
  sendActionAndWait(action: RtuiAction, options?: { timeoutMs?: number }): Promise<RtuiResult>;
  /** Sends a `notify` action (nothing to wait for). */
  notify(action: Omit<RtuiAction, "type">): void;
  /** Pages connected now. */
  readonly clients: number;
  /** What the pages sent that was not a result (their JSON-RPC error replies), newest last. */
  readonly replies: unknown[];
  close(): void;
}

const STATUSES = new Set(["approved", "declined", "timeout"]);
/** What the other pages are told when one of them answered. */
export const ANSWERED_ELSEWHERE = "Answered in another window.";

export function createRtuiServer(options: { path?: string } = {}): RtuiServer {
  const path = options.path ?? "/rtui";
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1_000_000 });
  const waiting = new Map<string, { frame: string; resolve: (result: RtuiResult) => void; timer: ReturnType<typeof setTimeout> }>();
  const replies: unknown[] = [];

  const send = (socket: WebSocket, frame: unknown) => {
    if (socket.readyState === socket.OPEN) socket.send(typeof frame === "string" ? frame : JSON.stringify(frame));
  };
  const broadcast = (frame: string, except?: WebSocket) => {
    for (const client of wss.clients) if (client !== except) send(client, frame);
  };

  const receive = (socket: WebSocket, data: RawData) => {
    let frame: unknown;
    try {
      frame = JSON.parse(Buffer.isBuffer(data) ? data.toString("utf8") : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]).toString("utf8"));
    } catch {
      return send(socket, { jsonrpc: "2.0", id: null, error: { code: -32700, message: "The frame is not JSON." } });
    }
    if (typeof frame !== "object" || frame === null || (frame as { jsonrpc?: unknown }).jsonrpc !== "2.0") {
      return send(socket, { jsonrpc: "2.0", id: null, error: { code: -32600, message: "The frame must be a JSON-RPC 2.0 object." } });
    }
    const { id, method, params } = frame as { id?: unknown; method?: unknown; params?: { actionId?: unknown; status?: unknown; data?: unknown } };
    if (method === undefined) {
      replies.push(frame);
      // The page refused an action (its envelope did not fit): whoever waits hears it as declined.
      const error = (frame as { error?: { data?: { actionId?: unknown }; message?: unknown } }).error;
      const actionId = error?.data?.actionId;
      if (typeof actionId === "string") settle(actionId, { actionId, status: "declined", data: { error: error?.message } }, { from: socket, reason: "Another window could not show this request, so it was declined." });
      return;
    }
    if (method !== "rtui/action_result") return send(socket, { jsonrpc: "2.0", id: id ?? null, error: { code: -32601, message: `Unknown method: this server takes rtui/action_result.` } });
    if (typeof params?.actionId !== "string" || !STATUSES.has(params.status as string)) {
      return send(socket, { jsonrpc: "2.0", id: id ?? null, error: { code: -32602, message: "rtui/action_result needs an actionId and a status (approved, declined or timeout)." } });
    }
    const known = waiting.has(params.actionId);
    if (known) settle(params.actionId, { actionId: params.actionId, status: params.status as RtuiResult["status"], ...(params.data !== undefined ? { data: params.data } : {}) }, { from: socket, reason: ANSWERED_ELSEWHERE });
    // Acknowledged either way: a repeat (after a reconnect) must stop being re-sent.
    if (id !== undefined) send(socket, { jsonrpc: "2.0", id, result: { received: true, known } });
  };

  /** The first word on an action settles it; the other pages (all of them, on a timeout) are told it is closed. */
  const settle = (actionId: string, result: RtuiResult, closed?: { from?: WebSocket; reason: string }) => {
    const entry = waiting.get(actionId);
    if (!entry) return;
    waiting.delete(actionId);
    clearTimeout(entry.timer);
    entry.resolve(result);
    if (closed) broadcast(JSON.stringify({ jsonrpc: "2.0", method: "rtui/action_closed", params: { actionId, reason: closed.reason } }), closed.from);
  };

  wss.on("connection", (socket) => {
    socket.on("message", (data) => receive(socket, data));
    socket.on("error", () => socket.terminate());
    // A page that connects late, or again after a drop, gets what still waits (it ignores repeats).
    for (const entry of waiting.values()) send(socket, entry.frame);
  });

  return {
    handleUpgrade(req, socket, head) {
      const pathname = new URL(req.url ?? "/", "http://localhost").pathname;
      if (pathname !== path) return false;
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit("connection", ws, req));
      return true;
    },
    sendActionAndWait(action, { timeoutMs = action.timeout ?? 300_000 } = {}) {
      const actionId = action.actionId ?? `act_${randomUUID().slice(0, 8)}`;
      const frame = JSON.stringify({ jsonrpc: "2.0", method: "rtui/action", params: { ...action, actionId, timeout: action.timeout ?? timeoutMs } });
      return new Promise<RtuiResult>((resolve) => {
        // A little later than the page's own deadline, so the page's `timeout` result wins the race.
        const timer = setTimeout(() => settle(actionId, { actionId, status: "timeout" }, { reason: "No answer came in time, so the agent stopped waiting." }), timeoutMs + 1_000);
        waiting.set(actionId, { frame, resolve, timer });
        broadcast(frame);
      });
    },
    notify(action) {
      broadcast(JSON.stringify({ jsonrpc: "2.0", method: "rtui/action", params: { actionId: `note_${randomUUID().slice(0, 8)}`, ...action, type: "notify" } }));
    },
    get clients() {
      return wss.clients.size;
    },
    replies,
    close() {
      for (const [actionId] of waiting) settle(actionId, { actionId, status: "timeout" });
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}

const FILE = "report_2024_final.pdf";

/**
 * The demo's "Delete over RTUI": ask to delete a file (typed confirmation: it cannot be undone),
 * then say what was done.
 */
export async function deleteOverRtui(rtui: RtuiServer, options: { timeoutMs?: number } = {}): Promise<RtuiResult> {
  const result = await rtui.sendActionAndWait(
    {
      type: "confirm",
      operation: "delete_file",
      title: `Delete ${FILE}?`,
      description: `The file ${FILE} will be deleted for good; this cannot be undone.`,
      confirmLabel: "Delete",
      cancelLabel: "Keep",
      categories: ["destructive", "irreversible"],
      confirmText: FILE,
    },
    { timeoutMs: options.timeoutMs ?? 300_000 },
  );
  const approved = result.status === "approved";
  rtui.notify({
    title: approved ? `Deleted ${FILE}` : `Kept ${FILE}`,
    description: approved ? "The file is gone." : result.status === "timeout" ? "No answer in time, so nothing was deleted." : "You said no, so nothing was deleted.",
    level: approved ? "success" : "info",
  });
  return result;
}

/**
 * Mounts the RTUI server on a dev (or preview) server: WebSocket upgrades for `/rtui` (Vite's HMR
 * socket and any other upgrade are left alone) and `POST /rtui-demo?scenario=delete`, which starts
 * the scenario and answers 202 at once.
 */
export function mountRtui(httpServer: EventEmitter | null | undefined, middlewares: { use(path: string, handler: (req: IncomingMessage, res: ServerResponse) => void): unknown }): RtuiServer {
  const rtui = createRtuiServer();
  // Vite's HTTP server (http, https or http2): each is an EventEmitter with an "upgrade" event.
  httpServer?.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => void rtui.handleUpgrade(req, socket, head));
  httpServer?.on("close", () => rtui.close());
  middlewares.use("/rtui-demo", (req, res) => {
    const scenario = new URL(req.url ?? "/", "http://localhost").searchParams.get("scenario");
    res.setHeader("Content-Type", "application/json; charset=utf-8");
    if (req.method !== "POST" || scenario !== "delete") {
      res.statusCode = req.method !== "POST" ? 405 : 404;
      res.end(JSON.stringify({ error: "POST /rtui-demo?scenario=delete" }));
      return;
    }
    void deleteOverRtui(rtui);
    res.statusCode = 202;
    res.end(JSON.stringify({ started: "delete", clients: rtui.clients }));
  });
  return rtui;
}

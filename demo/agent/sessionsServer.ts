/**
 * Sessions the agent starts (issue 8), for the demo: a small WebSocket endpoint (`ws`) at
 * `/sessions` on the dev server that pushes `{ "type": "session", "threadId", "title", "events" }`
 * frames — the agent's first words as AG-UI events, folded by the page like any run — and
 * `POST /api/sessions/nightly`, which plays the scheduler: it pushes a nightly report to every
 * page connected. The person's reply goes to the reference agent at `/api/agent` as usual.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { EventType, type BaseEvent } from "@ag-ui/core";
import type { Connect, Plugin, ViteDevServer } from "vite";
import { WebSocket, WebSocketServer } from "ws";

export interface SessionFrame {
  type: "session";
  threadId: string;
  title: string;
  events: BaseEvent[];
}

/** The nightly report as the agent would push it: one run, one message, and the agent speaks first. */
export function nightlyReportSession(n: number, at: Date): SessionFrame {
  const day = at.toISOString().slice(0, 10);
  const threadId = `nightly-${day}-${n}`;
  const runId = `${threadId}-run`;
  const messageId = `${threadId}-report`;
  const text = [
    `**Nightly report — ${day}**`,
    "",
    "- 3 builds ran; 2 passed, 1 failed (`checkout-service`: a flaky payment test).",
    "- Disk on `db-2` is at 81%.",
    "- 14 new sign-ups overnight.",
    "",
    "Reply here if you want me to re-run the failed build or clean up `db-2`.",
  ].join("\n");
  const events: BaseEvent[] = [
    { type: EventType.RUN_STARTED, threadId, runId },
    { type: EventType.TEXT_MESSAGE_START, messageId, role: "assistant" },
    { type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: text },
    { type: EventType.TEXT_MESSAGE_END, messageId },
    { type: EventType.RUN_FINISHED, threadId, runId },
  ];
  return { type: "session", threadId, title: `Nightly report — ${day}`, events };
}

/** The endpoint: the sockets of the pages connected, and a push to all of them. */
export function createSessionsHub(path = "/sessions") {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  let pushed = 0;
  const push = (frame: SessionFrame): number => {
    const data = JSON.stringify(frame);
    let sent = 0;
    for (const client of wss.clients) {
      if (client.readyState !== WebSocket.OPEN) continue;
      client.send(data);
      sent++;
    }
    return sent;
  };
  return {
    /** Takes the upgrades for `path` on this server; others (Vite's HMR, other endpoints) are left alone. */
    attach(server: NonNullable<ViteDevServer["httpServer"]>) {
      server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        if (new URL(req.url ?? "/", "http://localhost").pathname !== path) return;
        wss.handleUpgrade(req, socket, head, (ws) => {
          // Nothing the page sends is read: the channel only pushes.
          ws.on("error", () => ws.terminate());
          wss.emit("connection", ws, req);
        });
      });
    },
    push,
    /** `POST /api/sessions/nightly`: the scheduler's trigger. Answers how many pages heard it. */
    middleware: (req: IncomingMessage, res: ServerResponse, next?: () => void) => {
      if (req.method !== "POST") return next ? next() : void res.writeHead(405).end();
      const frame = nightlyReportSession(++pushed, new Date());
      const delivered = push(frame);
      res.writeHead(202, { "Content-Type": "application/json" }).end(JSON.stringify({ threadId: frame.threadId, delivered }));
    },
    /** Ends every connection (ws 8 leaves them open on close) and the server. */
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}

/**
 * Mounts the sessions endpoint in Vite's dev and preview servers.
 *
 * @example
 * export default defineConfig({ plugins: [react(), parleyAgent(), parleySessions()] });
 */
export function parleySessions(): Plugin {
  const mount = (httpServer: ViteDevServer["httpServer"], middlewares: Connect.Server) => {
    const hub = createSessionsHub();
    middlewares.use("/api/sessions/nightly", hub.middleware);
    if (!httpServer) return; // middleware mode: the host server owns upgrades
    hub.attach(httpServer);
    httpServer.on("close", () => void hub.close());
  };
  return {
    name: "parley-sessions",
    configureServer: (server) => mount(server.httpServer, server.middlewares),
    configurePreviewServer: (server) => mount(server.httpServer, server.middlewares),
  };
}

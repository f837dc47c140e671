/**
 * Real MCP App servers behind `@ag-ui/mcp-apps-middleware`, for test/browser/mcpApps.e2e.test.ts.
 *
 * - `@modelcontextprotocol/server-basic-vanillajs` and `server-basic-react`, each run as published
 *   (their own `dist/index.js`, Streamable HTTP on a free port), and `hostile.mjs`, an app that
 *   tries to get out of its sandbox;
 * - per server, an AG-UI agent over HTTP SSE at `/agent/<server id>`: a scripted agent that calls
 *   the server's UI tool when asked ("time", "wipe") and otherwise says what it was told, wrapped by
 *   the middleware, which lists the server's tools, runs the call, sends the `mcp-apps` activity and
 *   answers the host's `__proxiedMCPRequest`s;
 * - `/steal`, which a hostile app's fetch would reach: it counts hits (`/stolen` says how many).
 *
 * Prints `PARLEY_MCP_READY {"url": …, "servers": {…}}` once everything listens.
 */
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { createServer as createNetServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { randomUUID } from "node:crypto";
import { Observable } from "rxjs";
import { AbstractAgent } from "@ag-ui/client";
import { EventType } from "@ag-ui/core";
import { EventEncoder } from "@ag-ui/encoder";
import { MCPAppsMiddleware } from "@ag-ui/mcp-apps-middleware";

const here = dirname(fileURLToPath(import.meta.url));
const children = [];

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts a server script with PORT set; resolves with its MCP endpoint once it says it listens. */
async function startMcp(script, env) {
  const port = await freePort();
  const child = spawn(process.execPath, [script], { env: { ...process.env, ...env, PORT: String(port) }, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let log = "";
  child.stderr.on("data", (chunk) => (log = (log + chunk).slice(-4000)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script}: not listening after 30 s\n${log}`)), 30_000);
    child.once("exit", (code) => reject(new Error(`${script}: exited with ${code}\n${log}`)));
    child.stdout.on("data", (chunk) => {
      if (!String(chunk).includes("listening")) return;
      clearTimeout(timer);
      resolve(`http://127.0.0.1:${port}/mcp`);
    });
  });
}

const packageDir = (name) => join(here, "node_modules", name);

/** What the scripted agent does with the person's last message: call the server's UI tool, or answer in words. */
class ScriptedAgent extends AbstractAgent {
  constructor(tool) {
    super();
    this.tool = tool;
  }
  run(input) {
    const tool = this.tool;
    return new Observable((observer) => {
      const last = [...input.messages].reverse().find((m) => m.role === "user");
      const text = typeof last?.content === "string" ? last.content : "";
      const base = { threadId: input.threadId, runId: input.runId };
      observer.next({ type: EventType.RUN_STARTED, ...base });
      const messageId = randomUUID();
      const lastMessage = input.messages[input.messages.length - 1];
      if (lastMessage?.role === "user" && /time|wipe|show|open/i.test(text)) {
        const toolCallId = `call-${randomUUID().slice(0, 8)}`;
        observer.next({ type: EventType.TOOL_CALL_START, toolCallId, toolCallName: tool, parentMessageId: messageId });
        observer.next({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta: "{}" });
        observer.next({ type: EventType.TOOL_CALL_END, toolCallId });
      } else if (lastMessage?.role === "user") {
        observer.next({ type: EventType.TEXT_MESSAGE_START, messageId, role: "assistant" });
        observer.next({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: `You said: ${text}` });
        observer.next({ type: EventType.TEXT_MESSAGE_END, messageId });
      }
      observer.next({ type: EventType.RUN_FINISHED, ...base });
      observer.complete();
    });
  }
}

const servers = {
  vanillajs: { script: join(packageDir("@modelcontextprotocol/server-basic-vanillajs"), "dist/index.js"), tool: "get-time" },
  react: { script: join(packageDir("@modelcontextprotocol/server-basic-react"), "dist/index.js"), tool: "get-time" },
  hostile: { script: join(here, "hostile.mjs"), tool: "show-hostile" },
};

let stolen = 0;
const cors = { "Access-Control-Allow-Origin": "*", "Access-Control-Allow-Headers": "content-type, accept, last-event-id", "Access-Control-Allow-Methods": "POST, GET, OPTIONS" };

const http = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  if (req.method === "OPTIONS") return void res.writeHead(204, cors).end();
  if (url.pathname === "/steal") {
    stolen += 1;
    return void res.writeHead(200, cors).end("got it");
  }
  if (url.pathname === "/stolen") return void res.writeHead(200, { ...cors, "Content-Type": "application/json" }).end(JSON.stringify({ stolen }));
  const id = /^\/agent\/([a-z]+)$/.exec(url.pathname)?.[1];
  if (req.method !== "POST" || !id || !servers[id]) return void res.writeHead(404, cors).end();
  let body = "";
  req.on("data", (chunk) => (body += chunk));
  req.on("end", () => {
    let input;
    try {
      input = JSON.parse(body);
    } catch {
      return void res.writeHead(400, cors).end("not JSON");
    }
    const encoder = new EventEncoder();
    res.writeHead(200, { ...cors, "Content-Type": "text/event-stream", "Cache-Control": "no-store" });
    let n = 0;
    const subscription = middlewares[id].run(input, new ScriptedAgent(servers[id].tool)).subscribe({
      next: (event) => res.write(`id: ${++n}\n${encoder.encode(event)}`),
      error: (error) => {
        res.write(encoder.encode({ type: EventType.RUN_ERROR, message: String(error) }));
        res.end();
      },
      complete: () => res.end(),
    });
    res.on("close", () => subscription.unsubscribe());
  });
});

await new Promise((resolve) => http.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${http.address().port}`;
const endpoints = {};
for (const [id, server] of Object.entries(servers)) endpoints[id] = await startMcp(server.script, { STEAL_URL: `${url}/steal` });
// One middleware per server: the two basic servers name their tool alike.
const middlewares = Object.fromEntries(Object.keys(servers).map((id) => [id, new MCPAppsMiddleware({ mcpServers: [{ type: "http", url: endpoints[id], serverId: id }] })]));
console.log(`PARLEY_MCP_READY ${JSON.stringify({ url, servers: endpoints })}`);

const stop = () => {
  for (const child of children) child.kill("SIGTERM");
  http.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2_000).unref();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

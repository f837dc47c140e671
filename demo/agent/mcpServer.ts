/**
 * The demo's MCP App, served by the demo itself (no extra install): the "file-cleaner" MCP server
 * (`fileCleaner.ts`, its HTML in demo/mcp-app/) answering JSON-RPC at `/api/mcp`, and the sandbox
 * page apps run in (`parley-ui/mcp-sandbox`) at `/mcp-sandbox` — which the page must load from
 * another origin than its own. The demo's Vite server answers on `127.0.0.1` and on `localhost`
 * alike, two origins (and two sites), so the sandbox is the same server under the other name: a
 * page on `http://127.0.0.1:5173` runs its apps in `http://localhost:5173/mcp-sandbox`, and the
 * other way round (`sandboxFor` on the page says which).
 */
import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { mcpAppSandbox } from "../../src/mcp-sandbox";
import { callFileCleaner, FILE_CLEANER_HASH, FILE_CLEANER_SERVER, FILE_CLEANER_TOOLS, FILE_CLEANER_URI, MCP_APP_MIME } from "./fileCleaner.js";

type Middleware = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void;

/** The app's HTML, read when the server starts. */
const html = () => readFileSync(new URL("../mcp-app/file-cleaner.html", import.meta.url), "utf8");

/** An MCP request this server refuses: JSON-RPC's code and the words. */
export class McpError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The server's answer to one MCP method (a result, or a thrown `McpError`). The methods a host
 * needs of an app's server: the handshake, the tools (with their annotations), the `ui://`
 * resource, and the tools' calls.
 *
 * @example
 * answerMcp("resources/read", { uri: "ui://file-cleaner/app.html" }); // { contents: [{ uri, mimeType: "text/html;profile=mcp-app", text: "<!doctype html>…" }] }
 */
export function answerMcp(method: string, params: unknown, page: string = html()): unknown {
  const p = params && typeof params === "object" ? (params as Record<string, unknown>) : {};
  switch (method) {
    case "initialize":
      return { protocolVersion: "2025-06-18", capabilities: { tools: {}, resources: {} }, serverInfo: { name: "file-cleaner", version: "1.0.0" } };
    case "ping":
      return {};
    case "tools/list":
      return { tools: FILE_CLEANER_TOOLS };
    case "resources/list":
      return { resources: [{ uri: FILE_CLEANER_URI, name: "File cleaner", mimeType: MCP_APP_MIME }] };
    case "resources/read":
      if (p.uri !== FILE_CLEANER_URI) throw new McpError(-32002, "Resource not found.");
      // Nothing from another origin: the app's CSP declares no domain at all.
      return { contents: [{ uri: FILE_CLEANER_URI, mimeType: MCP_APP_MIME, text: page, _meta: { ui: { csp: {}, prefersBorder: true } } }] };
    case "tools/call":
      if (typeof p.name !== "string") throw new McpError(-32602, "Name the tool to call.");
      return callFileCleaner(p.name, p.arguments);
    default:
      throw new McpError(-32601, `Method not found: ${method.slice(0, 80)}.`);
  }
}

/**
 * A run's `forwardedProps.__proxiedMCPRequest`, answered as `@ag-ui/mcp-apps-middleware` answers a
 * host that has no client of its own: the MCP result, or `{ error }` in words. Only the methods the
 * middleware proxies, only for the demo's server. `undefined` when the run carries no such request.
 *
 * @example
 * proxiedMcpAnswer({ __proxiedMCPRequest: { serverHash: "…", serverId: "file-cleaner", method: "resources/read", params: { uri: "ui://file-cleaner/app.html" } } });
 */
export function proxiedMcpAnswer(forwardedProps: unknown): unknown {
  const request = forwardedProps && typeof forwardedProps === "object" ? (forwardedProps as { __proxiedMCPRequest?: unknown }).__proxiedMCPRequest : undefined;
  if (!request || typeof request !== "object") return undefined;
  const { serverId, serverHash, method, params } = request as Record<string, unknown>;
  if (serverId !== FILE_CLEANER_SERVER && serverHash !== FILE_CLEANER_HASH) return { error: "This agent knows no such MCP server." };
  if (method !== "resources/read" && method !== "tools/call") return { error: "Only resources/read and tools/call are proxied." };
  try {
    return answerMcp(method, params);
  } catch (error) {
    return { error: error instanceof Error ? error.message : "The MCP server failed." };
  }
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.end(JSON.stringify(body));
};

/**
 * `POST /api/mcp`: one JSON-RPC 2.0 message, answered as JSON (Streamable HTTP's plain JSON reply;
 * no session, no event stream). A notification gets 202.
 */
export function createMcpEndpoint(): Middleware {
  const page = html();
  return (req, res) => {
    if (req.method !== "POST") {
      res.setHeader("Allow", "POST");
      return json(res, 405, { jsonrpc: "2.0", id: null, error: { code: -32000, message: "POST one JSON-RPC message." } });
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= 1_000_000) chunks.push(chunk);
    });
    req.on("end", () => {
      let message: { id?: unknown; method?: unknown; params?: unknown };
      try {
        message = size > 1_000_000 ? {} : (JSON.parse(Buffer.concat(chunks).toString("utf8")) as typeof message);
      } catch {
        return json(res, 400, { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error." } });
      }
      const id = typeof message.id === "string" || typeof message.id === "number" ? message.id : null;
      if (typeof message.method !== "string") return json(res, 400, { jsonrpc: "2.0", id, error: { code: -32600, message: "Invalid request." } });
      if (id === null) {
        res.statusCode = 202;
        return res.end();
      }
      try {
        json(res, 200, { jsonrpc: "2.0", id, result: answerMcp(message.method, message.params, page) });
      } catch (error) {
        const code = error instanceof McpError ? error.code : -32603;
        json(res, 200, { jsonrpc: "2.0", id, error: { code, message: error instanceof Error ? error.message : "Internal error." } });
      }
    });
  };
}

/** The two loopback names the demo answers on; the page is on one, its apps' sandbox on the other. */
const OTHER_NAME: Readonly<Record<string, string>> = { "127.0.0.1": "localhost", localhost: "127.0.0.1" };

/**
 * `GET /mcp-sandbox?host=…&csp=…`: the sandbox page (`parley-ui/mcp-sandbox`), for a page on the
 * other loopback name at the same port only (any other host page gets 403 from `mcpAppSandbox`).
 * `load` brings the kit's module when first asked: the Vite plugin passes its own module loader,
 * so the config file itself imports nothing of the kit.
 */
export function createSandboxEndpoint(load: () => Promise<{ mcpAppSandbox: typeof mcpAppSandbox }>): Middleware {
  return (req, res, next) => {
    const [name = "", port = ""] = (req.headers.host ?? "").split(":");
    const other = OTHER_NAME[name];
    const hostOrigins = other ? [`http://${other}${port ? `:${port}` : ""}`] : [];
    load().then(
      ({ mcpAppSandbox: sandbox }) => {
        const answer = sandbox({ hostOrigins }).respond(new URL(req.url ?? "/", "http://sandbox.invalid"));
        res.writeHead(answer.status, answer.headers).end(answer.body);
      },
      (error: unknown) => next?.(error),
    );
  };
}

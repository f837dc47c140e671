import { isRecord } from "../thread/guards";
import { readCsp } from "./csp";
import { MCP_APP_MIME_TYPE, type McpAppContent, type McpAppRef, type McpAppResource, type McpToolResult } from "./types";

/**
 * Reading what the agent and the server hand the host — an `mcp-apps` activity, a `resources/read`
 * result — checked field by field and bounded: a malformed one is a problem in words, never a throw.
 */

/** How much of an app the host reads. */
export const MCP_APP_LIMITS = {
  /** Characters of a `ui://` URI, a server id or hash, a tool name. */
  name: 2048,
  /** Characters of the app's HTML (text, or base64 decoded). */
  html: 5_000_000,
} as const;

const text = (value: unknown, max: number = MCP_APP_LIMITS.name): string | undefined => (typeof value === "string" && value.length > 0 && value.length <= max ? value : undefined);

/**
 * An `mcp-apps` activity's content as `@ag-ui/mcp-apps-middleware` sends it (`resourceUri`,
 * `serverHash`, `serverId`, `toolInput`, `result`), or why it cannot be shown.
 *
 * @example
 * readMcpAppContent({ resourceUri: "ui://get-time/mcp-app.html", serverHash: "9b1c", toolInput: {}, result: { content: [] } });
 * // { ok: true, content: { app: { serverHash: "9b1c", resourceUri: "ui://get-time/mcp-app.html" }, toolInput: {}, result: { content: [] } } }
 */
export function readMcpAppContent(content: unknown): { ok: true; content: McpAppContent } | { ok: false; problem: string } {
  if (!isRecord(content)) return { ok: false, problem: "The app's activity carries no content." };
  const resourceUri = text(content.resourceUri);
  if (!resourceUri?.startsWith("ui://")) return { ok: false, problem: "The app's activity names no ui:// resource." };
  const serverHash = text(content.serverHash);
  if (!serverHash) return { ok: false, problem: "The app's activity does not say which server it comes from." };
  const app: McpAppRef = { serverHash, resourceUri };
  const serverId = text(content.serverId);
  if (serverId) app.serverId = serverId;
  const toolInput = isRecord(content.toolInput) ? content.toolInput : {};
  const result: McpToolResult = isRecord(content.result) ? content.result : {};
  return { ok: true, content: { app, toolInput, result } };
}

/**
 * The server's name as the middleware routes by it: its configured id, else its hash.
 *
 * @example
 * serverKey({ serverHash: "9b1c", serverId: "clock", resourceUri: "ui://get-time/mcp-app.html" }); // "clock"
 */
export function serverKey(app: McpAppRef): string {
  return app.serverId ?? app.serverHash;
}

/**
 * The operation a policy rule, a grant and the audit log name for what an app does: showing it
 * (`mcp:<server>:<ui uri>`), calling a tool (`…#<tool>`), putting a message in the conversation
 * (`…#ui/message`, which no tool name can be). A rule can match a server's apps with a prefix
 * (`mcp:clock:*`); a grant is exact, so "always" is always for this app.
 *
 * @example
 * mcpAppOperation({ serverHash: "9b1c", serverId: "clock", resourceUri: "ui://get-time/app.html" }, "call", "get-time");
 * // "mcp:clock:ui://get-time/app.html#get-time"
 */
export function mcpAppOperation(app: McpAppRef, kind: "show" | "call" | "message", tool?: string): string {
  const base = `mcp:${serverKey(app)}:${app.resourceUri}`;
  return kind === "show" ? base : `${base}#${kind === "message" ? "ui/message" : tool ?? ""}`;
}

/**
 * A `resources/read` result as the app's HTML and what its metadata declares, or why it cannot be
 * shown: not the resource asked for, not `text/html;profile=mcp-app`, no HTML, too large.
 *
 * @example
 * readMcpAppResource({ contents: [{ uri: "ui://a/app.html", mimeType: "text/html;profile=mcp-app", text: "<!doctype html>…" }] }, "ui://a/app.html");
 */
export function readMcpAppResource(result: unknown, uri: string): { ok: true; resource: McpAppResource } | { ok: false; problem: string } {
  const contents = isRecord(result) && Array.isArray(result.contents) ? (result.contents as unknown[]) : undefined;
  if (!contents?.length) return { ok: false, problem: "The server returned no resource." };
  const item = contents.find((c) => isRecord(c) && c.uri === uri) ?? contents[0];
  if (!isRecord(item) || item.uri !== uri) return { ok: false, problem: `The server returned another resource than ${uri}.` };
  const mimeType = typeof item.mimeType === "string" ? item.mimeType.replace(/\s+/g, "").toLowerCase() : "";
  if (mimeType !== MCP_APP_MIME_TYPE) return { ok: false, problem: `The resource is not an MCP App (${typeof item.mimeType === "string" ? item.mimeType.slice(0, 80) : "no type"}).` };
  let html: string | undefined;
  if (typeof item.text === "string") html = item.text;
  else if (typeof item.blob === "string") html = decodeBase64(item.blob);
  if (html === undefined || html.length === 0) return { ok: false, problem: "The resource has no HTML." };
  if (html.length > MCP_APP_LIMITS.html) return { ok: false, problem: `The app's HTML is larger than ${MCP_APP_LIMITS.html / 1_000_000} MB.` };
  const meta = isRecord(item._meta) && isRecord(item._meta.ui) ? item._meta.ui : {};
  const { csp, dropped } = readCsp(meta.csp);
  const resource: McpAppResource = { uri, html, csp, dropped };
  if (typeof meta.prefersBorder === "boolean") resource.prefersBorder = meta.prefersBorder;
  return { ok: true, resource };
}

function decodeBase64(blob: string): string | undefined {
  if (blob.length > (MCP_APP_LIMITS.html * 4) / 3 + 4) return undefined;
  try {
    const bytes = Uint8Array.from(atob(blob), (c) => c.charCodeAt(0));
    return new TextDecoder().decode(bytes);
  } catch {
    return undefined;
  }
}

import { isRecord } from "../thread/guards";
import { isOrigin, readCsp, sandboxCsp } from "./csp";

/**
 * The sandbox proxy of SEP-1865's double iframe: a page the host serves from an origin of its own
 * (another host name or port than the app's pages), which the kit's MCP App frame loads as
 * `<sandbox url>?host=<the page's origin>&csp=<the resource's declared origins, JSON>`. It tells
 * the host it is ready, takes the app's HTML from the host alone, puts it in an inner frame
 * sandboxed without `allow-same-origin` (an opaque origin: no storage, no cookies, no way into this
 * page or the host's), and relays the app's JSON-RPC both ways. Its policy is a response header
 * built from the declared origins: the inner document inherits it and cannot loosen it.
 */

/** What the inner frame may do: run its scripts and submit forms to itself (`form-action 'none'` keeps them home). */
export const MCP_APP_FRAME_SANDBOX = "allow-scripts allow-forms";

/** The features no app gets here, whatever it asks (`_meta.ui.permissions` is not granted). */
const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), display-capture=(), usb=(), serial=(), hid=(), bluetooth=(), payment=(), clipboard-read=(), clipboard-write=()";

/** The response a sandbox page request gets: status, headers and an HTML (or plain text) body. */
export interface McpAppSandboxResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Which host pages may embed the sandbox page: their origins, exactly (`https://app.example.com`). */
export interface McpAppSandboxOptions {
  hostOrigins: readonly string[];
}

// The page's own script, inline (the policy allows inline scripts, which the app needs too). HOST
// is written in as JSON; nothing else from the request reaches the page.
const SCRIPT = `(() => {
  if (window.parent === window) return;
  const inner = document.createElement("iframe");
  inner.setAttribute("sandbox", SANDBOX);
  inner.setAttribute("title", "MCP App");
  let loaded = false;
  addEventListener("message", (event) => {
    const data = event.data;
    const method = data && typeof data === "object" && typeof data.method === "string" ? data.method : "";
    if (event.source === window.parent) {
      if (event.origin !== HOST) return;
      if (method === "ui/notifications/sandbox-resource-ready") {
        const html = data.params && data.params.html;
        if (loaded || typeof html !== "string") return;
        loaded = true;
        inner.srcdoc = html;
        document.body.appendChild(inner);
      } else if (inner.contentWindow) {
        inner.contentWindow.postMessage(data, "*");
      }
    } else if (inner.contentWindow && event.source === inner.contentWindow) {
      if (method.startsWith("ui/notifications/sandbox-")) return;
      window.parent.postMessage(data, HOST);
    }
  });
  window.parent.postMessage({ jsonrpc: "2.0", method: "ui/notifications/sandbox-proxy-ready", params: {} }, HOST);
})();`;

const json = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

function text(status: number, body: string): McpAppSandboxResponse {
  return { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" }, body };
}

/**
 * The sandbox page, for a server of the host's: `respond(url)` answers a request for it (any
 * path; the query carries `host` and `csp`). A host origin not listed gets 403; a `csp` that is not
 * JSON, the restrictive default.
 *
 * @example
 * import { createServer } from "node:http";
 * const sandbox = mcpAppSandbox({ hostOrigins: ["https://app.example.com"] });
 * createServer((req, res) => {
 *   const page = sandbox.respond(new URL(req.url ?? "/", "https://sandbox.example.com"));
 *   res.writeHead(page.status, page.headers).end(page.body);
 * }).listen(8081);
 */
export function mcpAppSandbox(options: McpAppSandboxOptions): { respond(url: string | URL): McpAppSandboxResponse } {
  const allowed = new Set(options.hostOrigins.filter(isOrigin));
  return {
    respond(url) {
      let query: URLSearchParams;
      try {
        query = new URL(url, "http://sandbox.invalid").searchParams;
      } catch {
        return text(400, "Not a sandbox address.");
      }
      const host = query.get("host") ?? "";
      if (!isOrigin(host) || !allowed.has(host)) return text(403, "This page may not host MCP Apps here.");
      let declared: unknown;
      try {
        declared = JSON.parse(query.get("csp") ?? "null");
      } catch {
        declared = undefined;
      }
      const policy = sandboxCsp(readCsp(isRecord(declared) ? declared : undefined).csp, host);
      const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>MCP App sandbox</title><style>html,body{margin:0;height:100%;overflow:hidden}iframe{display:block;border:0;width:100%;height:100%}</style></head><body><script>const HOST = ${json(host)}; const SANDBOX = ${json(MCP_APP_FRAME_SANDBOX)};\n${SCRIPT}</script></body></html>`;
      return {
        status: 200,
        headers: {
          "Content-Type": "text/html; charset=utf-8",
          "Content-Security-Policy": policy,
          "Permissions-Policy": PERMISSIONS_POLICY,
          "Referrer-Policy": "no-referrer",
          "Cache-Control": "no-store",
          "X-Content-Type-Options": "nosniff",
        },
        body,
      };
    },
  };
}

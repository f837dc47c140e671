import { mcpAppsComponents, type McpAppsClient } from "../src/mcp-apps";
import { FILE_CLEANER_SERVER } from "./agent/fileCleaner";

/**
 * The page's side of the demo's MCP App ("File cleaner" in the scenario menu): where apps run and
 * how the host reaches the demo's MCP server.
 *
 * The sandbox page is served by the demo's own Vite server (demo/agent/mcpServer.ts) under the
 * other loopback name at the same port — `localhost` for a page on `127.0.0.1`, and back — another
 * origin and another site, as SEP-1865 asks. A page on any other host has no second name to use:
 * its apps are refused in words ("the sandbox is on this page's own origin").
 */
export function demoSandboxUrl(at: Location = location): string {
  const other = at.hostname === "127.0.0.1" ? "localhost" : at.hostname === "localhost" ? "127.0.0.1" : at.hostname;
  return `${at.protocol}//${other}${at.port ? `:${at.port}` : ""}/mcp-sandbox`;
}

/**
 * An MCP client for a server answering JSON-RPC over HTTP POST with plain JSON (the demo's
 * `/api/mcp`): enough for the host — the resource, the calls, and `tools/list`, from which the host
 * learns each tool's `readOnlyHint` / `destructiveHint`, so a read-only tool passes and a
 * destructive one asks for typed confirmation. (Through the agent's `__proxiedMCPRequest` the host
 * would know no annotation and ask for every call.)
 *
 * @example
 * const client = jsonRpcMcpClient("/api/mcp");
 * await client.callTool({ name: "inspect_file", arguments: { name: "invoice-0412.pdf" } });
 */
export function jsonRpcMcpClient(url: string): McpAppsClient {
  let id = 0;
  const request = async (method: string, params: Record<string, unknown>): Promise<unknown> => {
    const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }) });
    const body = (await response.json()) as { result?: unknown; error?: { message?: unknown } };
    if (body.error) throw new Error(typeof body.error.message === "string" ? body.error.message : `The MCP server refused ${method}.`);
    return body.result;
  };
  return {
    readResource: (params) => request("resources/read", params),
    callTool: (params) => request("tools/call", params),
    listTools: () => request("tools/list", {}),
  };
}

/** The registry entry for `mcp-apps` activities: the demo's server through its client, the sandbox on the other name. */
export const DEMO_MCP_APPS = mcpAppsComponents({
  sandbox: demoSandboxUrl(),
  clients: { [FILE_CLEANER_SERVER]: jsonRpcMcpClient("/api/mcp") },
});

/**
 * `parley-ui/mcp-sandbox`: the sandbox page MCP Apps run in (SEP-1865's sandbox proxy), for a server
 * of the app's on an origin other than its pages' — framework-free, no React, for Node and edge
 * runtimes. `mcpAppSandbox({ hostOrigins }).respond(url)` answers a request for it: the page, with
 * the Content Security Policy the app's resource declares (and nothing wider) as a header.
 *
 * @example
 * import { mcpAppSandbox } from "parley-ui/mcp-sandbox";
 * const sandbox = mcpAppSandbox({ hostOrigins: ["https://app.example.com"] });
 * export const GET = (request: Request) => { const page = sandbox.respond(request.url); return new Response(page.body, page); };
 */
export { mcpAppSandbox, MCP_APP_FRAME_SANDBOX, type McpAppSandboxOptions, type McpAppSandboxResponse } from "./core/mcp-apps/sandboxPage";
export { isOrigin, readCsp, sandboxCsp } from "./core/mcp-apps/csp";
export type { McpAppCsp } from "./core/mcp-apps/types";

import { fileURLToPath } from "node:url";
import { runnerImport, type Plugin } from "vite";
import type * as SandboxModule from "../../src/mcp-sandbox";
import { createAgentMiddleware, type AgentMiddlewareOptions } from "./server.js";
import { mountRtui } from "./rtuiServer.js";
import { createMcpEndpoint, createSandboxEndpoint } from "./mcpServer.js";

/**
 * The kit's sandbox page (`parley-ui/mcp-sandbox`), imported through Vite's module runner when the
 * first app asks for it: a config file bundles what it imports itself, and the kit's sources are
 * not written for that.
 */
let sandboxModule: Promise<typeof SandboxModule> | undefined;
const loadSandbox = () =>
  (sandboxModule ??= runnerImport<typeof SandboxModule>(fileURLToPath(new URL("../../src/mcp-sandbox.ts", import.meta.url)), { configFile: false, logLevel: "warn" }).then((r) => r.module));

/**
 * Mounts the reference agent at `path` (default `/api/agent`) in Vite's dev and preview servers.
 *
 * @example
 * export default defineConfig({ plugins: [react(), parleyAgent()] });
 */
export function parleyAgent(options: AgentMiddlewareOptions & { path?: string } = {}): Plugin {
  const path = options.path ?? "/api/agent";
  return {
    name: "parley-reference-agent",
    configureServer(server) {
      server.middlewares.use(path, createAgentMiddleware(options));
      // The reference RTUI server (seed 001) at /rtui, beside Vite's own HMR socket.
      mountRtui(server.httpServer, server.middlewares);
      // The demo's MCP App server and the sandbox page its app runs in (from the other loopback name).
      server.middlewares.use("/api/mcp", createMcpEndpoint());
      server.middlewares.use("/mcp-sandbox", createSandboxEndpoint(loadSandbox));
    },
    configurePreviewServer(server) {
      server.middlewares.use(path, createAgentMiddleware(options));
      mountRtui(server.httpServer, server.middlewares);
      server.middlewares.use("/api/mcp", createMcpEndpoint());
      server.middlewares.use("/mcp-sandbox", createSandboxEndpoint(loadSandbox));
    },
  };
}

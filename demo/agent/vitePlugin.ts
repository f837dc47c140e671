import type { Plugin } from "vite";
import { createAgentMiddleware, type AgentMiddlewareOptions } from "./server.js";
import { mountRtui } from "./rtuiServer.js";

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
    },
    configurePreviewServer(server) {
      server.middlewares.use(path, createAgentMiddleware(options));
      mountRtui(server.httpServer, server.middlewares);
    },
  };
}

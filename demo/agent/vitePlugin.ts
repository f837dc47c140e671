import type { Plugin } from "vite";
import { createAgentMiddleware, type AgentMiddlewareOptions } from "./server.js";

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
    },
    configurePreviewServer(server) {
      server.middlewares.use(path, createAgentMiddleware(options));
    },
  };
}

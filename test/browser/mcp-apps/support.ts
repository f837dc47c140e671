import { createServer, type Server } from "node:http";
import { join } from "node:path";
import type { Frame, FrameLocator, Page } from "playwright-core";
import { createServer as createViteServer, type ViteDevServer } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { mcpAppSandbox } from "../../../src/mcp-sandbox";
import { root } from "../support";
import { startChildServer, type ChildServer } from "../../support/childServer";

/**
 * What test/browser/mcpApps*.e2e.test.ts run against: the real MCP App servers behind
 * `@ag-ui/mcp-apps-middleware` (servers/start.mjs, a child process; `npm test` installs its
 * package), the page (a Vite dev server on `localhost`) and the sandbox page on an origin of its
 * own (`127.0.0.1`, another port), served by `parley-ui/mcp-sandbox` for the page's origin alone.
 */
export interface McpWorld {
  /** The agents: `${agents}/agent/<vanillajs|react|hostile>`; `${agents}/stolen` counts what reached /steal. */
  agents: string;
  page: string;
  sandbox: string;
  stop(): Promise<void>;
}

function startServers(): Promise<ChildServer> {
  return startChildServer(join(root, "test/browser/mcp-apps/servers"), ["start.mjs"], (line) => {
    const found = /^PARLEY_MCP_READY (.*)$/.exec(line);
    return found ? (JSON.parse(found[1]!) as { url: string }).url : undefined;
  });
}

export async function startMcpWorld(): Promise<McpWorld> {
  const servers = await startServers();
  const vite: ViteDevServer = await createViteServer({
    configFile: false,
    cacheDir: join(root, "node_modules/.vite-mcp-apps"),
    root: join(root, "test/browser/mcp-apps"),
    plugins: [react(), tailwindcss()],
    // The host's bridge is found behind a lazy import: bundled up front, so the page never reloads mid-test.
    optimizeDeps: { include: ["@modelcontextprotocol/ext-apps/app-bridge", "react-dom/client"], entries: ["index.html"] },
    server: { host: "127.0.0.1", port: 0, strictPort: false, hmr: false, fs: { allow: [root] } },
    logLevel: "warn",
    clearScreen: false,
  });
  await vite.listen();
  // The page on `localhost`, the sandbox on `127.0.0.1`: different sites, not only different ports.
  const page = (vite.resolvedUrls?.local[0] ?? "").replace("127.0.0.1", "localhost");
  const sandboxPage = mcpAppSandbox({ hostOrigins: [new URL(page).origin] });
  const sandboxServer: Server = createServer((req, res) => {
    const answer = sandboxPage.respond(new URL(req.url ?? "/", "http://127.0.0.1"));
    res.writeHead(answer.status, answer.headers).end(answer.body);
  });
  await new Promise<void>((resolve) => sandboxServer.listen(0, "127.0.0.1", resolve));
  const address = sandboxServer.address();
  const sandbox = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/mcp-app`;
  return {
    agents: servers.url,
    page,
    sandbox,
    async stop() {
      await Promise.all([servers.stop(), vite.close(), new Promise<void>((resolve) => sandboxServer.close(() => resolve()))]);
    },
  };
}

/** The page for one server's agent. */
export function pageUrl(world: McpWorld, server: "vanillajs" | "react" | "hostile"): string {
  return `${world.page}?agent=${encodeURIComponent(`${world.agents}/agent/${server}`)}&sandbox=${encodeURIComponent(world.sandbox)}`;
}

/** The app's own document: the frame inside the sandbox page inside the kit's frame. */
export function appFrame(page: Page): FrameLocator {
  return page.frameLocator("iframe[data-slot=mcp-app-frame]").frameLocator("iframe");
}

/** The app's frame as a Playwright `Frame` (for evaluating in it), once it is there. */
export async function appDocument(page: Page): Promise<Frame> {
  for (let i = 0; i < 100; i += 1) {
    const found = page.frames().find((f) => f.parentFrame()?.parentFrame() === page.mainFrame());
    if (found) return found;
    await page.waitForTimeout(100);
  }
  throw new Error("The app's frame never appeared.");
}

/** Sends the person's message through the composer. */
export async function say(page: Page, text: string): Promise<void> {
  await page.locator("[data-slot=composer] textarea").fill(text);
  await page.keyboard.press("Enter");
}

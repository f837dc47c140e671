/// <reference types="vitest/config" />
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import { playwright } from "@vitest/browser-playwright";
import { findBrowser } from "./scripts/browser.ts";

/** The entries that are client modules (React): "use client" is written back on them. */
const CLIENT_ENTRIES = new Set(["index", "panels", "threads", "rtui", "a2ui", "mcp-apps", "headless", "passkey"]);

// One config for the library build and the unit tests. The demo has its own (demo/vite.config.ts).
export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    lib: {
      entry: {
        index: "src/index.ts",
        core: "src/core/index.ts",
        store: "src/store/index.ts",
        testing: "src/testing.ts",
        // Permission policy, grants and audit, without React: usable from server code too.
        policy: "src/core/policy/index.ts",
        // Keeping a thread across reloads (snapshots, IndexedDB through idb-keyval), without React.
        persistence: "src/persistence.ts",
        // The same envelope as IM text or a voice script, and replies read back (no React).
        channels: "src/core/channels/index.ts",
        // The HTTP/SSE transport (createHttpAgent; no React), apart from the core: not every app uses it.
        http: "src/http.ts",
        // The side panels (React): their hooks and lazily loaded views, apart from the kit's entry.
        panels: "src/panels.ts",
        // The person's threads and the sessions the agent starts (React, TanStack Query): a list of its own.
        threads: "src/threads.ts",
        // RTUI over WebSocket (seed 001): the connection, its thread binding and useRtui (React).
        rtui: "src/rtui.ts",
        // A2UI surfaces (React): the renderer the kit loads on first use, and the surface model.
        a2ui: "src/a2ui.ts",
        // MCP Apps (React): the frame, host and bridge load on first use; the sandbox page's server side apart, without React.
        "mcp-apps": "src/mcp-apps.ts",
        "mcp-sandbox": "src/mcp-sandbox.ts",
        // The cards' hooks and headless compound parts (React), for a team's own design system.
        headless: "src/headless.ts",
        // The agent's side of decisions it can verify (no React; Node and edge runtimes).
        server: "src/server.ts",
        // The person's side of a step-up: signing an approval with their passkey, registering one (no React).
        passkey: "src/passkey.ts",
        // The theme as its own file: `import "parley-ui/styles.css"` (package.json exports).
        styles: "src/theme/parley.css",
      },
      formats: ["es"],
    },
    cssCodeSplit: true,
    sourcemap: true,
    rolldownOptions: {
      // Everything the user installs stays theirs; only our own code is bundled.
      external: [/^react($|\/)/, /^react-dom($|\/)/, /^@ag-ui\//, /^rxjs($|\/)/, /^zustand($|\/)/, /^@tanstack\//, /^radix-ui($|\/)/, /^@radix-ui\//, "eventsource-parser", "valibot", "@cfworker/json-schema", "idb-keyval", "canonicalize", /^@simplewebauthn\//, "clsx", "tailwind-merge", "class-variance-authority", /^react-markdown/, /^remark-/, /^micromark-extension-gfm/, /^mdast-util-gfm/, /^shiki($|\/)/, /^@modelcontextprotocol\//],
      plugins: [
        {
          // Next.js App Router (issue 14, docs/nextjs.md): `parley-ui` is a client module, and so is
          // every lazily loaded chunk (SchemaFormView). Rolldown drops module directives, so the
          // directive is written back as the first line (`banner`; the minifier keeps it and source
          // maps shift with it). core, store, testing and policy use no React and stay importable from server
          // code. generateBundle fails the build when the boundary leaks: an entry that reaches React
          // without the directive, or a server entry that reaches React or a client chunk, statically
          // or lazily. test/build/useClient.test.ts checks the same on dist/.
          name: "parley:use-client",
          // A lazily loaded chunk of core and store code alone (the front-end tools' argument
          // validator, the store's intake of saved and mirrored threads) has no React (neither
          // imports it) and stays loadable from the store on a server.
          banner: (chunk) =>
            // Any other chunk with more than core and store code is a client module: a chunk both an
            // entry imports and a lazy import loads (A2uiSurfaceView) is not a "dynamic entry" to Rolldown.
            (chunk.isEntry ? CLIENT_ENTRIES.has(chunk.name) : !chunk.moduleIds.every((id) => id.includes("/src/core/") || id.includes("/src/store/") || !id.includes("/src/"))) ? '"use client";' : "",
          generateBundle(_options, bundle) {
            const chunks = new Map(Object.values(bundle).flatMap((c) => (c.type === "chunk" ? [[c.fileName, c] as const] : [])));
            const isReact = (id: string) => /^react(-dom)?($|\/)/.test(id);
            const isClient = (file: string) => chunks.get(file)?.code.startsWith('"use client";') ?? false;
            const reach = (file: string, lazily: boolean, seen = new Set<string>()): Set<string> => {
              if (seen.has(file)) return seen;
              seen.add(file);
              const chunk = chunks.get(file);
              for (const next of chunk ? [...chunk.imports, ...(lazily ? chunk.dynamicImports : [])] : []) reach(next, lazily, seen);
              return seen;
            };
            const problems: string[] = [];
            for (const chunk of chunks.values()) {
              if (!chunk.isEntry && !chunk.isDynamicEntry) continue;
              const client = isClient(chunk.fileName);
              if (chunk.isEntry && CLIENT_ENTRIES.has(chunk.name) && !client) problems.push(`${chunk.fileName} does not start with "use client"`);
              else if (!client && [...reach(chunk.fileName, false)].some(isReact)) problems.push(`${chunk.fileName} reaches React without "use client"`);
              if (chunk.isEntry && !client) {
                const leaks = [...reach(chunk.fileName, true)].filter((id) => id !== chunk.fileName && (isReact(id) || isClient(id)));
                if (leaks.length) problems.push(`server entry ${chunk.fileName} reaches ${leaks.join(", ")}`);
              }
            }
            if (problems.length) this.error(`client boundary: ${problems.join("; ")}`);
          },
        },
      ],
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["test/**/*.test.{ts,tsx}"],
          exclude: ["**/node_modules/**", "test/browser/**", "test/frameworks/live/**"],
          environment: "jsdom",
          setupFiles: ["test/setup.ts"],
        },
      },
      {
        // Real agent frameworks (LangGraph JS, Mastra) as child processes on 127.0.0.1, driven
        // through the store (test/frameworks/live; scripts/frameworks.ts installs their servers).
        test: {
          name: "frameworks",
          include: ["test/frameworks/live/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 90_000,
        },
      },
      {
        // The demo in Debian's chromium via playwright-core (test/browser/*.e2e.test.ts).
        test: {
          name: "browser-e2e",
          include: ["test/browser/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Every story runs as a test in chromium; the a11y addon fails a story on violations.
        extends: true,
        plugins: [storybookTest({ configDir: ".storybook" })],
        test: {
          name: "storybook",
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: {
                // scripts/browser.ts decides, for every test project (npm test ensures there is one).
                executablePath: findBrowser() ?? "/usr/bin/chromium",
                args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
              },
            }),
            instances: [{ browser: "chromium" }],
          },
        },
      },
    ],
  },
});

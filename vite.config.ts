/// <reference types="vitest/config" />
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import { playwright } from "@vitest/browser-playwright";

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
        // The theme as its own file: `import "parley-ui/styles.css"` (package.json exports).
        styles: "src/theme/parley.css",
      },
      formats: ["es"],
    },
    cssCodeSplit: true,
    sourcemap: true,
    rolldownOptions: {
      // Everything the user installs stays theirs; only our own code is bundled.
      external: [/^react($|\/)/, /^react-dom($|\/)/, /^@ag-ui\//, /^rxjs($|\/)/, /^zustand($|\/)/, /^@tanstack\//, /^radix-ui($|\/)/, /^@radix-ui\//, "eventsource-parser", "fast-json-patch", "partial-json", "zod", /^zod\//, "@cfworker/json-schema", "clsx", "tailwind-merge", "class-variance-authority", /^react-markdown/, /^remark-/],
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["test/**/*.test.{ts,tsx}"],
          exclude: ["test/browser/**"],
          environment: "jsdom",
          setupFiles: ["test/setup.ts"],
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
                executablePath: "/usr/bin/chromium",
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

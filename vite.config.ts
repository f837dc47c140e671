/// <reference types="vitest/config" />
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";

// One config for the library build and the unit tests. The demo has its own (demo/vite.config.ts).
export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    lib: {
      entry: {
        index: "src/index.ts",
        core: "src/core/index.ts",
        testing: "src/testing.ts",
      },
      formats: ["es"],
    },
    cssCodeSplit: true,
    sourcemap: true,
    rolldownOptions: {
      // Everything the user installs stays theirs; only our own code is bundled.
      external: [/^react($|\/)/, /^react-dom($|\/)/, /^@ag-ui\//, /^rxjs($|\/)/, /^zustand($|\/)/, /^@tanstack\//, /^radix-ui($|\/)/, /^@radix-ui\//, "eventsource-parser", "fast-json-patch", "partial-json", "clsx", "tailwind-merge", "class-variance-authority", /^react-markdown/, /^remark-/],
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
    ],
  },
});

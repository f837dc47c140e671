/// <reference types="node" />
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { parleyAgent } from "./agent/vitePlugin.js";
import { parleySessions } from "./agent/sessionsServer.js";

// `npm start`: the demo app plus the embedded reference agent at /api/agent.
// `PARLEY_AGENT_URL=http://host/agent npm start`: the same app, talking to that agent instead.
const externalAgent = process.env.PARLEY_AGENT_URL?.trim();
const agentUrl = externalAgent || "/api/agent";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  plugins: [react(), tailwindcss(), parleyAgent(), parleySessions()],
  define: {
    __PARLEY_AGENT_URL__: JSON.stringify(agentUrl),
    // The scenario picker only makes sense with the embedded reference agent.
    __PARLEY_AGENT_EMBEDDED__: JSON.stringify(!externalAgent),
  },
  server: { host: "127.0.0.1" },
  build: { emptyOutDir: true }, // demo/dist (ignored by .gitignore's dist/)
});

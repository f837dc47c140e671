#!/usr/bin/env node
// One process: the LangGraph JS API server (@langchain/langgraph-api, the in-memory
// server that `langgraph dev` runs) with the scripted graphs, plus the AG-UI endpoint
// (@ag-ui/langgraph's LangGraphAgent) mounted on it as a custom route.
//
//   node server.mjs [--port 0] [--host 127.0.0.1] [--ready-file PATH] [--keep-state] [--workers 10]
//
// --port 0 (default) picks a free port. When ready, prints one line to stdout:
//   PARLEY_LANGGRAPH_READY {"url":"http://127.0.0.1:PORT","agui":"http://127.0.0.1:PORT/agui","pid":...,"startupMs":...}
// and writes the same JSON to --ready-file if given. Stop with SIGTERM or SIGINT.
import { parseArgs } from "node:util";
import { rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { writeFileSync } from "node:fs";

const t0 = performance.now();
const here = path.dirname(fileURLToPath(import.meta.url));

const { values: args } = parseArgs({
  options: {
    port: { type: "string", default: process.env.PORT ?? "0" },
    host: { type: "string", default: "127.0.0.1" },
    "ready-file": { type: "string" },
    "keep-state": { type: "boolean", default: false },
    workers: { type: "string", default: "10" }, // queue workers poll every 0-1 s at random: more workers, less wait
  },
});

// Offline and quiet. These must be set before @langchain/* modules load.
process.env.LANGSMITH_TRACING ??= "false";
process.env.LANGCHAIN_TRACING_V2 ??= "false";
process.env.LANGSMITH_TRACING_V2 ??= "false";
process.env.LANGCHAIN_TRACING ??= "false";
process.env.LANGCHAIN_CALLBACKS_BACKGROUND ??= "false";
process.env.LOG_LEVEL ??= "warn";

// The in-memory server persists threads/checkpoints to <cwd>/.langgraph_api/*.json
// (flushed every 3 s and on exit). Start clean unless asked not to.
if (!args["keep-state"]) await rm(path.join(here, ".langgraph_api"), { recursive: true, force: true });

const { startServer } = await import("@langchain/langgraph-api/server");

const G = "./src/graphs.mjs";
const graphs = Object.fromEntries(
  ["chat", "tools", "confirm", "tool_call", "form", "middleware", "plain", "parallel", "frontend_tool"].map((g) => [g, `${G}:${g}`]),
);

const { host, cleanup } = await startServer({
  port: Number(args.port),
  nWorkers: Number(args.workers),
  host: args.host,
  cwd: here,
  graphs,
  http: { app: "./src/agui-app.mjs:app" },
});

// host is "<address>:<port>"; the port is the real one when --port 0.
const port = Number(host.split(":").pop());
const url = `http://${args.host}:${port}`;
process.env.PORT = String(port);
process.env.LANGGRAPH_DEPLOYMENT_URL = url;
process.env.LANGGRAPH_API_URL = url;

const ready = { url, agui: `${url}/agui`, pid: process.pid, startupMs: Math.round(performance.now() - t0), graphs: Object.keys(graphs) };
if (args["ready-file"]) writeFileSync(args["ready-file"], JSON.stringify(ready));
console.log(`PARLEY_LANGGRAPH_READY ${JSON.stringify(ready)}`);

let stopping = false;
const stop = async (sig) => {
  if (stopping) return;
  stopping = true;
  try {
    await cleanup();
  } finally {
    process.exit(sig === "SIGINT" ? 130 : 0);
  }
};
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));

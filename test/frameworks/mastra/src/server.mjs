// A Mastra agent served over AG-UI: POST a RunAgentInput, get SSE back.
// The events are exactly what @ag-ui/mastra's MastraAgent (an AG-UI
// AbstractAgent) emits from run(input), encoded by @ag-ui/encoder. The only
// event this file adds is RUN_ERROR, when run()'s Observable errors (the bridge
// itself never emits RUN_ERROR; it calls subscriber.error()).
//
//   node --require ./src/no-network.cjs src/server.mjs          (PORT=8787 by default; PORT=0 picks a free one)
//   ready when stdout prints {"ready":true,"url":...} or GET /health answers 200
//   stop with SIGTERM/SIGINT (exits 0)
//
// Routes
//   POST /agent            RunAgentInput (JSON) -> text/event-stream
//        ?outcome=0        MastraAgent({emitInterruptOutcome:false}): legacy CUSTOM on_interrupt only
//        ?lenient=1        skip RunAgentInputSchema validation (to see what the bridge does with off-spec input)
//   GET  /health           {ok:true}
//   GET  /effects          {effects, networkAttempts}: what the tools really did
//   GET  /model-calls      what Mastra sent the scripted model (prompt per call)
//   POST /reset            clear effects and model calls
process.env.MASTRA_TELEMETRY_DISABLED ??= "1";

import http from "node:http";
import { EventEncoder } from "@ag-ui/encoder";
import { EventType } from "@ag-ui/core";
import { RunAgentInputSchema } from "@ag-ui/core/schemas";
import { MastraAgent } from "@ag-ui/mastra";
import { createMastra, effects, modelCalls } from "./agent.mjs";

const HOST = "127.0.0.1";
const PORT = Number(process.env.PORT ?? 8787);
const bootStart = performance.now();
const mastra = createMastra();
const mastraAgent = mastra.getAgent("parley");

function json(res, status, body) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

async function readBody(req) {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  return Buffer.concat(chunks).toString("utf8");
}

async function handleRun(req, res, url) {
  let input;
  try {
    input = JSON.parse(await readBody(req));
  } catch (e) {
    return json(res, 400, { error: "body is not JSON", detail: String(e) });
  }
  if (url.searchParams.get("lenient") !== "1") {
    const parsed = RunAgentInputSchema.safeParse(input);
    if (!parsed.success) {
      return json(res, 422, { error: "not a RunAgentInput", issues: parsed.error.issues });
    }
    input = parsed.data;
  }

  const agent = new MastraAgent({
    agentId: "parley",
    agent: mastraAgent,
    resourceId: "parley-conformance",
    emitInterruptOutcome: url.searchParams.get("outcome") !== "0",
  });

  const encoder = new EventEncoder({ accept: req.headers.accept });
  res.writeHead(200, {
    "content-type": encoder.getContentType(),
    "cache-control": "no-cache",
    connection: "keep-alive",
  });

  let sub;
  const done = new Promise((resolve) => {
    sub = agent.run(input).subscribe({
      next: (event) => res.write(encoder.encode(event)),
      error: (err) => {
        res.write(
          encoder.encode({
            type: EventType.RUN_ERROR,
            message: err?.message ?? String(err),
            code: err?.id ?? err?.code ?? "MASTRA_AGENT_ERROR",
          }),
        );
        res.end();
        resolve();
      },
      complete: () => {
        res.end();
        resolve();
      },
    });
  });
  req.on("close", () => sub?.unsubscribe());
  await done;
}

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url, `http://${HOST}`);
  try {
    if (req.method === "POST" && url.pathname === "/agent") return await handleRun(req, res, url);
    if (req.method === "GET" && url.pathname === "/health") return json(res, 200, { ok: true });
    if (req.method === "GET" && url.pathname === "/effects")
      return json(res, 200, { effects, networkAttempts: globalThis.__parleyNetworkAttempts ?? null });
    if (req.method === "GET" && url.pathname === "/model-calls") return json(res, 200, modelCalls);
    if (req.method === "POST" && url.pathname === "/reset") {
      effects.length = 0;
      modelCalls.length = 0;
      return json(res, 200, { ok: true });
    }
    json(res, 404, { error: "not found" });
  } catch (e) {
    if (!res.headersSent) json(res, 500, { error: String(e?.stack ?? e) });
    else res.end();
  }
});

server.listen(PORT, HOST, () => {
  const { port } = server.address();
  process.stdout.write(
    JSON.stringify({ ready: true, url: `http://${HOST}:${port}`, bootMs: Math.round(performance.now() - bootStart) }) + "\n",
  );
});

for (const sig of ["SIGTERM", "SIGINT"]) {
  process.on(sig, () => server.close(() => process.exit(0)));
}

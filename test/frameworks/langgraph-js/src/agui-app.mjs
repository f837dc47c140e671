// The AG-UI endpoint, mounted as a custom route on the LangGraph API server
// (LangGraph's `http.app` option — how a LangGraph deployment adds its own routes).
//
//   POST /agui/<mode>/<graphId>   body: RunAgentInput (JSON)   ->  text/event-stream of AG-UI events
//   GET  /agui/modes               the modes and their LangGraphAgent flags
//
// Each request gets its own @ag-ui/langgraph LangGraphAgent (it keeps per-run state),
// which talks to this same server's LangGraph API over HTTP (deploymentUrl), exactly as
// it would talk to a LangGraph Platform deployment.
import { Hono } from "hono";
import { LangGraphAgent } from "@ag-ui/langgraph";
import { EventEncoder } from "@ag-ui/encoder";

// LangGraphAgentConfig flags per mode (see @ag-ui/langgraph LangGraphAgentConfig).
export const MODES = {
  // the integration's defaults: CUSTOM on_interrupt + plain RUN_FINISHED
  legacy: { enableLegacyOnInterruptEvent: true, emitInterruptOutcome: false },
  // both signals: CUSTOM on_interrupt + RUN_FINISHED.outcome {type:"interrupt"}
  both: { enableLegacyOnInterruptEvent: true, emitInterruptOutcome: true },
  // AG-UI 1.0 only: RUN_FINISHED.outcome, no CUSTOM event
  outcome: { enableLegacyOnInterruptEvent: false, emitInterruptOutcome: true },
  // legacy off and outcome "off": the integration forces the outcome on anyway
  forced: { enableLegacyOnInterruptEvent: false, emitInterruptOutcome: false },
};

const deploymentUrl = () => process.env.LANGGRAPH_DEPLOYMENT_URL ?? `http://127.0.0.1:${process.env.PORT}`;

export const app = new Hono();

app.get("/agui/modes", (c) => c.json(MODES));

app.post("/agui/:mode/:graphId", async (c) => {
  const { mode, graphId } = c.req.param();
  const flags = MODES[mode];
  if (!flags) return c.json({ error: `unknown mode ${mode}`, modes: Object.keys(MODES) }, 404);

  let input;
  try {
    input = await c.req.json();
  } catch (e) {
    return c.json({ error: `body is not JSON: ${e.message}` }, 400);
  }

  const agent = new LangGraphAgent({ graphId, deploymentUrl: deploymentUrl(), ...flags });
  const encoder = new EventEncoder({ accept: c.req.header("accept") ?? "text/event-stream" });
  const te = new TextEncoder();

  const body = new ReadableStream({
    start(controller) {
      let closed = false;
      const close = () => {
        if (!closed) {
          closed = true;
          controller.close();
        }
      };
      const write = (event) => {
        if (closed) return;
        const frame = encoder.encode(event);
        controller.enqueue(typeof frame === "string" ? te.encode(frame) : frame);
      };
      const sub = agent.run(input).subscribe({
        next: write,
        error: (err) => {
          // The integration errors the observable on failures outside the graph stream
          // (bad thread, API error...). AG-UI wants a RUN_ERROR event; this endpoint adds it
          // (code "endpoint_error" marks that it came from here, not from the integration).
          write({ type: "RUN_ERROR", message: String(err?.message ?? err), code: "endpoint_error" });
          close();
        },
        complete: close,
      });
      c.req.raw.signal?.addEventListener("abort", () => {
        sub.unsubscribe();
        agent.abortRun?.();
        close();
      });
    },
  });

  return new Response(body, {
    headers: {
      "content-type": encoder.getContentType(),
      "cache-control": "no-cache",
      connection: "keep-alive",
    },
  });
});

/**
 * The reference agent's HTTP layer: connect/node:http middleware that reads a `RunAgentInput`
 * (POST, JSON) and streams the scenario's events as Server-Sent Events with `@ag-ui/encoder`.
 * Every frame has an `id:` (its place in the run, from 1); a request with `Last-Event-ID` for the
 * same run gets only the frames after it (the plan is a pure function of the input).
 * Mounted by the demo's Vite plugin at `/api/agent`; usable with a bare `node:http` server too.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { EventEncoder } from "@ag-ui/encoder";
import type { RunAgentInput } from "@ag-ui/core";
import { describeRun, lastUserMessageId, planRun, type OpenInterrupts } from "./scenarios.js";

export interface AgentMiddlewareOptions {
  /** Multiplies the scripted delays: 1 (default) for the demo, 0 for fast tests. */
  delayScale?: number;
  /** Largest request body accepted, in bytes. */
  maxBodyBytes?: number;
  /** The clock for envelope timestamps and interrupt deadlines; `Date.now` by default (tests move it). */
  now?: () => number;
}

export type Middleware = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void;

/** The middleware plus what tests need to see of it. */
export interface AgentMiddleware extends Middleware {
  /** Runs per request key (thread + last user message), for the `error` scenario's retry. */
  readonly attempts: Map<string, number>;
  /**
   * Per thread, the interrupts a run left open (set once its interrupting `RUN_FINISHED` has been
   * written; cleared once a run resuming them has been sent in full). A run on such a thread must
   * resume every one of them, or it is refused with `RUN_ERROR`.
   */
  readonly interrupts: Map<string, OpenInterrupts>;
  /** Runs (thread + run id) whose connection the `flaky` scenario has cut: each is cut once. */
  readonly cuts: Map<string, true>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new Error("too-large"));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function isRunAgentInput(value: unknown): value is RunAgentInput {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return typeof v.threadId === "string" && typeof v.runId === "string" && Array.isArray(v.messages);
}

/** Bounded maps: a long demo session stays small (the oldest key goes first). */
function remember<T>(map: Map<string, T>, key: string, value: T): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > 1_000) map.delete(map.keys().next().value as string);
}

/**
 * Creates the agent middleware. Each instance keeps its own per-thread attempt counts and open
 * interrupts in memory.
 *
 * @example
 * server.middlewares.use("/api/agent", createAgentMiddleware());
 */
export function createAgentMiddleware(options: AgentMiddlewareOptions = {}): AgentMiddleware {
  const attempts = new Map<string, number>();
  const interrupts = new Map<string, OpenInterrupts>();
  const cuts = new Map<string, true>();
  const now = options.now ?? Date.now;
  const maxBody = options.maxBodyBytes ?? 5 * 1024 * 1024;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // Any origin may talk to the reference agent (PARLEY_AGENT_URL from another port).
    res.setHeader("Access-Control-Allow-Origin", "*");
    res.setHeader("Access-Control-Allow-Headers", "Content-Type, Accept, Authorization, Last-Event-ID");
    res.setHeader("Access-Control-Allow-Methods", "POST, OPTIONS");
    if (req.method === "OPTIONS") {
      res.statusCode = 204;
      res.end();
      return;
    }
    if (req.method !== "POST") {
      res.setHeader("Allow", "POST, OPTIONS");
      sendJson(res, 405, { error: "POST a RunAgentInput as JSON." });
      return;
    }

    let input: unknown;
    try {
      input = JSON.parse(await readBody(req, maxBody));
    } catch (error) {
      const tooLarge = error instanceof Error && error.message === "too-large";
      sendJson(res, tooLarge ? 413 : 400, { error: tooLarge ? "Request body too large." : "The body is not valid JSON." });
      return;
    }
    if (!isRunAgentInput(input)) {
      sendJson(res, 422, { error: "Expected a RunAgentInput: { threadId, runId, messages[] }." });
      return;
    }

    const open = interrupts.get(input.threadId);
    const run = describeRun(input, open);
    const key = `${run.scenario}\u0000${input.threadId}\u0000${lastUserMessageId(input) ?? ""}`;
    // A resumed run is the same run: it is planned as before and sent from after the last id.
    const header = req.headers["last-event-id"];
    const resumeAfter = typeof header === "string" && /^\d+$/.test(header) ? Number(header) : 0;
    const attempt = (attempts.get(key) ?? 0) + (resumeAfter ? 0 : 1);
    // Only the error scenario (played anew, not continued) needs to remember attempts.
    if (run.kind === "new" && run.scenario === "error" && !resumeAfter) remember(attempts, key, attempt);
    const plan = planRun(input, { attempt, delayScale: options.delayScale ?? 1, now: now(), open });
    const events = plan.events;

    const encoder = new EventEncoder({ accept: "text/event-stream" });
    let closed = false;
    // "close" on the response fires when the client goes away (or after we end).
    res.on("close", () => {
      closed = true;
    });
    res.statusCode = 200;
    res.setHeader("Content-Type", "text/event-stream; charset=utf-8");
    res.setHeader("Cache-Control", "no-cache, no-transform");
    res.setHeader("Connection", "keep-alive");
    res.setHeader("X-Accel-Buffering", "no");
    res.flushHeaders();

    const runKey = `${input.threadId}\u0000${input.runId}`;
    for (const [index, { delayMs, event, frame, cut }] of events.entries()) {
      const id = index + 1;
      if (id <= resumeAfter) continue; // the client has it already
      if (delayMs > 0) await sleep(delayMs);
      if (closed || res.destroyed) return; // the client disconnected: stop writing
      if (cut && !cuts.has(runKey)) {
        remember(cuts, runKey, true);
        // The network "fails" mid-answer, once what was written has gone out; the client resumes after the last id.
        res.write(": the connection drops here\n\n", () => res.destroy());
        return;
      }
      res.write(`id: ${id}\n${frame === undefined ? encoder.encodeSSE(event) : `data: ${frame}\n\n`}`);
    }
    // Only a run the client received in full changes what the thread waits for: one cut short
    // leaves the old interrupts open (a resume can be sent again), and its new ones unknown.
    if (plan.open) remember(interrupts, input.threadId, plan.open);
    else interrupts.delete(input.threadId);
    if (!closed) res.end();
  };

  const middleware: Middleware = (req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: "The reference agent failed." });
      else res.end();
      console.error("[parley reference agent]", error);
    });
  };
  return Object.assign(middleware, { attempts, interrupts, cuts });
}

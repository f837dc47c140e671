/**
 * The reference agent's HTTP layer: connect/node:http middleware that reads a `RunAgentInput`
 * (POST, JSON) and streams the scenario's events as Server-Sent Events with `@ag-ui/encoder`.
 * Every frame has an `id:` (its place in the run, from 1); a request with `Last-Event-ID` for the
 * same run gets only the frames after it. A run goes on when its client goes away, and its frames
 * are kept for a while (bounded: `keepRunsMs`, `keepRuns`): `GET ?threadId=…&runId=…` with
 * `Last-Event-ID` joins it again (a page reloaded mid-reply), `404` when it is not kept. A run
 * carrying `forwardedProps.__proxiedMCPRequest` for the demo's MCP App is answered at once, as
 * `@ag-ui/mcp-apps-middleware` answers it (`mcpServer.ts`).
 * Mounted by the demo's Vite plugin at `/api/agent`; usable with a bare `node:http` server too.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { EventEncoder } from "@ag-ui/encoder";
import { EventType, type RunAgentInput } from "@ag-ui/core";
import { describeRun, lastUserMessageId, planRun, type OpenInterrupts, type TimedEvent } from "./scenarios.js";
import { proxiedMcpAnswer } from "./mcpServer.js";

export interface AgentMiddlewareOptions {
  /** Multiplies the scripted delays: 1 (default) for the demo, 0 for fast tests. */
  delayScale?: number;
  /** Largest request body accepted, in bytes. */
  maxBodyBytes?: number;
  /** The clock for envelope timestamps and interrupt deadlines; `Date.now` by default (tests move it). */
  now?: () => number;
  /** How long a finished run's frames are kept for a client to join again. Default 5 minutes. */
  keepRunsMs?: number;
  /** How many runs' frames are kept at most (the oldest go first). Default 50. */
  keepRuns?: number;
}

/** A run's frames as they are made, kept for the clients that read them (a reloaded page joins again). */
export interface KeptRun {
  /** The SSE frames made so far, in order (the frame with id `n` at `n - 1`); `cut`: `flaky`'s drop before it. */
  readonly frames: { text: string; cut: boolean }[];
  done: boolean;
  /** When the last frame was made (the clock of `Date.now`), for how long it is kept. */
  endedAt?: number;
  /** How many requests have read it: the first, then resumes and joins. */
  readers: number;
  /** Called when a frame is added or the run ends. */
  readonly wake: Set<() => void>;
  /** The whole run reached a client: what the thread waits for is settled once (`settle`). */
  settled: boolean;
  readonly settle: () => void;
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
  /** The runs kept (thread + run id), going on or finished, for a client to join again. */
  readonly runs: Map<string, KeptRun>;
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
  const runs = new Map<string, KeptRun>();
  const now = options.now ?? Date.now;
  const maxBody = options.maxBodyBytes ?? 5 * 1024 * 1024;
  const keepMs = options.keepRunsMs ?? 5 * 60_000;
  const keepCount = options.keepRuns ?? 50;

  /** Bounded by age and count: a finished run past `keepMs` goes, then the oldest beyond `keepCount`. */
  const keep = (key: string, run: KeptRun) => {
    const at = Date.now();
    for (const [k, r] of runs) if (r.done && r.endedAt !== undefined && at - r.endedAt > keepMs) runs.delete(k);
    runs.delete(key);
    runs.set(key, run);
    while (runs.size > keepCount) runs.delete(runs.keys().next().value as string);
  };

  /** Makes the run's frames at its own pace, whoever reads them: a client going away does not stop it. */
  const produce = async (run: KeptRun, events: readonly TimedEvent[], skipDelaysTo: number) => {
    const encoder = new EventEncoder({ accept: "text/event-stream" });
    const wake = () => {
      for (const w of [...run.wake]) w();
    };
    for (const [index, { delayMs, event, frame, cut }] of events.entries()) {
      const id = index + 1;
      if (delayMs > 0 && id > skipDelaysTo) await sleep(delayMs);
      run.frames.push({ text: `id: ${id}\n${frame === undefined ? encoder.encodeSSE(event) : `data: ${frame}\n\n`}`, cut: cut === true });
      wake();
    }
    run.done = true;
    run.endedAt = Date.now();
    wake();
  };

  /** Writes a kept run's frames after `after` to one response as they come, until it ends or the client goes. */
  const follow = async (run: KeptRun, res: ServerResponse, after: number, runKey: string) => {
    let closed = false;
    let wakeUp: (() => void) | undefined;
    // "close" on the response fires when the client goes away (or after we end).
    res.on("close", () => {
      closed = true;
      wakeUp?.();
    });
    res.statusCode = 200;
    res.setHeader("Content-Type", "text/event-stream; charset=utf-8");
    res.setHeader("Cache-Control", "no-cache, no-transform");
    res.setHeader("Connection", "keep-alive");
    res.setHeader("X-Accel-Buffering", "no");
    res.flushHeaders();
    run.readers++;
    let next = after;
    for (;;) {
      if (closed || res.destroyed) return; // the client disconnected: stop writing (the run goes on)
      const frame = run.frames[next];
      if (frame) {
        if (frame.cut && !cuts.has(runKey)) {
          remember(cuts, runKey, true);
          // The network "fails" mid-answer, once what was written has gone out; the client resumes after the last id.
          res.write(": the connection drops here\n\n", () => res.destroy());
          return;
        }
        res.write(frame.text);
        next++;
        continue;
      }
      if (run.done) break;
      await new Promise<void>((resolve) => {
        wakeUp = resolve;
        run.wake.add(resolve);
      });
      if (wakeUp) run.wake.delete(wakeUp);
      wakeUp = undefined;
    }
    // Only a run a client received in full changes what the thread waits for: one cut short
    // leaves the old interrupts open (a resume can be sent again), and its new ones unknown.
    if (!run.settled) {
      run.settled = true;
      run.settle();
    }
    res.end();
  };

  /** `GET ?threadId=…&runId=…` with `Last-Event-ID`: the rest of a kept run, or 404. */
  const join = (req: IncomingMessage, res: ServerResponse) => {
    const query = new URL(req.url ?? "/", "http://agent.invalid").searchParams;
    const threadId = query.get("threadId");
    const runId = query.get("runId");
    if (!threadId || !runId) return sendJson(res, 400, { error: "Name the run to join: ?threadId=…&runId=…" });
    const runKey = `${threadId}\u0000${runId}`;
    const run = runs.get(runKey);
    if (!run) return sendJson(res, 404, { error: "This agent no longer has that run." });
    const header = req.headers["last-event-id"];
    const after = typeof header === "string" && /^\d+$/.test(header) ? Math.min(Number(header), run.frames.length) : 0;
    void follow(run, res, after, runKey);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // Any origin may talk to the reference agent (PARLEY_AGENT_URL from another port).
    res.setHeader("Access-Control-Allow-Origin", "*");
    res.setHeader("Access-Control-Allow-Headers", "Content-Type, Accept, Authorization, Last-Event-ID");
    res.setHeader("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
    if (req.method === "OPTIONS") {
      res.statusCode = 204;
      res.end();
      return;
    }
    if (req.method === "GET") return join(req, res);
    if (req.method !== "POST") {
      res.setHeader("Allow", "GET, POST, OPTIONS");
      sendJson(res, 405, { error: "POST a RunAgentInput as JSON (or GET ?threadId=…&runId=… to join a run)." });
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
    // AG-UI's Meta event (draft), outside any run: the person's feedback on an answer, taken.
    if (input && typeof input === "object" && (input as { type?: unknown }).type === "META") {
      sendJson(res, 202, { ok: true });
      return;
    }
    if (!isRunAgentInput(input)) {
      sendJson(res, 422, { error: "Expected a RunAgentInput: { threadId, runId, messages[] }." });
      return;
    }
    // A host's MCP request for the demo's app (`__proxiedMCPRequest`), answered as
    // `@ag-ui/mcp-apps-middleware` does: no turn of the conversation, only the result.
    const proxied = proxiedMcpAnswer(input.forwardedProps);
    if (proxied !== undefined) {
      const encoder = new EventEncoder({ accept: "text/event-stream" });
      const base = { threadId: input.threadId, runId: input.runId };
      res.statusCode = 200;
      res.setHeader("Content-Type", "text/event-stream; charset=utf-8");
      res.setHeader("Cache-Control", "no-cache, no-transform");
      res.end(encoder.encodeSSE({ type: EventType.RUN_STARTED, ...base }) + encoder.encodeSSE({ type: EventType.RUN_FINISHED, ...base, result: proxied }));
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
    const runKey = `${input.threadId}\u0000${input.runId}`;
    const threadId = input.threadId;
    const settle = () => {
      if (plan.open) remember(interrupts, threadId, plan.open);
      else interrupts.delete(threadId);
    };
    const plan = planRun(input, { attempt, delayScale: options.delayScale ?? 1, now: now(), open });
    // A resume of a run still kept reads its frames; one no longer kept is planned again (the plan
    // is a pure function of the input) and sent from after the last id.
    let kept = resumeAfter ? runs.get(runKey) : undefined;
    if (!kept) {
      kept = { frames: [], done: false, readers: 0, wake: new Set(), settled: false, settle };
      keep(runKey, kept);
      void produce(kept, plan.events, resumeAfter);
    }
    await follow(kept, res, resumeAfter, runKey);
  };

  const middleware: Middleware = (req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: "The reference agent failed." });
      else res.end();
      console.error("[parley reference agent]", error);
    });
  };
  return Object.assign(middleware, { attempts, interrupts, cuts, runs });
}

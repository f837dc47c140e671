// @vitest-environment node
import { createServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { EventType } from "@ag-ui/core";
import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import { EventEncoder } from "@ag-ui/encoder";
import { afterEach, describe, expect, it } from "vitest";
import { createHttpAgent } from "../../../src/core/transport/httpAgent";
import { TRANSPORT_SOURCE, TransportError } from "../../../src/core/transport/types";
import type { EventStream, EventSubscription } from "../../../src/core/transport/types";

const encoder = new EventEncoder();

const input: RunAgentInput = {
  threadId: "thread-1",
  runId: "run-1",
  state: { step: 1 },
  messages: [{ id: "u1", role: "user", content: "Book a train to Lyon" }],
  tools: [],
  context: [{ description: "respondable range", value: "1-3" }],
  forwardedProps: {},
};

const runStarted: BaseEvent = { type: EventType.RUN_STARTED, threadId: "thread-1", runId: "run-1" };
const textStart: BaseEvent = { type: EventType.TEXT_MESSAGE_START, messageId: "m1", role: "assistant" };
const textContent: BaseEvent = { type: EventType.TEXT_MESSAGE_CONTENT, messageId: "m1", delta: "Bonjour — 你好\nline two" };
const textEnd: BaseEvent = { type: EventType.TEXT_MESSAGE_END, messageId: "m1" };
const runFinished: BaseEvent = { type: EventType.RUN_FINISHED, threadId: "thread-1", runId: "run-1" };
const turn = [runStarted, textStart, textContent, textEnd, runFinished];

const sse = (events: BaseEvent[]) => events.map((event) => encoder.encodeSSE(event)).join("");
const tick = (ms = 0) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void | Promise<void>;
const servers: Server[] = [];

async function serve(handler: Handler): Promise<string> {
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => void handler(req, res, body));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/agent`;
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

function openStream(res: ServerResponse, contentType = "text/event-stream") {
  res.writeHead(200, { "Content-Type": contentType, "Cache-Control": "no-cache" });
}

/** Serves `text` as one SSE answer, written in the given pieces with a pause between them. */
function serveText(pieces: Array<string | Buffer>): Promise<string> {
  return serve(async (_req, res) => {
    openStream(res);
    for (const piece of pieces) {
      res.write(piece);
      await tick(2);
    }
    res.end();
  });
}

interface Outcome {
  events: BaseEvent[];
  error?: unknown;
  completed: boolean;
}

function collect(stream: EventStream): { events: BaseEvent[]; done: Promise<Outcome>; subscription: EventSubscription } {
  const events: BaseEvent[] = [];
  let resolveDone!: (outcome: Outcome) => void;
  const done = new Promise<Outcome>((resolve) => (resolveDone = resolve));
  const subscription = stream.subscribe({
    next: (event) => events.push(event),
    error: (error) => resolveDone({ events, error, completed: false }),
    complete: () => resolveDone({ events, completed: true }),
  });
  return { events, done, subscription };
}

const run = (url: string) => collect(createHttpAgent({ url }).run(input)).done;

describe("createHttpAgent: SSE framing", () => {
  it("reads LF-framed frames as written by @ag-ui/encoder", async () => {
    const url = await serveText([sse(turn)]);
    const outcome = await run(url);
    expect(outcome).toEqual({ events: turn, completed: true });
  });

  it("reads CRLF-framed frames (where @ag-ui/client's own parser yields nothing)", async () => {
    const url = await serveText([sse(turn).replaceAll("\n", "\r\n")]);
    expect(await run(url)).toEqual({ events: turn, completed: true });
  });

  it("reads CR-framed frames, including the last one whose final CR ends the stream", async () => {
    const text = sse(turn).replaceAll("\n", "\r");
    expect(text.endsWith("\r\r")).toBe(true);
    const url = await serveText([text]);
    expect(await run(url)).toEqual({ events: turn, completed: true });
  });

  it("joins a JSON split across several data: lines", async () => {
    const url = await serveText([
      'data: {"type":"RUN_STARTED",\ndata:  "threadId":"thread-1",\ndata:"runId":"run-1"}\n\n',
      sse([runFinished]),
    ]);
    expect(await run(url)).toEqual({ events: [runStarted, runFinished], completed: true });
  });

  it("ignores comments, event: and retry: lines, empty data, and keeps the last id:", async () => {
    const agent = createHttpAgent({ url: await serveText([
      ": keep-alive\n\n",
      `event: message\nid: 1\n${sse([runStarted])}`,
      "retry: 3000\n: another comment\n",
      `id: 2\n${sse([textStart])}`,
      "data:\n\n",
      sse([textEnd, runFinished]),
    ]) });
    expect(agent.lastEventId).toBeUndefined();
    const outcome = await collect(agent.run(input)).done;
    expect(outcome).toEqual({ events: [runStarted, textStart, textEnd, runFinished], completed: true });
    // Frames after id 2 carried no id, so the last id seen stays.
    expect(agent.lastEventId).toBe("2");
  });

  it("survives writes split mid-line, between CR and LF, and inside a UTF-8 character", async () => {
    const bytes = Buffer.from(sse(turn).replaceAll("\n", "\r\n"), "utf8");
    // One write ends exactly between "\r" and "\n", one inside "你"; the rest are 7 bytes each.
    const crlf = bytes.indexOf("\r\n");
    const hanzi = bytes.indexOf(Buffer.from("你"));
    const cuts = [crlf + 1, hanzi + 1, hanzi + 2];
    for (let offset = hanzi + 9; offset < bytes.length; offset += 7) cuts.push(offset);
    const pieces = [0, ...cuts].map((start, i) => bytes.subarray(start, cuts[i] ?? bytes.length));
    expect(Buffer.concat(pieces).equals(bytes)).toBe(true);
    const url = await serveText(pieces);
    expect(await run(url)).toEqual({ events: turn, completed: true });
  });

  it("accepts a content type with parameters", async () => {
    const url = await serve((_req, res) => {
      openStream(res, "Text/Event-Stream; charset=utf-8");
      res.end(sse([runStarted, runFinished]));
    });
    expect(await run(url)).toEqual({ events: [runStarted, runFinished], completed: true });
  });
});

describe("createHttpAgent: request", () => {
  it("POSTs the RunAgentInput as JSON with the SSE Accept header and the user's headers", async () => {
    let seen: { method?: string; headers?: IncomingMessage["headers"]; body?: string } = {};
    const url = await serve((req, res, body) => {
      seen = { method: req.method, headers: req.headers, body };
      openStream(res);
      res.end(sse([runStarted, runFinished]));
    });
    const agent = createHttpAgent({
      url,
      headers: { Authorization: "Bearer secret", "X-Tenant": "acme" },
      requestInit: { credentials: "omit" },
    });
    await collect(agent.run(input)).done;
    expect(seen.method).toBe("POST");
    expect(seen.headers?.["content-type"]).toBe("application/json");
    expect(seen.headers?.accept).toBe("text/event-stream");
    expect(seen.headers?.authorization).toBe("Bearer secret");
    expect(seen.headers?.["x-tenant"]).toBe("acme");
    expect(JSON.parse(seen.body ?? "null")).toEqual(input);
  });

  it("is cold: nothing is sent until subscribe, and each subscription sends its own request", async () => {
    let requests = 0;
    const url = await serve((_req, res) => {
      requests += 1;
      openStream(res);
      res.end(sse([runStarted, runFinished]));
    });
    const stream = createHttpAgent({ url }).run(input);
    await tick(20);
    expect(requests).toBe(0);
    await collect(stream).done;
    await collect(stream).done;
    expect(requests).toBe(2);
  });

  it("uses an injected fetch", async () => {
    const calls: string[] = [];
    const agent = createHttpAgent({
      url: "https://agent.example/run",
      fetch: async (url) => {
        calls.push(url);
        return new Response(sse([runStarted, runFinished]), { headers: { "Content-Type": "text/event-stream" } });
      },
    });
    expect(await collect(agent.run(input)).done).toEqual({ events: [runStarted, runFinished], completed: true });
    expect(calls).toEqual(["https://agent.example/run"]);
  });
});

describe("createHttpAgent: streaming and abort", () => {
  it("delivers events as they arrive, not when the stream ends", async () => {
    const log: string[] = [];
    let firstSeen!: () => void;
    const clientHasFirst = new Promise<void>((resolve) => (firstSeen = resolve));
    const url = await serve(async (_req, res) => {
      openStream(res);
      for (const event of [runStarted, textStart, textContent, textEnd]) {
        res.write(encoder.encodeSSE(event));
        await tick(30);
      }
      // The last event waits until the client has the first, so a buffering client hangs here.
      await clientHasFirst;
      log.push("server wrote the last event");
      res.end(encoder.encodeSSE(runFinished));
    });
    const agent = createHttpAgent({ url });
    const outcome = await new Promise<Outcome>((resolve) => {
      const events: BaseEvent[] = [];
      agent.run(input).subscribe({
        next: (event) => {
          events.push(event);
          log.push(`client got ${event.type}`);
          if (events.length === 1) firstSeen();
        },
        error: (error) => resolve({ events, error, completed: false }),
        complete: () => resolve({ events, completed: true }),
      });
    });
    expect(outcome.completed).toBe(true);
    expect(log[0]).toBe("client got RUN_STARTED");
    expect(log.indexOf("client got RUN_STARTED")).toBeLessThan(log.indexOf("server wrote the last event"));
    expect(log.at(-1)).toBe("client got RUN_FINISHED");
  });

  it("unsubscribing mid-stream closes the connection and stays silent", async () => {
    let serverSawClose!: () => void;
    const closed = new Promise<void>((resolve) => (serverSawClose = resolve));
    const url = await serve((_req, res) => {
      res.on("close", () => serverSawClose());
      openStream(res);
      res.write(sse([runStarted, textStart]));
      // …and never ends by itself.
    });
    const calls: string[] = [];
    const subscription: EventSubscription = createHttpAgent({ url })
      .run(input)
      .subscribe({
        next: (event) => {
          calls.push(`next ${event.type}`);
          if (event.type === EventType.TEXT_MESSAGE_START) subscription.unsubscribe();
        },
        error: (error) => calls.push(`error ${String(error)}`),
        complete: () => calls.push("complete"),
      });
    await closed;
    await tick(20);
    expect(calls).toEqual(["next RUN_STARTED", "next TEXT_MESSAGE_START"]);
  });

  it("unsubscribing before the answer arrives aborts the request", async () => {
    let requestArrived!: () => void;
    const arrived = new Promise<void>((resolve) => (requestArrived = resolve));
    let serverSawClose!: () => void;
    const closed = new Promise<void>((resolve) => (serverSawClose = resolve));
    const url = await serve((_req, res) => {
      res.on("close", () => serverSawClose());
      requestArrived();
    });
    const { events, done, subscription } = collect(createHttpAgent({ url }).run(input));
    let settled = false;
    void done.then(() => (settled = true));
    await arrived;
    subscription.unsubscribe();
    await closed;
    await tick(20);
    expect(events).toEqual([]);
    expect(settled).toBe(false);
  });

  it("abortRun() closes the connection and tells a still-subscribed observer the run was aborted", async () => {
    let serverSawClose!: () => void;
    const closed = new Promise<void>((resolve) => (serverSawClose = resolve));
    const url = await serve((_req, res) => {
      res.on("close", () => serverSawClose());
      openStream(res);
      res.write(sse([runStarted]));
    });
    const agent = createHttpAgent({ url });
    let firstSeen!: () => void;
    const gotFirst = new Promise<void>((resolve) => (firstSeen = resolve));
    const events: BaseEvent[] = [];
    const done = new Promise<Outcome>((resolve) => {
      agent.run(input).subscribe({
        next: (event) => {
          events.push(event);
          firstSeen();
        },
        error: (error) => resolve({ events, error, completed: false }),
        complete: () => resolve({ events, completed: true }),
      });
    });
    await gotFirst;
    agent.abortRun();
    const outcome = await done;
    await closed;
    expect(outcome.events).toEqual([runStarted]);
    expect(outcome.error).toBeInstanceOf(TransportError);
    expect((outcome.error as TransportError).kind).toBe("aborted");
  });

  it("an agent-wide AbortSignal ends the run in flight and refuses later ones", async () => {
    let serverSawClose!: () => void;
    const closed = new Promise<void>((resolve) => (serverSawClose = resolve));
    const url = await serve((_req, res) => {
      res.on("close", () => serverSawClose());
      openStream(res);
      res.write(sse([runStarted]));
    });
    const teardown = new AbortController();
    const agent = createHttpAgent({ url, signal: teardown.signal });
    const first = new Promise<unknown>((resolve) => {
      agent.run(input).subscribe({ next: () => teardown.abort(), error: resolve });
    });
    expect(await first).toMatchObject({ kind: "aborted" });
    await closed;
    const later = await new Promise<unknown>((resolve) => agent.run(input).subscribe({ error: resolve }));
    expect(later).toMatchObject({ kind: "aborted" });
  });
});

describe("createHttpAgent: failures a person can read", () => {
  it("a non-2xx answer is an http error with the status and the start of the body", async () => {
    const body = JSON.stringify({ error: "model overloaded", trace: "x".repeat(2000) });
    const url = await serve((_req, res) => {
      res.writeHead(500, { "Content-Type": "application/json" });
      res.end(body);
    });
    const { error, events } = await run(url);
    expect(events).toEqual([]);
    expect(error).toBeInstanceOf(TransportError);
    const failure = error as TransportError;
    expect(failure.kind).toBe("http");
    expect(failure.status).toBe(500);
    expect(failure.message).toBe("The agent answered HTTP 500 Internal Server Error");
    expect(failure.detail).toBe(body.slice(0, 500));
  });

  it("an HTML page with 200 is a content-type error", async () => {
    const page = "<!doctype html><html><body><h1>Welcome to nginx!</h1></body></html>";
    const url = await serve((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      res.end(page);
    });
    const failure = (await run(url)).error as TransportError;
    expect(failure).toBeInstanceOf(TransportError);
    expect(failure.kind).toBe("content-type");
    expect(failure.status).toBe(200);
    expect(failure.message).toContain("text/html");
    expect(failure.message).toContain("event stream");
    expect(failure.detail).toBe(page);
  });

  it("a connection dropped mid-stream is a network error after the events that arrived", async () => {
    const url = await serve(async (_req, res) => {
      openStream(res);
      res.write(sse([runStarted, textStart]));
      await tick(20);
      res.destroy();
    });
    const outcome = await run(url);
    expect(outcome.events).toEqual([runStarted, textStart]);
    const failure = outcome.error as TransportError;
    expect(failure).toBeInstanceOf(TransportError);
    expect(failure.kind).toBe("network");
    expect(failure.message).toBe("The connection to the agent dropped before the run finished.");
    expect(failure.cause).toBeDefined();
  });

  it("an unreachable agent is a network error naming the URL", async () => {
    const url = await serve((_req, res) => {
      res.end();
    });
    const server = servers.pop()!;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const failure = (await run(url)).error as TransportError;
    expect(failure).toBeInstanceOf(TransportError);
    expect(failure.kind).toBe("network");
    expect(failure.message).toBe(`Could not reach the agent at ${url}.`);
  });
});

describe("createHttpAgent: frames that cannot be read are recorded and skipped", () => {
  const invalid = (message: string, frame: string) => ({
    type: "RAW",
    source: TRANSPORT_SOURCE,
    event: { code: "invalid-frame", message, frame },
  });
  const NOT_JSON = "The agent sent a frame that is not valid JSON; skipped.";
  const NOT_EVENT = "The agent sent a frame that is not an AG-UI event (a JSON object with a type); skipped.";

  it("a frame that is not JSON becomes an invalid-frame RAW event in its place, and the run goes on", async () => {
    const url = await serveText([`${sse([runStarted])}data: {"type":"TEXT_MESSAGE_START",\n\n${sse([textStart, textContent, textEnd, runFinished])}`]);
    expect(await run(url)).toEqual({
      events: [runStarted, invalid(NOT_JSON, '{"type":"TEXT_MESSAGE_START",'), textStart, textContent, textEnd, runFinished],
      completed: true,
    });
  });

  it("keeps only the first 200 characters of a bad frame, as plain text", async () => {
    const frame = `<img src=x onerror=alert(1)> ${"z".repeat(500)}`;
    const url = await serveText([`data: ${frame}\n\n`, sse([runStarted, runFinished])]);
    const outcome = await run(url);
    expect(outcome.completed).toBe(true);
    expect(outcome.events[0]).toEqual(invalid(NOT_JSON, frame.slice(0, 200)));
  });

  it.each([
    ["an array", '[{"type":"RUN_STARTED"}]'],
    ["an object without type", '{"threadId":"thread-1","runId":"run-1"}'],
    ["an object with an empty type", '{"type":""}'],
    ["an object with a numeric type", '{"type":7}'],
    ["a string", '"RUN_STARTED"'],
    ["null", "null"],
  ])("a frame that is %s is skipped the same way", async (_name, frame) => {
    const url = await serveText([`data: ${frame}\n\n`, sse([runFinished])]);
    expect(await run(url)).toEqual({ events: [invalid(NOT_EVENT, frame), runFinished], completed: true });
  });

  it("a frame over 10 MB is recorded once and skipped; the frames after it arrive", async () => {
    // Written in 1 MB pieces: the cap is on what waits for a line's end, as a never-ending frame would.
    const piece = "x".repeat(1024 * 1024);
    const huge = ['data: {"type":"TEXT_MESSAGE_CONTENT","delta":"', ...Array.from({ length: 12 }, () => piece), '"}\n\n'];
    const url = await serveText([sse([runStarted]), ...huge, sse([textStart, runFinished])]);
    const outcome = await run(url);
    expect(outcome.completed).toBe(true);
    // Compared by type first, so a failure does not print 10 MB.
    expect(outcome.events.map((e) => e.type)).toEqual(["RUN_STARTED", "RAW", "TEXT_MESSAGE_START", "RUN_FINISHED"]);
    expect(outcome.events[1]).toEqual(invalid("The agent sent a frame larger than 10 MB; skipped.", ""));
  });
});

/**
 * Real agent frameworks, end to end, in Debian's chromium: the demo app (the kit as an app drops it
 * in) pointed at
 * - LangGraph JS, live (test/frameworks/langgraph-js: the LangGraph API server and @ag-ui/langgraph),
 *   in each of the integration's four interrupt modes;
 * - Microsoft Agent Framework, as recorded from its AG-UI server (test/frameworks/fixtures/maf): the
 *   recording answers a run with what MAF streamed for the resume it was sent, and a resume MAF
 *   refused with the RUN_ERROR MAF answers it with.
 * The person approves or declines on the card; the framework must run the tool or skip it, with no
 * run error and one card per question.
 */
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { EventEncoder } from "@ag-ui/encoder";
import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startLangGraph, type Server } from "../frameworks/live/support";
import { openBrowser, shown, startDemo, type Browser } from "./support";

type Handler = (input: RunAgentInput, res: ServerResponse) => Promise<void> | void;

let langGraph: Server;
let switchboard: HttpServer;
let demo: { server: ViteDevServer; url: string };
let browser: Browser;
/** Where the demo's runs go now: one agent URL for the page, switched between frameworks per test. */
let target: Handler;
let requests: RunAgentInput[] = [];

const CORS = { "access-control-allow-origin": "*", "access-control-allow-headers": "content-type, accept, last-event-id", "access-control-allow-methods": "POST, OPTIONS" };

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Forwards the run to the live LangGraph JS server's AG-UI route and streams its answer back. */
const toLangGraph =
  (mode: string, graph: string): Handler =>
  async (input, res) => {
    const answer = await fetch(`${langGraph.url}/agui/${mode}/${graph}`, { method: "POST", headers: { "content-type": "application/json", accept: "text/event-stream" }, body: JSON.stringify(input) });
    res.writeHead(answer.status, { ...CORS, "content-type": answer.headers.get("content-type") ?? "text/event-stream" });
    const reader = answer.body!.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) res.write(read.value);
    res.end();
  };

interface Recording {
  variants: { label: string; sent: { resume?: unknown[] }; turns: { events: BaseEvent[] }[] }[];
}
/** MAF as recorded: the first run, then the recorded answer to exactly the resume the page sent — or MAF's refusal. */
const fromMafRecording = (): Handler => {
  const recording = JSON.parse(readFileSync(join(__dirname, "../frameworks/fixtures/maf/approval.json"), "utf8")) as Recording;
  const first = recording.variants[0]!.turns[0]!.events;
  const encoder = new EventEncoder();
  return (input, res) => {
    const variant = input.resume ? recording.variants.find((v) => isDeepStrictEqual(v.sent.resume, input.resume)) : undefined;
    const events: BaseEvent[] = !input.resume
      ? first
      : variant
        ? variant.turns[1]!.events
        : [
            { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId } as BaseEvent,
            { type: "RUN_ERROR", code: "APPROVAL_RESUME_INVALID", message: `MAF refused the resume: ${JSON.stringify(input.resume)}` } as BaseEvent,
          ];
    res.writeHead(200, { ...CORS, "content-type": "text/event-stream" });
    for (const event of events) res.write(encoder.encodeSSE(event));
    res.end();
  };
};

beforeAll(async () => {
  langGraph = await startLangGraph();
  switchboard = createServer((req, res) => {
    if (req.method === "OPTIONS") return void res.writeHead(204, CORS).end();
    void body(req).then(async (text) => {
      const input = JSON.parse(text) as RunAgentInput;
      requests.push(input);
      try {
        await target(input, res);
      } catch (error) {
        if (!res.headersSent) res.writeHead(502, CORS);
        res.end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => switchboard.listen(0, "127.0.0.1", resolve));
  const saved = process.env.PARLEY_AGENT_URL;
  process.env.PARLEY_AGENT_URL = `http://127.0.0.1:${(switchboard.address() as AddressInfo).port}/agent`;
  try {
    demo = await startDemo();
  } finally {
    if (saved === undefined) delete process.env.PARLEY_AGENT_URL;
    else process.env.PARLEY_AGENT_URL = saved;
  }
  // Developer details on: the protocol errors the test expects none of are shown only then.
  browser = await openBrowser(undefined, { developer: true });
});

afterAll(async () => {
  await browser?.close();
  await demo?.server.close();
  await new Promise((resolve) => switchboard?.close(resolve));
  await langGraph?.stop();
});

beforeEach(() => {
  requests = [];
  browser.problems.length = 0;
});

async function ask(handler: Handler, text: string) {
  target = handler;
  const { page } = browser;
  await page.goto(demo.url);
  await page.locator('[data-ui="kit"]').waitFor();
  const box = page.getByRole("textbox", { name: "Message" });
  await box.fill(text);
  await box.press("Enter");
  const card = page.locator("[data-slot=interaction][data-type=permission_request][data-state=pending]");
  await card.waitFor({ timeout: 20_000 });
  // One question, one card — however many routes it came by.
  expect(await page.locator("[data-slot=interaction][data-state=pending]").count()).toBe(1);
  return card;
}

async function expectDone(text: string) {
  const { page } = browser;
  await shown(page, text).first().waitFor({ timeout: 20_000 });
  expect(await page.getByRole("region", { name: "Protocol errors" }).count()).toBe(0);
  expect(await page.locator("[data-slot=run-error]").count()).toBe(0);
  expect(browser.problems).toEqual([]);
}

describe.each(["legacy", "both", "outcome", "forced"])("LangGraph JS in the browser, %s mode", (mode) => {
  it("approve (typing the path it asks for) runs the tool", async () => {
    const card = await ask(toLangGraph(mode, "tool_call"), "Delete /tmp/x");
    await card.getByRole("textbox", { name: /\/tmp\/x/ }).fill("/tmp/x");
    await card.getByRole("button", { name: "Delete file", exact: true }).click();
    await expectDone("Done: Deleted /tmp/x.");
    expect(requests).toHaveLength(2);
  });

  it("decline skips it", async () => {
    const card = await ask(toLangGraph(mode, "tool_call"), "Delete /tmp/x");
    await card.getByRole("button", { name: "Don't delete file", exact: true }).click();
    await expectDone("OK, I did not delete anything.");
    expect(requests).toHaveLength(2);
  });
});

describe("Microsoft Agent Framework (recorded) in the browser", () => {
  it("approve: the resume MAF accepts, and the tool runs", async () => {
    const card = await ask(fromMafRecording(), "Please delete the cache folder.");
    await card.getByRole("button", { name: "Delete file", exact: true }).click();
    await expectDone("The tool answered: deleted /tmp/cache (recursive)");
    expect(requests[1]!.resume).toEqual([{ interruptId: "call_delete_1", status: "resolved", payload: { accepted: true } }]);
  });

  it("decline: the tool is skipped, the run goes on", async () => {
    const card = await ask(fromMafRecording(), "Please delete the cache folder.");
    await card.getByRole("button", { name: "Don't delete file", exact: true }).click();
    await expectDone("The tool answered: Error: Tool call invocation was rejected by user.");
    expect(requests[1]!.resume).toEqual([{ interruptId: "call_delete_1", status: "resolved", payload: { accepted: false } }]);
  });
});

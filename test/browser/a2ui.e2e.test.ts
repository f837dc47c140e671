/**
 * A2UI end to end in Debian's chromium, at a phone's 375 px, in light and dark, axe clean:
 * the AG-UI dojo's A2UI scenarios through the real `@ag-ui/a2ui-middleware` (0.0.10, from npm) in
 * front of a scripted agent — the dynamic schema (the agent streams a `render_a2ui` call, the
 * middleware paints the surface as its arguments arrive) and the fixed schema (a back-end tool
 * returns an `a2ui_operations` envelope; its cards are a type the demo does not register, so they
 * show escaped, and the person books by number) — and the demo's own A2UI booking form, whose
 * consequential Book asks on a permission card first. What went out is checked on the wire, and the
 * middleware's reading of it (the `log_a2ui_event` messages it makes for the agent).
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { EventEncoder } from "@ag-ui/encoder";
import { AbstractAgent, EventType, type BaseEvent, type RunAgentInput } from "@ag-ui/client";
import { A2UIMiddleware } from "@ag-ui/a2ui-middleware";
import { Observable } from "rxjs";
import type { Page } from "playwright-core";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openBrowser, root, shown, startDemo, type Browser } from "./support";

const HOTELS = [
  { name: "The Ritz", location: "Paris", price: "$450/night" },
  { name: "Holiday Inn", location: "Austin", price: "$180/night" },
  { name: "Boutique Loft", location: "Lisbon", price: "$320/night" },
];
// The dojo's hotel comparison (apps/dojo/e2e/a2ui-recovery-fixtures.ts), its card in the basic catalog.
const DYNAMIC = {
  surfaceId: "hotel-comparison",
  components: [
    { id: "root", component: "Row", children: { componentId: "card", path: "/items" } },
    { id: "card", component: "Card", child: "card-body" },
    { id: "card-body", component: "Column", children: ["hotel-name", "hotel-place", "book"] },
    { id: "hotel-name", component: "Text", variant: "h4", text: { path: "name" } },
    { id: "hotel-place", component: "Text", text: { call: "formatString", args: { value: "${location}, ${price}" } } },
    { id: "book", component: "Button", child: "book-text", action: { event: { name: "book_hotel", context: { hotelName: { path: "name" } } } } },
    { id: "book-text", component: "Text", text: "Book" },
  ],
  data: { items: HOTELS },
};
// The dojo's fixed schema (apps/dojo/src/mastra/agents/a2ui-fixed.ts): a FlightCard per flight.
const FLIGHTS = [
  { flightNumber: "UA 123", origin: "SFO", destination: "JFK", price: "$289" },
  { flightNumber: "DL 456", origin: "SFO", destination: "JFK", price: "$315" },
];
const FIXED = {
  a2ui_operations: [
    { version: "v0.9", createSurface: { surfaceId: "flight-search-results", catalogId: "https://a2ui.org/demos/dojo/fixed_catalog.json" } },
    {
      version: "v0.9",
      updateComponents: {
        surfaceId: "flight-search-results",
        components: [
          { id: "root", component: "Row", children: { componentId: "flight-card", path: "/flights" }, gap: 16 },
          { id: "flight-card", component: "FlightCard", flightNumber: { path: "flightNumber" }, price: { path: "price" }, action: { event: { name: "book_flight", context: { flightNumber: { path: "flightNumber" }, origin: { path: "origin" }, destination: { path: "destination" }, price: { path: "price" } } } } },
        ],
      },
    },
    { version: "v0.9", updateDataModel: { surfaceId: "flight-search-results", path: "/", value: { flights: FLIGHTS } } },
  ],
};

/** The scripted agent behind the middleware: the dojo's two ways of making a surface, and its answer to an action. */
class DojoAgent extends AbstractAgent {
  override run(input: RunAgentInput): Observable<BaseEvent> {
    return new Observable<BaseEvent>((out) => {
      const emit = (event: Record<string, unknown>) => out.next(event as unknown as BaseEvent);
      const text = (messageId: string, body: string) => {
        emit({ type: EventType.TEXT_MESSAGE_START, messageId, role: "assistant" });
        emit({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: body });
        emit({ type: EventType.TEXT_MESSAGE_END, messageId });
      };
      const call = (id: string, name: string, args: unknown, chunk = 40) => {
        emit({ type: EventType.TOOL_CALL_START, toolCallId: id, toolCallName: name, parentMessageId: `${input.runId}-m` });
        const json = JSON.stringify(args);
        for (let i = 0; i < json.length; i += chunk) emit({ type: EventType.TOOL_CALL_ARGS, toolCallId: id, delta: json.slice(i, i + chunk) });
        emit({ type: EventType.TOOL_CALL_END, toolCallId: id });
      };
      emit({ type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId });
      const last = input.messages.at(-1);
      if (last?.role === "tool" && typeof last.content === "string" && last.content.startsWith("User performed action")) {
        // The middleware turned forwardedProps.a2uiAction into this message: the agent answers it.
        const context = JSON.parse(last.content.slice(last.content.indexOf("Context: ") + 9)) as Record<string, string>;
        text(`${input.runId}-m`, `Booked ${context.hotelName ?? context.flightNumber}.`);
      } else if (JSON.stringify(input.messages).includes("flights")) {
        call(`${input.runId}-search`, "search_flights", { flights: FLIGHTS });
        emit({ type: EventType.TOOL_CALL_RESULT, messageId: `${input.runId}-r`, toolCallId: `${input.runId}-search`, content: JSON.stringify(FIXED), role: "tool" });
        text(`${input.runId}-m`, "Here are your flights.");
      } else {
        text(`${input.runId}-m`, "Here is a comparison.");
        call(`${input.runId}-render`, "render_a2ui", DYNAMIC, 25);
      }
      emit({ type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId });
      out.complete();
    });
  }
}

const CORS = { "access-control-allow-origin": "*", "access-control-allow-headers": "content-type, accept, last-event-id", "access-control-allow-methods": "POST, OPTIONS" };
let dojo: Server;
let demo: { server: ViteDevServer; url: string };
let browser: Browser;
let runs: RunAgentInput[] = [];
/** What the agent itself was handed by the middleware. */
let seen: RunAgentInput[] = [];

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

beforeAll(async () => {
  const encoder = new EventEncoder();
  dojo = createServer((req, res) => {
    if (req.method === "OPTIONS") return void res.writeHead(204, CORS).end();
    void body(req).then((raw) => {
      const input = JSON.parse(raw) as RunAgentInput;
      runs.push(input);
      res.writeHead(200, { ...CORS, "content-type": "text/event-stream" });
      const agent = new DojoAgent();
      const watched = new (class extends AbstractAgent {
        override run(given: RunAgentInput) {
          seen.push(given);
          return agent.run(given);
        }
      })();
      new A2UIMiddleware({ injectA2UITool: true }).run(input, watched).subscribe({
        next: (event) => res.write(encoder.encodeSSE(event)),
        error: (error: unknown) => res.end(`data: ${JSON.stringify({ type: "RUN_ERROR", message: String(error) })}\n\n`),
        complete: () => res.end(),
      });
    });
  });
  await new Promise<void>((resolve) => dojo.listen(0, "127.0.0.1", resolve));
  const saved = process.env.PARLEY_AGENT_URL;
  process.env.PARLEY_AGENT_URL = `http://127.0.0.1:${(dojo.address() as AddressInfo).port}/agent`;
  try {
    demo = await startDemo();
  } finally {
    if (saved === undefined) delete process.env.PARLEY_AGENT_URL;
    else process.env.PARLEY_AGENT_URL = saved;
  }
  browser = await openBrowser({ width: 375, height: 800 });
});

afterAll(async () => {
  await browser?.close();
  await demo?.server.close();
  await new Promise((resolve) => dojo?.close(resolve));
});

beforeEach(() => {
  runs = [];
  seen = [];
  browser.problems.length = 0;
});

async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: readFileSync(join(root, "node_modules/axe-core/axe.min.js"), "utf8") });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: { id: string; nodes: { html: string }[] }[] }> } }).axe;
    const result = await axe.run(document);
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 80)).join(" | ")}`);
  });
}

async function say(text: string, scheme: "light" | "dark") {
  const { page } = browser;
  await page.emulateMedia({ colorScheme: scheme });
  await page.goto(demo.url);
  await page.locator('[data-ui="kit"]').waitFor();
  const box = page.getByRole("textbox", { name: "Message" });
  await box.fill(text);
  await box.press("Enter");
}

const noWiderThanThePhone = () => browser.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe.each(["light", "dark"] as const)("the dojo's A2UI through @ag-ui/a2ui-middleware, %s, 375 px", (scheme) => {
  it("dynamic schema: the streamed render_a2ui call paints the hotels; Book on the second goes back once, as the middleware reads it", async () => {
    const { page } = browser;
    await say("Compare 3 hotels", scheme);
    const surface = page.locator('[data-slot="a2ui-surface"][data-surface-id="hotel-comparison"]');
    await surface.locator('[data-slot="a2ui-button"]').nth(2).waitFor({ timeout: 20_000 });
    expect(await surface.textContent()).toContain("Austin, $180/night");
    // One option per hotel, numbered in reading order.
    expect(await surface.locator('[data-slot="a2ui-button"]').evaluateAll((els) => els.map((el) => el.getAttribute("data-number")))).toEqual(["1", "2", "3"]);
    expect(await noWiderThanThePhone()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await surface.locator('[data-slot="a2ui-button"]').nth(1).click();
    await shown(page, "Booked Holiday Inn.").first().waitFor({ timeout: 20_000 });
    expect(runs).toHaveLength(2);
    expect((runs[1]!.forwardedProps as { a2uiAction: unknown }).a2uiAction).toEqual({
      userAction: { name: "book_hotel", surfaceId: "hotel-comparison", sourceComponentId: "book", timestamp: expect.any(String), context: { hotelName: "Holiday Inn" } },
    });
    // The middleware handed the agent its log_a2ui_event call and result; nothing of the kit's own.
    const toAgent = JSON.stringify(seen[1]!.messages.slice(-2));
    expect(toAgent).toContain("log_a2ui_event");
    expect(toAgent).toContain('User performed action \\"book_hotel\\" on surface \\"hotel-comparison\\"');
    expect(await page.locator('[data-slot="a2ui"][data-state="answered"]').count()).toBe(1);
    expect(browser.problems).toEqual([]);
  });

  it("fixed schema: the back-end tool's envelope shows its unregistered FlightCard escaped; '2' in the composer books the second flight", async () => {
    const { page } = browser;
    await say("Find flights from SFO to JFK", scheme);
    const surface = page.locator('[data-slot="a2ui-surface"][data-surface-id="flight-search-results"]');
    await surface.locator('[data-slot="a2ui-unknown"]').nth(1).waitFor({ timeout: 20_000 });
    expect(await page.locator("[data-slot=run-error]").count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    const box = page.getByRole("textbox", { name: "Message" });
    await box.fill("2");
    await box.press("Enter");
    await shown(page, "Booked DL 456.").first().waitFor({ timeout: 20_000 });
    expect((runs[1]!.forwardedProps as { a2uiAction: { userAction: { context: unknown } } }).a2uiAction.userAction.context).toEqual({ flightNumber: "DL 456", origin: "SFO", destination: "JFK", price: "$315" });
    expect(browser.problems).toEqual([]);
  });
});

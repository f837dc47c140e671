// @vitest-environment node
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EventType, type RunAgentInput } from "@ag-ui/core";
import { EventSchema } from "@ag-ui/core/schemas";
import { createThreadState, foldEvents } from "../../src/core";
import { readMcpAppContent, readMcpAppResource } from "../../src/mcp-apps";
import { planRun, SCENARIOS } from "../../demo/agent/scenarios";
import { DOWNLOADS, FILE_CLEANER_URI, callFileCleaner } from "../../demo/agent/fileCleaner";
import { answerMcp, createMcpEndpoint, createSandboxEndpoint, McpError } from "../../demo/agent/mcpServer";
import { createAgentMiddleware } from "../../demo/agent/server";
import { createHttpAgent } from "../../src/http";
import { proxiedRequestInput, requestThroughAgent } from "../../src/mcp-apps";

/** The demo's MCP App: the agent's `mcp-apps` activity, the file-cleaner server, the sandbox page's origins. */

const trigger = SCENARIOS.find((s) => s.name === "cleaner")!.trigger;
const input = (text: string): RunAgentInput => ({ threadId: "t1", runId: "r1", messages: [{ id: "u1", role: "user", content: text }], state: {}, tools: [], context: [], forwardedProps: {} });

describe("the cleaner scenario", () => {
  it("calls the server's UI tool, answers it, and sends the activity as @ag-ui/mcp-apps-middleware does", () => {
    const plan = planRun(input(trigger), { delayScale: 0 });
    expect(plan.scenario).toBe("cleaner");
    const events = plan.events.map((e) => e.event);
    for (const event of events) expect(EventSchema.safeParse(event).success, event.type).toBe(true);
    const activity = events.find((e) => e.type === EventType.ACTIVITY_SNAPSHOT) as unknown as { activityType: string; content: unknown; replace: boolean };
    expect(activity).toMatchObject({ activityType: "mcp-apps", replace: true });
    const read = readMcpAppContent(activity.content);
    expect(read.ok && read.content.app).toEqual({ serverHash: expect.any(String) as string, serverId: "file-cleaner", resourceUri: FILE_CLEANER_URI });
    expect(read.ok && read.content.result).toEqual(callFileCleaner("scan_downloads", { folder: "~/Downloads" }));
    // The tool ran on the agent's side: its call is answered, the run waits for nothing.
    const thread = foldEvents(createThreadState({ threadId: "t1" }), events);
    expect(thread.messageIds.some((id) => thread.messages.get(id)?.role === "tool")).toBe(true);
    expect((events.at(-1) as { outcome?: unknown }).outcome).toBeUndefined();
    expect(plan.open).toBeUndefined();
  });
});

describe("the file-cleaner MCP server", () => {
  it("lists its tools with the annotations the host decides by", () => {
    const { tools } = answerMcp("tools/list", {}, "<p>app</p>") as { tools: { name: string; annotations: Record<string, boolean> }[] };
    const hints = Object.fromEntries(tools.map((t) => [t.name, t.annotations]));
    expect(hints).toEqual({
      scan_downloads: { readOnlyHint: true },
      inspect_file: { readOnlyHint: true },
      move_to_trash: { readOnlyHint: false, destructiveHint: false },
      empty_trash: { readOnlyHint: false, destructiveHint: true },
    });
  });

  it("serves its ui:// resource as an MCP App the kit reads, asking for no other origin", () => {
    const read = readMcpAppResource(answerMcp("resources/read", { uri: FILE_CLEANER_URI }), FILE_CLEANER_URI);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.resource.html).toContain("ui/initialize");
    expect(read.resource.csp).toEqual({ connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] });
    expect(() => answerMcp("resources/read", { uri: "ui://other/app.html" })).toThrow(McpError);
  });

  it("answers calls, and an unknown tool or file as an error result", () => {
    expect(callFileCleaner("move_to_trash", { names: [DOWNLOADS[0]!.name, "nope"] }).structuredContent).toMatchObject({ names: [DOWNLOADS[0]!.name] });
    expect(callFileCleaner("empty_trash", { names: ["nope"] }).isError).toBe(true);
    expect(callFileCleaner("format_disk", {}).isError).toBe(true);
    expect(() => answerMcp("sampling/createMessage", {})).toThrow(McpError);
  });
});

describe("over HTTP", () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const mcp = createMcpEndpoint();
    const sandbox = createSandboxEndpoint(() => import("../../src/mcp-sandbox"));
    const agent = createAgentMiddleware({ delayScale: 0 });
    server = createServer((req, res) => (req.url?.startsWith("/mcp-sandbox") ? sandbox(req, res) : req.url?.startsWith("/api/agent") ? agent(req, res) : mcp(req, res)));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const rpc = (body: unknown) => fetch(`http://${base}/api/mcp`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

  it("answers JSON-RPC: a result, an error, 202 for a notification", async () => {
    expect(await (await rpc({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "inspect_file", arguments: { name: "invoice-0412.pdf" } } })).json()).toMatchObject({ id: 1, result: { structuredContent: { kind: "PDF" } } });
    expect(await (await rpc({ jsonrpc: "2.0", id: 2, method: "nope" })).json()).toMatchObject({ id: 2, error: { code: -32601 } });
    expect((await rpc({ jsonrpc: "2.0", method: "notifications/initialized" })).status).toBe(202);
    expect((await fetch(`http://${base}/api/mcp`, { method: "POST", body: "{" })).status).toBe(400);
  });

  it("the agent answers the kit's __proxiedMCPRequest as the middleware does: the result, or the refusal in words", async () => {
    const agent = createHttpAgent({ url: `http://${base}/api/agent` });
    const app = { serverHash: "elsewhere", serverId: "file-cleaner", resourceUri: FILE_CLEANER_URI };
    const read = await requestThroughAgent(agent, proxiedRequestInput("t1", "p1", app, "resources/read", { uri: FILE_CLEANER_URI }));
    expect(readMcpAppResource(read, FILE_CLEANER_URI).ok).toBe(true);
    const call = await requestThroughAgent(agent, proxiedRequestInput("t1", "p2", app, "tools/call", { name: "inspect_file", arguments: { name: "invoice-0412.pdf" } }));
    expect(call).toEqual(callFileCleaner("inspect_file", { name: "invoice-0412.pdf" }));
    await expect(requestThroughAgent(agent, proxiedRequestInput("t1", "p3", { ...app, serverId: "other" }, "resources/read", { uri: FILE_CLEANER_URI }))).rejects.toThrow("no such MCP server");
  });

  it("serves the sandbox page to a page on the other loopback name only", async () => {
    const port = base.split(":")[1]!;
    // Asked under 127.0.0.1, it is the sandbox of pages on localhost at the same port.
    const page = (host: string) => fetch(`http://${base}/mcp-sandbox?host=${encodeURIComponent(host)}&csp=%7B%7D`);
    const fromLocalhost = await page(`http://localhost:${port}`);
    expect(fromLocalhost.status).toBe(200);
    expect(fromLocalhost.headers.get("content-security-policy")).toContain(`frame-ancestors http://localhost:${port}`);
    expect((await page(`http://127.0.0.1:${port}`)).status).toBe(403);
    expect((await page("https://evil.example")).status).toBe(403);
  });
});

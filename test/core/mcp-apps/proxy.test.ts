// @vitest-environment node
import { describe, expect, it } from "vitest";
import { EventType, type BaseEvent } from "@ag-ui/core";
import type { AgentLike } from "../../../src/core/transport/types";
import { McpRequestError, proxiedRequestInput, requestThroughAgent } from "../../../src/core/mcp-apps/proxy";
import { mcpAppSandbox } from "../../../src/core/mcp-apps/sandboxPage";

const app = { serverHash: "0cc175b9", serverId: "clock", resourceUri: "ui://get-time/mcp-app.html" };

/** An agent that answers each run with `events` (then ends the stream, unless `open`), and records what it was asked. */
function agentAnswering(events: BaseEvent[], { open = false, fail }: { open?: boolean; fail?: Error } = {}) {
  const asked: unknown[] = [];
  let unsubscribed = 0;
  const agent: AgentLike = {
    run(input) {
      asked.push(input);
      return {
        subscribe(observer) {
          queueMicrotask(() => {
            if (fail) return observer.error?.(fail);
            for (const event of events) observer.next?.(event);
            if (!open) observer.complete?.();
          });
          return { unsubscribe: () => void unsubscribed++ };
        },
      };
    },
  };
  return { agent, asked, unsubscribed: () => unsubscribed };
}

describe("a request through the agent (__proxiedMCPRequest)", () => {
  it("is a run with no messages, tools or state: only the request, as @ag-ui/mcp-apps-middleware reads it", () => {
    expect(proxiedRequestInput("t1", "mcp-1", app, "resources/read", { uri: app.resourceUri })).toEqual({
      threadId: "t1",
      runId: "mcp-1",
      state: {},
      messages: [],
      tools: [],
      context: [],
      forwardedProps: { __proxiedMCPRequest: { serverHash: "0cc175b9", serverId: "clock", method: "resources/read", params: { uri: app.resourceUri } } },
    });
    const { serverId: _serverId, ...hashOnly } = app;
    expect(proxiedRequestInput("t1", "mcp-2", hashOnly, "tools/call", { name: "get-time" }).forwardedProps).toEqual({ __proxiedMCPRequest: { serverHash: "0cc175b9", method: "tools/call", params: { name: "get-time" } } });
  });

  it("resolves with RUN_FINISHED's result, the MCP result", async () => {
    const result = { contents: [{ uri: app.resourceUri, mimeType: "text/html;profile=mcp-app", text: "<p>x</p>" }] };
    const { agent, unsubscribed } = agentAnswering([{ type: EventType.RUN_STARTED, threadId: "mcp-1", runId: "mcp-1" }, { type: EventType.RUN_FINISHED, threadId: "mcp-1", runId: "mcp-1", result }]);
    await expect(requestThroughAgent(agent, proxiedRequestInput("t1", "mcp-1", app, "resources/read", { uri: app.resourceUri }))).resolves.toEqual(result);
    expect(unsubscribed()).toBe(1);
  });

  it("rejects in words: the middleware's { error }, a failed run, a stream that ends unanswered, an unreachable agent, a timeout", async () => {
    const input = proxiedRequestInput("t1", "mcp-1", app, "tools/call", { name: "get-time" });
    const finished = (result: unknown) => ({ type: EventType.RUN_FINISHED, threadId: "x", runId: "x", result }) as BaseEvent;
    await expect(requestThroughAgent(agentAnswering([finished({ error: "Unknown server: clock" })]).agent, input)).rejects.toThrow(new McpRequestError("Unknown server: clock"));
    await expect(requestThroughAgent(agentAnswering([{ type: EventType.RUN_ERROR, message: "boom" }]).agent, input)).rejects.toThrow("boom");
    await expect(requestThroughAgent(agentAnswering([]).agent, input)).rejects.toThrow("without an answer");
    await expect(requestThroughAgent(agentAnswering([], { fail: new Error("fetch failed") }).agent, input)).rejects.toThrow("fetch failed");
    const silent = agentAnswering([], { open: true });
    await expect(requestThroughAgent(silent.agent, input, { timeoutMs: 20 })).rejects.toThrow("did not answer within");
    expect(silent.unsubscribed()).toBe(1);
  });
});

describe("the sandbox page", () => {
  const sandbox = mcpAppSandbox({ hostOrigins: ["http://127.0.0.1:5173", "not an origin"] });
  const url = (query: Record<string, string>) => `https://sandbox.example.com/mcp-app?${new URLSearchParams(query)}`;

  it("answers a listed host with the page, the app's policy as a header and no device features", () => {
    const page = sandbox.respond(url({ host: "http://127.0.0.1:5173", csp: JSON.stringify({ connectDomains: ["https://api.example.com", "*"] }) }));
    expect(page.status).toBe(200);
    expect(page.headers["Content-Security-Policy"]).toContain("connect-src https://api.example.com;");
    expect(page.headers["Content-Security-Policy"]).toContain("frame-ancestors http://127.0.0.1:5173");
    expect(page.headers["Content-Security-Policy"]).not.toMatch(/connect-src[^;]*\*/);
    expect(page.headers["Permissions-Policy"]).toContain("camera=()");
    expect(page.headers["Cache-Control"]).toBe("no-store");
    expect(page.body).toContain('const HOST = "http://127.0.0.1:5173"');
    expect(page.body).toContain('const SANDBOX = "allow-scripts allow-forms"');
  });

  it("refuses a host it does not list, and keeps the restrictive default for a policy that is not JSON", () => {
    expect(sandbox.respond(url({ host: "https://evil.example" })).status).toBe(403);
    expect(sandbox.respond(url({})).status).toBe(403);
    const page = sandbox.respond(url({ host: "http://127.0.0.1:5173", csp: "{not json" }));
    expect(page.headers["Content-Security-Policy"]).toContain("connect-src 'none'");
  });

  it("writes nothing of the request into the page but the listed host", () => {
    const page = sandbox.respond(url({ host: "http://127.0.0.1:5173", csp: JSON.stringify({ connectDomains: ["https://a.example.com</script><script>alert(1)</script>"] }) }));
    expect(page.body).not.toContain("alert(1)");
  });
});

// @vitest-environment node
import { describe, expect, it } from "vitest";
import { MCP_APP_LIMITS, mcpAppOperation, readMcpAppContent, readMcpAppResource, serverKey } from "../../../src/core/mcp-apps/content";
import { isOrigin, readCsp, sandboxCsp } from "../../../src/core/mcp-apps/csp";

/** The wire as `@ag-ui/mcp-apps-middleware` 0.1.1 sends it (its `processStream`), and a resource as MCP servers return it. */
const activity = { result: { content: [{ type: "text", text: "2026-12-04T10:00:00.000Z" }] }, resourceUri: "ui://get-time/mcp-app.html", serverHash: "0cc175b9c0f1b6a831c399e269772661", serverId: "clock", toolInput: { zone: "UTC" } };
const resource = (item: object) => ({ contents: [{ uri: "ui://get-time/mcp-app.html", mimeType: "text/html;profile=mcp-app", text: "<!doctype html><p>app</p>", ...item }] });

describe("an mcp-apps activity", () => {
  it("is read as the app, its tool's input and result", () => {
    expect(readMcpAppContent(activity)).toEqual({
      ok: true,
      content: { app: { serverHash: activity.serverHash, serverId: "clock", resourceUri: "ui://get-time/mcp-app.html" }, toolInput: { zone: "UTC" }, result: activity.result },
    });
  });

  it("without a serverId (the middleware's hash alone), and without input or result", () => {
    const read = readMcpAppContent({ resourceUri: "ui://a/b", serverHash: "abc" });
    expect(read).toEqual({ ok: true, content: { app: { serverHash: "abc", resourceUri: "ui://a/b" }, toolInput: {}, result: {} } });
    expect(serverKey({ serverHash: "abc", resourceUri: "ui://a/b" })).toBe("abc");
  });

  it("is refused in words when it names no ui:// resource or no server, or is no object", () => {
    expect(readMcpAppContent(null)).toMatchObject({ ok: false, problem: expect.stringContaining("no content") });
    expect(readMcpAppContent({ ...activity, resourceUri: "https://evil.example/app.html" })).toMatchObject({ ok: false, problem: expect.stringContaining("ui://") });
    expect(readMcpAppContent({ ...activity, serverHash: "" })).toMatchObject({ ok: false, problem: expect.stringContaining("server") });
    expect(readMcpAppContent({ ...activity, resourceUri: `ui://${"a".repeat(MCP_APP_LIMITS.name)}` }).ok).toBe(false);
  });
});

describe("operations", () => {
  const app = { serverHash: "h", serverId: "clock", resourceUri: "ui://get-time/mcp-app.html" };
  it("name the server, the app and what it does, so a rule can match a server's apps by prefix and a grant is exact", () => {
    expect(mcpAppOperation(app, "show")).toBe("mcp:clock:ui://get-time/mcp-app.html");
    expect(mcpAppOperation(app, "call", "get-time")).toBe("mcp:clock:ui://get-time/mcp-app.html#get-time");
    expect(mcpAppOperation(app, "message")).toBe("mcp:clock:ui://get-time/mcp-app.html#ui/message");
  });
});

describe("a ui:// resource", () => {
  it("is read as its HTML and what its metadata declares", () => {
    const read = readMcpAppResource(resource({ _meta: { ui: { csp: { connectDomains: ["https://api.example.com"] }, prefersBorder: false } } }), "ui://get-time/mcp-app.html");
    expect(read).toEqual({ ok: true, resource: { uri: "ui://get-time/mcp-app.html", html: "<!doctype html><p>app</p>", csp: { connectDomains: ["https://api.example.com"], resourceDomains: [], frameDomains: [], baseUriDomains: [] }, dropped: [], prefersBorder: false } });
  });

  it("reads base64 HTML (blob) as UTF-8", () => {
    const blob = Buffer.from("<p>héllo 你好</p>", "utf8").toString("base64");
    const read = readMcpAppResource(resource({ text: undefined, blob }), "ui://get-time/mcp-app.html");
    expect(read.ok && read.resource.html).toBe("<p>héllo 你好</p>");
  });

  it("refuses another resource, another type, no HTML, too much HTML — in words", () => {
    const uri = "ui://get-time/mcp-app.html";
    expect(readMcpAppResource({}, uri)).toMatchObject({ ok: false, problem: "The server returned no resource." });
    expect(readMcpAppResource(resource({ uri: "ui://other" }), uri)).toMatchObject({ ok: false, problem: expect.stringContaining("another resource") });
    expect(readMcpAppResource(resource({ mimeType: "text/html" }), uri)).toMatchObject({ ok: false, problem: expect.stringContaining("not an MCP App") });
    expect(readMcpAppResource(resource({ text: "" }), uri)).toMatchObject({ ok: false, problem: "The resource has no HTML." });
    expect(readMcpAppResource(resource({ text: "x".repeat(MCP_APP_LIMITS.html + 1) }), uri)).toMatchObject({ ok: false, problem: expect.stringContaining("larger") });
    expect(readMcpAppResource(resource({ text: undefined, blob: "%%%not base64" }), uri)).toMatchObject({ ok: false, problem: "The resource has no HTML." });
  });
});

describe("the app's Content Security Policy", () => {
  it("keeps only origins: no keyword, no bare wildcard, no scheme alone, no path, nothing that breaks out of a directive", () => {
    const { csp, dropped } = readCsp({
      connectDomains: ["https://api.example.com", "wss://live.example.com:8443", "*", "https:", "'unsafe-eval'", "https://a.example.com; script-src *", "https://b.example.com/path", 7],
      resourceDomains: ["https://*.cdn.example.com", "http://127.0.0.1:*"],
    });
    expect(csp.connectDomains).toEqual(["https://api.example.com", "wss://live.example.com:8443"]);
    expect(csp.resourceDomains).toEqual(["https://*.cdn.example.com", "http://127.0.0.1:*"]);
    expect(dropped).toHaveLength(6);
  });

  it("is the spec's restrictive default when nothing is declared, and only the host page may embed the sandbox", () => {
    const policy = sandboxCsp(readCsp(undefined).csp, "https://app.example.com");
    expect(policy.split("; ")).toEqual([
      "default-src 'none'",
      "script-src 'self' 'unsafe-inline'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self'",
      "media-src 'self' data:",
      "connect-src 'none'",
      "frame-src 'none'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'none'",
      "frame-ancestors https://app.example.com",
    ]);
  });

  it("adds exactly the declared origins, and nothing that slipped past reading", () => {
    const policy = sandboxCsp({ connectDomains: ["https://api.example.com", "* 'unsafe-eval'"], resourceDomains: ["https://cdn.example.com"], frameDomains: [], baseUriDomains: [] }, "not an origin");
    expect(policy).toContain("connect-src https://api.example.com;");
    expect(policy).toContain("script-src 'self' 'unsafe-inline' https://cdn.example.com;");
    expect(policy).not.toContain("unsafe-eval");
    expect(policy.endsWith("frame-ancestors 'none'")).toBe(true);
  });

  it("knows an origin from a URL", () => {
    expect(isOrigin("http://127.0.0.1:5173")).toBe(true);
    expect(isOrigin("https://app.example.com/")).toBe(false);
    expect(isOrigin("javascript:alert(1)")).toBe(false);
  });
});

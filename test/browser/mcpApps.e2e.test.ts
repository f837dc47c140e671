/**
 * MCP Apps in Chromium against real servers (issue 24, points 3–5): the published
 * `@modelcontextprotocol/server-basic-vanillajs` and `server-basic-react`, behind
 * `@ag-ui/mcp-apps-middleware` in front of a scripted agent (test/browser/mcp-apps/servers). The
 * agent calls the server's `get-time`; the middleware sends the `mcp-apps` activity; the kit reads
 * the app's `ui://` resource through the agent (`__proxiedMCPRequest`), runs it in the sandbox page
 * on another origin and bridges it: the app renders the tool's result, its own tool calls ask the
 * person with a card naming the app, the server and the tool, and each is audited; its message
 * enters the conversation only once the person allows it; its link waits for the person.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { AuditRecord } from "../../src/core/policy/types";
import { openBrowser, type Browser } from "./support";
import { appDocument, appFrame, pageUrl, say, startMcpWorld, type McpWorld } from "./mcp-apps/support";

let world: McpWorld;
let browser: Browser | undefined;

beforeAll(async () => {
  world = await startMcpWorld();
}, 120_000);

afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

afterAll(async () => {
  await world?.stop();
});

async function open(server: "vanillajs" | "react" | "hostile"): Promise<Page> {
  browser = await openBrowser({ width: 1000, height: 1000 });
  const { page } = browser;
  await page.goto(pageUrl(world, server));
  await page.locator("[data-slot=composer]").first().waitFor({ timeout: 60_000 });
  return page;
}

const audit = (page: Page) => page.evaluate(() => (window as unknown as { parleyStore: { getState(): { thread: { audit: AuditRecord[] } } } }).parleyStore.getState().thread.audit);
const ask = (page: Page) => page.locator("[data-slot=mcp-app-ask]");
/** The time the app shows (the vanilla app's `#server-time`, the React app's `code`). */
const serverTime = (page: Page) => appFrame(page).locator("code").first();
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/;

async function appRunning(page: Page) {
  await say(page, "What time is it?");
  await page.locator("[data-slot=mcp-app][data-state=ready]").waitFor({ timeout: 60_000 });
  // The tool's result, as the middleware ran it, reached the app (ui/notifications/tool-result).
  await expect.poll(() => serverTime(page).textContent(), { timeout: 30_000 }).toMatch(ISO_TIME);
}

describe.each(["vanillajs", "react"] as const)("the basic MCP App server (%s)", (server) => {
  it("renders in the sandbox, on its own origin, without allow-same-origin, and takes the page's theme and language", async () => {
    const page = await open(server);
    await appRunning(page);
    const outer = page.locator("iframe[data-slot=mcp-app-frame]");
    expect(new URL((await outer.getAttribute("src"))!).origin).toBe(new URL(world.sandbox).origin);
    const inner = await appDocument(page);
    const innerSandbox = await page.frameLocator("iframe[data-slot=mcp-app-frame]").locator("iframe").getAttribute("sandbox");
    expect(innerSandbox?.split(/\s+/)).not.toContain("allow-same-origin");
    // An opaque origin: the app's document has no origin of its own to share with anyone.
    expect(await inner.evaluate(() => self.origin)).toBe("null");
    if (server === "vanillajs") {
      // The host context (ui/initialize), as the vanilla app applies it (the React one reads it into
      // its own state): the theme and the kit's tokens under the spec's names.
      expect(await inner.evaluate(() => document.documentElement.getAttribute("data-theme"))).toBe("light");
      expect(await inner.evaluate(() => document.documentElement.style.getPropertyValue("--color-text-primary"))).not.toBe("");
    }
    // The app's name, as it says in ui/initialize, beside the resource it came from.
    await expect.poll(() => page.locator("[data-slot=mcp-app-from]").textContent()).toContain(server);
    // Its height follows ui/notifications/size-changed, within the limits.
    const height = await outer.evaluate((f) => f.getBoundingClientRect().height);
    expect(height).toBeGreaterThan(96);
    expect(height).toBeLessThanOrEqual(480);
    // Showing it passed the policy on its own: audited once, in the policy's name, naming the app.
    const shown = (await audit(page)).filter((r) => r.operation === `mcp:${server}:ui://get-time/mcp-app.html`);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ decision: "allowed_by_policy", who: "policy" });
  });

  it("its tool call asks the person, naming the app, the server and the tool; once, always for this app, and audited", async () => {
    const page = await open(server);
    await appRunning(page);
    const operation = `mcp:${server}:ui://get-time/mcp-app.html#get-time`;
    const before = await serverTime(page).textContent();
    await appFrame(page).getByRole("button", { name: "Get Server Time" }).click();
    const card = ask(page);
    await card.waitFor();
    await expect.poll(() => card.getAttribute("data-kind")).toBe("call");
    const text = (await card.textContent()) ?? "";
    expect(text).toContain("ui://get-time/mcp-app.html");
    expect(text).toContain(server);
    expect(text).toContain("get-time");
    // Nothing ran while it asked.
    expect(await serverTime(page).textContent()).toBe(before);
    await card.locator("[data-answer=once]").click();
    await expect.poll(() => serverTime(page).textContent(), { timeout: 30_000 }).not.toBe(before);
    expect(await serverTime(page).textContent()).toMatch(ISO_TIME);
    await expect.poll(async () => (await audit(page)).filter((r) => r.operation === operation && r.decision === "approved").length).toBe(1);

    // Once is once: the next call asks again; "always for this app" is a grant, and the call after passes by it.
    await appFrame(page).getByRole("button", { name: "Get Server Time" }).click();
    await ask(page).locator("[data-answer=always]").click();
    await expect.poll(async () => (await audit(page)).filter((r) => r.operation === operation && r.decision === "approved").length).toBe(2);
    await appFrame(page).getByRole("button", { name: "Get Server Time" }).click();
    await expect.poll(async () => (await audit(page)).filter((r) => r.operation === operation && r.decision === "approved_by_grant").length, { timeout: 30_000 }).toBe(1);
    expect(await ask(page).count()).toBe(0);
    const byGrant = (await audit(page)).find((r) => r.operation === operation && r.decision === "approved_by_grant")!;
    expect(byGrant.detail).toContain("ui://get-time/mcp-app.html");
    expect(byGrant.detail).toContain(server);
  });

  it("'never for this app' refuses its calls from then on without asking, audited", async () => {
    const page = await open(server);
    await appRunning(page);
    const operation = `mcp:${server}:ui://get-time/mcp-app.html#get-time`;
    await appFrame(page).getByRole("button", { name: "Get Server Time" }).click();
    await ask(page).locator("[data-answer=never]").click();
    await expect.poll(() => serverTime(page).textContent()).toBe("[ERROR]");
    await appFrame(page).getByRole("button", { name: "Get Server Time" }).click();
    await expect.poll(async () => (await audit(page)).filter((r) => r.operation === operation && r.decision === "denied_by_policy").length).toBe(1);
    expect(await ask(page).count()).toBe(0);
  });

  it("its message enters the conversation only with the person's consent; its link waits for the person", async () => {
    const page = await open(server);
    await appRunning(page);
    await appFrame(page).locator("#message-text, textarea").first().fill("Book the 10:30 slot");
    await appFrame(page).getByRole("button", { name: "Send Message" }).click();
    const card = ask(page);
    await card.waitFor();
    expect(await card.getAttribute("data-kind")).toBe("message");
    expect(await card.textContent()).toContain("Book the 10:30 slot");
    // Not in the conversation while it asks.
    expect(await page.getByText("You said: Book the 10:30 slot").count()).toBe(0);
    expect(await page.locator("[data-role=user]", { hasText: "Book the 10:30 slot" }).count()).toBe(0);
    await card.locator("[data-answer=once]").click();
    // Sent as the person's message; the agent answers it.
    await page.locator("[data-role=user]", { hasText: "Book the 10:30 slot" }).first().waitFor({ timeout: 30_000 });
    await page.locator("[data-role=assistant]", { hasText: "You said: Book the 10:30 slot" }).first().waitFor({ timeout: 30_000 });

    await appFrame(page).getByRole("button", { name: "Open Link" }).click();
    const link = page.locator("[data-slot=mcp-app-link]");
    await link.waitFor();
    expect(await link.textContent()).toContain("modelcontextprotocol.io");
    expect(await link.locator("a").getAttribute("href")).toBe("https://modelcontextprotocol.io/");
    expect(await link.locator("a").getAttribute("rel")).toContain("noopener");
  });
});

describe("a hostile app", () => {
  it("gets nothing: not the page's cookie, document, storage or address, no request elsewhere, no forged message, no destructive call, no endless growth", async () => {
    const page = await open("hostile");
    const address = page.url();
    await say(page, "Show me the app");
    await page.locator("[data-slot=mcp-app][data-state=ready]").waitFor({ timeout: 60_000 });
    // The origins its resource declared (`*`, `https:`, `'unsafe-eval'`, an address with a path) were all dropped.
    const src = new URL((await page.locator("iframe[data-slot=mcp-app-frame]").getAttribute("src"))!);
    expect(JSON.parse(src.searchParams.get("csp")!)).toEqual({ connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] });

    const logs = () => page.evaluate(() => (window as unknown as { appLogs: Record<string, string>[] }).appLogs);
    await expect.poll(async () => (await logs()).some((l) => l.phase === "escape"), { timeout: 30_000 }).toBe(true);
    const escape = (await logs()).find((l) => l.phase === "escape")!;
    for (const what of ["cookie", "parentDocument", "topDocument", "topCookie", "storage", "fetch"]) expect(escape[what], what).toMatch(/^blocked/);
    expect(JSON.stringify(escape)).not.toContain("host-only");
    // Its attempt to navigate the page left it where it was; its fetch never reached the other host.
    expect(page.url()).toBe(address);
    expect(await (await fetch(`${world.agents}/stolen`)).json()).toEqual({ stolen: 0 });
    // A message posted straight to the top window is no one's: not in the conversation, not asked about.
    expect(await page.locator("[data-role=user]", { hasText: "forged by the app" }).count()).toBe(0);

    // Its destructive call asks, and refused it never runs; the refusal is the person's, audited.
    const card = ask(page);
    await card.waitFor({ timeout: 30_000 });
    expect(await card.getAttribute("data-kind")).toBe("call");
    expect(await card.textContent()).toContain("wipe");
    await card.locator("[data-answer=deny]").click();
    await expect.poll(async () => (await logs()).find((l) => l.phase === "wipe")?.outcome, { timeout: 30_000 }).toBe("refused");
    const refused = (await audit(page)).filter((r) => r.operation === "mcp:hostile:ui://hostile/app.html#wipe");
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ decision: "declined", who: "ana" });

    // It grows without end; its frame stays within the limit, and the page still answers.
    await page.waitForTimeout(1_000);
    const height = await page.locator("iframe[data-slot=mcp-app-frame]").evaluate((f) => f.getBoundingClientRect().height);
    expect(height).toBeLessThanOrEqual(480);
    await say(page, "still here?");
    await page.locator("[data-role=assistant]", { hasText: "You said: still here?" }).first().waitFor({ timeout: 30_000 });
  });
});

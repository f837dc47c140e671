/**
 * What the browser tests share: the demo served by Vite with its embedded reference agent, and
 * Debian's chromium driven by playwright-core with a fresh profile. Any console error, page error
 * or failed request is collected in `problems`, for the test to assert empty.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { RunAgentInput } from "@ag-ui/core";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll } from "vitest";
import { findBrowser } from "../../scripts/browser";
import { SCENARIOS } from "../../demo/agent/scenarios";

export const root = resolve(import.meta.dirname, "../..");
const executablePath = findBrowser() ?? "/usr/bin/chromium";

export async function startDemo(): Promise<{ server: ViteDevServer; url: string }> {
  const server = await createServer({
    configFile: join(root, "demo/vite.config.ts"),
    server: { host: "127.0.0.1", port: 0, strictPort: false, hmr: false },
    logLevel: "warn",
    clearScreen: false,
  });
  await server.listen();
  const url = server.resolvedUrls?.local[0] ?? "";
  if (!/^http:\/\/127\.0\.0\.1:\d+\/$/.test(url)) throw new Error(`The demo did not start on loopback: "${url}"`);
  return { server, url };
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  problems: string[];
  close(): Promise<void>;
}

/**
 * `scrollbars`: draw real scrollbars, as a desktop browser does (Playwright hides them in headless
 * mode), for a test that drags one. `developer`: the demo shows its developer details (the agent's
 * address, connection states, shared state, protocol errors, test mode, RTUI), as after turning on
 * its "Developer details" switch; off, the page is what a visitor sees.
 */
export async function openBrowser(viewport = { width: 1200, height: 900 }, { scrollbars = false, developer = false } = {}): Promise<Browser> {
  const userDataDir = mkdtempSync(join(tmpdir(), "parley-chromium-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    headless: true,
    ...(scrollbars ? { ignoreDefaultArgs: ["--hide-scrollbars"] } : {}),
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    viewport,
  });
  if (developer) await context.addInitScript(() => localStorage.setItem("parley-demo-developer", "on"));
  const page = context.pages()[0] ?? (await context.newPage());
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console.error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("requestfailed", (request) => {
    // An aborted SSE request on navigation (or Stop/Pause) is fine; anything else is not.
    if (!request.failure()?.errorText.includes("ABORTED")) problems.push(`requestfailed: ${request.url()} ${request.failure()?.errorText}`);
  });
  return {
    context,
    page,
    problems,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

export interface Demo {
  readonly server: ViteDevServer;
  readonly url: string;
  readonly browser: Browser;
  readonly page: Page;
  readonly problems: string[];
}

/**
 * The demo's Vite dev server, with its embedded reference agent, and a fresh chromium on it
 * (`openBrowser`): started before this file's tests, closed after them. Read it in tests and hooks.
 *
 * @example
 * const demo = withDemo({ viewport: { width: 1400, height: 1000 }, developer: true });
 * it("…", async () => { await demo.page.goto(demo.url); });
 */
export function withDemo({ viewport, scrollbars, developer }: { viewport?: { width: number; height: number }; scrollbars?: boolean; developer?: boolean } = {}): Demo {
  let started: { server: ViteDevServer; url: string } | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    started = await startDemo();
    browser = await openBrowser(viewport, { scrollbars, developer });
  });
  afterAll(async () => {
    await browser?.close();
    await started?.server.close();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("withDemo: the demo is there once beforeAll has run (read it in a test or hook)");
    return value;
  };
  return {
    get server() {
      return ready(started).server;
    },
    get url() {
      return ready(started).url;
    },
    get browser() {
      return ready(browser);
    },
    get page() {
      return ready(browser).page;
    },
    get problems() {
      return ready(browser).problems;
    },
  };
}

/** Text in the page itself, not in the thread's screen-reader announcer (which repeats replies). */
export function shown(page: Page, text: string) {
  return page.getByText(text, { exact: false }).and(page.locator(":not([data-slot=thread-announcer])"));
}

/** The demo's scenario menu button, in English or Chinese (disabled while a run is going). */
export function scenarioMenu(page: Page) {
  return page.getByRole("button", { name: /^(Scenarios|场景)$/ });
}

/**
 * Runs one of the reference agent's scenarios as a person does: opens the header's scenario menu
 * and picks the item with that English label (`SCENARIOS[i].label`; the item is found by its
 * scenario, so a `?lang=zh-CN` page works too). Waits, as a click does, for the menu to be usable
 * (no run going).
 *
 * @example
 * await pickScenario(page, "Booking (advice)");
 */
export async function pickScenario(page: Page, label: string): Promise<void> {
  const scenario = SCENARIOS.find((s) => s.label === label);
  if (!scenario) throw new Error(`pickScenario: no scenario is labelled "${label}" (see SCENARIOS in demo/agent/scenarios.ts)`);
  await scenarioMenu(page).click();
  await page.getByRole("menuitem").and(page.locator(`[data-scenario="${scenario.name}"]`)).click();
}

/** Whether a scenario can be picked now (no run is going). */
export function scenariosReady(page: Page): Promise<boolean> {
  return scenarioMenu(page).isEnabled();
}

export async function send(page: Page, text: string): Promise<void> {
  const box = page.getByRole("textbox", { name: "Message" }).first();
  await box.fill(text);
  await box.press("Enter");
}

/**
 * Records every run the page posts to the agent (its `RunAgentInput`, in order), adding `extra`
 * to each run's `forwardedProps` first (the reference agent reads `expiresInMs`, say): so "sent
 * once" and "sent nothing" are checked on the wire.
 *
 * @example
 * const wire = await recordRuns(page);
 * wire.forwarded = { expiresInMs: 4_000 };
 * expect(wire.runs).toHaveLength(2);
 */
export async function recordRuns(page: Page): Promise<{ runs: RunAgentInput[]; forwarded: Record<string, unknown> }> {
  const wire = { runs: [] as RunAgentInput[], forwarded: {} as Record<string, unknown> };
  await page.route("**/api/agent", async (route) => {
    const body = JSON.parse(route.request().postData() ?? "{}") as RunAgentInput;
    body.forwardedProps = { ...(body.forwardedProps as object), ...wire.forwarded };
    wire.runs.push(body);
    await route.continue({ postData: JSON.stringify(body) });
  });
  return wire;
}

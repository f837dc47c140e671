/**
 * Re-attach after a reload, in Debian's chromium against the demo kept in IndexedDB (`?persist`):
 * a long reply reloaded at about a third comes back and goes on where it stopped — the page joins
 * the run still going on the reference agent (one run on the wire, no text twice) — and the same
 * when the tab is closed and the page opened again.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { LONG_ANSWER } from "../../demo/agent/scenarios";
import { pickScenario, withDemo } from "./support";

const demo = withDemo();

/** What the page asked of the agent: runs (POST) and joins (GET), over every page of the context. */
const wire = { runs: 0, joins: 0 };
function watch(page: Page, problems: string[]) {
  page.on("request", (request) => {
    if (!new URL(request.url()).pathname.endsWith("/api/agent")) return;
    if (request.method() === "POST") wire.runs++;
    if (request.method() === "GET") wire.joins++;
  });
  return problems;
}

/** The assistant replies as the thread shows them, whitespace aside (paragraphs render as blocks). */
const replies = (page: Page) =>
  page.locator("[data-slot=message][data-role=assistant] [data-slot=message-body]").evaluateAll((nodes) => nodes.map((n) => (n.textContent ?? "").replace(/\s+/g, "")));
const WHOLE = LONG_ANSWER.replace(/\s+/g, "");
const lastReply = async (page: Page) => (await replies(page)).at(-1) ?? "";

/** Starts the long reply and waits until about a third of it is on the page. */
async function startLongReply(page: Page) {
  await pickScenario(page, "Long reply (reload me)");
  await expect.poll(async () => (await lastReply(page)).length / WHOLE.length, { timeout: 15_000, interval: 50 }).toBeGreaterThan(0.3);
  const shown = await lastReply(page);
  expect(shown.length).toBeLessThan(WHOLE.length * 0.8);
  return shown;
}

async function finishedWhole(page: Page, before: string) {
  await page.locator('[data-ui="kit"]').waitFor();
  // Back as it was (or further), never from the start again, then the rest of the same reply.
  await expect.poll(async () => WHOLE.startsWith(await lastReply(page)) && (await lastReply(page)).length >= Math.min(before.length, 1), { timeout: 10_000 }).toBe(true);
  await expect.poll(() => lastReply(page), { timeout: 30_000 }).toBe(WHOLE);
  await expect.poll(() => page.locator("[data-slot=agent-status]").getAttribute("data-status"), { timeout: 10_000 }).toBe("idle");
  // No "cut short" and no Retry: the run finished.
  expect(await page.getByRole("button", { name: /retry/i }).count()).toBe(0);
}

describe("re-attach after a reload (?persist)", () => {
  it("reloaded at about 30% of a long reply: the reply completes, once, and the agent saw one run", async () => {
    const { page, url, problems } = demo;
    watch(page, problems);
    await page.goto(`${url}?persist`);
    await page.locator('[data-ui="kit"]').waitFor();
    const repliesBefore = (await replies(page)).length;
    const shown = await startLongReply(page);
    expect(wire.runs).toBe(1);

    await page.reload();
    await finishedWhole(page, shown);
    expect((await replies(page)).length).toBe(repliesBefore + 1);
    expect(wire.runs).toBe(1);
    expect(wire.joins).toBe(1);
    expect(problems).toEqual([]);
  });

  it("the tab closed mid-reply and the page opened again: the reply completes, with no second run", async () => {
    const { url, browser } = demo;
    const first = await browser.context.newPage();
    const problems: string[] = [];
    first.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    watch(first, problems);
    // Only this page from now on: the thread is one tab's.
    await demo.page.close();
    await first.goto(`${url}?persist`);
    await first.locator('[data-ui="kit"]').waitFor();
    const runs = wire.runs;
    const joins = wire.joins;
    const shown = await startLongReply(first);
    await first.waitForTimeout(1_200); // written at least once a second while it streams
    await first.close();

    const again = await browser.context.newPage();
    again.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    again.on("console", (message) => {
      if (message.type() === "error") problems.push(`console.error: ${message.text()}`);
    });
    watch(again, problems);
    await again.goto(`${url}?persist`);
    await finishedWhole(again, shown);
    expect(wire.runs).toBe(runs + 1);
    expect(wire.joins).toBe(joins + 1);
    expect(problems).toEqual([]);
  });
});

/**
 * A reload in the middle of a pending question, in Debian's chromium against the demo kept in
 * IndexedDB (`?persist`): the card comes back as it was — its countdown going on from the original
 * deadline — and the answer given after the reload reaches the agent exactly once (checked on the
 * wire).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { pickScenario, recordRuns, shown, withDemo } from "./support";

const demo = withDemo();
/** The runs the page posted to the agent, in order (and what every run's forwardedProps gets). */
let wire: Awaited<ReturnType<typeof recordRuns>>;

beforeAll(async () => {
  wire = await recordRuns(demo.page);
});

const scenario = (name: string) => pickScenario(demo.page, name);
const pending = (type: string) => demo.page.locator(`[data-slot=thread] [data-slot=interaction][data-type=${type}][data-state=pending]`);
/** Runs that carried a tool message answering `callId`. */
const carrying = (callId: string) => wire.runs.filter((run) => run.messages.some((m) => m.role === "tool" && m.toolCallId === callId)).length;

describe("a reload during a pending question (?persist)", () => {
  it("the permission card comes back as it was; the answer after the reload reaches the agent once", async () => {
    const { page, url, browser } = demo;
    await page.goto(`${url}?persist`);
    await page.locator('[data-ui="kit"]').waitFor();
    await scenario("Weekly report (permissions)");
    const card = pending("permission_request");
    await card.waitFor({ timeout: 15_000 });
    const summary = await card.locator("[data-slot=interaction-header]").first().textContent();
    await page.waitForTimeout(400); // the write (100 ms debounce, then IndexedDB)

    await page.reload();
    await page.locator('[data-ui="kit"]').waitFor();
    await card.waitFor({ timeout: 10_000 });
    expect(await card.locator("[data-slot=interaction-header]").first().textContent()).toBe(summary);
    await shown(page, "Send the weekly report (report)").first().waitFor();
    const before = wire.runs.length;
    await card.getByRole("radio", { name: /session/i }).click();
    await card.getByRole("button", { name: "Approve" }).click();
    await shown(page, "Read 412 customers").first().waitFor({ timeout: 15_000 });
    const answered = wire.runs.slice(before).flatMap((run) => run.messages.filter((m) => m.role === "tool").map((m) => m.toolCallId));
    expect(answered).toHaveLength(1);
    expect(carrying(answered[0]!)).toBe(1);
    // The session grant came with the thread: the panel lists it.
    await page.locator("[data-slot=permissions-panel] [data-scope=session][data-state=live]").first().waitFor();

    // Reloaded again: the answered card stays answered and nothing is sent twice.
    await pending("permission_request").waitFor({ timeout: 15_000 }); // the mail asks next
    await page.waitForTimeout(400);
    const runsBefore = wire.runs.length;
    await page.reload();
    await page.locator('[data-ui="kit"]').waitFor();
    await pending("permission_request").getByText("regional managers").first().waitFor({ timeout: 10_000 });
    await page.waitForTimeout(500);
    expect(wire.runs.length).toBe(runsBefore);
    expect(carrying(answered[0]!)).toBe(1);
    expect(browser.problems).toEqual([]);
  });

  it("a countdown goes on from its original deadline across the reload, and declines by itself", async () => {
    const { page, browser } = demo;
    await page.getByRole("button", { name: "forget this conversation" }).click();
    await page.waitForURL(/persist/);
    await page.locator('[data-ui="kit"]').waitFor();
    await expect.poll(() => page.locator("[data-slot=thread] [data-slot=interaction]").count()).toBe(0);
    wire.forwarded = { expiresInMs: 12_000 };
    await scenario("Address form");
    const form = pending("input_request");
    await form.waitFor({ timeout: 15_000 });
    await form.locator("[data-slot=interaction-countdown]").waitFor();
    const started = Date.now();
    await page.waitForTimeout(1_500);
    await page.reload();
    await page.locator('[data-ui="kit"]').waitFor();
    const reloadedAt = Date.now();
    const back = page.locator("[data-slot=thread] [data-slot=interaction][data-type=input_request]");
    await back.waitFor({ timeout: 15_000 });
    // After a quick reload the countdown still runs; after a slow one (a loaded machine) the
    // original deadline may already have passed, and the card comes back timed out.
    if ((await back.getAttribute("data-state")) === "pending") await back.locator("[data-slot=interaction-countdown]").waitFor({ timeout: 10_000 });
    await expect.poll(() => back.getAttribute("data-state"), { timeout: 20_000 }).toBe("timed-out");
    // It declined at the deadline set before the reload (12 s after the ask), not 12 s after the
    // reload: by then at the latest, or soon after the page is back if the reload itself outlasted it.
    expect(Date.now()).toBeLessThan(Math.max(started + 13_500, reloadedAt + 8_000));
    await shown(page, "No address, no delivery").first().waitFor({ timeout: 15_000 });
    expect(browser.problems).toEqual([]);
  });
});

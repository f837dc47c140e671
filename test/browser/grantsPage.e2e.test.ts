/**
 * "Never allow" and the grants page (issue 25, point 5), end to end in Debian's chromium against
 * the demo's reference agent: the person refuses reading customer data for good on the permission
 * card; the answer goes to the agent once, as a decline; the grants page lists the refusal under
 * "Never allowed" with who decided; the next report is declined without asking (nothing pending,
 * the card cites the refusal, the page counts it); Revoke, reached with Tab and pressed with Enter,
 * moves the refusal to "Ended" with focus on its row — and the next report asks again. With
 * `?persist` the demo keeps the person's grants across reloads, so the refusal is checked after one too.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { pickScenario, recordRuns, shown, withDemo } from "./support";

const demo = withDemo();
let wire: Awaited<ReturnType<typeof recordRuns>>;

beforeAll(async () => {
  wire = await recordRuns(demo.page);
  // ?persist: the demo keeps the thread and the person's grants in IndexedDB, across reloads.
  await demo.page.goto(`${demo.url}?persist`);
  await demo.page.locator('[data-ui="kit"]').waitFor();
});

const REPORT = "Weekly report (permissions)";

describe("never allow, and the grants page", () => {
  it("refuses for good, declines the next request without asking, survives a reload, and Revoke lets the agent ask again", async () => {
    const { page, browser } = demo;
    const pending = page.locator("[data-slot=thread] [data-slot=interaction][data-type=permission_request][data-state=pending]");
    const grantsPage = page.getByRole("region", { name: "What the agent may do without asking you" });
    const refused = grantsPage.getByRole("region", { name: "Never allowed" });

    await pickScenario(page, REPORT);
    await pending.waitFor({ timeout: 15_000 });
    const runsBefore = wire.runs.length;
    await pending.getByRole("button", { name: "Never allow read_customers" }).click();
    await shown(page, "Without the customer data there is no report.").first().waitFor({ timeout: 15_000 });
    // One run carried the answer, a plain "not approved": the refusal is the kit's bookkeeping, not the agent's.
    expect(wire.runs.length).toBe(runsBefore + 1);
    const answer = wire.runs.at(-1)!.messages.findLast((m) => m.role === "tool");
    const content = JSON.parse(typeof answer?.content === "string" ? answer.content : "null") as { response?: unknown };
    expect(content.response).toEqual({ approved: false });
    const card = page.locator("[data-slot=thread] [data-slot=interaction][data-type=permission_request]").last();
    await card.locator("[data-slot=interaction-outcome]").filter({ hasText: "Declined, and never allowed from now on: read_customers" }).waitFor();

    // The grants page: the refusal, who decided, until revoked.
    const row = refused.locator("[data-slot=permission-grant][data-effect=deny]");
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain("read_customers");
    expect(await row.locator("[data-slot=permission-grant-ends]").textContent()).toBe("When you revoke it");
    expect(await row.locator("[data-slot=permission-grant-uses]").textContent()).toBe("Not yet asked again");

    // The next report: declined without asking; nothing waits for the person.
    await pickScenario(page, REPORT);
    await expect.poll(() => row.locator("[data-slot=permission-grant-uses]").textContent(), { timeout: 15_000 }).toBe("1 request without asking you");
    await page.locator("[data-slot=interaction-outcome]").filter({ hasText: "Declined without asking: you chose never to allow read_customers" }).first().waitFor();
    expect(await pending.count()).toBe(0);
    await page.locator("[data-slot=audit-record][data-decision=refused]").first().waitFor();

    // Kept across a reload (the demo keeps the person's grants).
    await page.reload();
    await page.locator('[data-ui="kit"]').waitFor();
    const kept = refused.locator("[data-slot=permission-grant][data-effect=deny][data-state=live]");
    await kept.waitFor({ timeout: 15_000 });

    // Revoke from the keyboard: the row moves to Ended, and focus goes with it.
    // Reached with Tab from the group's heading (a click on text starts sequential navigation there):
    // Revoke is the next stop, and Enter presses it.
    const revoke = kept.getByRole("button", { name: "Revoke the refusal of read_customers: the agent may ask again" });
    await refused.getByRole("heading", { name: "Never allowed" }).click();
    await page.keyboard.press("Tab");
    await expect.poll(() => revoke.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    const ended = grantsPage.getByRole("region", { name: "Ended" }).locator("[data-slot=permission-grant][data-effect=deny][data-state=revoked]");
    await ended.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-slot"))).toBe("permission-grant");
    expect(await page.evaluate(() => document.activeElement?.closest("[data-slot=permissions-group]")?.getAttribute("data-group"))).toBe("ended");
    await refused.getByText("Nothing refused for good.").waitFor();

    // The agent may ask again.
    await pickScenario(page, REPORT);
    await pending.waitFor({ timeout: 15_000 });
    await pending.getByText("customers.xlsx").first().waitFor();
    expect(browser.problems).toEqual([]);
  });
});

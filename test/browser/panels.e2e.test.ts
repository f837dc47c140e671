/**
 * The side panels in the demo, in chromium: seed 001 §5.1's multi-agent flow ("team") with the
 * trace panel open — two sub-agents in the trace and in the thread (names, hand-offs, indented
 * rows, one turn across a tool call, a cited source), memory updated, the weekly report in two
 * versions, and one confirmation that sends the mail.
 */
import { describe, expect, it } from "vitest";
import { pickScenario, shown, withDemo } from "./support";

const demo = withDemo({ viewport: { width: 1400, height: 1000 } });

describe("panels in the demo", () => {
  it("the team scenario with the trace open: sub-agents and tokens in the trace, then memory and the report's two versions", async () => {
    const { page, url, browser } = demo;
    await page.goto(url);
    await page.locator('[data-ui="kit"]').waitFor();
    const panels = page.locator("[data-slot=demo-panels]");
    await panels.getByRole("tab", { name: "Trace" }).click();
    const trace = page.locator("[data-slot=trace-panel]");
    await trace.waitFor({ timeout: 15_000 });

    await pickScenario(page, "Two agents, one report (panels)");
    const mail = page.locator("[data-slot=thread] [data-slot=interaction][data-type=permission_request][data-state=pending]");
    await mail.getByText("regional managers").first().waitFor({ timeout: 20_000 });

    // The trace: both sub-agents, the run's token usage, no protocol errors.
    await trace.getByLabel("Event type").selectOption("SUBAGENT_STARTED");
    await expect.poll(() => trace.locator("[data-slot=trace-panel-row]").allTextContents(), { timeout: 5_000 }).toEqual([
      expect.stringContaining("sales_agent"),
      expect.stringContaining("mail_agent"),
    ]);
    expect(await trace.locator("[data-slot=trace-panel-usage]").first().textContent()).toContain("1830 in / 412 out tokens");
    await trace.getByLabel("Event type").selectOption("");
    expect(await trace.locator("[data-slot=trace-panel-row][data-state=error]").count()).toBe(0);
    // The list is virtual: far fewer rows in the page than events.
    const count = (await trace.locator("[data-slot=trace-panel-count]").textContent()) ?? "";
    expect(parseInt(count, 10)).toBeGreaterThan(100);
    expect(await trace.locator("[data-slot=trace-panel-row]").count()).toBeLessThan(parseInt(count, 10));

    // In the thread: each sub-agent's rows named and indented, the hand-offs between agents, and
    // the sales agent's text, tool call and the text after it read as one turn.
    const thread = page.locator("[data-slot=thread]");
    const handoffs = thread.locator("[data-slot=thread-handoff]");
    await expect.poll(() => handoffs.allTextContents(), { timeout: 5_000 }).toEqual([
      "Assistant handed off to Sales agent",
      "Sales agent handed off to Mail agent",
      "Mail agent handed off to Assistant",
    ]);
    const chips = thread.locator("[data-slot=message-attribution]");
    expect(await chips.allTextContents()).toEqual(["Sales agentvia sub-agent Sales agent", "Mail agentvia sub-agent Mail agent"]);
    expect(await chips.first().isVisible()).toBe(true);
    const subagentRows = thread.locator("[data-slot=thread-row][data-subagent-depth='1']");
    expect(await subagentRows.count()).toBe(3);
    expect(await subagentRows.evaluateAll((rows) => rows.map((r) => r.getAttribute("data-turn-position")))).toEqual(["start", "middle", "middle"]);
    // The text after the tool call has no second header, and sits closer than a new turn would.
    const after = subagentRows.nth(1);
    expect(await after.locator("[data-slot=message-header]").count()).toBe(0);
    expect(await after.evaluate((row) => getComputedStyle(row).paddingTop)).toBe("0px");
    // Indented under the main agent's rows.
    const indent = (locator: typeof after) => locator.evaluate((row) => parseFloat(getComputedStyle(row).paddingInlineStart));
    expect(await indent(subagentRows.first())).toBeGreaterThan(await indent(thread.locator("[data-slot=thread-row][data-turn-position=end]").first()));
    // The sales agent cites its source; the marker moves focus to it.
    await thread.locator("[data-slot=citation-ref]").first().click();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-slot"))).toBe("message-source");
    expect(await thread.getByRole("link", { name: "Sales warehouse — week 48" }).getAttribute("href")).toBe("https://example.com/sales/week-48");

    // One confirmation sends it.
    await mail.getByRole("button", { name: "Send mail", exact: true }).click();
    await shown(page, "Sent to 4 regional managers").first().waitFor({ timeout: 15_000 });

    await panels.getByRole("tab", { name: "Memory" }).click();
    const memory = page.locator("[data-slot=memory-panel]");
    await memory.getByText("North 124", { exact: false }).waitFor({ timeout: 10_000 });
    await memory.getByText("Weekly report — week 48", { exact: false }).waitFor();

    await panels.getByRole("tab", { name: "Artifacts" }).click();
    const report = page.locator('[data-slot=artifacts-panel-item][data-artifact-id="weekly-report"]');
    await report.getByText("v2 of 2").waitFor({ timeout: 10_000 });
    await report.getByText("Total: 409").waitFor();
    await report.getByLabel("Version").selectOption("1");
    await report.getByText("v1 of 2").waitFor();
    expect(await report.getByText("Total: 409").count()).toBe(0);

    await panels.getByRole("tab", { name: "Status" }).click();
    await page.locator("[data-slot=agent-status-panel][data-status=idle]").waitFor({ timeout: 10_000 });
    expect(browser.problems).toEqual([]);
  }, 90_000);
});

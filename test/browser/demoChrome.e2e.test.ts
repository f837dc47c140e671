/**
 * The demo's own chrome, as a visitor meets it in Debian's chromium (issue 28): the scenarios in one
 * grouped menu the keyboard drives, the developer details behind a switch (off by default, kept
 * across reloads), a skip link as the first Tab stop, every side panel in one frame, the audit table
 * inside its panel at 1280 px, nothing wider than a phone at 375 px, the chrome in Chinese with
 * `?lang=zh-CN`, and axe finding nothing.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SCENARIO_GROUPS, SCENARIOS } from "../../demo/agent/scenarios";
import { openBrowser, pickScenario, root, scenarioMenu, shown, withDemo } from "./support";

const demo = withDemo({ viewport: { width: 1280, height: 900 } });

const inChat = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest("main")));
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? "");

async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: readFileSync(join(root, "node_modules/axe-core/axe.min.js"), "utf8") });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: { id: string; nodes: { html: string }[] }[] }> } }).axe;
    const result = await axe.run(document);
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 80)).join(" | ")}`);
  });
}

describe("the demo's chrome", () => {
  it("the skip link is the first Tab stop and reaches the conversation; without it the header holds four stops", async () => {
    const { page, url, problems } = demo;
    problems.length = 0;
    await page.goto(url);
    await page.locator("[data-slot=composer]").waitFor();
    await page.keyboard.press("Tab");
    expect(await focusedText(page)).toBe("Skip to the conversation");
    await page.keyboard.press("Enter");
    expect(await inChat(page)).toBe(true);

    await page.goto(url);
    await page.locator("[data-slot=composer]").waitFor();
    let stops = 0;
    while (!(await inChat(page)) && stops < 20) {
      await page.keyboard.press("Tab");
      stops++;
    }
    // Skip link, scenarios, theme, developer switch; the fifth lands in the chat.
    expect(stops).toBe(5);
    expect(problems).toEqual([]);
  });

  it("the scenarios are one grouped menu the keyboard opens, moves through and picks from", async () => {
    const { page, url, problems } = demo;
    problems.length = 0;
    await page.goto(url);
    await scenarioMenu(page).focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await menu.waitFor();
    expect(await menu.getByRole("group").count()).toBe(SCENARIO_GROUPS.length);
    expect(await menu.getByRole("menuitem").count()).toBe(SCENARIOS.length);
    expect(await menu.getByRole("group", { name: "Questions" }).getByRole("menuitem").allTextContents()).toContain("Booking (advice)");
    // The first item has focus (Radix moves it there as the menu opens, a frame after it is
    // shown: wait for it, or ArrowDown lands on the first item on a slow machine); the second is
    // "Tool call".
    await page.waitForFunction(() => document.activeElement?.getAttribute("role") === "menuitem");
    await page.keyboard.press("ArrowDown");
    await page.waitForFunction(() => document.activeElement?.textContent === "Tool call");
    await page.keyboard.press("Enter");
    await menu.waitFor({ state: "detached" });
    await shown(page, "I found 3 trains").and(page.locator("main *")).waitFor({ timeout: 15_000 });
    // The button is back once the run is over, and the picker helper the other tests use works.
    await pickScenario(page, "Markdown");
    await page.getByRole("table").first().waitFor({ timeout: 15_000 });
    expect(problems).toEqual([]);
  });

  it("developer details are off by default, and the switch shows them and keeps them across a reload", async () => {
    const { page, url, problems } = demo;
    problems.length = 0;
    await page.goto(url);
    await page.locator("[data-slot=composer]").waitFor();
    expect(await page.getByText("agent: /api/agent").count()).toBe(0);
    expect(await page.getByTestId("rtui-status").count()).toBe(0);
    expect(await page.getByTestId("agent-state").count()).toBe(0);
    expect(await page.getByRole("checkbox", { name: /Test mode/ }).count()).toBe(0);

    await page.getByRole("switch", { name: "Developer details" }).click();
    await page.getByText("agent: /api/agent", { exact: false }).waitFor();
    await page.getByTestId("agent-state").waitFor();
    await page.reload();
    await page.getByTestId("rtui-status").waitFor();
    expect(await page.getByRole("switch", { name: "Developer details" }).getAttribute("aria-checked")).toBe("true");
    await page.getByRole("switch", { name: "Developer details" }).click();
    await page.getByTestId("rtui-status").waitFor({ state: "detached" });
    expect(problems).toEqual([]);
  });

  it("every side panel has the same frame, and the audit table fits its panel at 1280 px", async () => {
    const { page, url, problems } = demo;
    problems.length = 0;
    await page.goto(url);
    await pickScenario(page, "Weekly report (permissions)");
    const pending = page.locator("[data-slot=thread] [data-slot=interaction][data-state=pending]");
    await pending.first().getByRole("button", { name: "Approve" }).click({ timeout: 15_000 });
    await page.locator("[data-slot=audit-record]").first().waitFor({ timeout: 15_000 });

    const frames = await page.locator(".demo-aside > *").evaluateAll((panels) =>
      panels
        .filter((panel) => panel.getBoundingClientRect().height > 0 && !panel.matches("[data-slot=demo-threads]"))
        .map((panel) => {
          const style = getComputedStyle(panel);
          return `${style.borderTopWidth} ${style.borderTopLeftRadius} ${style.paddingTop}`;
        }),
    );
    expect(frames.length).toBeGreaterThanOrEqual(5);
    expect(new Set(frames).size).toBe(1);

    const table = await page.locator("[data-slot=audit-log-table]").evaluate((el) => ({ table: el.scrollWidth, box: el.parentElement!.clientWidth }));
    expect(table.table).toBeLessThanOrEqual(table.box);
    const aside = await page.locator(".demo-aside").evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(aside).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("?lang=zh-CN: the demo's own labels are Chinese too, and the menu's groups and scenarios", async () => {
    const { page, url, problems } = demo;
    problems.length = 0;
    await page.goto(`${url}?lang=zh-CN`);
    await page.locator("[data-slot=composer]").waitFor();
    await page.getByRole("switch", { name: "开发者信息" }).waitFor();
    await page.getByRole("tab", { name: "记忆" }).waitFor();
    expect(await page.getByRole("combobox", { name: "主题" }).locator("option").allTextContents()).toEqual(["自动", "浅色", "深色"]);
    await page.getByRole("button", { name: "场景", exact: true }).click();
    await page.getByRole("group", { name: "权限" }).getByRole("menuitem", { name: "周报（权限）" }).waitFor();
    await page.keyboard.press("Escape");
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("at 375 px nothing is wider than the screen, the header is one row, and axe finds nothing", async () => {
    const phone = await openBrowser({ width: 375, height: 812 });
    try {
      const page = phone.page;
      await page.goto(demo.url);
      await page.locator("[data-slot=composer]").waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      const header = await page.locator(".demo-header").boundingBox();
      expect(header!.height).toBeLessThan(60);
      await scenarioMenu(page).click();
      const menu = await page.getByRole("menu").boundingBox();
      expect(menu!.x + menu!.width).toBeLessThanOrEqual(375);
      await page.keyboard.press("Escape");
      expect(await axeViolations(page)).toEqual([]);
      expect(phone.problems).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});

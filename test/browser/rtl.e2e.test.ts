/**
 * Issue 26, point 6, in Debian's chromium: the cards and the composer in Arabic, right to left. The
 * kit takes the direction from its locale (`?lang=ar` gives the provider `locale="ar"`), so the
 * kit's root says `dir="rtl"`, every card reads from the right (its title at the right edge, an
 * option's number right of its label, its actions in mirrored order), the composer's send button
 * sits at the left end of the field, the labels are Arabic, nothing is wider than the page, and axe
 * finds nothing in the kit.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pickScenario, root, withDemo } from "./support";

const demo = withDemo({ viewport: { width: 1280, height: 900 } });
const ARABIC = /[\u0600-\u06FF]/;

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error("not laid out");
  return b;
}

async function kitViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: readFileSync(join(root, "node_modules/axe-core/axe.min.js"), "utf8") });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Element): Promise<{ violations: { id: string; nodes: { html: string }[] }[] }> } }).axe;
    const kit = document.querySelector("[data-slot=thread]") as Element;
    const result = await axe.run(kit);
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 80)).join(" | ")}`);
  });
}

/** The elements that stick out of the page sideways (none, when nothing is wider than it). */
const sticksOut = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return [...document.querySelectorAll("body *")]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.right > width + 1 || r.left < -1);
      })
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}[${el.getAttribute("data-slot") ?? el.className}] ${Math.round(el.getBoundingClientRect().left)}..${Math.round(el.getBoundingClientRect().right)}`);
  });

describe("right to left: the cards and the composer in Arabic", () => {
  it("an advice card reads from the right, in Arabic, and the composer is mirrored", async () => {
    const { page, url, problems } = demo;
    problems.length = 0;
    await page.goto(`${url}?lang=ar`);
    const thread = page.locator("[data-slot=thread]");
    await thread.waitFor();
    expect(await thread.evaluate((el) => el.closest("[dir]")?.getAttribute("dir"))).toBe("rtl");
    expect(await thread.evaluate((el) => getComputedStyle(el).direction)).toBe("rtl");

    // The composer: the field starts at the right, the send button is at its left end.
    const input = page.locator("[data-slot=composer-input]");
    const send = page.locator("[data-slot=composer-send]");
    // Polled: Arabic's words load on first use, and on a loaded machine they may land after the thread shows.
    await expect.poll(async () => ARABIC.test((await input.getAttribute("placeholder")) ?? ""), { timeout: 15_000 }).toBe(true);
    expect((await box(send)).x).toBeLessThan((await box(input)).x + (await box(input)).width / 2);

    await pickScenario(page, "Booking (advice)");
    const card = page.locator("[data-slot=thread] [data-slot=interaction][data-type=advice][data-state=pending]").first();
    await card.waitFor({ timeout: 20_000 });
    const cardBox = await box(card);
    // The header's title starts at the card's right edge (its start in RTL).
    const type = card.locator("[data-slot=interaction-title]").first();
    const typeBox = await box(type);
    expect(cardBox.x + cardBox.width - (typeBox.x + typeBox.width)).toBeLessThan(cardBox.width / 4);
    expect(typeBox.x).toBeGreaterThan(cardBox.x + cardBox.width / 2);
    // Each option starts at the right: its number to the right of its label.
    const option = card.locator("[data-slot=advice-option]").first();
    const numberBox = await box(option.locator("[data-slot=interaction-number]"));
    const labelBox = await box(option.locator("[data-slot=advice-option-label]"));
    expect(numberBox.x).toBeGreaterThan(labelBox.x);
    // The card's own buttons name themselves in Arabic.
    for (const slot of ["advice-decline", "advice-submit"]) expect(ARABIC.test((await card.locator(`[data-slot=${slot}]`).textContent()) ?? ""), slot).toBe(true);
    // Polled: a card or a toast sliding in is wider for a frame.
    await expect.poll(() => sticksOut(page)).toEqual([]);
    expect(await kitViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("a permission card's actions are in mirrored order and name themselves in Arabic", async () => {
    const { page, url, problems } = demo;
    problems.length = 0;
    await page.goto(`${url}?lang=ar`);
    await page.locator("[data-slot=thread]").waitFor();
    await pickScenario(page, "Delete (approval)");
    const card = page.locator("[data-slot=thread] [data-slot=interaction][data-state=pending]").first();
    await card.waitFor({ timeout: 20_000 });
    const buttons = card.locator("[data-slot=interaction-actions] button:visible");
    await buttons.first().waitFor({ timeout: 10_000 });
    const count = await buttons.count();
    expect(count).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < count; i++) expect(ARABIC.test((await buttons.nth(i).textContent()) ?? ""), `button ${i}`).toBe(true);
    // The first button in reading order is the rightmost one.
    const first = await box(buttons.first());
    const last = await box(buttons.nth(count - 1));
    if (Math.abs(first.y - last.y) < 4) expect(first.x).toBeGreaterThan(last.x);
    else expect(first.y).toBeLessThan(last.y);
    // Polled: a card or a toast sliding in is wider for a frame.
    await expect.poll(() => sticksOut(page)).toEqual([]);
    expect(await kitViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
});

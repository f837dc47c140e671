/**
 * The look, as a designer checks it (issue 28): every kind of card and the conversation around it,
 * at 1280 and 375 px, light and dark, from the demo in Debian's chromium. Writes PNGs to
 * test-results/look/ (not committed) and prints what it wrote. Run it before and after a change to
 * the look and compare the two folders.
 *
 *   node --import tsx scripts/look.ts [out-dir]
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { openBrowser, pickScenario, root, startDemo } from "../test/browser/support";

const CARDS: [name: string, scenario: string, type: string][] = [
  ["advice", "Booking (advice)", "advice"],
  ["input", "Address form", "input_request"],
  ["error", "Failed export", "error"],
  ["approval", "Delete (approval)", "permission_request"],
  ["typed", "Delete a file (typed)", "permission_request"],
  ["scopes", "Weekly report (permissions)", "permission_request"],
  ["notification", "Notification", "notification"],
];
const WIDTHS = [1280, 375];
const THEMES = ["light", "dark"] as const;

const out = process.argv[2] ?? join(root, "test-results", "look");
mkdirSync(out, { recursive: true });
const { server, url } = await startDemo();
const written: string[] = [];
try {
  for (const width of WIDTHS) {
    for (const theme of THEMES) {
      const browser = await openBrowser({ width, height: 900 });
      try {
        await browser.page.emulateMedia({ colorScheme: theme });
        for (const [name, scenario, type] of CARDS) {
          await browser.page.goto(url);
          await pickScenario(browser.page, scenario);
          // The card itself, not the placeholder it replaces when its chunk arrives.
          const card = browser.page.locator(`[data-slot=thread] [data-slot=interaction][data-type=${type}]:not([aria-busy])`).last();
          await card.waitFor({ timeout: 20_000 });
          // Let the card's chunk arrive and the stream settle.
          await browser.page.waitForTimeout(600);
          const shot = join(out, `${name}-${width}-${theme}.png`);
          await card.screenshot({ path: shot });
          written.push(shot);
          if (name === "approval") {
            const page = join(out, `conversation-${width}-${theme}.png`);
            await browser.page.screenshot({ path: page });
            written.push(page);
          }
        }
        if (browser.problems.length) console.warn(`${width} ${theme}: ${browser.problems.join("; ")}`);
      } finally {
        await browser.close();
      }
    }
  }
} finally {
  await server.close();
}
console.log(written.join("\n"));

/**
 * Conversation ergonomics in the demo, in Chromium: edit a message (the thread forks), browse the
 * versions with the branch picker, regenerate an answer, and send a quick reply from a chip.
 */
import { describe, expect, it } from "vitest";
import { pickScenario, send, shown, withDemo } from "./support";

const demo = withDemo();

const userBodies = () => demo.page.locator('article[data-role="user"] [data-slot="message-body"]').allTextContents();

describe("conversation ergonomics (demo)", () => {
  it("edits a message, browses the versions, regenerates, and answers with a suggestion chip", async () => {
    const { page, url, problems } = demo;
    problems.length = 0;
    await page.goto(url);
    await page.locator('[data-ui="kit"]').waitFor();

    await send(page, "hello parley");
    await shown(page, "You said").first().waitFor({ timeout: 15_000 });

    // Edit: an inline editor with the text; Enter sends the edit as a new version.
    await page.getByRole("button", { name: "Edit" }).first().click();
    const editor = page.getByRole("textbox", { name: "Edit your message" });
    await expect.poll(() => editor.inputValue()).toBe("hello parley");
    await editor.fill("hello again");
    await editor.press("Enter");
    await shown(page, "hello again").first().waitFor({ timeout: 15_000 });
    const picker = page.getByRole("group", { name: "Versions" }).first();
    await expect.poll(() => picker.getAttribute("data-index")).toBe("2");
    await expect.poll(() => picker.getAttribute("data-count")).toBe("2");
    // Focus went on to the composer, not to <body>.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-slot"))).toBe("composer-input");
    await page.getByRole("button", { name: "Send" }).waitFor();

    // Back to the first version, and forward again.
    await picker.getByRole("button", { name: "Previous version" }).click();
    await expect.poll(userBodies).toEqual(["hello parley"]);
    await page.getByRole("group", { name: "Versions" }).first().getByRole("button", { name: "Next version" }).click();
    await expect.poll(userBodies).toEqual(["hello again"]);

    // Regenerate the answer: a second version of it, "2 / 2" under the answer.
    await page.getByRole("button", { name: "Regenerate" }).last().click();
    await expect.poll(() => page.locator('article[data-role="assistant"] [data-slot="branch-picker"]').count(), { timeout: 15_000 }).toBe(1);

    // Quick replies: the agent offers chips; a click sends one as the person's message.
    await pickScenario(page, "Quick replies");
    const chips = page.getByRole("group", { name: "Suggested replies" });
    await chips.waitFor({ timeout: 15_000 });
    await chips.getByRole("button", { name: "The mountains" }).click();
    await expect.poll(async () => (await userBodies()).at(-1)).toBe("The mountains");
    await chips.waitFor({ state: "detached", timeout: 15_000 });

    expect(problems).toEqual([]);
  });

  it("names the button the pointer is already on when the row's tooltips arrive after it", async () => {
    const { page, url, problems } = demo;
    problems.length = 0;
    // The tooltips' chunk is held back until the pointer is on the button (a busy page loads it late).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const chunk = /ActionTooltip\.tsx/;
    let asked = false;
    await page.route(chunk, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    try {
      await page.goto(url);
      await page.locator('[data-ui="kit"]').waitFor();
      await send(page, "hello tooltips");
      await shown(page, "You said").first().waitFor({ timeout: 15_000 });
      const regenerate = page.getByRole("button", { name: "Regenerate" }).last();
      await regenerate.hover();
      await expect.poll(() => asked, { timeout: 15_000 }).toBe(true);
      expect(await page.getByRole("tooltip").count()).toBe(0);
      release();
      await page.getByRole("tooltip", { name: "Regenerate" }).waitFor({ timeout: 10_000 });
    } finally {
      release();
      await page.unroute(chunk);
    }
    expect(problems).toEqual([]);
  });
});

/**
 * The default look and its keyboard behaviour, in Debian's chromium against the demo's reference
 * agent: focus returns to the composer after Retry, after Stop and when a run ends while Stop has
 * focus (never to <body>); Escape stops a running reply, from the composer and from the thread;
 * the messages sit in a centred reading column, and a one-word question is a small bubble.
 */
import { describe, expect, it } from "vitest";
import { MARKDOWN_ANSWER } from "../../demo/agent/scenarios";
import { pickScenario, send, withDemo } from "./support";

const demo = withDemo({ viewport: { width: 1280, height: 900 } });

const composerState = () => demo.page.locator("[data-slot=composer]").getAttribute("data-state");
const focusedSlot = () => demo.page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.slot ?? document.activeElement?.tagName);
/** The last reply's text so far ("" before the agent wrote any). */
const reply = () => demo.page.locator("[data-slot=message][data-role=assistant] [data-slot=message-body]").evaluateAll((nodes) => nodes.at(-1)?.textContent ?? "");

async function startMarkdown(): Promise<void> {
  const { page, url } = demo;
  await page.goto(url);
  await pickScenario(page, "Markdown");
  await expect.poll(composerState).toBe("running");
}

describe("focus and Escape (kit)", () => {
  it("Retry pressed with Enter leaves focus in the composer, not on the page", async () => {
    const { page, url, problems } = demo;
    problems.length = 0;
    await page.goto(url);
    await pickScenario(page, "Error + retry");
    const retry = page.getByRole("button", { name: "Retry", exact: true });
    await retry.waitFor({ timeout: 15_000 });
    await retry.focus();
    await page.keyboard.press("Enter");
    await expect.poll(focusedSlot).toBe("composer-input");
    await expect.poll(composerState, { timeout: 15_000 }).toBe("idle");
    expect(await focusedSlot()).toBe("composer-input");
    expect(problems).toEqual([]);
  });

  it("Stop pressed with Space stops the run and puts focus in the composer", async () => {
    const { page, problems } = demo;
    problems.length = 0;
    await startMarkdown();
    const stop = page.getByRole("button", { name: "Stop" });
    await stop.focus();
    await page.keyboard.press("Space");
    await expect.poll(composerState).toBe("idle");
    expect(await focusedSlot()).toBe("composer-input");
    expect(await reply()).not.toBe(MARKDOWN_ANSWER);
    expect(problems).toEqual([]);
  });

  it("a run that ends while Stop has focus hands focus to the composer", async () => {
    const { page, problems } = demo;
    problems.length = 0;
    await startMarkdown();
    await page.getByRole("button", { name: "Stop" }).focus();
    await expect.poll(composerState, { timeout: 15_000 }).toBe("idle");
    await expect.poll(focusedSlot).toBe("composer-input");
    expect(problems).toEqual([]);
  });

  it("Escape in the composer stops a running reply", async () => {
    const { page, problems } = demo;
    problems.length = 0;
    await startMarkdown();
    await page.getByRole("textbox", { name: "Message" }).press("Escape");
    await expect.poll(composerState, { timeout: 2_000 }).toBe("idle");
    expect(await reply()).not.toBe(MARKDOWN_ANSWER);
    expect(problems).toEqual([]);
  });

  it("Escape in the thread stops a running reply, and focus stays in the thread", async () => {
    const { page, problems } = demo;
    problems.length = 0;
    await startMarkdown();
    const log = page.getByRole("log", { name: "Conversation" });
    await log.focus();
    await page.keyboard.press("Escape");
    await expect.poll(composerState, { timeout: 2_000 }).toBe("idle");
    expect(await focusedSlot()).toBe("thread-viewport");
    expect(problems).toEqual([]);
  });
});

describe("the default look (kit)", () => {
  it("a short question is a small bubble in a centred reading column, with no role label on screen and no 'Idle'", async () => {
    const { page, url, problems } = demo;
    problems.length = 0;
    await page.goto(url);
    await send(page, "go");
    await expect.poll(composerState, { timeout: 15_000 }).toBe("idle");
    const bubble = await page.locator("[data-slot=message][data-role=user]").first().boundingBox();
    expect(bubble!.width).toBeLessThan(120);
    const row = await page.locator("[data-slot=thread-row]").first().boundingBox();
    const viewport = await page.locator("[data-slot=thread-viewport]").boundingBox();
    // 46rem at 16 px, centred in the thread.
    expect(row!.width).toBeLessThanOrEqual(736);
    expect(Math.abs(row!.x - viewport!.x - (viewport!.width - row!.width) / 2)).toBeLessThan(2);
    // The role is still there for a screen reader, only off screen.
    const author = page.locator("[data-slot=message][data-role=user] [data-slot=message-author]").first();
    expect(await author.textContent()).toBe("You");
    expect(await author.evaluate((el) => el.getBoundingClientRect().width)).toBeLessThanOrEqual(1);
    expect(await page.locator("[data-slot=agent-status]").textContent()).toBe("");
    expect(problems).toEqual([]);
  });

  it("the message text is 15 px at about 1.65, code 13 px, and Copy sits beside the code, not over it", async () => {
    const { page, url, problems } = demo;
    problems.length = 0;
    await page.goto(url);
    await pickScenario(page, "Markdown");
    await expect.poll(composerState, { timeout: 15_000 }).toBe("idle");
    const body = page.locator("[data-slot=message][data-role=assistant] [data-slot=markdown] p").first();
    const type = await body.evaluate((el) => ({ size: getComputedStyle(el).fontSize, leading: parseFloat(getComputedStyle(el).lineHeight) / parseFloat(getComputedStyle(el).fontSize) }));
    expect(type.size).toBe("15px");
    expect(type.leading).toBeCloseTo(1.65, 2);
    const pre = page.locator("[data-slot=markdown-code-block] pre").first();
    expect(await pre.evaluate((el) => getComputedStyle(el).fontSize)).toBe("13px");
    // No chip style inside a block: the code starts at the block's padding.
    expect(await pre.locator("code").evaluate((el) => getComputedStyle(el).paddingLeft)).toBe("0px");
    const copy = await page.getByRole("button", { name: "Copy code" }).boundingBox();
    const code = await pre.boundingBox();
    expect(copy!.y + copy!.height).toBeLessThanOrEqual(code!.y + 0.5);
    expect(copy!.height).toBeGreaterThanOrEqual(24);
    expect(problems).toEqual([]);
  });
});

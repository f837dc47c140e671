/**
 * Feedback on an answer in the demo, in Chromium (issue 26): the thumbs sit at the end of the
 * answer's action row, a choice shows as chosen and goes to the agent as AG-UI's META event
 * (draft), a thumbs down takes an optional reason, and choosing again takes it back.
 */
import { describe, expect, it } from "vitest";
import { send, shown, withDemo } from "./support";

const demo = withDemo();

describe("feedback on answers (demo)", () => {
  it("a thumbs up is shown as chosen and reaches the agent as META; pressed again, it is taken back", async () => {
    const { page, url, problems } = demo;
    problems.length = 0;
    await page.goto(url);
    await page.locator('[data-ui="kit"]').waitFor();
    await send(page, "hello parley");
    await shown(page, "You said").first().waitFor({ timeout: 15_000 });

    const good = page.getByRole("button", { name: "Good answer" }).first();
    await page.locator('article[data-role="assistant"]').first().hover();
    const meta = page.waitForRequest((r) => r.method() === "POST" && (r.postData() ?? "").includes('"META"'), { timeout: 15_000 });
    await good.click();
    const sent = JSON.parse((await meta).postData() ?? "{}") as { type?: string; metaType?: string; payload?: { messageId?: string } };
    expect(sent).toMatchObject({ type: "META", metaType: "thumbs_up" });
    expect(typeof sent.payload?.messageId).toBe("string");
    await expect.poll(() => good.getAttribute("aria-pressed")).toBe("true");

    const undo = page.waitForRequest((r) => r.method() === "POST" && (r.postData() ?? "").includes('"META"'), { timeout: 15_000 });
    await good.click();
    expect(JSON.parse((await undo).postData() ?? "{}")).toMatchObject({ type: "META", metaType: "feedback_cleared" });
    await expect.poll(() => good.getAttribute("aria-pressed")).toBe("false");
    expect(problems).toEqual([]);
  });
});

/**
 * Issue 9 in the demo, in chromium: the question waiting for the person can be read out with the
 * browser's speech synthesis, in the words a voice channel says (numbers and times spoken); the
 * control is not there when the browser cannot speak. Speech itself is replaced by a recorder: a
 * test browser has no voices, and what matters is what would be said.
 */
import { describe, expect, it } from "vitest";
import { pickScenario, withDemo } from "./support";

const demo = withDemo({ viewport: { width: 1400, height: 1000 } });

describe("speaking the pending question in the demo", () => {
  it("reads the booking question in the voice channel's words, and stops", async () => {
    const { browser, url } = demo;
    const page = browser.page;
    await page.addInitScript(() => {
      const said: { text: string; lang: string }[] = [];
      (window as unknown as { said: typeof said }).said = said;
      let current: SpeechSynthesisUtterance | undefined;
      Object.defineProperty(window, "speechSynthesis", {
        configurable: true,
        value: {
          speak(utterance: SpeechSynthesisUtterance) {
            current = utterance;
            said.push({ text: utterance.text, lang: utterance.lang });
          },
          cancel() {
            const ending = current;
            current = undefined;
            ending?.onend?.(new Event("end") as SpeechSynthesisEvent);
          },
        },
      });
    });
    await page.goto(`${url}?lang=zh-CN`);
    await page.locator('[data-ui="kit"]').waitFor();
    // The demo's own labels are Chinese too: the section is "语音" (Voice).
    const speak = page.locator("section[aria-label='语音'] button");
    expect(await speak.count()).toBe(0);

    await pickScenario(page, "Booking (advice)");
    await speak.waitFor({ timeout: 20_000 });
    await speak.click();
    await expect.poll(() => speak.getAttribute("aria-pressed")).toBe("true");
    const said = await page.evaluate(() => (window as unknown as { said: { text: string; lang: string }[] }).said);
    expect(said).toHaveLength(1);
    expect(said[0]!.lang).toBe("zh-CN");
    // The options by number and their times, as a speaker says them.
    expect(said[0]!.text).toContain("十八点四十");
    expect(said[0]!.text).not.toContain("18:40");

    await speak.click();
    await expect.poll(() => speak.getAttribute("aria-pressed")).toBe("false");
  });

  it("shows no control where the browser cannot speak", async () => {
    const { browser, url } = demo;
    const context = browser.context;
    const page = await context.newPage();
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, "speechSynthesis");
    });
    await page.goto(url);
    await pickScenario(page, "Booking (advice)");
    await page.locator("[data-slot=interaction][data-state=pending]").first().waitFor({ timeout: 20_000 });
    expect(await page.locator("section[aria-label=Voice]").count()).toBe(0);
    await page.close();
  });
});

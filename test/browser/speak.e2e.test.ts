/**
 * Issue 9 in the demo, in chromium: the question waiting for the person can be read out with the
 * browser's speech synthesis, in the words a voice channel says (numbers and times spoken); the
 * control is not there when the browser cannot speak. Speech itself is replaced by a recorder: a
 * test browser has no voices, and what matters is what would be said.
 */
import { describe, expect, it } from "vitest";
import { pickScenario, withDemo } from "./support";

const demo = withDemo({ viewport: { width: 1400, height: 1000 } });

/**
 * Speech in and out, replaced for a test browser (it has no microphone, and its voices are not to
 * be waited on): `speechSynthesis` records each utterance in `window.log` and ends it a moment
 * later, as a voice would; `webkitSpeechRecognition` is a recognizer the test speaks through
 * (`window.recognition.say(text, isFinal)`) that behaves as Chromium's does: results by index,
 * one `end` on stop(). For `page.addInitScript`: it closes over nothing.
 */
function installFakeSpeech(): void {
  type Listener = ((event: unknown) => void) | null;
  const log: string[] = [];
  const w = window as unknown as { log: string[]; recognition?: FakeRecognition };
  w.log = log;
  Object.defineProperty(window, "speechSynthesis", {
    configurable: true,
    value: {
      speak(utterance: SpeechSynthesisUtterance) {
        log.push(`say:${utterance.lang}:${utterance.text}`);
        setTimeout(() => utterance.onend?.(new Event("end") as SpeechSynthesisEvent), 50);
      },
      cancel() {},
    },
  });
  class FakeRecognition {
    lang = "";
    continuous = false;
    interimResults = false;
    onresult: Listener = null;
    onerror: Listener = null;
    onend: Listener = null;
    ended = false;
    start() {
      log.push(`listen:${this.lang}`);
      w.recognition = this;
    }
    stop() {
      this.end();
    }
    abort() {
      this.end();
    }
    end() {
      if (this.ended) return;
      this.ended = true;
      if (w.recognition === this) w.recognition = undefined;
      this.onend?.(new Event("end"));
    }
    say(transcript: string, isFinal = true) {
      this.onresult?.({ resultIndex: 0, results: [Object.assign([{ transcript }], { isFinal })] });
    }
  }
  Object.defineProperty(window, "webkitSpeechRecognition", { configurable: true, value: FakeRecognition });
  Reflect.deleteProperty(window, "SpeechRecognition");
}

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
    const speak = page.locator("section[aria-label='语音'] button[data-channel=voice]");
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

  it("answers by voice in a loop: the question is read, '第九个' is refused aloud, '第三个' answers it (fake recognizer and synthesizer)", async () => {
    const { browser, url } = demo;
    const page = await browser.context.newPage();
    // The log says in which order speech out and speech in happened (installFakeSpeech).
    await page.addInitScript(installFakeSpeech);
    await page.goto(`${url}?lang=zh-CN`);
    await page.locator('[data-ui="kit"]').waitFor();
    await pickScenario(page, "Booking (advice)");
    const card = page.locator("[data-slot=thread] [data-slot=interaction][data-type=advice]").first();
    await card.and(page.locator("[data-state=pending]")).waitFor({ timeout: 20_000 });
    const talk = page.locator("[data-voice-loop]");
    await talk.click();
    await expect.poll(() => talk.getAttribute("aria-pressed")).toBe("true");
    const phase = page.locator("[data-voice-phase]");
    await expect.poll(() => phase.getAttribute("data-voice-phase"), { timeout: 10_000 }).toBe("listening");
    const log = () => page.evaluate(() => (window as unknown as { log: string[] }).log);
    const spoke = await log();
    // The question was spoken first, in Chinese numbers and times, and only then did the microphone open.
    expect(spoke[0]).toMatch(/^say:zh-CN:.*十八点四十/);
    expect(spoke[1]).toBe("listen:zh-CN");
    const say = (text: string) => page.evaluate((t) => (window as unknown as { recognition: { say: (t: string) => void } }).recognition.say(t), text);

    await say("第九个");
    await expect.poll(async () => (await log()).some((line) => line.includes("不在可回复的编号范围内")), { timeout: 10_000 }).toBe(true);
    expect(await card.getAttribute("data-state")).toBe("pending");
    await expect.poll(() => phase.getAttribute("data-voice-phase"), { timeout: 10_000 }).toBe("listening");

    await say("第三个");
    await expect.poll(() => card.getAttribute("data-state"), { timeout: 10_000 }).toBe("answered");
    await talk.click();
    await expect.poll(() => talk.getAttribute("aria-pressed")).toBe("false");
    expect(await page.locator("[data-voice-phase]").getAttribute("data-voice-phase")).toBe("stopped");
    await page.close();
  });

  it("answers by voice: '第三个' said into the composer's microphone answers option 3 (a fake recognizer in Chromium)", async () => {
    const { browser, url } = demo;
    const page = await browser.context.newPage();
    // The browser's recognizer replaced by one the test speaks through (installFakeSpeech).
    await page.addInitScript(installFakeSpeech);
    await page.goto(`${url}?lang=zh-CN`);
    await pickScenario(page, "Booking (advice)");
    const card = page.locator("[data-slot=thread] [data-slot=interaction][data-type=advice]").first();
    await card.and(page.locator("[data-state=pending]")).waitFor({ timeout: 20_000 });
    const mic = page.locator("[data-slot=composer-dictate]");
    await mic.click({ timeout: 10_000 });
    await expect.poll(() => mic.getAttribute("aria-pressed")).toBe("true");
    expect(await page.evaluate(() => (window as unknown as { recognition: { lang: string } }).recognition.lang)).toBe("zh-CN");
    await page.evaluate(() => (window as unknown as { recognition: { say: (t: string, f: boolean) => void } }).recognition.say("第三", false));
    await expect.poll(() => page.locator("[data-slot=composer-dictation]").textContent()).toContain("第三");
    await page.evaluate(() => (window as unknown as { recognition: { say: (t: string, f: boolean) => void } }).recognition.say("第三个", true));
    await mic.click();
    await expect.poll(() => mic.getAttribute("aria-pressed")).toBe("false");
    await expect.poll(() => page.locator("[data-slot=composer-input]").inputValue()).toBe("第三个");
    await expect.poll(() => page.locator("[data-slot=composer-preview]").getAttribute("data-state")).toBe("answer");
    await page.locator("[data-slot=composer-input]").press("Enter");
    await expect.poll(() => card.getAttribute("data-state"), { timeout: 10_000 }).toBe("answered");
    await page.close();
  });
});

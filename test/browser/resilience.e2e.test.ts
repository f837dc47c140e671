/**
 * Resilience in Debian's chromium, against the demo's reference agent: a frame that is not JSON in
 * the middle of an answer, and a stream the server cuts mid-answer (`flaky`), which the client
 * resumes with Last-Event-ID.
 */
import { describe, expect, it } from "vitest";
import { BROKEN_ANSWER, BROKEN_FRAME, FLAKY_ANSWER } from "../../demo/agent/scenarios";
import { pickScenario, withDemo } from "./support";

// The protocol errors are a developer detail.
const demo = withDemo({ developer: true });

/** The text of the assistant messages, in order, as the thread shows them (never the announcer). */
const replies = () =>
  demo.page.locator('[data-slot=message][data-role=assistant] [data-slot=message-body]').evaluateAll((nodes) => nodes.map((n) => n.textContent?.trim() ?? ""));

describe("resilience (kit)", () => {
  it("a frame that is not JSON mid-answer is recorded as a protocol error, shown inert, and the rest of the answer arrives", async () => {
    const { page, url, problems } = demo;
    problems.length = 0;
    await page.goto(url);
    await pickScenario(page, "Broken frame");
    await expect.poll(replies, { timeout: 15_000 }).toEqual([BROKEN_ANSWER]);
    await expect.poll(() => page.locator("[data-slot=agent-status]").getAttribute("data-status")).toBe("idle");

    const errors = page.getByTestId("protocol-errors").locator("li");
    await expect.poll(() => errors.count()).toBe(1);
    expect(await errors.first().getAttribute("data-code")).toBe("invalid-frame");
    expect(await errors.first().textContent()).toContain("not valid JSON; skipped");
    // The hostile frame is shown as text: no element was made from it, and its script never ran.
    expect(await errors.first().locator("code").textContent()).toBe(BROKEN_FRAME);
    expect(await page.locator("img[src=x]").count()).toBe(0);
    expect(await page.evaluate(() => (window as { __parleyPwned?: unknown }).__parleyPwned)).toBeUndefined();
    // No failure shown: the run finished.
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it("a stream the server cuts mid-answer: the status says reconnecting, then the whole answer arrives, with no text twice", async () => {
    const { page, url, problems } = demo;
    problems.length = 0;
    await page.goto(url);

    // Every status the indicator shows, with the reply as it stood then (recorded in the page, so
    // a short reconnect is never missed between two polls).
    await page.evaluate(() => {
      const log: { status: string; reply: string }[] = [];
      (window as { __statusLog?: typeof log }).__statusLog = log;
      const read = () => {
        const status = document.querySelector("[data-slot=agent-status]")?.textContent ?? "";
        const reply = document.querySelector("[data-slot=message][data-role=assistant] [data-slot=message-body]")?.textContent?.trim() ?? "";
        if (log.at(-1)?.status !== status) log.push({ status, reply });
      };
      new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await pickScenario(page, "Flaky network");
    const status = page.locator("[data-slot=agent-status]");
    await expect.poll(replies, { timeout: 15_000 }).toEqual([FLAKY_ANSWER]);
    await expect.poll(() => status.getAttribute("data-status")).toBe("idle");
    expect(await status.getAttribute("data-connection")).toBeNull();
    const log = await page.evaluate(() => (window as { __statusLog?: { status: string; reply: string }[] }).__statusLog ?? []);
    const reconnecting = log.find((entry) => entry.status === "Reconnecting… (attempt 1 of 4)");
    expect(reconnecting, JSON.stringify(log)).toBeDefined();
    // What streamed before the cut stayed on screen while it reconnected.
    expect(reconnecting!.reply.length).toBeGreaterThan(0);
    expect(FLAKY_ANSWER.startsWith(reconnecting!.reply)).toBe(true);
    // Idle says nothing: the status region is empty once the answer is in.
    expect(log.at(-1)?.status).toBe("");
    expect(await page.getByRole("alert").count()).toBe(0);
    // The request the server cut is the only failure the browser reports; everything else is clean.
    const cut = /ERR_INCOMPLETE_CHUNKED_ENCODING/;
    expect(problems.filter((p) => !cut.test(p))).toEqual([]);
    expect(problems.length).toBeGreaterThan(0); // the cut really happened in the browser's network stack
  });
});

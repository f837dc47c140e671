/**
 * One thread open in two tabs of Debian's chromium (the demo with `?persist`, which syncs tabs):
 * answering a pending permission in one tab closes the card in the other at once, the tab holding
 * the Web Lock sends, and the agent receives the answer exactly once (checked on the wire, for
 * both pages). The agent's reply then shows in both tabs.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { RunAgentInput } from "@ag-ui/core";
import { pickScenario, shown, withDemo } from "./support";

const demo = withDemo();
let first: Page;
let second: Page;
/** Bodies of the runs either page posted to the agent, in order, with the page that posted each. */
const runs: { body: RunAgentInput; from: Page }[] = [];
const problems: string[] = [];

beforeAll(async () => {
  first = demo.page;
  await demo.browser.context.route("**/api/agent", async (route) => {
    runs.push({ body: JSON.parse(route.request().postData() ?? "{}") as RunAgentInput, from: route.request().frame().page() });
    await route.continue();
  });
});

const pending = (page: Page, type: string) => page.locator(`[data-slot=thread] [data-slot=interaction][data-type=${type}][data-state=pending]`);
/**
 * The answers a run brings the agent as news: the tool messages after the history's last assistant
 * message (every run carries the whole history, so older answers come before the agent's reply).
 */
const news = (run: RunAgentInput) => {
  const last = run.messages.findLastIndex((m) => m.role === "assistant");
  return run.messages.slice(last + 1).flatMap((m) => (m.role === "tool" ? [m.toolCallId] : []));
};
/** Runs that brought the agent the answer to `callId`: exactly one, or it was delivered twice. */
const carrying = (callId: string) => runs.filter((run) => news(run.body).includes(callId)).length;
const toolAnswers = (since: number) => runs.slice(since).flatMap((run) => news(run.body));

describe("one thread in two tabs (?persist)", () => {
  it("answering in one tab closes the card in the other at once; the agent hears the answer once", async () => {
    const { browser, url } = demo;
    await first.goto(`${url}?persist`);
    await first.locator('[data-ui="kit"]').waitFor();
    await pickScenario(first, "Weekly report (permissions)");
    await pending(first, "permission_request").waitFor({ timeout: 15_000 });
    await first.waitForTimeout(400); // the write (100 ms debounce, then IndexedDB)

    second = await browser.context.newPage();
    second.on("console", (message) => {
      if (message.type() === "error") problems.push(`console.error: ${message.text()}`);
    });
    second.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    await second.goto(`${url}?persist`);
    await second.locator('[data-ui="kit"]').waitFor();
    const card = pending(second, "permission_request");
    await card.waitFor({ timeout: 10_000 });
    await shown(second, "Send the weekly report (report)").first().waitFor();

    // Answered in the second tab: the first tab's card closes at once.
    const before = runs.length;
    await card.getByRole("button", { name: "Approve" }).click();
    await expect.poll(() => pending(first, "permission_request").count(), { timeout: 1_000, interval: 50 }).toBe(0);
    // The first tab holds the lock: it sends the answer, and the reply shows in both tabs.
    await shown(first, "Read 412 customers").first().waitFor({ timeout: 15_000 });
    await shown(second, "Read 412 customers").first().waitFor({ timeout: 10_000 });
    const answered = toolAnswers(before);
    expect(answered).toHaveLength(1);
    expect(carrying(answered[0]!)).toBe(1);
    expect(runs.slice(before).every((run) => run.from === first)).toBe(true);

    // The next question shows in both; declined in the first tab, it closes in the second at once.
    await pending(first, "permission_request").getByText("regional managers").first().waitFor({ timeout: 15_000 });
    const mail = pending(second, "permission_request");
    await mail.getByText("regional managers").first().waitFor({ timeout: 10_000 });
    const beforeMail = runs.length;
    await pending(first, "permission_request").getByRole("button", { name: "Don't send mail", exact: true }).click();
    await expect.poll(() => mail.count(), { timeout: 1_000, interval: 50 }).toBe(0);
    await expect.poll(() => toolAnswers(beforeMail).length, { timeout: 15_000 }).toBe(1);
    await second.waitForTimeout(800); // time for a second answer, were one to be sent
    const mailAnswer = toolAnswers(beforeMail)[0]!;
    expect(carrying(mailAnswer)).toBe(1);
    expect(carrying(answered[0]!)).toBe(1);
    expect([...browser.problems, ...problems]).toEqual([]);
  });
});

/**
 * The interactions, end to end, in Debian's chromium against the demo's reference agent: a
 * numbered reply answers advice ("3号") and a number outside the range is refused; an interrupt is
 * approved and resumed in one run; two interrupts are answered in reverse order and sent together;
 * a deadline declines by itself. Every request the page makes to the agent is recorded, so "sent
 * once" and "sent nothing" are checked on the wire.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { messageText } from "../support/thread";
import { pickScenario, recordRuns, shown, withDemo } from "./support";

// The test-mode switch is a developer control.
const demo = withDemo({ developer: true });
/** The runs the page posted to the agent, in order, and what every run's forwardedProps gets. */
let wire: Awaited<ReturnType<typeof recordRuns>>;

beforeAll(async () => {
  wire = await recordRuns(demo.page);
});

beforeEach(async () => {
  const { page, url, browser } = demo;
  wire.runs.length = 0;
  wire.forwarded = {};
  browser.problems.length = 0;
  await page.goto(url);
  await page.locator('[data-ui="kit"]').waitFor();
});

const card = (type: string) => demo.page.locator(`[data-slot=interaction][data-type=${type}]`);
const scenario = (name: string) => pickScenario(demo.page, name);

describe("interactions in the demo", () => {
  it("booking: '9' is refused and sends nothing; '3号' answers option 3 and the agent books it", async () => {
    const { page, browser } = demo;
    await scenario("Booking (advice)");
    const advice = card("advice");
    await advice.and(page.locator("[data-state=pending]")).waitFor({ timeout: 15_000 });
    await expect.poll(() => advice.locator("[data-slot=advice-option]").count()).toBe(3);
    expect(await advice.locator("[data-slot=advice-option]").nth(2).getAttribute("data-number")).toBe("3");
    expect(wire.runs).toHaveLength(1);
    // The tools the agent may ask with, and the numbering rules, went out with the run.
    expect(wire.runs[0]!.tools.map((t) => t.name)).toContain("parley_advise");
    expect(wire.runs[0]!.context.map((c) => c.description).join()).toContain("numbered replies");

    const box = page.getByRole("textbox", { name: "Message" });
    await box.fill("9");
    await page.locator("[data-slot=composer-preview][data-state=refused]").filter({ hasText: "1–3" }).waitFor();
    await box.press("Enter");
    await page.waitForTimeout(300);
    expect(wire.runs).toHaveLength(1);
    await expect.poll(() => box.inputValue()).toBe("9");

    await box.fill("3号");
    await page.locator("[data-slot=composer-preview][data-state=answer]").filter({ hasText: "18:40" }).waitFor();
    await box.press("Enter");
    await shown(page, "Booked the 18:40 to Lyon").first().waitFor({ timeout: 15_000 });
    await expect.poll(() => advice.getAttribute("data-state")).toBe("answered");
    await advice.locator("[data-slot=interaction-outcome]").filter({ hasText: "number reply" }).waitFor();
    expect(wire.runs).toHaveLength(2);
    const answer = wire.runs[1]!.messages.at(-1);
    expect(answer).toMatchObject({ role: "tool" });
    expect(JSON.parse(messageText(answer))).toEqual({ status: "answered", response: { action: "choose", optionIds: ["dep-1840"], numbers: [3] } });
    expect(browser.problems).toEqual([]);
  });

  it("an interrupt is approved and resumed in one run", async () => {
    const { page, browser } = demo;
    await scenario("Delete (approval)");
    const permission = card("permission_request");
    await permission.and(page.locator("[data-state=pending]")).waitFor({ timeout: 15_000 });
    await permission.getByText("Approve deleting /tmp/cache?").waitFor();
    // The tool call the interrupt is about is shown by the card alone (issue 28: "waiting" is said
    // once, and no row repeats the card's operation above it).
    expect(await page.locator("[data-slot=tool-call][data-tool-name=delete_files]").count()).toBe(0);
    await page.locator("[data-slot=interaction-queue-item]").first().waitFor();

    await permission.getByRole("button", { name: "Delete files", exact: true }).click();
    await shown(page, "Deleted /tmp/cache.").first().waitFor({ timeout: 15_000 });
    expect(wire.runs).toHaveLength(2);
    expect(wire.runs[1]!.resume).toEqual([{ interruptId: expect.any(String), status: "resolved", payload: { approved: true } }]);
    await expect.poll(() => page.locator("[data-slot=interaction-queue]").getAttribute("data-state")).toBe("empty");
    expect(browser.problems).toEqual([]);
  });

  it("two interrupts answered in reverse order go out together, in one run", async () => {
    const { page, browser } = demo;
    await scenario("Two approvals");
    await expect.poll(() => page.locator("[data-slot=thread] [data-slot=interaction][data-state=pending]").count(), { timeout: 15_000 }).toBe(2);
    const thread = page.locator("[data-slot=thread]");
    // The second question first: the courier note.
    const note = thread.locator("[data-slot=interaction][data-type=input_request]");
    await note.getByRole("textbox").first().fill("Leave it with the concierge");
    await note.getByRole("button", { name: "Submit" }).click();
    await expect.poll(() => note.getAttribute("data-state")).toBe("answered");
    await page.waitForTimeout(300);
    expect(wire.runs).toHaveLength(1); // nothing goes out while a question is open
    await thread.locator("[data-slot=interaction][data-type=permission_request]").getByRole("button", { name: "Approve" }).click();
    await shown(page, "concierge").nth(1).waitFor({ timeout: 15_000 });
    expect(wire.runs).toHaveLength(2);
    expect(wire.runs[1]!.resume?.map((r) => r.status)).toEqual(["resolved", "resolved"]);
    expect(wire.runs[1]!.resume?.[0]?.payload).toEqual({ approved: true });
    expect(wire.runs[1]!.resume?.[1]?.payload).toEqual({ note: "Leave it with the concierge" });
    expect(browser.problems).toEqual([]);
  });

  it("the hooks-only page answers too: '7' is refused, '第三个' answers option 3", async () => {
    const { page, url, browser } = demo;
    await page.goto(`${url}?ui=hooks`);
    await page.locator('[data-ui="hooks"]').waitFor();
    await scenario("Booking (advice)");
    const question = page.locator("[data-role=interaction][data-state=pending]");
    await question.waitFor({ timeout: 15_000 });
    const box = page.getByRole("textbox", { name: "Message" });
    await box.fill("7");
    await page.getByRole("alert").filter({ hasText: "1–3" }).waitFor();
    await box.fill("第三个");
    await box.press("Enter");
    await shown(page, "Booked the 18:40 to Lyon").first().waitFor({ timeout: 15_000 });
    expect(wire.runs).toHaveLength(2);
    expect(browser.problems).toEqual([]);
  });

  it("a deadline declines by itself, with a countdown before", async () => {
    const { page, browser } = demo;
    wire.forwarded = { expiresInMs: 4_000 };
    await scenario("Address form");
    const form = page.locator("[data-slot=thread] [data-slot=interaction][data-type=input_request]");
    await form.and(page.locator("[data-state=pending]")).waitFor({ timeout: 15_000 });
    await form.locator("[data-slot=interaction-countdown]").waitFor();
    await expect.poll(() => form.getAttribute("data-state"), { timeout: 10_000 }).toBe("timed-out");
    await shown(page, "No address, no delivery").first().waitFor({ timeout: 15_000 });
    expect(wire.runs).toHaveLength(2);
    expect(wire.runs[1]!.resume).toEqual([{ interruptId: expect.any(String), status: "cancelled" }]);
    expect(browser.problems).toEqual([]);
  });
});

describe("permissions in the demo", () => {
  const permission = () => demo.page.locator("[data-slot=thread] [data-slot=interaction][data-type=permission_request]");

  it("weekly report: allowed for the session, the second report reads customers without asking; the mail asks each time", async () => {
    const { page, browser } = demo;
    await scenario("Weekly report (permissions)");
    await permission().and(page.locator("[data-state=pending]")).waitFor({ timeout: 15_000 });
    await permission().getByRole("radio", { name: /session/i }).click();
    await permission().getByRole("button", { name: "Approve" }).click();
    // The mail asks next (irreversible: once only).
    await expect.poll(() => page.locator("[data-slot=thread] [data-slot=interaction][data-type=permission_request][data-state=pending]").count(), { timeout: 15_000 }).toBe(1);
    const mail = page.locator("[data-slot=thread] [data-slot=interaction][data-type=permission_request][data-state=pending]");
    await mail.getByText("regional managers").first().waitFor();
    // Irreversible: no standing grant for the session (the app's policy offers only "in test mode").
    expect(await mail.getByRole("radio", { name: /session/i }).count()).toBe(0);
    await mail.getByRole("button", { name: "Send mail", exact: true }).click();
    await shown(page, "Sent to 4 regional managers").first().waitFor({ timeout: 15_000 });

    // The second report: customer data is read by the session grant, only the mail asks.
    const before = wire.runs.length;
    await scenario("Weekly report (permissions)");
    await expect.poll(() => page.locator("[data-slot=thread] [data-slot=interaction][data-state=pending]").count(), { timeout: 15_000 }).toBe(1);
    await page.locator("[data-slot=thread] [data-slot=interaction][data-state=pending]").getByText("regional managers").first().waitFor();
    expect(wire.runs.length).toBe(before + 2); // the report run, and the one the grant's answer started by itself
    await page.locator("[data-slot=interaction-outcome][data-how=grant]").first().waitFor();
    // The panel lists the session grant; the audit log has the decisions.
    await page.locator("[data-slot=permissions-panel] [data-scope=session][data-state=live]").first().waitFor();
    await page.locator("[data-decision=approved_by_grant]").first().waitFor();
    expect(browser.problems).toEqual([]);
  });

  it("a destructive request: Approve stays disabled until the file name is typed exactly", async () => {
    const { page, browser } = demo;
    await scenario("Delete a file (typed)");
    const card = permission().and(page.locator("[data-state=pending]"));
    await card.waitFor({ timeout: 15_000 });
    const approve = card.getByRole("button", { name: "Delete file", exact: true });
    expect(await approve.isDisabled()).toBe(true);
    const typed = card.getByRole("textbox", { name: /report_2024_final\.pdf/ });
    await typed.fill("report_2024_final");
    await card.getByText("does not match", { exact: false }).waitFor();
    expect(await approve.isDisabled()).toBe(true);
    await typed.fill("report_2024_final.pdf");
    await approve.click();
    await shown(page, "Deleted report_2024_final.pdf.").first().waitFor({ timeout: 15_000 });
    expect(browser.problems).toEqual([]);
  });

  it("a grant the agent revokes asks again", async () => {
    const { page, browser } = demo;
    await scenario("Weekly report (permissions)");
    await permission().and(page.locator("[data-state=pending]")).waitFor({ timeout: 15_000 });
    await permission().getByRole("radio", { name: /session/i }).click();
    await permission().getByRole("button", { name: "Approve" }).click();
    const mail = page.locator("[data-slot=thread] [data-slot=interaction][data-type=permission_request][data-state=pending]");
    await mail.getByText("regional managers").first().waitFor({ timeout: 15_000 });
    await mail.getByRole("button", { name: "Don't send mail", exact: true }).click();
    await shown(page, "Not sent").first().waitFor({ timeout: 15_000 });

    await scenario("Revoke a grant");
    await shown(page, "permission is gone").first().waitFor({ timeout: 15_000 });
    await page.locator("[data-slot=permissions-panel] [data-scope=session][data-state=revoked]").first().waitFor();
    await page.locator("[data-decision=revoked]").first().waitFor();

    await scenario("Weekly report (permissions)");
    // Customer data asks again.
    await expect.poll(() => page.locator("[data-slot=thread] [data-slot=interaction][data-state=pending]").count(), { timeout: 15_000 }).toBe(1);
    await page.locator("[data-slot=thread] [data-slot=interaction][data-state=pending]").getByText("customers.xlsx").first().waitFor();
    expect(browser.problems).toEqual([]);
  });

  // Last: it leaves a standing mail grant and the app out of test mode.
  it("a conditional grant: test mail allowed only in test mode asks no more — until the app leaves test mode", async () => {
    const { page, browser } = demo;
    const pending = page.locator("[data-slot=thread] [data-slot=interaction][data-type=permission_request][data-state=pending]");
    await scenario("Test mail (conditional)");
    await pending.waitFor({ timeout: 15_000 });
    await pending.getByRole("radio", { name: "Allow only in test mode" }).click();
    await pending.getByRole("combobox", { name: "For how long" }).selectOption({ label: "For 1 hour" });
    await pending.getByRole("button", { name: "Send mail", exact: true }).click();
    await shown(page, "You allowed test mail for now").first().waitFor({ timeout: 15_000 });
    await page.locator("[data-slot=permissions-panel] [data-scope=conditional][data-state=live]").first().waitFor();

    // Again, in test mode: approved by the grant, no prompt.
    const outcomes = await page.locator("[data-slot=interaction-outcome][data-how=grant]").count();
    await scenario("Test mail (conditional)");
    await expect.poll(() => page.locator("[data-slot=interaction-outcome][data-how=grant]").count(), { timeout: 15_000 }).toBe(outcomes + 1);
    expect(await pending.count()).toBe(0);

    // The app leaves test mode: the grant covers nothing now, and the person is asked.
    await page.getByRole("checkbox", { name: /Test mode/ }).uncheck();
    await scenario("Test mail (conditional)");
    await pending.waitFor({ timeout: 15_000 });
    expect(await pending.getByRole("radio", { name: "Allow only in test mode" }).count()).toBe(0);
    expect(browser.problems).toEqual([]);
  });
});

/**
 * AG-UI's dojo features, end to end, in Debian's chromium against the demo's reference agent: the
 * task-step picker the person confirms (human in the loop), the haiku card that fills in, the
 * background a front-end tool changes, the step list ticking off in the thread, the recipe both
 * sides edit, and the document that streams in and asks to be confirmed. Every request the page
 * makes is recorded, so what went out is checked on the wire.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { RunAgentInput } from "@ag-ui/core";
import { pickScenario, shown, withDemo } from "./support";

const demo = withDemo();
let runs: RunAgentInput[] = [];

beforeAll(async () => {
  await demo.page.route("**/api/agent", async (route) => {
    runs.push(JSON.parse(route.request().postData() ?? "{}") as RunAgentInput);
    await route.continue();
  });
});

beforeEach(async () => {
  const { page, url, browser } = demo;
  runs = [];
  browser.problems.length = 0;
  await page.goto(url);
  await page.locator('[data-ui="kit"]').waitFor();
});

const scenario = (name: string) => pickScenario(demo.page, name);
const lastTool = (run: RunAgentInput | undefined) => run?.messages.filter((m) => m.role === "tool").at(-1) as { toolCallId: string; content: string } | undefined;

describe("the dojo in the demo", () => {
  it("human in the loop: the task-step picker shows in the thread; the person unticks one and confirms; the agent goes on with the rest", async () => {
    const { page, browser } = demo;
    await scenario("Dojo: pick the steps");
    const picker = page.getByTestId("task-steps");
    await picker.getByRole("button", { name: "Confirm" }).waitFor({ timeout: 15_000 });
    expect(runs[0]!.tools.map((t) => t.name)).toEqual(expect.arrayContaining(["generate_task_steps", "change_background", "confirm_changes"]));
    await expect.poll(() => picker.getByRole("checkbox").count()).toBe(6);
    await picker.getByRole("checkbox", { name: "Launch" }).uncheck();
    await picker.getByRole("button", { name: "Confirm" }).click();
    await shown(page, "Great — I'll do 5 steps").first().waitFor({ timeout: 15_000 });
    expect(runs).toHaveLength(2);
    const answer = JSON.parse(lastTool(runs[1])!.content) as { steps: { description: string; status: string }[] };
    expect(answer.steps.find((s) => s.description === "Launch")?.status).toBe("disabled");
    await expect.poll(() => picker.textContent()).toContain("Confirmed 5 of 6");
    expect(await picker.getByRole("button", { name: "Confirm" }).count()).toBe(0);
    expect(browser.problems).toEqual([]);
  });

  it("tool-based generative UI: the haiku renders as a card with its lines, not as a raw tool chip", async () => {
    const { page, browser } = demo;
    await scenario("Dojo: haiku card");
    const haiku = page.getByTestId("haiku");
    await haiku.waitFor({ timeout: 15_000 });
    await shown(page, "Here is your haiku.").first().waitFor({ timeout: 15_000 });
    await expect.poll(() => haiku.textContent()).toContain("A frog jumps into the pond");
    expect(await haiku.textContent()).toContain("古池や");
    expect(await haiku.getAttribute("data-status")).toBe("complete");
    expect(await page.locator("[data-slot=tool-call-name]", { hasText: "generate_haiku" }).count()).toBe(0);
    expect(browser.problems).toEqual([]);
  });

  it("front-end tool: the handler changes the background and its result starts the agent's next run", async () => {
    const { page, browser } = demo;
    await scenario("Dojo: front-end tool");
    await shown(page, "Done: the background is a sunset now.").first().waitFor({ timeout: 15_000 });
    expect(await page.getByTestId("dojo-background").getAttribute("data-background")).toContain("linear-gradient");
    expect(JSON.parse(lastTool(runs[1])!.content)).toEqual({ background: expect.stringContaining("#f97316") });
    expect(runs).toHaveLength(2);
    expect(browser.problems).toEqual([]);
  });

  it("agentic generative UI: the step list shows in the thread and ticks off as the deltas arrive", async () => {
    const { page, browser } = demo;
    await scenario("Dojo: steps in state");
    const steps = page.getByTestId("plan-steps");
    await steps.waitFor({ timeout: 15_000 });
    await expect.poll(() => steps.textContent(), { timeout: 15_000 }).toContain("Progress: 4/4");
    expect(await steps.locator("li[data-status=completed]").count()).toBe(4);
    // Inside the conversation, not in a side panel.
    expect(await page.locator("[data-slot=thread] [data-testid=plan-steps]").count()).toBe(1);
    expect(browser.problems).toEqual([]);
  });

  it("shared state: the person's edit of the recipe goes out with the next run, and the agent's improvement comes back", async () => {
    const { page, browser } = demo;
    await scenario("Dojo: shared recipe");
    await shown(page, "I improved “Pancakes”").first().waitFor({ timeout: 15_000 });
    const recipe = page.getByTestId("recipe");
    await expect.poll(() => recipe.getByTestId("recipe-ingredients").textContent()).toContain("Flour");
    await recipe.getByRole("textbox", { name: "Title" }).fill("Crêpes");
    await recipe.getByRole("button", { name: "Improve with the agent" }).click();
    await shown(page, "I improved “Crêpes”").first().waitFor({ timeout: 15_000 });
    expect((runs[1]!.state as { recipe: { title: string } }).recipe.title).toBe("Crêpes");
    await expect.poll(() => recipe.getByTestId("recipe-ingredients").textContent()).toContain("Butter");
    expect(await recipe.getByRole("textbox", { name: "Title" }).inputValue()).toBe("Crêpes");
    expect(browser.problems).toEqual([]);
  });

  it("predictive state: the document grows in the thread while the tool streams, then asks to be confirmed", async () => {
    const { page, browser } = demo;
    await scenario("Dojo: predictive document");
    const documentView = page.getByTestId("document");
    // Seen part-way: the document is in state (and in the thread) before the tool call has finished.
    await page.waitForFunction(() => {
      const text = document.querySelector("[data-slot=thread] [data-testid=document]")?.textContent ?? "";
      return text.length > 0 && !text.includes("dated tomorrow.");
    }, undefined, { timeout: 15_000, polling: 10 });
    const confirm = page.getByTestId("confirm-changes");
    await confirm.getByRole("button", { name: "Confirm" }).waitFor({ timeout: 15_000 });
    expect(await documentView.textContent()).toContain("dated tomorrow.");
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await shown(page, "Saved the story.").first().waitFor({ timeout: 15_000 });
    expect(JSON.parse(lastTool(runs[1])!.content)).toEqual({ accepted: true });
    expect(browser.problems).toEqual([]);
  });
});

/**
 * The demo, end to end, in Debian's chromium: Vite serves demo/ with the embedded reference agent,
 * playwright-core drives the page. Any console error or page error fails the test.
 */
import { afterAll, describe, expect, it } from "vitest";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { createServer as createHttpServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ViteDevServer } from "vite";
import { createAgentMiddleware } from "../../demo/agent/server";
import { pickScenario, root, scenariosReady, send as sendTo, shown as shownIn, startDemo, withDemo } from "./support";

// The shared state and the agent's address are developer details.
const demo = withDemo({ developer: true });

// In the conversation, not in the side list of threads (whose preview repeats the last reply).
const shown = (text: string) => shownIn(demo.page, text).and(demo.page.locator("main *"));
const send = (text: string) => sendTo(demo.page, text);

describe.each([
  { ui: "kit", query: "", shot: "demo.png" },
  { ui: "hooks", query: "?ui=hooks", shot: "demo-hooks.png" },
])("demo ($ui)", ({ ui, query, shot }) => {
  it("streams answers, shows a tool call, and recovers from an error with Retry", async () => {
    const { page, url, problems } = demo;
    problems.length = 0;
    await page.goto(url + query);
    await page.locator(`[data-ui="${ui}"]`).waitFor();
    await expect.poll(() => page.getByRole("textbox").count()).toBeGreaterThan(0);

    // A plain message: the default scenario echoes it.
    await send("hello parley");
    await page.getByText("You said", { exact: false }).first().waitFor({ timeout: 15_000 });
    await page.getByText("reference agent", { exact: false }).first().waitFor();

    // Markdown: a table and a code block render.
    await pickScenario(page, "Markdown");
    await page.getByRole("table").first().waitFor({ timeout: 15_000 });
    await page.getByText("That's all for now.").waitFor({ timeout: 15_000 });
    expect(await page.locator("pre code, pre").count()).toBeGreaterThan(0);

    // Tool call: wait for the reply, then expand the call and see its result.
    await pickScenario(page, "Tool call");
    await shown("I found 3 trains").waitFor({ timeout: 15_000 });
    await page.getByText("search_trains").first().click();
    await page.getByText("TGV 6611", { exact: false }).first().waitFor({ timeout: 5_000 });

    // Reasoning, then the answer; shared state lands in the aside panel.
    await pickScenario(page, "Reasoning");
    await shown("it arrives before 09:30").waitFor({ timeout: 15_000 });
    await expect.poll(() => scenariosReady(page), { timeout: 5_000 }).toBe(true);
    await pickScenario(page, "Shared state");
    await expect.poll(() => page.getByTestId("agent-state").textContent(), { timeout: 15_000 }).toContain('"passengers": 2');

    // Stop mid-stream: the run ends and the picker is usable again.
    await expect.poll(() => scenariosReady(page), { timeout: 10_000 }).toBe(true);
    await pickScenario(page, "Markdown");
    await page.getByRole("button", { name: "Stop" }).click();
    await expect.poll(() => scenariosReady(page), { timeout: 5_000 }).toBe(true);

    // Error: the first attempt fails, Retry succeeds.
    await pickScenario(page, "Error + retry");
    await page.getByText("The train database is warming up", { exact: false }).first().waitFor({ timeout: 15_000 });
    await page.getByRole("button", { name: "Retry", exact: true }).click();
    await shown("succeeded.").waitFor({ timeout: 15_000 });
    if (ui === "kit") {
      // The completed reply is also said once by the polite status region.
      await expect.poll(() => page.locator("[data-slot=thread-announcer]").textContent()).toContain("succeeded.");
    }
    await expect.poll(() => scenariosReady(page), { timeout: 5_000 }).toBe(true);
    expect(await page.getByText("The train database is warming up", { exact: false }).count()).toBe(0);

    mkdirSync(join(root, "test-results"), { recursive: true });
    await page.screenshot({ path: join(root, "test-results", shot), fullPage: true });
    expect(problems).toEqual([]);
  });
});

describe("PARLEY_AGENT_URL", () => {
  let external: Server;
  let other: ViteDevServer | undefined;
  afterAll(async () => {
    await other?.close();
    external?.closeAllConnections();
    await new Promise<void>((resolve) => (external ? external.close(() => resolve()) : resolve()));
  });

  it("points the same app at another agent (cross-origin, over CORS)", async () => {
    const { page, problems } = demo;
    let hits = 0;
    const agent = createAgentMiddleware();
    external = createHttpServer((req, res) => {
      if (req.url === "/elsewhere/agent") {
        if (req.method === "POST") hits++;
        return agent(req, res);
      }
      res.statusCode = 404;
      res.end();
    });
    await new Promise<void>((resolve) => external.listen(0, "127.0.0.1", resolve));
    const agentUrl = `http://127.0.0.1:${(external.address() as AddressInfo).port}/elsewhere/agent`;

    const saved = process.env.PARLEY_AGENT_URL;
    process.env.PARLEY_AGENT_URL = agentUrl;
    let otherUrl: string;
    try {
      ({ server: other, url: otherUrl } = await startDemo());
    } finally {
      if (saved === undefined) delete process.env.PARLEY_AGENT_URL;
      else process.env.PARLEY_AGENT_URL = saved;
    }
    problems.length = 0;
    await page.goto(otherUrl);
    await page.getByText(`agent: ${agentUrl}`, { exact: false }).waitFor();
    await send("hello from afar");
    await page.getByText("hello from afar", { exact: false }).nth(1).waitFor({ timeout: 15_000 });
    expect(hits).toBe(1);
    expect(problems).toEqual([]);
  });
});

/**
 * The demo's MCP App scenario ("File cleaner (MCP App)") end to end in Debian's chromium, as
 * `npm start` serves it: the reference agent calls the demo MCP server's `scan_downloads` and
 * sends the `mcp-apps` activity; the page reads the app's `ui://` resource from the demo's own MCP
 * server (/api/mcp) and runs it in the sandbox page served under the other loopback name
 * (`localhost` for a page on `127.0.0.1`). The app's read-only call passes, audited; its call that
 * changes something asks on a card naming the app, the server and the tool, and reaches the server
 * only once approved — once, then always for this app; its destructive call asks for the tool's
 * name typed, once only; "never for this app" refuses from then on without asking. The app wears
 * the page's tokens and follows the demo's theme switch into dark.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { pickScenario, withDemo } from "./support";
import { appDocument, appFrame } from "./mcp-apps/support";

const demo = withDemo({ viewport: { width: 1400, height: 1100 } });

const OPERATION = "mcp:file-cleaner:ui://file-cleaner/app.html";

/** The tool calls that reached the demo's MCP server, by tool name, in order. */
function serverCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on("request", (request) => {
    if (!request.url().endsWith("/api/mcp") || request.method() !== "POST") return;
    const body = JSON.parse(request.postData() ?? "{}") as { method?: string; params?: { name?: string } };
    if (body.method === "tools/call") calls.push(body.params?.name ?? "");
  });
  return calls;
}

/** Audit rows of one decision about one of the app's tools (the audit panel's table). */
const audited = (page: Page, tool: string, decision: string) => page.locator(`[data-slot=audit-record][data-decision=${decision}]`, { hasText: `${OPERATION}#${tool}` }).count();

describe("the demo's MCP App (file cleaner)", () => {
  it("runs in the sandbox on the other origin; read-only passes, a change asks (once / always / never), the destructive one needs the name typed; all audited", async () => {
    const { page, url, problems } = demo;
    problems.length = 0;
    const calls = serverCalls(page);
    await page.goto(url);
    await page.locator('[data-ui="kit"]').waitFor();
    await pickScenario(page, "File cleaner (MCP App)");

    const frame = page.locator("main [data-slot=mcp-app]");
    await frame.and(page.locator("[data-state=ready]")).waitFor({ timeout: 30_000 });
    const app = appFrame(page);
    // The scan's result, as the agent's tool returned it, reached the app.
    await expect.poll(() => app.locator("li[data-file]").count(), { timeout: 15_000 }).toBe(4);
    await app.getByText("4 large files in Downloads", { exact: false }).waitFor();
    // The sandbox is on the other loopback name: another origin and another site than the page.
    const src = new URL((await page.locator("main iframe[data-slot=mcp-app-frame]").getAttribute("src"))!);
    expect(src.origin).toBe(new URL(url).origin.replace("127.0.0.1", "localhost"));
    const inner = await page.frameLocator("main iframe[data-slot=mcp-app-frame]").locator("iframe").getAttribute("sandbox");
    expect(inner?.split(/\s+/)).not.toContain("allow-same-origin");
    await expect.poll(() => frame.locator("[data-slot=mcp-app-from]").textContent()).toContain("File cleaner");
    // Showing it passed the policy, audited in the policy's name.
    await expect.poll(() => page.locator("[data-slot=audit-record][data-decision=allowed_by_policy]", { hasText: OPERATION }).count()).toBeGreaterThan(0);

    const ask = page.locator("main [data-slot=mcp-app-ask]");
    const item = (file: string) => app.locator(`li[data-file="${file}"]`);

    // Read-only (readOnlyHint, from the server's tools/list): it runs without asking, audited.
    await app.getByRole("button", { name: "Inspect invoice-0412.pdf" }).click();
    await app.getByText("last opened 2025-05-30", { exact: false }).waitFor({ timeout: 15_000 });
    expect(await ask.count()).toBe(0);
    await expect.poll(() => audited(page, "inspect_file", "allowed_by_policy")).toBe(1);
    expect(calls).toEqual(["inspect_file"]);

    // A change: the card names the app, the server and the tool; nothing reaches the server while it asks.
    await app.getByRole("button", { name: "Move holiday-photos-2023.zip to the trash" }).click();
    await ask.waitFor();
    expect(await ask.getAttribute("data-kind")).toBe("call");
    const card = (await ask.textContent()) ?? "";
    for (const words of ["ui://file-cleaner/app.html", "file-cleaner", "move_to_trash"]) expect(card).toContain(words);
    expect(await ask.locator("[data-answer]").evaluateAll((buttons) => buttons.map((b) => b.getAttribute("data-answer")))).toEqual(["once", "always", "deny", "never"]);
    await page.waitForTimeout(300);
    expect(calls).toEqual(["inspect_file"]);
    expect(await item("holiday-photos-2023.zip").getAttribute("data-state")).toBe("here");
    await ask.locator("[data-answer=once]").click();
    await expect.poll(() => item("holiday-photos-2023.zip").getAttribute("data-state"), { timeout: 15_000 }).toBe("trashed");
    expect(calls).toEqual(["inspect_file", "move_to_trash"]);
    await expect.poll(() => audited(page, "move_to_trash", "approved")).toBe(1);

    // Once is once; "always for this app" is a grant, and the next call passes by it without a card.
    await app.getByRole("button", { name: "Move setup-old-printer.exe to the trash" }).click();
    await ask.locator("[data-answer=always]").click();
    await expect.poll(() => item("setup-old-printer.exe").getAttribute("data-state"), { timeout: 15_000 }).toBe("trashed");
    await app.getByRole("button", { name: "Move ubuntu-22.04-desktop-amd64.iso to the trash" }).click();
    await expect.poll(() => item("ubuntu-22.04-desktop-amd64.iso").getAttribute("data-state"), { timeout: 15_000 }).toBe("trashed");
    expect(await ask.count()).toBe(0);
    await expect.poll(() => audited(page, "move_to_trash", "approved")).toBe(2);
    await expect.poll(() => audited(page, "move_to_trash", "approved_by_grant")).toBe(1);

    // Destructive (destructiveHint): the tool's name typed, and no standing grant on offer.
    await app.getByRole("button", { name: "Delete holiday-photos-2023.zip for good" }).click();
    await ask.waitFor();
    expect(await ask.locator("[data-answer=always]").count()).toBe(0);
    const once = ask.locator("[data-answer=once]");
    expect(await once.isDisabled()).toBe(true);
    await ask.getByRole("textbox").fill("empty_trash");
    await once.click();
    await expect.poll(() => item("holiday-photos-2023.zip").getAttribute("data-state"), { timeout: 15_000 }).toBe("deleted");
    await expect.poll(() => audited(page, "empty_trash", "approved")).toBe(1);

    // "Never for this app": refused now and from then on, without a card, audited; the server never hears of it.
    await app.getByRole("button", { name: "Delete setup-old-printer.exe for good" }).click();
    await ask.locator("[data-answer=never]").click();
    await app.getByText("Not done:", { exact: false }).waitFor({ timeout: 15_000 });
    await app.getByRole("button", { name: "Delete ubuntu-22.04-desktop-amd64.iso for good" }).click();
    await expect.poll(() => audited(page, "empty_trash", "denied_by_policy"), { timeout: 15_000 }).toBe(1);
    expect(await ask.count()).toBe(0);
    expect(await item("ubuntu-22.04-desktop-amd64.iso").getAttribute("data-state")).toBe("trashed");
    expect(calls.filter((c) => c === "empty_trash")).toHaveLength(1);

    // The app wears the page's look (the host context's tokens), and follows the page into dark.
    const document = await appDocument(page);
    expect(await document.evaluate(() => window.document.documentElement.style.getPropertyValue("--color-text-primary"))).not.toBe("");
    await page.getByRole("combobox", { name: "Theme" }).selectOption("dark");
    await expect.poll(() => document.evaluate(() => window.document.documentElement.dataset.theme), { timeout: 10_000 }).toBe("dark");
    expect(problems).toEqual([]);
  });
});

/**
 * RTUI over WebSocket in chromium (seed 001 §3): the demo's reference RTUI server asks, over its
 * own socket, to delete a file; the card shows in the same thread as the AG-UI agent's, with the
 * same typed confirmation; the answer goes back as `rtui/action_result` (seen on the wire), and
 * the server's notify says what it did. No AG-UI run carries it. Answered in one tab, the card in
 * another is withdrawn by the server's `rtui/action_closed`.
 */
import { describe, expect, it } from "vitest";
import type { Page, WebSocket as PageSocket } from "playwright-core";
import { recordRuns, shown, withDemo } from "./support";

// The RTUI button and connection state are developer details.
const demo = withDemo({ developer: true });

/** The frames the page sends on its RTUI socket, parsed. */
function recordSocket(p: Page): { sent: Record<string, unknown>[]; received: Record<string, unknown>[] } {
  const wire = { sent: [] as Record<string, unknown>[], received: [] as Record<string, unknown>[] };
  p.on("websocket", (socket: PageSocket) => {
    if (!socket.url().endsWith("/rtui")) return;
    socket.on("framesent", (frame) => wire.sent.push(JSON.parse(String(frame.payload)) as Record<string, unknown>));
    socket.on("framereceived", (frame) => wire.received.push(JSON.parse(String(frame.payload)) as Record<string, unknown>));
  });
  return wire;
}

describe("RTUI over WebSocket in the demo", () => {
  it("Delete over RTUI: the card in the thread, typed confirmation, the answer as rtui/action_result, then the server's notice", async () => {
    const { page, url, browser } = demo;
    const wire = recordSocket(page);
    const runs = await recordRuns(page);
    await page.goto(url);
    await page.locator('[data-testid=rtui-status][data-state=open]').waitFor({ timeout: 15_000 });

    await page.getByRole("button", { name: "Delete over RTUI", exact: true }).click();
    const card = page.locator("[data-slot=thread] [data-slot=interaction][data-type=permission_request][data-state=pending]");
    await card.waitFor({ timeout: 15_000 });
    expect(await card.getAttribute("data-origin")).toBe("rtui");
    await card.getByText("cannot be undone", { exact: false }).first().waitFor();
    const action = wire.received.find((f) => f.method === "rtui/action") as { params: { actionId: string } };
    expect(action.params).toMatchObject({ type: "confirm", operation: "delete_file", confirmLabel: "Delete" });

    // The demo's policy asks for the file name on a destructive request, RTUI or not.
    const remove = card.getByRole("button", { name: "Delete", exact: true });
    expect(await remove.isDisabled()).toBe(true);
    await card.getByRole("textbox", { name: /report_2024_final\.pdf/ }).fill("report_2024_final.pdf");
    await remove.click();

    await shown(page, "Deleted report_2024_final.pdf").first().waitFor({ timeout: 15_000 });
    const results = wire.sent.filter((f) => f.method === "rtui/action_result");
    expect(results).toEqual([{ jsonrpc: "2.0", id: `rtui-result:${action.params.actionId}`, method: "rtui/action_result", params: { actionId: action.params.actionId, status: "approved" } }]);
    // Acknowledged by the server, and no AG-UI run was started for it.
    expect(wire.received).toContainEqual({ jsonrpc: "2.0", id: `rtui-result:${action.params.actionId}`, result: { received: true, known: true } });
    expect(runs.runs).toEqual([]);
    // The audit log has the decision like any other.
    await page.locator("[data-decision=approved]").first().waitFor();
    expect(browser.problems).toEqual([]);
  });

  it("Keep: declined goes back, and the server says nothing was deleted", async () => {
    const { page, url, browser } = demo;
    const wire = recordSocket(page);
    await page.goto(url);
    await page.locator('[data-testid=rtui-status][data-state=open]').waitFor({ timeout: 15_000 });
    await page.getByRole("button", { name: "Delete over RTUI", exact: true }).click();
    const card = page.locator("[data-slot=thread] [data-slot=interaction][data-type=permission_request][data-state=pending]");
    await card.waitFor({ timeout: 15_000 });
    await card.getByRole("button", { name: "Keep", exact: true }).click();
    await shown(page, "nothing was deleted").first().waitFor({ timeout: 15_000 });
    expect(wire.sent.filter((f) => f.method === "rtui/action_result").map((f) => (f.params as { status: string }).status)).toEqual(["declined"]);
    expect(browser.problems).toEqual([]);
  });

  it("one answer, two tabs: answered in one, the card in the other is withdrawn and sends nothing", async () => {
    const { page, url, browser } = demo;
    const other = await browser.context.newPage();
    try {
      const here = recordSocket(page);
      await Promise.all([page.goto(url), other.goto(url)]);
      for (const p of [page, other]) await p.locator('[data-testid=rtui-status][data-state=open]').waitFor({ timeout: 15_000 });
      await page.getByRole("button", { name: "Delete over RTUI", exact: true }).click();
      const cardIn = (p: Page, state: string) => p.locator(`[data-slot=thread] [data-slot=interaction][data-type=permission_request][data-state=${state}]`);
      await cardIn(page, "pending").waitFor({ timeout: 15_000 });
      await cardIn(other, "pending").waitFor({ timeout: 15_000 });

      await cardIn(other, "pending").getByRole("button", { name: "Keep", exact: true }).click();
      const withdrawn = cardIn(page, "withdrawn");
      await withdrawn.waitFor({ timeout: 15_000 });
      await withdrawn.getByText("Answered in another window.", { exact: false }).waitFor();
      // No button left to press in the withdrawn card, and this tab sent no answer of its own.
      expect(await withdrawn.getByRole("button", { name: "Delete", exact: true }).count()).toBe(0);
      await shown(page, "nothing was deleted").first().waitFor({ timeout: 15_000 });
      expect(here.sent.filter((f) => f.method === "rtui/action_result")).toEqual([]);
      expect(here.received.some((f) => f.method === "rtui/action_closed")).toBe(true);
      expect(browser.problems).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

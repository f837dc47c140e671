import { describe, expect, it, vi } from "vitest";
import { EventType, type BaseEvent } from "@ag-ui/core";
import { ev } from "../support/events";

/**
 * `McpAppActivity` (what `mcpAppsComponents` registers for `activity:mcp-apps`) loads the frame, its
 * host and the ext-apps bridge on first use: until that chunk is there it holds the app's place,
 * marked busy and named for screen readers, runs nothing and asks nothing; then the frame replaces
 * it (here saying, in words, that it cannot read the app's resource: the store has no agent to
 * reach the app's server through). The frame with a real app runs in test/browser/mcpApps.e2e.test.ts.
 */

const activity: BaseEvent = {
  type: EventType.ACTIVITY_SNAPSHOT,
  messageId: "app-1",
  activityType: "mcp-apps",
  content: { serverHash: "9b1c4e", serverId: "clock", resourceUri: "ui://get-time/mcp-app.html", toolInput: {} },
  replace: true,
};

describe("McpAppActivity", () => {
  it("holds the app's place, busy, until its chunk loads; then the frame takes it", { timeout: 30_000 }, async () => {
    // A fresh copy of the kit's modules: the chunk is not loaded yet in this one.
    vi.resetModules();
    const { McpAppActivity } = await import("../../src/mcp-apps");
    const { mcpAppsUi } = await import("../../src/components/mcp-apps/mcpAppsChunk");
    const { renderKit, storeWith } = await import("./support");
    expect(mcpAppsUi.loaded()).toBeUndefined();
    const store = storeWith([ev.runStarted(), activity, ev.runFinished()]);
    const message = store.getState().thread.messages.get("app-1");
    expect(message).toBeDefined();
    const { container } = renderKit(<McpAppActivity message={message!} options={{ sandbox: "/mcp-app" }} />, store);

    const placeholder = container.querySelector("[data-slot=mcp-app][aria-busy=true]");
    expect(placeholder).toHaveAttribute("data-state", "loading");
    expect(placeholder?.textContent).not.toBe("");
    expect(container.querySelector("iframe")).toBeNull();

    await vi.waitFor(() => expect(container.querySelector("[data-slot=mcp-app-refused]")).not.toBeNull(), { timeout: 20_000 });
    const refused = container.querySelector<HTMLElement>("[data-slot=mcp-app-refused]")!;
    expect(refused.dataset.why).toBe("resource");
    expect(refused.textContent).toMatch(/could not be loaded: There is no agent/);
    expect(container.querySelector("[data-slot=mcp-app][aria-busy=true]")).toBeNull();
    expect(container.querySelector("iframe")).toBeNull();
  });
});

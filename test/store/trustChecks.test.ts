// @vitest-environment node
import { describe, expect, it, vi } from "vitest";

/**
 * The store's re-check of what storage and other tabs hand back loads on first use. Until it has
 * loaded the store takes nothing from there — it fails closed — and the kit's own paths
 * (persistThread, syncTabs) load it before they hand the store anything.
 */

describe("the re-check of stored and tab data, before it has loaded", () => {
  it("restore, adopt and mirror take nothing; persistThread waits for it, then restores", async () => {
    vi.resetModules();
    const { createThreadStore } = await import("../../src");
    const { createMemoryThreadStorage, persistThread, restoreThread, snapshotThread } = await import("../../src/persistence");
    const { trustChecks } = await import("../../src/store/trustChecks");
    const { ev } = await import("../support/events");
    const { fakeAgent } = await import("../support/fakeAgent");
    expect(trustChecks.loaded()).toBeUndefined();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});

    const fake = fakeAgent();
    const source = createThreadStore({ agent: fake.agent, threadId: "t1", batch: "sync" });
    source.getState().sendMessage("hello");
    fake.play([ev.textStart("a1"), ev.text("a1", "Hi"), ev.textEnd("a1")]);
    const snapshot = snapshotThread(source.getState().thread, 1);

    const direct = createThreadStore({ agent: fakeAgent().agent, batch: "sync" });
    const restored = restoreThread(snapshot);
    expect(restored.ok && direct.getState().restore(restored.thread)).toBe(false);
    expect(restored.ok && direct.getState().adopt(restored.thread)).toBe(false);
    direct.getState().mirror([{ type: "deliver", interactionIds: [], runId: "x" }]);
    expect(direct.getState().thread.messageIds).toEqual([]);

    const storage = createMemoryThreadStorage();
    await storage.save("k", snapshot);
    const store = createThreadStore({ agent: fakeAgent().agent, batch: "sync" });
    const kept = persistThread(store, { storage, key: "k" });
    await kept.ready;
    expect(trustChecks.loaded()).toBeDefined();
    expect(store.getState().thread.messageIds).toEqual(source.getState().thread.messageIds);
    kept.stop();
    warn.mockRestore();
  });
});

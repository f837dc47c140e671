// @vitest-environment node
import { describe, expect, it } from "vitest";
import { createThreadStore } from "../../src";
import { createMemoryThreadStorage } from "../../src/persistence";
import { createMemoryThreadsAdapter } from "../../src/threads";
import { followPushes } from "../../src/store/followPushes";
import { ev } from "../support/events";

const report = (runId: string, text: string) => [ev.runStarted(runId), ev.textStart(`${runId}-m`), ev.text(`${runId}-m`, text), ev.textEnd(`${runId}-m`), ev.runFinished(runId)];
const texts = (store: ReturnType<typeof createThreadStore>) =>
  store.getState().thread.messageIds.map((id) => (store.getState().thread.messages.get(id) as { content?: unknown }).content);

describe("followPushes", () => {
  it("holds pushes until `after` settles, folds them into the store, and stops taking them once stopped", async () => {
    const threads = createMemoryThreadsAdapter();
    const store = createThreadStore({ batch: "sync", threadId: "t" });
    let loaded!: () => void;
    const stop = followPushes(store, threads, "t", new Promise<void>((resolve) => (loaded = resolve)));
    threads.deliver({ threadId: "t", title: "", events: report("p1", "Early") });
    expect(texts(store)).toEqual([]);
    loaded();
    await Promise.resolve();
    await Promise.resolve();
    expect(texts(store)).toEqual(["Early"]);
    stop();
    // Let go of: the adapter keeps the next push itself, unread.
    const { thread } = threads.deliver({ threadId: "t", title: "", events: report("p2", "Later") });
    expect(texts(store)).toEqual(["Early"]);
    expect(thread.unread).toBe(1);
  });

  it("does nothing with a storage that takes no pushes", () => {
    const store = createThreadStore({ batch: "sync" });
    const stop = followPushes(store, createMemoryThreadStorage(), "t", Promise.resolve());
    expect(stop).toBeTypeOf("function");
    stop();
    expect(store.getState().thread.messageIds).toEqual([]);
  });
});

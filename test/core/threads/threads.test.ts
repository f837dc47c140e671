import { describe, expect, it, vi } from "vitest";
import { EventType } from "@ag-ui/core";
import { connectSessions, createMemoryThreadsAdapter, readSessionFrame, type ThreadsChange } from "../../../src/threads";
import { createThreadState, foldEvents } from "../../../src/core/fold";
import { persistThread, restoreThread, snapshotThread } from "../../../src/persistence";
import { createThreadStore, type ThreadStore } from "../../../src";
import { fakeAgent } from "../../support/fakeAgent";
import { ev } from "../../support/events";

const report = (threadId: string, text: string) => [
  { type: EventType.RUN_STARTED, threadId, runId: `${threadId}-r1` },
  { type: EventType.TEXT_MESSAGE_START, messageId: `${threadId}-m1`, role: "assistant" },
  { type: EventType.TEXT_MESSAGE_CONTENT, messageId: `${threadId}-m1`, delta: text },
  { type: EventType.TEXT_MESSAGE_END, messageId: `${threadId}-m1` },
  { type: EventType.RUN_FINISHED, threadId, runId: `${threadId}-r1` },
];

const personSaid = (threadId: string, text: string) =>
  snapshotThread(
    foldEvents(createThreadState({ threadId }), [
      { type: EventType.MESSAGES_SNAPSHOT, messages: [{ id: `${threadId}-u1`, role: "user", content: text }, { id: `${threadId}-a1`, role: "assistant", content: "Sure." }] },
    ]),
    1,
  );

describe("createMemoryThreadsAdapter", () => {
  it("creates, renames, lists and deletes threads, and tells subscribers each change", async () => {
    let clock = 100;
    let n = 0;
    const threads = createMemoryThreadsAdapter({ now: () => clock, newId: () => `t${++n}` });
    const changes: ThreadsChange[] = [];
    const stop = threads.subscribe((c) => changes.push(c));
    const made = await threads.create("  Trip plans ");
    expect(made).toEqual({ id: "t1", title: "Trip plans", startedBy: "person", unread: 0, updatedAt: 100 });
    clock = 200;
    await threads.rename("t1", "Lyon trip");
    expect(await threads.list()).toEqual([{ ...made, title: "Lyon trip" }]);
    await expect(threads.rename("t1", "   ")).rejects.toThrow("A conversation needs a name.");
    await expect(threads.rename("nope", "x")).rejects.toThrow('There is no conversation "nope".');
    await threads.remove("t1");
    await threads.remove("t1"); // already gone: no error, no second change
    expect(await threads.list()).toEqual([]);
    expect(changes.map((c) => c.type)).toEqual(["upsert", "upsert", "remove"]);
    stop();
    await threads.create();
    expect(changes).toHaveLength(3);
  });

  it("is a ThreadStorage: a saved thread loads back as a copy, and a thread it did not know is added, named after the person's first message", async () => {
    let clock = 10;
    const threads = createMemoryThreadsAdapter({ now: () => clock });
    const snapshot = personSaid("chat-1", "Find me a train to Lyon on Friday");
    await threads.save("chat-1", snapshot);
    const loaded = await threads.load("chat-1");
    expect(loaded).toEqual(snapshot);
    expect(loaded).not.toBe(snapshot);
    expect(restoreThread(loaded).ok).toBe(true);
    expect(await threads.list()).toEqual([{ id: "chat-1", title: "Find me a train to Lyon on Friday", startedBy: "person", unread: 0, updatedAt: 10, preview: "Sure." }]);
    // Saved again unchanged (the thread was just opened): its place in the list stays.
    clock = 20;
    await threads.save("chat-1", snapshot);
    expect((await threads.list())[0]!.updatedAt).toBe(10);
    expect(await threads.load("unknown")).toBeUndefined();
    // A thread with nothing said yet is not listed.
    await threads.save("blank", snapshotThread(createThreadState({ threadId: "blank" }), 1));
    expect(await threads.list()).toHaveLength(1);
  });

  it("delivers a pushed session: folded like a run, started by the agent, unread until marked read", async () => {
    const threads = createMemoryThreadsAdapter({ now: () => 5 });
    const changes: ThreadsChange[] = [];
    threads.subscribe((c) => changes.push(c));
    const { thread, problems } = threads.deliver({ threadId: "nightly-1", title: "Nightly report", events: report("nightly-1", "All 12 jobs ran; one was slow.") });
    expect(problems).toEqual([]);
    expect(thread).toEqual({ id: "nightly-1", title: "Nightly report", startedBy: "agent", unread: 1, updatedAt: 5, preview: "All 12 jobs ran; one was slow." });
    expect(changes).toEqual([{ type: "upsert", thread }]);
    const restored = restoreThread(await threads.load("nightly-1"));
    expect(restored.ok && restored.thread.messages.get("nightly-1-m1")).toMatchObject({ role: "assistant", content: "All 12 jobs ran; one was slow." });
    expect(restored.ok && restored.thread.threadId).toBe("nightly-1");

    // A second push to the same session goes on with it.
    threads.deliver({ threadId: "nightly-1", title: "ignored", events: [{ type: EventType.RUN_STARTED, threadId: "nightly-1", runId: "r2" }, { type: EventType.TEXT_MESSAGE_START, messageId: "m2", role: "assistant" }, { type: EventType.TEXT_MESSAGE_CONTENT, messageId: "m2", delta: "Update: fixed." }, { type: EventType.TEXT_MESSAGE_END, messageId: "m2" }, { type: EventType.RUN_FINISHED, threadId: "nightly-1", runId: "r2" }] });
    expect(await threads.list()).toEqual([expect.objectContaining({ title: "Nightly report", unread: 2, preview: "Update: fixed." })]);
    await threads.markRead("nightly-1");
    expect((await threads.list())[0]!.unread).toBe(0);
  });

  it("names events the fold could not apply, and keeps the rest", () => {
    const threads = createMemoryThreadsAdapter();
    const { problems, thread } = threads.deliver({ threadId: "s", title: "Odd", events: report("s", "Hello").toSpliced(3, 0, { type: EventType.TEXT_MESSAGE_CONTENT, messageId: "ghost", delta: "x" }) });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/ghost/);
    expect(thread.unread).toBe(1);
  });
});

describe("a push to the thread open right now", () => {
  const push = (threadId: string, runId: string, messageId: string, text: string) => [
    { type: EventType.RUN_STARTED, threadId, runId },
    { type: EventType.TEXT_MESSAGE_START, messageId, role: "assistant" },
    { type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: text },
    { type: EventType.TEXT_MESSAGE_END, messageId },
    { type: EventType.RUN_FINISHED, threadId, runId },
  ];
  const texts = (store: ThreadStore) => store.getState().thread.messageIds.flatMap((id) => {
    const m = store.getState().thread.messages.get(id) as { content?: unknown } | undefined;
    return typeof m?.content === "string" ? [m.content] : [];
  });

  it("shows in the open store at once, is saved by it, and is not written over by its next save", async () => {
    vi.useFakeTimers();
    try {
      const threads = createMemoryThreadsAdapter({ now: () => 5, threads: [{ summary: { id: "chat", title: "Lyon trip", startedBy: "person", unread: 0, updatedAt: 1 }, snapshot: personSaid("chat", "Find me a train to Lyon") }] });
      const store = createThreadStore({ batch: "sync", threadId: "chat" });
      const kept = persistThread(store, { storage: threads, key: "chat" });
      await kept.ready;
      const { thread, problems } = threads.deliver({ threadId: "chat", title: "ignored", events: push("chat", "p1", "p1-m", "The 08:05 is now full.") });
      expect(problems).toEqual([]);
      // Read where it was shown: no unread badge for the thread the person is looking at.
      expect(thread).toMatchObject({ id: "chat", title: "Lyon trip", unread: 0 });
      expect(texts(store)).toEqual(["Find me a train to Lyon", "Sure.", "The 08:05 is now full."]);
      // The person replies afterwards; every save keeps the push.
      await vi.advanceTimersByTimeAsync(200);
      const restored = restoreThread(await threads.load("chat"));
      expect(restored.ok && [...restored.thread.messages.values()].map((m) => (m as { content?: unknown }).content)).toEqual(["Find me a train to Lyon", "Sure.", "The 08:05 is now full."]);
      expect((await threads.list())[0]).toMatchObject({ preview: "The 08:05 is now full.", unread: 0 });

      // Closed (another thread opened): pushes are folded onto the stored copy again, unread.
      kept.stop();
      threads.deliver({ threadId: "chat", title: "ignored", events: push("chat", "p2", "p2-m", "The 12:30 too.") });
      expect(texts(store)).toHaveLength(3);
      expect((await threads.list())[0]).toMatchObject({ unread: 1, preview: "The 12:30 too." });
    } finally {
      vi.useRealTimers();
    }
  });

  it("waits for the store's own reply to end, and for the saved thread to be back, before it goes in", async () => {
    const threads = createMemoryThreadsAdapter({ threads: [{ summary: { id: "chat", title: "Lyon trip", startedBy: "person", unread: 0, updatedAt: 1 }, snapshot: personSaid("chat", "Find me a train to Lyon") }] });
    const fake = fakeAgent();
    const store = createThreadStore({ agent: fake.agent, batch: "sync", threadId: "chat" });
    const kept = persistThread(store, { storage: threads, key: "chat" });
    // Pushed while the saved thread is still loading: held, not folded onto the stored copy.
    threads.deliver({ threadId: "chat", title: "", events: push("chat", "p1", "p1-m", "Early news.") });
    expect(texts(store)).toEqual([]);
    await kept.ready;
    expect(texts(store)).toEqual(["Find me a train to Lyon", "Sure.", "Early news."]);

    store.getState().sendMessage("And on Saturday?");
    fake.push(ev.runStarted(), ev.textStart("r-m"), ev.text("r-m", "Looking"));
    threads.deliver({ threadId: "chat", title: "", events: push("chat", "p2", "p2-m", "Late news.") });
    // The reply streaming in is not cut off by the push's RUN_STARTED.
    expect(store.getState().isRunning).toBe(true);
    expect(texts(store)).not.toContain("Late news.");
    fake.push(ev.text("r-m", "…"), ev.textEnd("r-m"), ev.runFinished());
    fake.complete();
    await Promise.resolve();
    expect(texts(store).slice(-2)).toEqual(["Looking…", "Late news."]);
    expect(store.getState().thread.runs.map((r) => r.status)).not.toContain("error");
    expect(store.getState().thread.errors).toEqual([]);
    kept.stop();
  });
});

describe("readSessionFrame", () => {
  it("reads a session frame, from text or an object", () => {
    const events = report("t", "Hi");
    expect(readSessionFrame(JSON.stringify({ type: "session", threadId: "t", title: "  A  title ", events }))).toEqual({ ok: true, session: { threadId: "t", title: "A title", events } });
  });

  it.each([
    ["not JSON", "{", "not JSON"],
    ["another type", { type: "ping" }, 'not of type "session"'],
    ["no thread id", { type: "session", threadId: "", events: [] }, "no usable thread id"],
    ["a prototype key as id", { type: "session", threadId: "__proto__", events: [] }, "no usable thread id"],
    ["events not a list", { type: "session", threadId: "t", events: "x" }, "not a list of AG-UI events"],
    ["an event without a type", { type: "session", threadId: "t", events: [{}] }, "not a list of AG-UI events"],
  ])("refuses %s in words", (_, data, problem) => {
    const result = readSessionFrame(data);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problem).toContain(problem);
  });
});

class FakeSocket {
  static made: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  close() {
    this.closed = true;
    this.onclose?.();
  }
}

describe("connectSessions", () => {
  it("delivers each session frame, reports bad frames and fold problems, reconnects after a drop, and stops on close", () => {
    vi.useFakeTimers();
    try {
      FakeSocket.made = [];
      const threads = createMemoryThreadsAdapter();
      const problems: string[] = [];
      const statuses: string[] = [];
      const push = connectSessions("ws://x/sessions", { deliver: threads.deliver, onProblem: (p) => problems.push(p), onStatus: (s) => statuses.push(s), WebSocket: FakeSocket as unknown as new (url: string) => WebSocket });
      const first = FakeSocket.made[0]!;
      first.onopen?.();
      first.onmessage?.({ data: JSON.stringify({ type: "session", threadId: "n1", title: "Nightly", events: report("n1", "Report") }) });
      first.onmessage?.({ data: "garbage" });
      first.onmessage?.({ data: JSON.stringify({ type: "session", threadId: "n2", title: "Odd", events: [{ type: "TEXT_MESSAGE_CONTENT", messageId: "ghost", delta: "x" }] }) });
      expect(problems).toEqual(["A pushed session frame is not JSON.", expect.stringMatching(/^In the pushed session "n2": .*ghost/)]);
      // The server goes away: a new socket after a second.
      first.onclose?.();
      expect(FakeSocket.made).toHaveLength(1);
      vi.advanceTimersByTime(1_000);
      expect(FakeSocket.made).toHaveLength(2);
      push.close();
      expect(FakeSocket.made[1]!.closed).toBe(true);
      vi.advanceTimersByTime(60_000);
      expect(FakeSocket.made).toHaveLength(2);
      expect(statuses).toEqual(["connecting", "open", "reconnecting", "closed"]);
      return threads.list().then((list) => expect(list.map((t) => [t.id, t.unread])).toEqual(expect.arrayContaining([["n1", 1]])));
    } finally {
      vi.useRealTimers();
    }
  });
});

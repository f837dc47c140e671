// @vitest-environment node
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerMessageId, createThreadStore, type Interaction, type ThreadStore, type ThreadStoreOptions } from "../../src";
import { createMemoryThreadStorage, persistThread, restoreThread, snapshotThread, type ThreadStorage } from "../../src/persistence";
import { buildRunInput } from "../../src/core";
import { ev } from "../support/events";
import { fakeAgent } from "../support/fakeAgent";

/**
 * A thread kept across a reload: the page's store is saved as it changes; a new store (the
 * reloaded page) takes it up — open questions wait again with their original deadlines, answers
 * no run carried yet go out exactly once, answered questions stay answered.
 */

let n = 0;
const OPTIONS = [{ id: "a", label: "08:05" }, { id: "b", label: "12:30" }, { id: "c", label: "18:40" }];
const adviseCall = (id: string, extra: object = {}) => [ev.toolStart(id, "parley_advise"), ev.toolArgs(id, JSON.stringify({ content: "Which train?", options: OPTIONS, ...extra })), ev.toolEnd(id)];
const choose = (...optionIds: string[]) => ({ action: "choose" as const, optionIds, numbers: [] });
const interaction = (store: ThreadStore, id: string) => store.getState().thread.interactions.get(id) as Interaction;

function page(storage: ThreadStorage, options: ThreadStoreOptions = {}) {
  const fake = fakeAgent();
  const store = createThreadStore({ agent: fake.agent, batch: "sync", createId: () => `id-${++n}`, now: () => Date.now(), ...options });
  const kept = persistThread(store, { storage, key: "chat", onError: (error) => { throw error; } });
  return { fake, store, kept, s: () => store.getState() };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("persistThread", () => {
  it("a pending question comes back after a reload, numbered as before, with its deadline going on", async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 5, 9) });
    const storage = createMemoryThreadStorage();
    const first = page(storage);
    await first.kept.ready;
    first.s().sendMessage("Book a train");
    first.fake.play([ev.textStart("m1"), ev.text("m1", "Here are three."), ev.textEnd("m1"), ...adviseCall("tc1", { timeoutMs: 60_000 })]);
    const deadline = interaction(first.store, "tc1").deadline!;
    await vi.advanceTimersByTimeAsync(200); // the write
    first.kept.stop();

    await vi.advanceTimersByTimeAsync(20_000); // the page was away for 20 s
    const second = page(storage);
    expect((await second.kept.ready)?.ok).toBe(true);
    const back = interaction(second.store, "tc1");
    expect(back).toMatchObject({ status: "pending", numbers: [1, 2, 3], deadline });
    expect(second.s().thread.messageIds).toEqual(first.s().thread.messageIds);
    expect(second.s().thread.status).toBe("waiting");
    // The countdown did not restart: 40 s later it declines by itself.
    await vi.advanceTimersByTimeAsync(40_001);
    expect(interaction(second.store, "tc1").status).toBe("timed_out");
    second.kept.stop();
  });

  it("an answer given just before the reload (not yet delivered) goes out once from the reloaded page; delivered ones never again", async () => {
    const storage = createMemoryThreadStorage();
    const first = page(storage, { autoContinue: false });
    await first.kept.ready;
    first.s().sendMessage("Book a train");
    first.fake.play(adviseCall("tc1"));
    expect(first.s().answer("tc1", choose("c")).ok).toBe(true);
    await first.kept.flush();
    first.kept.stop();

    const second = page(storage);
    await second.kept.ready;
    // The outbox: the reloaded page runs with the answer, by itself.
    expect(second.fake.inputs).toHaveLength(1);
    expect(second.fake.inputs[0]!.messages.filter((m) => m.role === "tool").map((m) => m.id)).toEqual([answerMessageId("tc1")]);
    second.fake.play([ev.textStart("m2"), ev.text("m2", "Booked the 18:40."), ev.textEnd("m2")]);
    expect(interaction(second.store, "tc1").deliveredInRunId).toBe(second.fake.inputs[0]!.runId);
    await second.kept.flush();
    second.kept.stop();

    const third = page(storage);
    await third.kept.ready;
    expect(third.fake.inputs).toHaveLength(0); // nothing owed any more
    expect(interaction(third.store, "tc1").status).toBe("answered");
    third.kept.stop();
  });

  it("a run streaming when the page went away ends as interrupted, keeps what arrived, and Retry runs again", async () => {
    const storage = createMemoryThreadStorage();
    const first = page(storage);
    await first.kept.ready;
    first.s().sendMessage("Tell me a story");
    first.fake.push(ev.runStarted(), ev.textStart("m1"), ev.text("m1", "Once upon"));
    await first.kept.flush();
    first.kept.stop();

    const second = page(storage);
    await second.kept.ready;
    const last = second.s().thread.runs.at(-1)!;
    expect(last.status).toBe("error");
    expect(second.s().thread.messages.get("m1")).toMatchObject({ content: "Once upon" });
    expect(second.s().retry()).toBe(true);
    expect(second.fake.inputs).toHaveLength(1);
    second.kept.stop();
  });

  it("let go of mid-reply (the person opens another thread) or gone mid-reply, the reply is written as far as it came", async () => {
    vi.useFakeTimers();
    const storage = createMemoryThreadStorage();
    const first = page(storage);
    await first.kept.ready;
    first.s().sendMessage("Tell me a story");
    first.fake.push(ev.runStarted(), ev.textStart("m1"), ev.text("m1", "Once"));
    // The writes the start of the run asked for are done; the text goes on streaming.
    await vi.advanceTimersByTimeAsync(200);
    first.fake.push(ev.text("m1", " upon a time, in a land far away"));
    first.kept.stop();
    await vi.advanceTimersByTimeAsync(0);
    const second = page(storage);
    await second.kept.ready;
    expect(second.s().thread.messages.get("m1")).toMatchObject({ content: "Once upon a time, in a land far away" });
    expect(second.s().thread.runs.at(-1)?.status).toBe("error");
    second.kept.stop();

    // The page goes away mid-reply (`flush`, as at `pagehide`): the same.
    const third = page(storage);
    await third.kept.ready;
    // Restored, and written once: nothing owed while nothing changes.
    await vi.advanceTimersByTimeAsync(200);
    const saves = vi.spyOn(storage, "save");
    await third.kept.flush();
    expect(saves).not.toHaveBeenCalled();
    third.s().retry();
    third.fake.push(ev.runStarted(), ev.textStart("m2"), ev.text("m2", "Once"));
    await vi.advanceTimersByTimeAsync(200);
    third.fake.push(ev.text("m2", " more"));
    saves.mockClear();
    await third.kept.flush();
    expect(saves).toHaveBeenCalledTimes(1);
    const saved = restoreThread(await storage.load("chat"));
    expect(saved.ok && saved.thread.messages.get("m2")).toMatchObject({ content: "Once more" });
    third.kept.stop();
  });

  it("a page that already began its own thread is not replaced; a storage failure is reported, never thrown", async () => {
    const storage = createMemoryThreadStorage();
    const snapshotStore = createThreadStore({ batch: "sync", initialMessages: [{ id: "old", role: "user", content: "old" }] });
    await storage.save("chat", snapshotThread(snapshotStore.getState().thread, 1));
    const fresh = createThreadStore({ batch: "sync", initialMessages: [{ id: "mine", role: "user", content: "mine" }] });
    const kept = persistThread(fresh, { storage, key: "chat" });
    await kept.ready;
    expect(fresh.getState().thread.messageIds).toEqual(["mine"]);
    kept.stop();

    const errors: unknown[] = [];
    const broken: ThreadStorage = { load: async () => Promise.reject(new Error("quota")), save: async () => Promise.reject(new Error("quota")), remove: async () => undefined };
    const store = createThreadStore({ batch: "sync", agent: fakeAgent().agent });
    const failing = persistThread(store, { storage: broken, key: "x", onError: (e) => errors.push(e) });
    await failing.ready;
    store.getState().sendMessage("hi");
    await failing.flush();
    expect(errors.map((e) => (e as Error).message)).toEqual(["quota", "quota"]);
    expect(store.getState().thread.messageIds).toHaveLength(1);
    failing.stop();
  });
});

describe("restoreThread", () => {
  it("round-trips a thread through JSON", () => {
    const store = createThreadStore({ batch: "sync", agent: fakeAgent().agent });
    const thread = store.getState().thread;
    const restored = restoreThread(JSON.parse(JSON.stringify(snapshotThread(thread, 5))));
    expect(restored.ok && restored.thread.messageIds).toEqual(thread.messageIds);
  });

  it.each([
    ["nothing", undefined],
    ["another version", { version: 99 }],
    ["lists that are not lists", { version: 1, messages: "x", toolCalls: [], interactions: [], runs: [], grants: [], audit: [], pendingInterrupts: [], pendingToolCallIds: [], nextNumber: 1 }],
    ["a bad counter", { version: 1, messages: [], toolCalls: [], interactions: [], runs: [], grants: [], audit: [], pendingInterrupts: [], pendingToolCallIds: [], nextNumber: 0 }],
  ])("refuses %s in words", (_, snapshot) => {
    const restored = restoreThread(snapshot);
    expect(restored.ok).toBe(false);
    expect(!restored.ok && restored.problem.length).toBeGreaterThan(10);
  });

  it("keeps who spoke: sub-agents' names (and their nesting) come back, so their messages are labelled after a reload", () => {
    const store = createThreadStore({ batch: "sync", agent: fakeAgent().agent });
    store.getState().receiveEvents([
      ev.runStarted(),
      ev.subagentStarted("sa-1", "Sales agent"),
      ev.subagentStarted("sa-2", "Mail agent", { parentSubagentRunId: "sa-1" }),
      ev.textChunk({ messageId: "m1", role: "assistant", delta: "Draft ready.", subagentRunId: "sa-2" }),
      ev.subagentFinished("sa-2"),
    ]);
    const restored = restoreThread(JSON.parse(JSON.stringify(snapshotThread(store.getState().thread, 5))));
    expect(restored.ok && restored.thread.subagents["sa-2"]).toMatchObject({ name: "Mail agent", parentSubagentRunId: "sa-1", status: "finished" });
    // Saved mid-run: the reloaded page ends the run, and the sub-agent still running with it.
    const reloaded = createThreadStore({ batch: "sync" });
    expect(restored.ok && reloaded.getState().restore(restored.thread)).toBe(true);
    expect(reloaded.getState().thread.subagents["sa-1"]).toMatchObject({ name: "Sales agent", status: "error" });
    expect(reloaded.getState().thread.status).not.toBe("acting");
  });

  it("drops sub-agent records that are not what they claim", () => {
    const base = { version: 1, savedAt: 1, nextNumber: 1, messages: [], toolCalls: [], runs: [], grants: [], audit: [], pendingInterrupts: [], pendingToolCallIds: [], interactions: [] };
    const restored = restoreThread(JSON.parse(`{"version":1,"savedAt":1,"nextNumber":1,"messages":[],"toolCalls":[],"runs":[],"grants":[],"audit":[],"pendingInterrupts":[],"pendingToolCallIds":[],"interactions":[],
      "subagents":{"ok":{"subagentRunId":"ok","name":"Helper","status":"finished"},"__proto__":{"subagentRunId":"__proto__","name":"x","status":"running"},"other":{"subagentRunId":"not-other","name":"x","status":"running"},"nameless":{"subagentRunId":"nameless","status":"running"}}}`));
    expect(restored.ok && Object.keys(restored.thread.subagents)).toEqual(["ok"]);
    expect(restored.ok && Object.getPrototypeOf(restored.thread.subagents)).toBe(Object.prototype);
    expect(restoreThread({ ...base, subagents: "nope" }).ok).toBe(true);
  });

  it("drops records without ids, and rows whose interaction is missing", () => {
    const restored = restoreThread({
      version: 1, savedAt: 1, nextNumber: 4, toolCalls: [], runs: [], grants: [], audit: [], pendingInterrupts: [], pendingToolCallIds: [], interactions: [],
      messages: [{ id: "m1", role: "user", content: "hi" }, { role: "user", content: "no id" }, { id: "constructor", role: "user" }, { id: "row", role: "interaction", interactionId: "gone" }],
    });
    expect(restored.ok && restored.thread.messageIds).toEqual(["m1"]);
    expect(restored.ok && restored.thread.nextNumber).toBe(4);
  });
});

describe("restoreThread: an assistant message's tool calls", () => {
  it("lists only calls the thread has: a list that is not one, or a call that is not there, would fail the next run", () => {
    const restored = restoreThread({
      version: 1, savedAt: 1, nextNumber: 1, runs: [], grants: [], audit: [], pendingInterrupts: [], pendingToolCallIds: [], interactions: [],
      toolCalls: [{ id: "c1", name: "search", messageId: "a1", argsText: "{}", status: "complete" }],
      messageIds: ["u1", "a1", "a2", "a3", "a4"],
      messages: [
        { id: "u1", role: "user", content: "hi" },
        { id: "a1", role: "assistant", content: "", toolCallIds: ["c1", "gone", 7] },
        { id: "a2", role: "assistant", content: "x", toolCallIds: {} },
        { id: "a3", role: "assistant", content: "y" },
        { id: "a4", role: "assistant", content: "z", toolCallIds: ["gone"] },
      ],
    });
    if (!restored.ok) throw new Error(restored.problem);
    const { messages } = restored.thread;
    expect(messages.get("a1")).toMatchObject({ toolCallIds: ["c1"] });
    expect(messages.get("a2")).not.toHaveProperty("toolCallIds");
    expect(messages.get("a3")).not.toHaveProperty("toolCallIds");
    expect(messages.get("a4")).not.toHaveProperty("toolCallIds");
    const sent = buildRunInput(restored.thread, { runId: "next" }).messages;
    expect(sent.map((m) => m.id)).toEqual(["u1", "a1", "a2", "a3", "a4"]);
    // Only a1 carries tool calls; no message goes out with an empty list of them.
    expect(sent.map((m) => (m.role === "assistant" ? m.toolCalls?.map((c) => c.id) : undefined))).toEqual([undefined, ["c1"], undefined, undefined, undefined]);
  });
});

describe("restoreThread with versions", () => {
  it("keeps an edit's other version across a reload: both can still be browsed", () => {
    const fake = fakeAgent();
    const store = createThreadStore({ agent: fake.agent, batch: "sync", createId: () => `v-${++n}` });
    store.getState().sendMessage("Book Lyon");
    fake.play([ev.textStart("r1"), ev.text("r1", "Booked Lyon."), ev.textEnd("r1")]);
    const first = store.getState().thread.messageIds[0]!;
    expect(store.getState().editMessage(first, "Book Marseille").ok).toBe(true);
    fake.play([ev.textStart("r2"), ev.text("r2", "Booked Marseille."), ev.textEnd("r2")]);
    const before = store.getState().thread;
    const restored = restoreThread(JSON.parse(JSON.stringify(snapshotThread(before, 1))));
    if (!restored.ok) throw new Error(restored.problem);
    expect(restored.thread.messageIds).toEqual(before.messageIds);
    expect(restored.thread.messages.size).toBe(before.messages.size);
    expect(restored.thread.branches).toEqual(before.branches);
    const again = createThreadStore({ agent: fakeAgent().agent, batch: "sync" });
    expect(again.getState().restore(restored.thread)).toBe(true);
    const at = Object.keys(before.branches ?? {})[0]!;
    expect(again.getState().switchBranch(at, 0).ok).toBe(true);
    expect(again.getState().thread.messageIds.map((id) => again.getState().thread.messages.get(id)?.content)).toContain("Booked Lyon.");
  });
});

describe("persistThread: forget()", () => {
  it("removes the saved copy, and a save still pending never writes it back", async () => {
    vi.useFakeTimers();
    const storage = createMemoryThreadStorage();
    const kept = page(storage);
    await kept.kept.ready;
    kept.s().sendMessage("Book a train");
    await vi.advanceTimersByTimeAsync(200);
    expect(await storage.load("chat")).toBeDefined();
    // A change whose debounced save is still pending when the person forgets.
    kept.fake.play([ev.textStart("m1"), ev.text("m1", "Which day?"), ev.textEnd("m1")]);
    await kept.kept.forget();
    await vi.advanceTimersByTimeAsync(500);
    expect(await storage.load("chat")).toBeUndefined();
    // The thread on screen is left as it is; nothing more is kept.
    expect(kept.s().thread.messageIds).toHaveLength(2);
    kept.s().sendMessage("Tomorrow");
    await vi.advanceTimersByTimeAsync(500);
    expect(await storage.load("chat")).toBeUndefined();
  });

  it("a write already under way finishes before the removal, so it cannot bring the thread back", async () => {
    const memory = createMemoryThreadStorage();
    let release: (() => void) | undefined;
    const slow: ThreadStorage = {
      ...memory,
      save: (key, snapshot) => new Promise<void>((resolve) => (release = resolve)).then(() => memory.save(key, snapshot)),
    };
    const kept = page(slow);
    await kept.kept.ready;
    kept.s().sendMessage("Book a train");
    const writing = kept.kept.flush(); // the write starts, and waits on `release`
    await vi.waitFor(() => expect(release).toBeDefined());
    const forgotten = kept.kept.forget();
    release!();
    await Promise.all([writing, forgotten]);
    expect(await memory.load("chat")).toBeUndefined();
  });

  it("forgotten while the saved thread is still being read: it is not taken up", async () => {
    const memory = createMemoryThreadStorage();
    const first = page(memory);
    await first.kept.ready;
    first.s().sendMessage("Book a train");
    await first.kept.flush();
    first.kept.stop();
    const second = page(memory);
    await second.kept.forget();
    expect(await second.kept.ready).toBeUndefined();
    expect(second.s().thread.messageIds).toEqual([]);
    expect(await memory.load("chat")).toBeUndefined();
  });
});

// @vitest-environment node
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RunAgentInput } from "@ag-ui/core";
import { answerMessageId, createThreadStore, type Interaction, type ThreadStore, type ThreadStoreOptions } from "../../src";
import { createPermissions } from "../../src/core/policy";
import { DELIVERED_BY_ANOTHER_TAB, snapshotThread, syncTabs, TAB_MESSAGE_VERSION, type TabLocks } from "../../src/persistence";
import { channelHub, fakeLocks } from "../support/tabs";
import { ev } from "../support/events";
import { fakeAgent } from "../support/fakeAgent";

/**
 * One thread in several tabs: each tab is a store of its own, joined by an in-memory
 * BroadcastChannel and Web Locks. An answer in one tab closes the card in the others at once; the
 * tab holding the lock sends, so the agent hears each answer exactly once — across a handover too.
 */

let n = 0;
const settle = async () => {
  for (let i = 0; i < 10; i++) await new Promise<void>((resolve) => setTimeout(resolve, 0));
};
const OPTIONS = [{ id: "a", label: "08:05" }, { id: "b", label: "12:30" }];
const adviseCall = (id: string, extra: object = {}) => [ev.toolStart(id, "parley_advise"), ev.toolArgs(id, JSON.stringify({ content: "Which train?", options: OPTIONS, ...extra })), ev.toolEnd(id)];
const askPermission = (id: string, operation: string) => [
  ev.toolStart(id, "parley_request_permission"),
  ev.toolArgs(id, JSON.stringify({ operation, summary: `Allow ${operation}?`, categories: ["privacy"] })),
  ev.toolEnd(id),
];
const choose = (...optionIds: string[]) => ({ action: "choose" as const, optionIds, numbers: [] });
const interaction = (store: ThreadStore, id: string) => store.getState().thread.interactions.get(id) as Interaction;
/** Runs (of every tab) whose input carried the tool message answering `callId`. */
const carrying = (runs: RunAgentInput[], callId: string) => runs.filter((run) => run.messages.some((m) => m.role === "tool" && m.id === answerMessageId(callId))).length;

function tab(hub: ReturnType<typeof channelHub>, locks: TabLocks | null, options: ThreadStoreOptions = {}) {
  const fake = fakeAgent();
  const store = createThreadStore({ agent: fake.agent, batch: "sync", createId: () => `id-${++n}`, ...options });
  const errors: unknown[] = [];
  const sync = syncTabs(store, { key: "chat", openChannel: hub.open, locks, onError: (error) => errors.push(error) });
  const close = () => {
    sync.stop();
    store.getState().stop();
  };
  return { fake, store, sync, errors, close, s: () => store.getState() };
}

/** Two tabs of one thread: A holds the lock; A's first run asked `tc1`, and B took the thread up. */
async function twoTabs(options: ThreadStoreOptions = {}, locks: TabLocks | null = fakeLocks(), ask = adviseCall("tc1")) {
  const hub = channelHub();
  const a = tab(hub, locks, options);
  const b = tab(hub, locks, options);
  await settle();
  a.s().sendMessage("Book a train");
  a.fake.play(ask);
  await settle();
  return { hub, a, b, runs: () => [...a.fake.inputs, ...b.fake.inputs] };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("syncTabs", () => {
  it("the first tab holds the lock and sends; the second takes the thread up when the run ends", async () => {
    const { a, b } = await twoTabs();
    expect(a.sync.sending).toBe(true);
    expect(b.sync.sending).toBe(false);
    expect(interaction(b.store, "tc1").status).toBe("pending");
    expect(b.s().thread.messageIds).toEqual(a.s().thread.messageIds);
  });

  it("answering in the other tab closes the sender's card at once, and the agent hears the answer once", async () => {
    const { a, b, runs } = await twoTabs();
    expect(b.s().answer("tc1", choose("b")).ok).toBe(true);
    expect(b.fake.inputs).toHaveLength(0); // B does not send
    await settle();
    expect(interaction(a.store, "tc1")).toMatchObject({ status: "answered", response: { optionIds: ["b"] } });
    expect(a.fake.inputs).toHaveLength(2);
    expect(carrying(runs(), "tc1")).toBe(1);

    a.fake.play([ev.textStart("m2"), ev.text("m2", "Booked the 12:30."), ev.textEnd("m2")]);
    await settle();
    // The reply shows in B, and B knows the answer was delivered.
    expect(b.s().thread.messages.get("m2")).toBeDefined();
    expect(interaction(b.store, "tc1").deliveredInRunId).toBe(a.fake.inputs[1]!.runId);
    expect(carrying(runs(), "tc1")).toBe(1);
    expect([...a.errors, ...b.errors]).toEqual([]);
  });

  it("answering in the sender closes the card in the other tab at once; that tab sends nothing", async () => {
    const { a, b, runs } = await twoTabs();
    a.s().answer("tc1", choose("a"));
    await settle();
    expect(interaction(b.store, "tc1")).toMatchObject({ status: "answered", how: "click", response: { optionIds: ["a"], numbers: [1] } });
    expect(b.fake.inputs).toHaveLength(0);
    expect(carrying(runs(), "tc1")).toBe(1);
    // A second answer in B is refused: the question is closed there too.
    expect(b.s().answer("tc1", choose("b")).ok).toBe(false);
  });

  it("a decline in one tab is a decline in the other, sent once", async () => {
    const { a, b, runs } = await twoTabs();
    b.s().decline("tc1");
    await settle();
    expect(interaction(a.store, "tc1").status).toBe("declined");
    expect(a.s().thread.audit.map((r) => r.decision)).toContain("declined");
    expect(carrying(runs(), "tc1")).toBe(1);
  });

  it("a deadline is kept by the sender only: one timeout, mirrored, sent once", async () => {
    const { a, b, runs } = await twoTabs({}, fakeLocks(), adviseCall("tc1", { timeoutMs: 30 }));
    expect(interaction(b.store, "tc1").deadline).toBe(interaction(a.store, "tc1").deadline);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await settle();
    expect(interaction(a.store, "tc1").status).toBe("timed_out");
    expect(interaction(b.store, "tc1")).toMatchObject({ status: "timed_out", settledAt: interaction(a.store, "tc1").settledAt });
    expect(b.fake.inputs).toHaveLength(0);
    expect(carrying(runs(), "tc1")).toBe(1);
  });

  it("a grant made in one tab is live in the other; a revocation in the other ends it in the first", async () => {
    const permissions = createPermissions({ identity: "ana@example.com", sessionId: "s1" });
    const { a, b } = await twoTabs({ permissions, now: () => 1_000 }, fakeLocks(), askPermission("p1", "read_customers"));
    b.s().answer("p1", { approved: true, scope: "session" });
    await settle();
    expect(a.s().thread.grants).toMatchObject([{ id: "grant:p1", operation: "read_customers", scope: "session", grantedBy: "ana@example.com" }]);
    expect(a.s().thread.audit.map((r) => `${r.decision}:${r.who}`)).toEqual(["approved:ana@example.com", "granted:ana@example.com"]);
    expect(a.s().revoke("grant:p1").ok).toBe(true);
    await settle();
    expect(b.s().thread.grants[0]).toMatchObject({ id: "grant:p1", revokedAt: 1_000, revokedBy: "ana@example.com" });
  });

  it("a refusal made in one tab (never allow) holds in the other, recorded alike", async () => {
    const permissions = createPermissions({ identity: "ana@example.com", sessionId: "s1" });
    const { a, b } = await twoTabs({ permissions, now: () => 1_000 }, fakeLocks(), askPermission("p1", "read_customers"));
    b.s().answer("p1", { approved: false, never: "read_customers" });
    await settle();
    expect(a.s().thread.grants).toMatchObject([{ id: "refusal:p1", operation: "read_customers", effect: "deny", grantedBy: "ana@example.com" }]);
    expect(a.s().thread.audit.map((r) => `${r.decision}:${r.who}`)).toEqual(["declined:ana@example.com", "refused:ana@example.com"]);
  });

  it("handover: the answer the closing sender never heard is sent by the tab that takes the lock, once", async () => {
    const { a, b, runs } = await twoTabs();
    b.s().answer("tc1", choose("b"));
    a.close(); // before the channel brought it the answer
    await settle();
    expect(b.sync.sending).toBe(true);
    expect(b.fake.inputs).toHaveLength(1);
    expect(carrying(runs(), "tc1")).toBe(1);
  });

  it("handover: an answer the old sender's run already carried is not sent again", async () => {
    const { a, b, runs } = await twoTabs();
    b.s().answer("tc1", choose("b"));
    await settle();
    a.fake.push(ev.runStarted()); // the agent took the run with the answer: delivered, in both tabs
    await settle();
    expect(interaction(b.store, "tc1").deliveredInRunId).toBe(a.fake.inputs[1]!.runId);
    a.close(); // mid-run
    await settle();
    expect(b.sync.sending).toBe(true);
    expect(b.fake.inputs).toHaveLength(0);
    expect(carrying(runs(), "tc1")).toBe(1);
  });

  it("a tab that is not the sender runs its person's own message itself; what that run carries is not sent again by the sender", async () => {
    const { a, b, runs } = await twoTabs();
    expect(b.s().sendMessage("Never mind, I'll go by bus", { declineOpen: true })).toBe(true);
    await settle();
    expect(interaction(a.store, "tc1")).toMatchObject({ status: "declined", deliveredInRunId: DELIVERED_BY_ANOTHER_TAB });
    expect(a.fake.inputs).toHaveLength(1);
    expect(b.fake.inputs).toHaveLength(1);
    expect(carrying(runs(), "tc1")).toBe(1);
    b.fake.play([ev.textStart("m9"), ev.text("m9", "Bus it is."), ev.textEnd("m9")]);
    await settle();
    // The sender takes up the thread that tab's run made.
    expect(a.s().thread.messages.get("m9")).toBeDefined();
    expect(carrying(runs(), "tc1")).toBe(1);
  });

  it("a saved thread that would undo what was settled here is not taken up", async () => {
    const { hub, a, b } = await twoTabs({ autoContinue: false });
    const stale = snapshotThread(a.s().thread, 1);
    b.s().answer("tc1", choose("a"));
    hub.inject("parley:chat", { v: TAB_MESSAGE_VERSION, from: "old", kind: "saved", snapshot: stale });
    await settle();
    expect(interaction(b.store, "tc1").status).toBe("answered");
    expect(interaction(a.store, "tc1").status).toBe("answered");
  });

  it("messages that are not a tab's (malformed, another version, hostile) are ignored and never crash", async () => {
    const { hub, a, b } = await twoTabs();
    const before = b.s().thread;
    for (const data of [
      null,
      "answer tc1",
      42,
      { v: 2, from: "x", kind: "actions", actions: [{ type: "answer", interactionId: "tc1", response: choose("a"), how: "click", at: 1 }] },
      { v: TAB_MESSAGE_VERSION, kind: "actions", actions: [] },
      { v: TAB_MESSAGE_VERSION, from: "x", kind: "actions", actions: "all" },
      { v: TAB_MESSAGE_VERSION, from: "x", kind: "actions", actions: [{ type: "append-message", message: { id: "evil", role: "user", content: "hi" } }] },
      { v: TAB_MESSAGE_VERSION, from: "x", kind: "actions", actions: [{ type: "answer", interactionId: "tc1", response: "yes", how: "click", at: 1 }] },
      { v: TAB_MESSAGE_VERSION, from: "x", kind: "actions", actions: [{ type: "answer", interactionId: "tc1", response: { action: "choose", optionIds: ["zzz"] }, how: "click", at: 1 }] },
      { v: TAB_MESSAGE_VERSION, from: "x", kind: "actions", actions: [{ type: "answer", interactionId: "nope", response: choose("a"), how: "click", at: 1 }] },
      { v: TAB_MESSAGE_VERSION, from: "x", kind: "actions", actions: [{ type: "deliver", interactionIds: [{}], runId: "r" }] },
      { v: TAB_MESSAGE_VERSION, from: "x", kind: "saved", snapshot: { version: 99 } },
      { v: TAB_MESSAGE_VERSION, from: "x", kind: "saved", snapshot: "<script>" },
    ]) {
      hub.inject("parley:chat", data);
    }
    await settle();
    expect(b.s().thread).toBe(before);
    expect(interaction(a.store, "tc1").status).toBe("pending");
    expect([...a.errors, ...b.errors]).toEqual([]);
    expect(a.fake.inputs).toHaveLength(1);
  });

  it("without Web Locks, the tab where the person answered sends; the others mark it delivered by another tab", async () => {
    const { a, b, runs } = await twoTabs({}, null);
    expect(a.sync.sending && b.sync.sending).toBe(true);
    b.s().answer("tc1", choose("a"));
    await settle();
    expect(interaction(a.store, "tc1")).toMatchObject({ status: "answered", deliveredInRunId: DELIVERED_BY_ANOTHER_TAB });
    expect(b.fake.inputs).toHaveLength(1);
    expect(a.fake.inputs).toHaveLength(1);
    expect(carrying(runs(), "tc1")).toBe(1);
  });

  it("without BroadcastChannel, the tab goes on alone", () => {
    vi.stubGlobal("BroadcastChannel", undefined);
    const store = createThreadStore({ batch: "sync" });
    const sync = syncTabs(store, { key: "chat", locks: fakeLocks() });
    expect(sync.sending).toBe(true);
    sync.stop();
  });
});

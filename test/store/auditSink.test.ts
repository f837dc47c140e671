// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createParley, createThreadStore } from "../../src";
import type { AuditRecord } from "../../src/core/policy";
import { deliverAudit, httpAuditSink, type AuditOutboxStorage, type AuditSink } from "../../src/persistence";
import { ev } from "../support/events";
import { fakeAgent } from "../support/fakeAgent";

/**
 * Issue 25, point 4: the audit reaches the app's own sink — each record once accepted, in order,
 * retried with backoff while the sink fails, never in the person's way, and (with a key) what was
 * not accepted survives a reload while what was is not sent again.
 */

const OPTIONS = [{ id: "a", label: "08:05" }, { id: "b", label: "12:30" }];
const advise = (id: string) => [ev.toolStart(id, "parley_advise"), ev.toolArgs(id, JSON.stringify({ content: "Which train?", options: OPTIONS })), ev.toolEnd(id)];

function memoryStorage(): AuditOutboxStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

/** A sink that fails the first `failures` calls, then accepts. */
function flakySink(failures = 0) {
  const received: AuditRecord[][] = [];
  let calls = 0;
  const sink: AuditSink = {
    send: vi.fn(async (records: readonly AuditRecord[]) => {
      calls += 1;
      if (calls <= failures) throw new Error("503");
      received.push([...records]);
    }),
  };
  return { sink, received, ids: () => received.flat().map((r) => r.id) };
}

function setup() {
  const fake = fakeAgent();
  const store = createThreadStore({ agent: fake.agent, threadId: "t1", batch: "sync", now: () => 1_000 });
  store.getState().sendMessage("go");
  return { fake, store, s: () => store.getState() };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("deliverAudit", () => {
  it("sends each decision as it is made, once, with the decision's id", async () => {
    const { fake, store, s } = setup();
    const { sink, received, ids } = flakySink();
    const delivery = deliverAudit(store, { sink, storage: null });
    fake.play([...advise("tc1"), ...advise("tc2")]);
    s().answer("tc1", { action: "choose", optionIds: ["a"], numbers: [] });
    s().decline("tc2");
    await delivery.flush();
    expect(ids()).toEqual(s().thread.audit.map((r) => r.id));
    expect(received.flat()[0]).toMatchObject({ decision: "approved", interactionId: "tc1", decisionId: s().thread.audit[0]!.id });
    // Nothing new: nothing sent again.
    store.getState().sendMessage("thanks");
    await delivery.flush();
    expect(ids()).toHaveLength(2);
    delivery.stop();
  });

  it("retries a failing sink with growing waits, never holding up the person", async () => {
    const { fake, store, s } = setup();
    const { sink, ids } = flakySink(3);
    const errors: number[] = [];
    const delivery = deliverAudit(store, { sink, storage: null, retry: { delayMs: 1_000, maxDelayMs: 60_000 }, random: () => 0.5, onError: (_, attempt) => errors.push(attempt) });
    fake.play(advise("tc1"));
    // The answer is taken at once, whatever the sink does.
    expect(s().answer("tc1", { action: "choose", optionIds: ["a"], numbers: [] }).ok).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toEqual([1]);
    expect(delivery.pending()).toBe(1);
    // Waits 750 ms, then 1.5 s, then 3 s (half of 1, 2, 4 s plus half of the rest, at jitter 0.5).
    await vi.advanceTimersByTimeAsync(749);
    expect(errors).toEqual([1]);
    await vi.advanceTimersByTimeAsync(1);
    expect(errors).toEqual([1, 2]);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(errors).toEqual([1, 2, 3]);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(ids()).toEqual([s().thread.audit[0]!.id]);
    expect(delivery.pending()).toBe(0);
    delivery.stop();
  });

  it("sends in batches, in order", async () => {
    const { fake, store, s } = setup();
    const { sink, received } = flakySink();
    fake.play([...advise("tc1"), ...advise("tc2"), ...advise("tc3")]);
    for (const id of ["tc1", "tc2", "tc3"]) s().decline(id);
    const delivery = deliverAudit(store, { sink, storage: null, batchSize: 2 });
    await delivery.flush();
    expect(received.map((batch) => batch.map((r) => r.interactionId))).toEqual([["tc1", "tc2"], ["tc3"]]);
    delivery.stop();
  });

  it("with a key, the outbox survives a reload: what was not accepted goes then, what was is not sent again", async () => {
    const storage = memoryStorage();
    const first = setup();
    const failing = flakySink(Infinity);
    const before = deliverAudit(first.store, { sink: failing.sink, key: "ana", storage });
    first.fake.play([...advise("tc1"), ...advise("tc2")]);
    first.s().decline("tc1");
    await vi.advanceTimersByTimeAsync(0);
    before.stop();
    // The page reloads: a new store with the same thread (as persistence restores it), a sink that works.
    const after = flakySink();
    const again = deliverAudit(first.store, { sink: after.sink, key: "ana", storage });
    await again.flush();
    expect(after.ids()).toEqual([first.s().thread.audit[0]!.id]);
    first.s().decline("tc2");
    await again.flush();
    again.stop();
    // And once more: everything was accepted, nothing goes twice.
    const third = flakySink();
    const last = deliverAudit(first.store, { sink: third.sink, key: "ana", storage });
    await last.flush();
    expect(third.ids()).toEqual([]);
    last.stop();
  });

  it("sends what the agent reports it ran, flagged when the arguments are not the ones approved", async () => {
    const fake = fakeAgent();
    const store = createThreadStore({ agent: fake.agent, threadId: "t1", batch: "sync" });
    store.getState().sendMessage("go");
    fake.play([ev.toolStart("tc1", "delete_files"), ev.toolArgs("tc1", '{"path":"/tmp"}'), ev.toolEnd("tc1")], { type: "interrupt", interrupts: [{ id: "int-1", reason: "tool_call", toolCallId: "tc1", message: "Delete?" }] });
    const { sink, received } = flakySink();
    const delivery = deliverAudit(store, { sink, storage: null });
    store.getState().answer("int-1", { approved: true });
    fake.play([ev.custom("parley.executed", { interactionId: "int-1", args: { path: "/" } })]);
    await delivery.flush();
    expect(received.flat().map((r) => r.decision)).toEqual(["approved", "executed"]);
    expect(received.flat()[1]).toMatchObject({ approvedArgs: { path: "/tmp" }, executedArgs: { path: "/" }, argsMismatch: true });
    delivery.stop();
  });

  it("starts with createParley({ audit }) and stops with it", async () => {
    vi.useRealTimers();
    const fake = fakeAgent();
    const { sink, ids } = flakySink();
    const parley = createParley({ agent: fake.agent, threadId: "t1", batch: "sync", audit: { sink, storage: null } });
    const stop = parley.start();
    parley.store.getState().sendMessage("go");
    fake.play(advise("tc1"));
    parley.store.getState().decline("tc1");
    await vi.waitFor(() => expect(ids()).toHaveLength(1));
    stop();
    fake.play(advise("tc2"));
    parley.store.getState().decline("tc2");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ids()).toHaveLength(1);
  });
});

describe("httpAuditSink", () => {
  it("POSTs the records as JSON, and treats any status but 2xx as a failure", async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    let status = 200;
    const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: url instanceof Request ? url.url : url.toString(), init: init! });
      return new Response(null, { status });
    }) as unknown as typeof globalThis.fetch;
    const sink = httpAuditSink({ url: "/api/audit", headers: () => ({ authorization: "Bearer t" }), fetch });
    const records = [{ id: "a1", at: 1, decision: "approved" as const, how: "click" as const, who: "ana" }];
    await sink.send(records, { signal: new AbortController().signal });
    expect(calls[0]).toMatchObject({ url: "/api/audit", init: { method: "POST", keepalive: true, headers: { "content-type": "application/json", authorization: "Bearer t" } } });
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ records });
    status = 503;
    await expect(sink.send(records, { signal: new AbortController().signal })).rejects.toThrow("503");
  });
});

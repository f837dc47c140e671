// @vitest-environment node
import { afterEach, describe, expect, it, vi } from "vitest";
import { createThreadStore, type Interaction, type ThreadStore, type ThreadStoreOptions } from "../../src";
import { parseEnvelope } from "../../src/core";
import { readTabMessage, settlementsBetween, syncTabs, TAB_MESSAGE_VERSION } from "../../src/persistence";
import { channelHub, fakeLocks } from "../support/tabs";
import { ev } from "../support/events";
import { fakeAgent } from "../support/fakeAgent";

/**
 * Issue 25, point 6: "more time" where the ask allows it (`extendable`, a bound). The deadline moves
 * `byMs` later as often as `times` says, never past it, never after the time ran out; the timer
 * follows; another tab's clock follows too; a timeout is still `timed_out`, never a decline.
 */

let n = 0;
const OPTIONS = [{ id: "a", label: "08:05" }, { id: "b", label: "12:30" }];
const adviseCall = (id: string, extra: object = {}) => [ev.toolStart(id, "parley_advise"), ev.toolArgs(id, JSON.stringify({ content: "Which train?", options: OPTIONS, ...extra })), ev.toolEnd(id)];
const interaction = (store: ThreadStore, id: string) => store.getState().thread.interactions.get(id) as Interaction;
const tick = () => new Promise<void>((resolve) => queueMicrotask(resolve));

function setup(options: ThreadStoreOptions = {}) {
  const fake = fakeAgent();
  const store = createThreadStore({ agent: fake.agent, threadId: "t1", batch: "sync", createId: () => `id-${++n}`, now: () => Date.now(), ...options });
  return { fake, store, s: () => store.getState() };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the envelope's extendable", () => {
  it("is read from the envelope and from Parley's tools' arguments; a bad one refuses the envelope in words", () => {
    const ok = parseEnvelope({ messageId: "q", messageType: "advice", payload: { content: "?" }, timeoutMs: 60_000, extendable: { byMs: 30_000, times: 2 } });
    expect(ok.ok && ok.envelope.extendable).toEqual({ byMs: 30_000, times: 2 });
    for (const extendable of [{ byMs: 0 }, { byMs: -5 }, { times: 2 }, { byMs: "soon" }, "yes"]) {
      const bad = parseEnvelope({ messageId: "q", messageType: "advice", payload: { content: "?" }, extendable });
      expect(bad.ok, JSON.stringify(extendable)).toBe(false);
      expect(!bad.ok && bad.problem).toMatch(/extendable/);
    }
  });
});

describe("extendDeadline", () => {
  it("moves the deadline byMs later as often as the ask allows; the timer follows; then it times out as timed_out", async () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ["setTimeout", "clearTimeout", "Date"] });
    const { fake, store, s } = setup();
    s().sendMessage("go");
    fake.push(ev.runStarted(), ...adviseCall("tc1", { timeoutMs: 30_000, extendable: { byMs: 60_000, times: 2 } }));
    fake.push(ev.runFinished());
    fake.complete();
    await tick();
    expect(interaction(store, "tc1")).toMatchObject({ deadline: 1_030_000 });

    vi.advanceTimersByTime(20_000);
    expect(s().extendDeadline("tc1")).toEqual({ ok: true });
    expect(interaction(store, "tc1")).toMatchObject({ deadline: 1_090_000, extended: 1, extendedAt: 1_020_000, status: "pending" });
    // The old deadline passes: nothing happens.
    vi.advanceTimersByTime(15_000);
    expect(interaction(store, "tc1").status).toBe("pending");
    expect(s().extendDeadline("tc1")).toEqual({ ok: true });
    expect(interaction(store, "tc1").deadline).toBe(1_150_000);
    // No more than `times`.
    expect(s().extendDeadline("tc1")).toMatchObject({ ok: false, refusal: { code: "not-extendable", message: "All the extra time this question allows was already taken." } });

    vi.advanceTimersByTime(1_150_000 - 1_035_000 - 1);
    expect(interaction(store, "tc1").status).toBe("pending");
    vi.advanceTimersByTime(1);
    expect(interaction(store, "tc1")).toMatchObject({ status: "timed_out", how: "timeout" });
    expect(s().extendDeadline("tc1")).toMatchObject({ ok: false, refusal: { code: "not-open" } });
  });

  it("refuses where the ask allows none, where there is no deadline, and after the time ran out", async () => {
    vi.useFakeTimers({ now: 0, toFake: ["setTimeout", "clearTimeout", "Date"] });
    const { fake, store, s } = setup({ autoContinue: false });
    s().sendMessage("go");
    fake.push(ev.runStarted(), ...adviseCall("plain", { timeoutMs: 30_000 }), ...adviseCall("open", { extendable: { byMs: 1_000 } }), ev.runFinished());
    fake.complete();
    await tick();
    expect(s().extendDeadline("plain")).toMatchObject({ ok: false, refusal: { code: "not-extendable", message: "This question does not allow more time." } });
    expect(s().extendDeadline("open")).toMatchObject({ ok: false, refusal: { code: "not-extendable" } });
    expect(s().extendDeadline("nope")).toMatchObject({ ok: false, refusal: { code: "not-found" } });
    expect(interaction(store, "plain").deadline).toBe(30_000);
    // The store's own clock at the deadline: the door refuses an extension that comes too late.
    const late = store.getState().dispatch({ type: "extend", interactionId: "plain", at: 30_000 });
    expect(late).toMatchObject({ ok: false });
  });

  it("an interrupt's metadata.extendable counts too (what createInterruptAsk sends)", async () => {
    vi.useFakeTimers({ now: 0, toFake: ["setTimeout", "clearTimeout", "Date"] });
    const { fake, store, s } = setup();
    s().sendMessage("go");
    fake.play([], { type: "interrupt", interrupts: [{ id: "int-1", reason: "confirmation", message: "Charge €42?", expiresAt: new Date(60_000).toISOString(), metadata: { extendable: { byMs: 120_000 } } }] });
    await tick();
    expect(interaction(store, "int-1")).toMatchObject({ status: "pending", deadline: 60_000 });
    expect(s().extendDeadline("int-1")).toEqual({ ok: true });
    expect(interaction(store, "int-1").deadline).toBe(180_000);
  });
  it("another framework's metadata.extendable that is not Parley's shape is left out: the question still asks, with no more time", async () => {
    vi.useFakeTimers({ now: 0, toFake: ["setTimeout", "clearTimeout", "Date"] });
    const { fake, store, s } = setup();
    s().sendMessage("go");
    fake.play([], { type: "interrupt", interrupts: [{ id: "int-1", reason: "confirmation", message: "Charge €42?", expiresAt: new Date(60_000).toISOString(), metadata: { extendable: true } }] });
    await tick();
    expect(interaction(store, "int-1")).toMatchObject({ status: "pending", deadline: 60_000 });
    expect(interaction(store, "int-1").envelope).not.toHaveProperty("extendable");
    expect(s().extendDeadline("int-1")).toMatchObject({ ok: false, refusal: { code: "not-extendable" } });
  });
});

describe("more time in one tab moves the other tabs' clocks", () => {
  it("is sent as an extend action, read back checked, and applied in the other tab (the one that sends declines when due)", async () => {
    const hub = channelHub();
    const locks = fakeLocks();
    const make = () => {
      const fake = fakeAgent();
      const store = createThreadStore({ agent: fake.agent, batch: "sync", createId: () => `id-${++n}` });
      const sync = syncTabs(store, { key: "chat", openChannel: hub.open, locks });
      return { fake, store, sync, s: () => store.getState() };
    };
    const a = make();
    const b = make();
    const settle = async () => {
      for (let i = 0; i < 10; i++) await new Promise<void>((resolve) => setTimeout(resolve, 0));
    };
    await settle();
    a.s().sendMessage("Book a train");
    a.fake.play(adviseCall("tc1", { timeoutMs: 600_000, extendable: { byMs: 300_000, times: 3 } }));
    await settle();
    const before = interaction(b.store, "tc1").deadline!;
    expect(interaction(a.store, "tc1").deadline).toBe(before);

    expect(b.s().extendDeadline("tc1")).toEqual({ ok: true });
    await settle();
    expect(interaction(a.store, "tc1")).toMatchObject({ deadline: before + 300_000, extended: 1 });
    // Heard once: the tab that applied it does not send it back (times 3 would let an echo count twice).
    expect(interaction(b.store, "tc1")).toMatchObject({ deadline: before + 300_000, extended: 1 });
    a.sync.stop();
    b.sync.stop();
  });

  it("settlementsBetween says it; readTabMessage keeps a well-formed one and drops a malformed one", () => {
    const { store, fake, s } = setup({ autoContinue: false });
    s().sendMessage("go");
    fake.play(adviseCall("tc1", { timeoutMs: 60_000, extendable: { byMs: 1_000 } }));
    const before = s().thread;
    s().extendDeadline("tc1");
    const extendedAt = interaction(store, "tc1").extendedAt!;
    expect(settlementsBetween(before, s().thread)).toEqual([{ type: "extend", interactionId: "tc1", at: extendedAt }]);
    const message = (actions: unknown[]) => readTabMessage({ v: TAB_MESSAGE_VERSION, from: "tab-b", kind: "actions", actions });
    expect(message([{ type: "extend", interactionId: "tc1", at: 5 }])).toMatchObject({ kind: "actions", actions: [{ type: "extend", interactionId: "tc1", at: 5 }] });
    expect(message([{ type: "extend", interactionId: "tc1", at: "soon" }])).toBeUndefined();
    expect(message([{ type: "extend", at: 5 }])).toBeUndefined();
  });
});

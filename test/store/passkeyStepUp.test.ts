// @vitest-environment node
import { afterEach, describe, expect, it, vi } from "vitest";
import { createThreadStore, type Interaction } from "../../src";
import { decisionDigest, stepUpChallenge } from "../../src/core/decisions";
import { readAskProof } from "../../src/core/decisions/record";
import { awaitsPasskey, decisionRecordFor } from "../../src/core/decisions/writeRecord";
import { createInterruptAsk, createMemorySeenStore, verifyDecision } from "../../src/server";
import { ev } from "../support/events";
import { fakeAgent } from "../support/fakeAgent";
import { softAuthenticator } from "../support/softAuthenticator";
import { syncTabs } from "../../src/persistence";
import { channelHub, fakeLocks } from "../support/tabs";

/**
 * The store's half of a passkey step-up: the approval of an ask that requires a passkey waits — no
 * record is written by the store, no run goes — until the step-up writes the record signed (or,
 * where the ask allows it, confirmed by typing), or the person declines instead. What the server
 * accepts is decided by the server: an unsigned record, or a signed one changed afterwards, is refused. (The browser's WebAuthn ceremony itself, `signDecision`, is
 * tested in Chromium with a virtual authenticator: test/browser/passkey.e2e.test.ts.)
 */

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const ARGS = { path: "/srv/data" };
const RP = "app.example.com";
const ORIGIN = "https://app.example.com";

async function asked(stepUp: NonNullable<Parameters<typeof createInterruptAsk>[1]>["stepUp"] = true) {
  const { interrupt, record } = await createInterruptAsk({ id: "int-1", reason: "tool_call", toolCallId: "tc1", message: "Delete the data?" }, { args: ARGS, stepUp });
  const fake = fakeAgent();
  let n = 0;
  const store = createThreadStore({ agent: fake.agent, threadId: "t1", batch: "sync", createId: () => `id-${++n}`, permissions: undefined });
  store.getState().sendMessage("Clean up");
  fake.play([ev.toolStart("tc1", "delete_files"), ev.toolArgs("tc1", JSON.stringify(ARGS)), ev.toolEnd("tc1")], { type: "interrupt", interrupts: [interrupt] });
  await tick();
  const s = () => store.getState();
  const question = () => s().thread.interactions.get("int-1") as Interaction;
  return { fake, store, record, s, question };
}

afterEach(() => vi.useRealTimers());

describe("a passkey step-up in the store", () => {
  it("keeps what the server says of the step-up: its challenge, with the rest as sent (checked by the step-up)", () => {
    expect(readAskProof({ nonce: "n", expiresAt: "x", stepUp: { challenge: "c", rpId: RP, credentialIds: ["a"], fallback: "typed" } })).toEqual({
      nonce: "n",
      expiresAt: "x",
      stepUp: { challenge: "c", rpId: RP, credentialIds: ["a"], fallback: "typed" },
    });
    // Without a challenge there is no step-up to do.
    expect(readAskProof({ nonce: "n", expiresAt: "x", stepUp: { rpId: RP } })!.stepUp).toBeUndefined();
  });

  const record = (question: Interaction) => decisionRecordFor(question, { who: "person", decisionId: "d-1", signing: true }).then((r) => r!);

  it("an approval waits for the passkey; signed, it goes, and the server accepts it once", async () => {
    const { fake, s, question, record: ask } = await asked();
    s().answer("int-1", { approved: true });
    await tick();
    await tick();
    // Approved, not recorded by the store: nothing has gone to the agent.
    expect(awaitsPasskey(question())).toBe(true);
    expect(question().decision).toBeUndefined();
    expect(fake.inputs).toHaveLength(1);

    const person = softAuthenticator(RP, ORIGIN);
    const decision = await record(question());
    const assertion = person.assert(await stepUpChallenge(ask.challenge!, await decisionDigest(decision)));
    expect(s().dispatch({ type: "record-decision", interactionId: "int-1", record: { ...decision, assertion } })).toEqual({ ok: true });
    await vi.waitFor(() => expect(fake.inputs).toHaveLength(2));
    const sent = (fake.inputs[1]!.resume![0]!.metadata as { parley: unknown }).parley;
    expect(sent).toMatchObject({ assertion: { id: person.credential.id } });
    expect(fake.inputs[1]!.resume![0]!.payload).toEqual({ approved: true });
    const seen = createMemorySeenStore();
    const passkey = { credential: person.credential, expectedOrigin: ORIGIN, expectedRPID: RP };
    expect(await verifyDecision(sent, { ask, args: ARGS, seen, passkey })).toMatchObject({ ok: true });
    expect(await verifyDecision(sent, { ask, args: ARGS, seen, passkey })).toMatchObject({ ok: false, reason: "replayed" });
  });

  it("whatever else reaches the door (unsigned, changed after signing, a typed fallback not allowed) the server refuses", async () => {
    const person = softAuthenticator(RP, ORIGIN);
    const passkey = { credential: person.credential, expectedOrigin: ORIGIN, expectedRPID: RP };
    const cases = async (change: (decision: Awaited<ReturnType<typeof record>>, challenge: string) => unknown) => {
      const { fake, s, question, record: ask } = await asked();
      s().answer("int-1", { approved: true });
      const decision = await record(question());
      const challenge = await stepUpChallenge(ask.challenge!, await decisionDigest(decision));
      s().dispatch({ type: "record-decision", interactionId: "int-1", record: change(decision, challenge) as typeof decision });
      await vi.waitFor(() => expect(fake.inputs).toHaveLength(2));
      return verifyDecision((fake.inputs[1]!.resume![0]!.metadata as { parley: unknown }).parley, { ask, args: ARGS, seen: createMemorySeenStore(), passkey });
    };
    expect(await cases((d) => d)).toMatchObject({ ok: false, reason: "assertion-missing" });
    expect(await cases((d, c) => ({ ...d, who: "agent", assertion: person.assert(c) }))).toMatchObject({ ok: false, reason: "assertion-invalid" });
    expect(await cases((d) => ({ ...d, passkeyFallback: "typed" }))).toMatchObject({ ok: false, reason: "assertion-missing" });
  });

  it("declining instead rewrites the record as a decline, which goes without a passkey", async () => {
    const { fake, s, record } = await asked();
    s().answer("int-1", { approved: true });
    await tick();
    expect(fake.inputs).toHaveLength(1);
    expect(s().correct("int-1", { approved: false })).toEqual({ ok: true });
    await vi.waitFor(() => expect(fake.inputs).toHaveLength(2));
    const sent = (fake.inputs[1]!.resume![0]!.metadata as { parley: unknown }).parley;
    expect(sent).toMatchObject({ decision: "declined" });
    expect(await verifyDecision(sent, { ask: record, args: ARGS, seen: createMemorySeenStore() })).toMatchObject({ ok: false, reason: "not-approved" });
  });

  it("a decline needs no passkey: it goes at once", async () => {
    const { fake, s } = await asked();
    s().decline("int-1");
    await vi.waitFor(() => expect(fake.inputs).toHaveLength(2));
  });

  it("the typed fallback: only where the ask allows it, and the server accepts it only then", async () => {
    const { fake, s, question, record: ask } = await asked({ fallback: "typed" });
    expect(ask.passkeyFallback).toBe("typed");
    s().answer("int-1", { approved: true });
    expect(s().dispatch({ type: "record-decision", interactionId: "int-1", record: { ...(await record(question())), passkeyFallback: "typed" } })).toEqual({ ok: true });
    await vi.waitFor(() => expect(fake.inputs).toHaveLength(2));
    const sent = (fake.inputs[1]!.resume![0]!.metadata as { parley: unknown }).parley;
    expect(await verifyDecision(sent, { ask, args: ARGS, seen: createMemorySeenStore() })).toMatchObject({ ok: true, passkeyFallback: "typed" });
    // The same record against an ask that required the passkey without fallback: refused.
    expect(await verifyDecision(sent, { ask: { ...ask, passkeyFallback: undefined }, args: ARGS, seen: createMemorySeenStore() })).toMatchObject({ ok: false, reason: "assertion-missing" });
  });

  it("a record signed in one tab reaches the others, so whichever tab sends, the answer goes — once, signed", async () => {
    const { interrupt, record: ask } = await createInterruptAsk({ id: "int-1", reason: "tool_call", toolCallId: "tc1", message: "Delete the data?" }, { args: ARGS, stepUp: true });
    const hub = channelHub();
    const locks = fakeLocks();
    let n = 0;
    const make = () => {
      const fake = fakeAgent();
      const store = createThreadStore({ agent: fake.agent, threadId: "t1", batch: "sync", createId: () => `id-${++n}` });
      const sync = syncTabs(store, { key: "chat", openChannel: hub.open, locks });
      return { fake, store, sync, s: () => store.getState() };
    };
    const settle = async () => {
      for (let i = 0; i < 10; i++) await new Promise<void>((resolve) => setTimeout(resolve, 0));
    };
    const a = make();
    const b = make();
    await settle();
    a.s().sendMessage("Clean up");
    a.fake.play([ev.toolStart("tc1", "delete_files"), ev.toolArgs("tc1", JSON.stringify(ARGS)), ev.toolEnd("tc1")], { type: "interrupt", interrupts: [interrupt] });
    await settle();
    // The person approves and signs in tab B; tab A started the run.
    b.s().answer("int-1", { approved: true });
    await settle();
    const inB = b.s().thread.interactions.get("int-1") as Interaction;
    const person = softAuthenticator(RP, ORIGIN);
    const decision = await record(inB);
    const assertion = person.assert(await stepUpChallenge(ask.challenge!, await decisionDigest(decision)));
    expect(b.s().dispatch({ type: "record-decision", interactionId: "int-1", record: { ...decision, assertion } })).toEqual({ ok: true });
    await settle();
    expect((a.s().thread.interactions.get("int-1") as Interaction).decision).toMatchObject({ assertion: { id: person.credential.id } });
    const sent = [...a.fake.inputs, ...b.fake.inputs].filter((input) => input.resume?.length);
    expect(sent).toHaveLength(1);
    const passkey = { credential: person.credential, expectedOrigin: ORIGIN, expectedRPID: RP };
    expect(await verifyDecision((sent[0]!.resume![0]!.metadata as { parley: unknown }).parley, { ask, args: ARGS, seen: createMemorySeenStore(), passkey })).toMatchObject({ ok: true });
    a.sync.stop();
    b.sync.stop();
  });
});

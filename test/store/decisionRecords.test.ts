// @vitest-environment node
import { describe, expect, it, vi } from "vitest";
import { createThreadStore, type Interaction } from "../../src";
import { applyClientAction } from "../../src/core/actions";
import { resumeEntryFor } from "../../src/core/origins/interrupt";
import { createInterruptAsk, createMemorySeenStore, verifyDecision } from "../../src/server";
import { ev } from "../support/events";
import { fakeAgent } from "../support/fakeAgent";

/**
 * The client's half of decisions the server can verify: an interrupt that carries the server's
 * proof (`createInterruptAsk`) is answered with a decision record in `resume[].metadata.parley`,
 * which `verifyDecision` accepts once, for exactly the arguments approved — and the payload the
 * framework reads is the same as without it.
 */

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const ARGS = { path: "/tmp/cache", recursive: true };

async function asked(options: { editable?: boolean } = {}) {
  // An interrupt whose schema takes edits (AG-UI's approve-with-edits), when the server allows them.
  const responseSchema = options.editable ? { type: "object", properties: { approved: { type: "boolean" }, editedArgs: { type: "object" } } } : undefined;
  const { interrupt, record } = await createInterruptAsk({ id: "int-1", reason: "tool_call", toolCallId: "tc1", message: "Delete the cache?", ...(responseSchema ? { responseSchema } : {}) }, { args: ARGS, ...options });
  const fake = fakeAgent();
  let n = 0;
  const store = createThreadStore({ agent: fake.agent, threadId: "t1", batch: "sync", createId: () => `id-${++n}`, permissions: undefined });
  store.getState().sendMessage("Clean up");
  fake.play([ev.toolStart("tc1", "delete_files"), ev.toolArgs("tc1", JSON.stringify(ARGS)), ev.toolEnd("tc1")], { type: "interrupt", interrupts: [interrupt] });
  await tick();
  return { fake, store, record, s: () => store.getState() };
}

describe("decision records the agent's server can verify", () => {
  it("an approval goes back with a record verifyDecision accepts once; the payload is unchanged", async () => {
    const { fake, s, record } = await asked();
    expect((s().thread.interactions.get("int-1") as Interaction).origin).toMatchObject({ proof: { nonce: record.nonce } });
    s().answer("int-1", { approved: true });
    await vi.waitFor(() => expect(fake.inputs).toHaveLength(2));
    const entry = fake.inputs[1]!.resume![0]!;
    expect(entry.payload).toEqual({ approved: true });
    const decision = (entry.metadata as { parley: unknown }).parley;
    expect(decision).toMatchObject({ v: 1, answers: { kind: "interrupt", id: "int-1" }, decision: "approved", nonce: record.nonce, who: "person" });
    const seen = createMemorySeenStore();
    expect(await verifyDecision(decision, { ask: record, args: ARGS, seen })).toMatchObject({ ok: true });
    // The same approval again (a replay, a duplicate tab) runs nothing.
    expect(await verifyDecision(decision, { ask: record, args: ARGS, seen })).toMatchObject({ ok: false, reason: "replayed" });
  });

  it("other arguments than the ones approved are refused as drift", async () => {
    const { fake, s, record } = await asked();
    s().answer("int-1", { approved: true });
    await vi.waitFor(() => expect(fake.inputs).toHaveLength(2));
    const decision = (fake.inputs[1]!.resume![0]!.metadata as { parley: unknown }).parley;
    expect(await verifyDecision(decision, { ask: record, args: { ...ARGS, path: "/" }, seen: createMemorySeenStore() })).toMatchObject({ ok: false, reason: "args-drift" });
  });

  it("edited arguments are what the record approves, and only those run", async () => {
    const { fake, s, record } = await asked({ editable: true });
    const edited = { path: "/tmp/cache/old", recursive: false };
    expect(s().answer("int-1", { approved: true, editedArgs: edited })).toEqual({ ok: true });
    await vi.waitFor(() => expect(fake.inputs).toHaveLength(2));
    const decision = (fake.inputs[1]!.resume![0]!.metadata as { parley: unknown }).parley;
    expect(await verifyDecision(decision, { ask: record, args: ARGS, seen: createMemorySeenStore() })).toMatchObject({ ok: false, reason: "args-drift" });
    expect(await verifyDecision(decision, { ask: record, args: edited, seen: createMemorySeenStore() })).toMatchObject({ ok: true });
  });

  it("a refusal carries a record too, which lets nothing run — nor a later approval of the same ask", async () => {
    const { fake, s, record } = await asked();
    s().decline("int-1");
    await vi.waitFor(() => expect(fake.inputs).toHaveLength(2));
    const decision = (fake.inputs[1]!.resume![0]!.metadata as { parley: unknown }).parley;
    expect(decision).toMatchObject({ decision: "declined" });
    const seen = createMemorySeenStore();
    expect(await verifyDecision(decision, { ask: record, args: ARGS, seen })).toMatchObject({ ok: false, reason: "not-approved" });
  });

  it("the store waits for the record before it goes on (the answer never leaves without it)", async () => {
    const { fake, s } = await asked();
    s().answer("int-1", { approved: true });
    // Synchronously after the click the digests are not made yet: no run has gone.
    expect(fake.inputs).toHaveLength(1);
    await vi.waitFor(() => expect(fake.inputs).toHaveLength(2));
    expect(fake.inputs[1]!.resume![0]!.metadata).toBeDefined();
  });

  it("an ask without the server's proof is answered as before, at once and without a record", async () => {
    const fake = fakeAgent();
    const store = createThreadStore({ agent: fake.agent, threadId: "t1", batch: "sync" });
    store.getState().sendMessage("Clean up");
    fake.play([], { type: "interrupt", interrupts: [{ id: "int-9", reason: "confirmation", message: "Go?" }] });
    await tick();
    store.getState().answer("int-9", { approved: true });
    expect(fake.inputs).toHaveLength(2);
    expect(fake.inputs[1]!.resume).toEqual([{ interruptId: "int-9", status: "resolved", payload: { approved: true } }]);
  });

  it("the person's door takes only a record that describes how the question was settled", async () => {
    const { s, record } = await asked();
    s().answer("int-1", { approved: true });
    const thread = s().thread;
    const wrongNonce = { v: 1 as const, decisionId: "d1", answers: { kind: "interrupt" as const, id: "int-1" }, decision: "approved" as const, who: "x", at: 1, nonce: "forged" };
    expect(applyClientAction(thread, { type: "record-decision", interactionId: "int-1", record: wrongNonce })).toBe(thread);
    const saysDeclined = { ...wrongNonce, nonce: record.nonce, decision: "declined" as const };
    expect(applyClientAction(thread, { type: "record-decision", interactionId: "int-1", record: saysDeclined })).toBe(thread);
  });

  it("a record that came back from storage or a tab claiming an approval the question does not hold never travels", async () => {
    const { s, record } = await asked();
    s().decline("int-1");
    const declined = s().thread.interactions.get("int-1") as Interaction;
    const forged = { v: 1 as const, decisionId: "d1", answers: { kind: "interrupt" as const, id: "int-1" }, decision: "approved" as const, who: "person", at: 1, nonce: record.nonce };
    expect(resumeEntryFor({ ...declined, decision: forged })!.metadata).toBeUndefined();
  });
});

// @vitest-environment node
import { describe, expect, it } from "vitest";
import {
  createInterruptAsk,
  createMemorySeenStore,
  createToolCallAsk,
  decisionDigest,
  digestOf,
  stepUpChallenge,
  verifyDecision,
  type AskRecord,
  type DecisionRecord,
} from "../../src/server";
import { softAuthenticator } from "../support/softAuthenticator";

/**
 * Issue 25: no approval reaches a tool through `verifyDecision` without a valid decision record —
 * replayed, another ask's, edited arguments executed unedited (and the reverse), expired, a forged
 * digest, a missing passkey where one is required, a grant used past its limit: each refused with
 * its reason; the right decision passes once.
 */

const NOW = 1_000_000;
const ARGS = { path: "/tmp/cache", recursive: true };

async function asked(options: Parameters<typeof createInterruptAsk>[1] = {}) {
  const { interrupt, record } = await createInterruptAsk({ id: "int-1", reason: "tool_call", toolCallId: "c1", message: "Delete /tmp/cache?" }, { args: ARGS, now: NOW, ...options });
  return { interrupt, ask: record };
}

async function approval(ask: AskRecord, extra: Partial<DecisionRecord> = {}): Promise<DecisionRecord> {
  const proposed = await digestOf(ARGS);
  return { v: 1, decisionId: "d-1", answers: { kind: "interrupt", id: ask.id }, decision: "approved", proposedDigest: proposed, approvedDigest: proposed, who: "ana@example.com", at: NOW + 1_000, nonce: ask.nonce, ...extra };
}

describe("createInterruptAsk", () => {
  it("puts the nonce, the expiry and the arguments' digest in metadata.parley, and keeps the record", async () => {
    const { interrupt, ask } = await asked({ stepUp: true });
    expect(interrupt.metadata).toMatchObject({ parley: { nonce: ask.nonce, argsDigest: await digestOf(ARGS), stepUp: { challenge: ask.challenge } } });
    expect(interrupt.expiresAt).toBe(new Date(ask.expiresAt).toISOString());
    expect(ask).toMatchObject({ id: "int-1", kind: "interrupt", editable: false });
    const other = await asked();
    expect(other.ask.nonce).not.toBe(ask.nonce);
  });
});

describe("createInterruptAsk with more time", () => {
  it("carries extendable to the client, keeps the client's deadline, and accepts a decision until the latest deadline the person could reach", async () => {
    const { interrupt, ask } = await asked({ ttlMs: 60_000, extendable: { byMs: 30_000, times: 2 } });
    expect(interrupt.metadata).toMatchObject({ extendable: { byMs: 30_000, times: 2 } });
    expect(interrupt.expiresAt).toBe(new Date(NOW + 60_000).toISOString());
    expect(ask.expiresAt).toBe(NOW + 120_000);
    const late = await approval(ask, { at: NOW + 110_000 });
    expect(await verifyDecision(late, { ask, args: ARGS, seen: createMemorySeenStore(() => NOW), now: NOW + 111_000 })).toMatchObject({ ok: true });
    const tooLate = await approval(ask, { at: NOW + 120_001 });
    expect(await verifyDecision(tooLate, { ask, args: ARGS, seen: createMemorySeenStore(() => NOW), now: NOW + 120_002 })).toMatchObject({ ok: false, reason: "expired" });
    // Without it, the deadline is the end.
    const plain = await asked({ ttlMs: 60_000 });
    expect(plain.ask.expiresAt).toBe(NOW + 60_000);
    expect(plain.interrupt.metadata).not.toHaveProperty("extendable");
  });
});

describe("verifyDecision", () => {
  it("accepts the person's approval of the arguments about to run — once", async () => {
    const { ask } = await asked();
    const seen = createMemorySeenStore(() => NOW);
    const decision = await approval(ask);
    expect(await verifyDecision(decision, { ask, args: ARGS, seen, now: NOW + 2_000 })).toMatchObject({ ok: true, decision: { decisionId: "d-1" } });
    expect(await verifyDecision(decision, { ask, args: ARGS, seen, now: NOW + 3_000 })).toMatchObject({ ok: false, reason: "replayed" });
    // Another decision for the same ask (a second approve) is a replay too.
    expect(await verifyDecision({ ...decision, decisionId: "d-2" }, { ask, args: ARGS, seen, now: NOW + 3_000 })).toMatchObject({ ok: false, reason: "replayed" });
  });

  it("a decline is final: a duplicate approve afterwards does not run the tool", async () => {
    const { ask } = await asked();
    const seen = createMemorySeenStore(() => NOW);
    expect(await verifyDecision(await approval(ask, { decision: "declined", approvedDigest: undefined }), { ask, args: ARGS, seen, now: NOW })).toMatchObject({ ok: false, reason: "not-approved" });
    expect(await verifyDecision(await approval(ask, { decisionId: "d-2" }), { ask, args: ARGS, seen, now: NOW })).toMatchObject({ ok: false, reason: "replayed" });
  });

  it("refuses another ask's decision, another nonce, an expired ask, and a timeout (never a yes)", async () => {
    const { ask } = await asked();
    const seen = () => createMemorySeenStore(() => NOW);
    expect(await verifyDecision(await approval(ask, { answers: { kind: "interrupt", id: "int-2" } }), { ask, args: ARGS, seen: seen() })).toMatchObject({ reason: "wrong-ask" });
    expect(await verifyDecision(await approval(ask, { nonce: "yesterday" }), { ask, args: ARGS, seen: seen() })).toMatchObject({ reason: "wrong-nonce" });
    expect(await verifyDecision(await approval(ask), { ask, args: ARGS, seen: seen(), now: ask.expiresAt + 1 })).toMatchObject({ reason: "expired" });
    expect(await verifyDecision(await approval(ask, { decision: "timed_out" }), { ask, args: ARGS, seen: seen(), now: NOW })).toMatchObject({ reason: "not-approved" });
    expect(await verifyDecision({ v: 2 }, { ask, args: ARGS, seen: seen() })).toMatchObject({ reason: "malformed" });
  });

  it("another ask's decision is refused even under the same id, and an approval made after the ask ended is expired whenever it is checked", async () => {
    const { ask } = await asked();
    const seen = createMemorySeenStore(() => NOW);
    // A tool call that happens to share the interrupt's id is another ask.
    expect(await verifyDecision(await approval(ask, { answers: { kind: "tool-call", id: ask.id } }), { ask, args: ARGS, seen, now: NOW })).toMatchObject({ reason: "wrong-ask" });
    // The decision of another ask (its own nonce and id), offered for this one.
    const other = (await createInterruptAsk({ id: "int-2", reason: "tool_call", toolCallId: "c2", message: "Delete?" }, { args: ARGS, now: NOW })).record;
    expect(await verifyDecision(await approval(other), { ask, args: ARGS, seen, now: NOW })).toMatchObject({ reason: "wrong-ask" });
    expect(await verifyDecision({ ...(await approval(other)), answers: { kind: "interrupt", id: ask.id } }, { ask, args: ARGS, seen, now: NOW })).toMatchObject({ reason: "wrong-nonce" });
    // Dated after the ask's end, though the server's clock is still inside it.
    expect(await verifyDecision(await approval(ask, { at: ask.expiresAt + 1 }), { ask, args: ARGS, seen, now: NOW + 1 })).toMatchObject({ reason: "expired" });
    // None of these used the ask up: the person's approval still runs, once.
    expect(await verifyDecision(await approval(ask), { ask, args: ARGS, seen, now: NOW + 2 })).toMatchObject({ ok: true });
  });

  it("the arguments that run must be the ones approved: edits executed unedited, and the reverse, are refused", async () => {
    const { ask } = await asked({ editable: true });
    const edited = { path: "/tmp/other", recursive: true };
    const editedApproval = await approval(ask, { approvedDigest: await digestOf(edited) });
    // Approved with edits, about to run the original arguments.
    expect(await verifyDecision(editedApproval, { ask, args: ARGS, seen: createMemorySeenStore(), now: NOW })).toMatchObject({ reason: "args-drift" });
    // Approved as proposed, about to run something else.
    expect(await verifyDecision(await approval(ask), { ask, args: edited, seen: createMemorySeenStore(), now: NOW })).toMatchObject({ reason: "args-drift" });
    // Approved with edits, running the edits: fine when the ask takes edits…
    expect(await verifyDecision(editedApproval, { ask, args: edited, seen: createMemorySeenStore(), now: NOW })).toMatchObject({ ok: true });
    // …refused when it does not.
    const strict = (await asked()).ask;
    expect(await verifyDecision(await approval(strict, { approvedDigest: await digestOf(edited) }), { ask: strict, args: edited, seen: createMemorySeenStore(), now: NOW })).toMatchObject({ reason: "edits-not-allowed" });
  });

  it("a forged proposal digest (approving something other than what was asked) is refused", async () => {
    const { ask } = await asked();
    const other = await digestOf({ path: "/" });
    expect(await verifyDecision(await approval(ask, { proposedDigest: other, approvedDigest: other }), { ask, args: { path: "/" }, seen: createMemorySeenStore(), now: NOW })).toMatchObject({ reason: "wrong-proposal" });
    // No proposal digest at all, where the ask named its arguments.
    expect(await verifyDecision(await approval(ask, { proposedDigest: undefined }), { ask, args: ARGS, seen: createMemorySeenStore(), now: NOW })).toMatchObject({ reason: "wrong-proposal" });
    // An approved digest that is not the arguments' (not canonical JSON, or not hex): never equal to what runs.
    const loose = Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode('{"recursive":true,"path":"/tmp/cache"}'))), (b) => b.toString(16).padStart(2, "0")).join("");
    expect(loose).not.toBe(await digestOf(ARGS));
    expect(await verifyDecision(await approval(ask, { approvedDigest: loose }), { ask, args: ARGS, seen: createMemorySeenStore(), now: NOW })).toMatchObject({ ok: false });
    expect(await verifyDecision(await approval(ask, { approvedDigest: "approved" }), { ask, args: ARGS, seen: createMemorySeenStore(), now: NOW })).toMatchObject({ reason: "args-drift" });
  });

  it("a grant used past its limit, or expired, is refused", async () => {
    const seen = createMemorySeenStore(() => NOW);
    const grant = { id: "g1", scope: "batch" as const, uses: 1, limit: 2 };
    for (const [n, expected] of [[1, true], [2, true], [3, false]] as const) {
      const { ask } = await createToolCallAsk(`c${n}`, { args: ARGS, now: NOW }).then(({ record }) => ({ ask: record }));
      const decision = { ...(await approval(ask)), answers: { kind: "tool-call" as const, id: ask.id }, decisionId: `d${n}`, decision: "approved_by_grant" as const, grant };
      expect((await verifyDecision(decision, { ask, args: ARGS, seen, now: NOW })).ok, `use ${n}`).toBe(expected);
    }
    const { record } = await createToolCallAsk("c9", { args: ARGS, now: NOW });
    const expired = { ...(await approval(record)), answers: { kind: "tool-call" as const, id: "c9" }, grant: { id: "g2", scope: "session" as const, uses: 1, expiresAt: NOW - 1 } };
    expect(await verifyDecision(expired, { ask: record, args: ARGS, seen, now: NOW })).toMatchObject({ reason: "grant-exhausted" });
  });

  it("a replay of a grant's approval, or a second decision for its ask, does not use the grant up", async () => {
    const seen = createMemorySeenStore(() => NOW);
    const grant = { id: "g1", scope: "batch" as const, uses: 1, limit: 2 };
    const byGrant = async (n: number) => {
      const { record } = await createToolCallAsk(`c${n}`, { args: ARGS, now: NOW });
      return { ask: record, decision: { ...(await approval(record)), answers: { kind: "tool-call" as const, id: record.id }, decisionId: `d${n}`, decision: "approved_by_grant" as const, grant } };
    };
    const first = await byGrant(1);
    expect(await verifyDecision(first.decision, { ask: first.ask, args: ARGS, seen, now: NOW })).toMatchObject({ ok: true });
    for (let i = 0; i < 3; i++) {
      expect(await verifyDecision(first.decision, { ask: first.ask, args: ARGS, seen, now: NOW })).toMatchObject({ reason: "replayed" });
      expect(await verifyDecision({ ...first.decision, decisionId: `d1-${i}` }, { ask: first.ask, args: ARGS, seen, now: NOW })).toMatchObject({ reason: "replayed" });
    }
    // The grant's second use is still there, and a third is not.
    const second = await byGrant(2);
    expect(await verifyDecision(second.decision, { ask: second.ask, args: ARGS, seen, now: NOW })).toMatchObject({ ok: true });
    const third = await byGrant(3);
    expect(await verifyDecision(third.decision, { ask: third.ask, args: ARGS, seen, now: NOW })).toMatchObject({ reason: "grant-exhausted" });
  });
});

describe("verifyDecision with a passkey step-up", () => {
  const rpId = "app.example.com";
  const origin = "https://app.example.com";

  it("needs an assertion that signs this very decision with the person's credential", async () => {
    const { ask } = await asked({ stepUp: true });
    const person = softAuthenticator(rpId, origin);
    const passkey = { credential: person.credential, expectedOrigin: origin, expectedRPID: rpId };
    const decision = await approval(ask);
    const challenge = await stepUpChallenge(ask.challenge!, await decisionDigest(decision));

    expect(await verifyDecision(decision, { ask, args: ARGS, seen: createMemorySeenStore(), now: NOW, passkey })).toMatchObject({ reason: "assertion-missing" });

    const signed = { ...decision, assertion: person.assert(challenge) };
    const result = await verifyDecision(signed, { ask, args: ARGS, seen: createMemorySeenStore(), now: NOW, passkey });
    expect(result).toMatchObject({ ok: true, authenticator: { newCounter: 1 } });

    // The same assertion on a decision that says something else (other arguments) does not verify.
    const tampered = { ...signed, decisionId: "d-9", approvedDigest: await digestOf({ path: "/" }) };
    expect(await verifyDecision(tampered, { ask: { ...ask, editable: true }, args: { path: "/" }, seen: createMemorySeenStore(), now: NOW, passkey })).toMatchObject({ reason: "assertion-invalid" });
    // Another person's authenticator, or one that did not verify the user, does not either.
    const stranger = softAuthenticator(rpId, origin);
    expect(await verifyDecision({ ...decision, assertion: stranger.assert(challenge) }, { ask, args: ARGS, seen: createMemorySeenStore(), now: NOW, passkey })).toMatchObject({ reason: "assertion-invalid" });
    expect(await verifyDecision({ ...decision, assertion: person.assert(challenge, { userVerified: false }) }, { ask, args: ARGS, seen: createMemorySeenStore(), now: NOW, passkey })).toMatchObject({ reason: "assertion-invalid" });
    // From another origin (a phishing page), neither.
    expect(await verifyDecision({ ...decision, assertion: person.assert(challenge, { origin: "https://evil.example" }) }, { ask, args: ARGS, seen: createMemorySeenStore(), now: NOW, passkey })).toMatchObject({ reason: "assertion-invalid" });
  });

  it("without an assertion nothing passes where a passkey is required: not a stripped one, not a grant, not a typed confirmation the ask did not allow, not a server that lacks the credential", async () => {
    const { ask } = await asked({ stepUp: true });
    const person = softAuthenticator(rpId, origin);
    const passkey = { credential: person.credential, expectedOrigin: origin, expectedRPID: rpId };
    const decision = await approval(ask);
    const signed = { ...decision, assertion: person.assert(await stepUpChallenge(ask.challenge!, await decisionDigest(decision))) };
    // The assertion taken off a signed decision.
    const { assertion: _stripped, ...unsigned } = signed;
    void _stripped;
    expect(await verifyDecision(unsigned, { ask, args: ARGS, seen: createMemorySeenStore(), now: NOW, passkey })).toMatchObject({ reason: "assertion-missing" });
    expect(await verifyDecision({ ...signed, assertion: null }, { ask, args: ARGS, seen: createMemorySeenStore(), now: NOW, passkey })).toMatchObject({ ok: false });
    // A typed confirmation, where the ask did not allow one.
    expect(await verifyDecision({ ...decision, passkeyFallback: "typed" }, { ask, args: ARGS, seen: createMemorySeenStore(), now: NOW, passkey })).toMatchObject({ reason: "assertion-missing" });
    // A grant does not stand in for the passkey.
    const tool = (await createToolCallAsk("c1", { args: ARGS, now: NOW, stepUp: true })).record;
    const byGrant = { ...(await approval(tool)), answers: { kind: "tool-call" as const, id: "c1" }, decision: "approved_by_grant" as const, grant: { id: "g1", scope: "session" as const, uses: 1 } };
    expect(await verifyDecision(byGrant, { ask: tool, args: ARGS, seen: createMemorySeenStore(), now: NOW, passkey })).toMatchObject({ reason: "assertion-missing" });
    // A signed decision, checked by a server that does not know the person's credential, does not pass either.
    expect(await verifyDecision(signed, { ask, args: ARGS, seen: createMemorySeenStore(), now: NOW })).toMatchObject({ ok: false, reason: "assertion-invalid" });
    // Where the ask allowed the typed confirmation, it passes — said so in the result.
    const lenient = (await asked({ stepUp: { fallback: "typed" } })).ask;
    expect(await verifyDecision({ ...(await approval(lenient)), passkeyFallback: "typed" }, { ask: lenient, args: ARGS, seen: createMemorySeenStore(), now: NOW })).toMatchObject({ ok: true, passkeyFallback: "typed" });
    expect(await verifyDecision(await approval(lenient), { ask: lenient, args: ARGS, seen: createMemorySeenStore(), now: NOW })).toMatchObject({ reason: "assertion-missing" });
  });
});

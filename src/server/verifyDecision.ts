import { decisionDigest, stepUpChallenge } from "../core/decisions/binding";
import { digestOf } from "../core/decisions/digest";
import type { DecisionRecord } from "../core/decisions/types";
import type { AskRecord } from "./createAsk";
import type { SeenStore } from "./seenStore";

/** Why a decision may not let the tool run — each a case the server handles in its own words. */
export type DecisionRefusal =
  /** Not a decision record Parley writes (missing fields, wrong types, another version). */
  | "malformed"
  /** It answers another ask (another interrupt, tool call or envelope). */
  | "wrong-ask"
  /** Its nonce is not this ask's (a decision for an earlier ask under the same id). */
  | "wrong-nonce"
  /** The ask's time ran out before the decision, or it is checked after. */
  | "expired"
  /** This decision, or another for the same ask, was already accepted. */
  | "replayed"
  /** The person declined, or the kit timed the ask out for them (a timeout is never a person's yes). */
  | "not-approved"
  /** It approves other arguments than the ones the ask proposed. */
  | "wrong-proposal"
  /** The arguments about to run are not the ones approved (edited, or changed since). */
  | "args-drift"
  /** The person edited the arguments, and this ask takes no edits. */
  | "edits-not-allowed"
  /** Approved by a grant that is used up or expired. */
  | "grant-exhausted"
  /** The ask needs a passkey and the decision carries none. */
  | "assertion-missing"
  /** The passkey assertion does not verify (another decision, another credential, a bad signature). */
  | "assertion-invalid";

export type Verification =
  | {
      ok: true;
      decision: DecisionRecord;
      digest: string;
      /** Signed by the person's passkey: the counter to store with their credential. */
      authenticator?: { newCounter: number };
      /** No passkey: the browser had none, and the ask accepted the typed confirmation instead. */
      passkeyFallback?: "typed";
    }
  | { ok: false; reason: DecisionRefusal; message: string };

/** The person's registered passkey (from the registration the app keeps), for a step-up ask. */
export interface PasskeyCredential {
  /** base64url credential id. */
  id: string;
  /** The COSE public key, as registration stored it. */
  publicKey: Uint8Array;
  counter: number;
  transports?: string[];
}

export interface VerifyOptions {
  /** What the server kept when it asked (`createInterruptAsk` / `createEnvelopeAsk` / `createToolCallAsk`). */
  ask: AskRecord;
  /** The arguments about to run: they must be exactly the ones approved. */
  args?: unknown;
  /** Where accepted decisions, asks and grant uses are remembered (`createMemorySeenStore`, or a shared one). */
  seen: SeenStore;
  /** Epoch ms; `Date.now()` by default. */
  now?: number;
  /** For an ask with a step-up: the person's credential, and the origin and RP id the page runs on. */
  passkey?: { credential: PasskeyCredential; expectedOrigin: string | string[]; expectedRPID: string };
}

const refuse = (reason: DecisionRefusal, message: string): Verification => ({ ok: false, reason, message });

/**
 * Checks a person's decision before the tool it approves runs: it answers this ask, with this
 * ask's nonce, in time, never used before (nor another decision for the same ask), it is an
 * approval, of the arguments proposed — and the arguments about to run are exactly the ones
 * approved; a grant it cites is still good; a passkey it needs signs this very decision. Anything
 * else is refused with a typed reason. Accepting marks the decision and the ask used.
 *
 * @example
 * const result = await verifyDecision(decision, { ask: record, args: call.args, seen });
 * if (!result.ok) return toolResult({ error: result.message });
 * await deleteFile(call.args.path);
 */
export async function verifyDecision(decision: unknown, options: VerifyOptions): Promise<Verification> {
  const { ask, seen } = options;
  const now = options.now ?? Date.now();
  const record = readRecord(decision);
  if (!record) return refuse("malformed", "This is not a decision record Parley writes.");
  if (record.answers.id !== ask.id || record.answers.kind !== ask.kind) return refuse("wrong-ask", `The decision answers ${record.answers.kind} "${record.answers.id}", not ${ask.kind} "${ask.id}".`);
  if (record.nonce !== ask.nonce) return refuse("wrong-nonce", "The decision carries another ask's nonce.");
  if (now > ask.expiresAt || record.at > ask.expiresAt) return refuse("expired", "The ask expired before the decision could be used.");
  if (record.decision !== "approved" && record.decision !== "approved_by_grant") {
    // A refusal is final too: the ask takes no later decision (a duplicate approve after a deny).
    await seen.claim(`ask:${ask.id}:${ask.nonce}`, ttl(ask, now));
    return refuse("not-approved", record.decision === "timed_out" ? "The ask timed out: the kit declined for the person." : "The person did not approve.");
  }
  if (ask.argsDigest !== undefined && record.proposedDigest !== ask.argsDigest) return refuse("wrong-proposal", "The decision approves other arguments than the ones proposed.");
  const approved = record.approvedDigest ?? record.proposedDigest;
  if (approved !== await digestOf(options.args ?? null) && !(options.args === undefined && approved === undefined)) {
    return refuse("args-drift", "The arguments about to run are not the ones the person approved.");
  }
  if (record.approvedDigest !== undefined && record.proposedDigest !== undefined && record.approvedDigest !== record.proposedDigest && !ask.editable) {
    return refuse("edits-not-allowed", "The person edited the arguments, and this ask takes no edits.");
  }
  const digest = await decisionDigest(record);
  let authenticator: { newCounter: number } | undefined;
  let typed = false;
  if (ask.challenge !== undefined && record.assertion === undefined && record.passkeyFallback === "typed") {
    if (ask.passkeyFallback !== "typed") return refuse("assertion-missing", "This ask needs a passkey; it takes no typed confirmation instead.");
    typed = true;
  } else if (ask.challenge !== undefined) {
    if (record.assertion === undefined) return refuse("assertion-missing", "This ask needs a passkey, and the decision carries none.");
    if (!options.passkey) return refuse("assertion-invalid", "The person's passkey is not known to the server.");
    const verified = await verifyAssertion(record.assertion, await stepUpChallenge(ask.challenge, digest), options.passkey);
    if (!verified) return refuse("assertion-invalid", "The passkey assertion does not verify for this decision.");
    authenticator = verified;
  }
  const grant = record.grant;
  if (grant?.expiresAt !== undefined && grant.expiresAt <= now) return refuse("grant-exhausted", `Grant "${grant.id}" has expired.`);
  // Claimed after every check that reads the record alone, so such a refusal leaves the ask open for
  // a correct decision; atomic, so two copies of one approval racing each other run the tool once.
  if (!(await seen.claim(`ask:${ask.id}:${ask.nonce}`, ttl(ask, now)))) return refuse("replayed", "This ask was already decided.");
  if (!(await seen.claim(`decision:${record.decisionId}`, ttl(ask, now)))) return refuse("replayed", "This decision was already used.");
  // A grant's use is counted only for a decision that would run: counted before the claims, every
  // replay would use the person's grant up. Past its limit the ask stays decided — the approval was
  // the grant's, and the browser has settled the ask; the agent asks again.
  if (grant?.limit !== undefined && (await seen.increment(`grant:${grant.id}`, 30 * 24 * 3_600_000)) > grant.limit) return refuse("grant-exhausted", `Grant "${grant.id}" is used up.`);
  return { ok: true, decision: record, digest, ...(authenticator ? { authenticator } : {}), ...(typed ? { passkeyFallback: "typed" as const } : {}) };
}

function ttl(ask: AskRecord, now: number): number {
  // Remembered a day past the ask's end: an old decision is refused as expired after that anyway.
  return Math.max(ask.expiresAt - now, 0) + 24 * 3_600_000;
}

async function verifyAssertion(assertion: unknown, expectedChallenge: string, passkey: NonNullable<VerifyOptions["passkey"]>): Promise<{ newCounter: number } | undefined> {
  try {
    // Loaded only for a step-up: a server that asks for no passkey needs none of it.
    const { verifyAuthenticationResponse } = await import("@simplewebauthn/server");
    const result = await verifyAuthenticationResponse({
      response: assertion as Parameters<typeof verifyAuthenticationResponse>[0]["response"],
      expectedChallenge,
      expectedOrigin: passkey.expectedOrigin,
      expectedRPID: passkey.expectedRPID,
      credential: { id: passkey.credential.id, publicKey: passkey.credential.publicKey as Uint8Array<ArrayBuffer>, counter: passkey.credential.counter, transports: passkey.credential.transports },
      requireUserVerification: true,
    });
    return result.verified ? { newCounter: result.authenticationInfo.newCounter } : undefined;
  } catch {
    return undefined;
  }
}

/** A decision record as Parley writes it, or `undefined`. */
function readRecord(value: unknown): DecisionRecord | undefined {
  if (typeof value === "string") {
    try {
      return readRecord(JSON.parse(value));
    } catch {
      return undefined;
    }
  }
  if (typeof value !== "object" || value === null) return undefined;
  const r = value as Partial<DecisionRecord>;
  const answers = r.answers as Partial<DecisionRecord["answers"]> | undefined;
  if (r.v !== 1 || typeof r.decisionId !== "string" || !r.decisionId || typeof r.decision !== "string" || typeof r.who !== "string" || typeof r.at !== "number") return undefined;
  if (!answers || typeof answers.id !== "string" || typeof answers.kind !== "string") return undefined;
  for (const key of ["proposedDigest", "approvedDigest", "nonce"] as const) if (r[key] !== undefined && typeof r[key] !== "string") return undefined;
  if (r.passkeyFallback !== undefined && r.passkeyFallback !== "typed") return undefined;
  return r as DecisionRecord;
}

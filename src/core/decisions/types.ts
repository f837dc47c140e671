import type { GrantScope } from "../policy/types";

/**
 * What an ask carries for decisions its server can verify (`createAsk` of `parley-ui/server` makes
 * it; on an interrupt it is `metadata.parley`, on an envelope `context.parley`). Public: the nonce
 * is no secret — it ties a decision to one ask, and the server accepts one decision per ask.
 */
export interface AskProof {
  /** The server's, unique per ask. */
  nonce: string;
  /** When the server stops accepting a decision for it (ISO 8601). */
  expiresAt: string;
  /** The digest of the arguments proposed (`digestOf`), so both sides agree on what is asked. */
  argsDigest?: string;
  /**
   * A passkey is required to approve: the challenge the assertion signs, with the decision's digest;
   * the RP id and the person's credential ids when the server names them; and what is allowed where
   * the browser has no passkey — `"refuse"` (the default: the ask cannot be approved there) or
   * `"typed"` (the person types the confirmation instead; the server accepts it only if it asked so).
   */
  stepUp?: { challenge: string; rpId?: string; credentialIds?: readonly string[]; fallback?: "refuse" | "typed" };
}

/** What a decision answers: an AG-UI interrupt, a tool call (Parley's own tools, the app's), an envelope, an RTUI action. */
export interface DecisionSubject {
  kind: "interrupt" | "tool-call" | "envelope" | "rtui";
  id: string;
}

export type DecisionOutcome = "approved" | "declined" | "timed_out" | "approved_by_grant" | "denied_by_policy" | "answered";

/**
 * One settled ask, as the agent's server can check it (`verifyDecision`): what it answers, what was
 * proposed and what exactly was approved (digests of canonical JSON), the scope and grant, who
 * decided and when, and the server's nonce. It travels beside the answer — never inside the payload
 * the agent's framework reads — and is kept in the audit log.
 */
export interface DecisionRecord {
  v: 1;
  decisionId: string;
  answers: DecisionSubject;
  decision: DecisionOutcome;
  /** The digest of the arguments the agent proposed. */
  proposedDigest?: string;
  /** The digest of the exact arguments approved: the proposed ones, or the person's edits. */
  approvedDigest?: string;
  scope?: GrantScope;
  grant?: { id: string; scope: GrantScope; uses: number; limit?: number; expiresAt?: number };
  /** The person (the permissions engine's identity). */
  who: string;
  /** Epoch ms. */
  at: number;
  /** The ask's nonce, when it carried one. */
  nonce?: string;
  /** The passkey assertion (a WebAuthn `AuthenticationResponseJSON`), when the ask required one. */
  assertion?: unknown;
  /**
   * `"typed"`: the ask required a passkey, the browser had none, and the ask allowed the typed
   * confirmation instead (`stepUp.fallback`) — the person typed it. Not signed by anything.
   */
  passkeyFallback?: "typed";
}

import type { PermissionCategory } from "../protocol/envelope";

/**
 * What the policy says about an operation: run it (`allow`), ask the person (`confirm`), ask and
 * make them type the target (`typed-confirm`), or refuse without asking (`deny`).
 */
export type PolicyDecision = "allow" | "confirm" | "typed-confirm" | "deny";

/**
 * The decisions from least to most strict.
 *
 * @example
 * POLICY_DECISIONS.indexOf("deny") > POLICY_DECISIONS.indexOf("confirm"); // true
 */
export const POLICY_DECISIONS = ["allow", "confirm", "typed-confirm", "deny"] as const satisfies readonly PolicyDecision[];

/**
 * What is about to happen: a tool call, or what a `permission_request` asks for.
 *
 * @example
 * const op: Operation = { name: "fs.delete", categories: ["destructive"], args: { path: "report.pdf" }, target: "report.pdf" };
 */
export interface Operation {
  /** The tool name, or `permission_request.operation`. */
  name: string;
  categories: readonly PermissionCategory[];
  /** The arguments as the agent sent them (rules and conditions read them by dot path). */
  args?: unknown;
  /**
   * Facts of the moment that the app knows (`{ mode: "test" }`). Never fill it from what the agent
   * sent (an envelope's `context`, the thread's state): a grant conditioned on `context.mode` would
   * then be one the agent could satisfy by saying so. Conditions on `args` are sound: they bind
   * the grant to what will actually run.
   */
  context?: Record<string, unknown>;
  /** What typed confirmation must match (a file name, say). */
  target?: string;
}

/** Which operations a rule is about; every field given must match (an empty match matches all). */
export interface PolicyMatch {
  /** Exact names, or a prefix glob with a trailing `*` (`"mail.*"`; `"*"` is every name). */
  name?: string | readonly string[];
  /** Any of these categories (an empty list matches nothing). */
  categories?: readonly PermissionCategory[];
  /** Each dot path into `operation.args` (`"to.domain"`) holds a deep-equal value. */
  args?: Record<string, unknown>;
  /** Each dot path into `operation.context` (`"mode"`) holds a deep-equal value. */
  context?: Record<string, unknown>;
}

/**
 * One rule of a policy: the first rule that matches decides.
 *
 * @example
 * const rule: PolicyRule = { id: "no-external-mail", match: { name: "mail.send", args: { "to.domain": "gmail.com" } }, decision: "deny" };
 */
export interface PolicyRule {
  id?: string;
  match: PolicyMatch;
  decision: PolicyDecision;
  /** Why, in words: shown on the card and in the audit log. */
  reason?: string;
  /**
   * The grant scopes the person may pick when this rule decides (narrowed further by the decision
   * and the request); omitted, the decision alone bounds them. `once` — approving the one
   * operation asked about — stays possible whatever this says, unless the decision is `deny`.
   */
  scopes?: readonly GrantScope[];
  /**
   * Conditions the person may tie a grant to ("only in test mode"): with any given, the card offers
   * a `conditional` scope for each that holds for the operation asked about. The app writes them,
   * never the agent; a condition on `context.` reads the app's own facts (`createPermissions`'s
   * `context`), one on `args.` what will actually run.
   */
  conditions?: readonly GrantConditionOffer[];
  /**
   * How long (ms) a standing grant made under this rule may last, offered on the card beside "no
   * time limit" (default: 15 minutes, 1 hour, 8 hours). `[]` offers no expiry choice.
   */
  expiries?: readonly number[];
}

/**
 * A condition a policy lets the person attach to a grant, with the words the card shows for it.
 *
 * @example
 * const testMode: GrantConditionOffer = { label: "only in test mode", condition: { "context.mode": "test" } };
 */
export interface GrantConditionOffer {
  /** What the card says, after "Allow only": "in test mode", "for mail to acme.com". */
  label: string;
  /** Dot paths rooted at `args.` or `context.` and the value each must hold. */
  condition: Record<string, unknown>;
}

/**
 * Rules in order (first match wins) and what applies when none matches. Build one with
 * `definePolicy`, which puts a team's rules before the kit's defaults.
 *
 * @example
 * const strict: Policy = { rules: [{ match: { name: "fs.*" }, decision: "typed-confirm" }], fallback: "confirm" };
 */
export interface Policy {
  rules: readonly PolicyRule[];
  fallback: PolicyDecision;
}

/** What {@link decide} returns: the decision and the rule that made it (none: the fallback). */
export interface PolicyVerdict {
  decision: PolicyDecision;
  rule?: PolicyRule;
}

/**
 * How far a grant reaches: `once` (one use); `batch` (`limit` uses, in one run when `runId` is
 * set); `session` (until the session ends); `conditional` (only while its `condition` holds).
 */
export type GrantScope = "once" | "batch" | "session" | "conditional";

/**
 * The scopes in the order a permission card offers them.
 *
 * @example
 * GRANT_SCOPES.filter((scope) => picked.has(scope)); // in card order: once, batch, session, conditional
 */
export const GRANT_SCOPES = ["once", "batch", "session", "conditional"] as const satisfies readonly GrantScope[];

/**
 * A permission the person gave: a record, never edited in place — using or revoking one makes a
 * new record (`spendGrant`, `revokeGrant`).
 *
 * @example
 * const grant: Grant = { id: "g1", operation: "mail.send", scope: "conditional", condition: { "context.mode": "test" }, grantedBy: "ana@acme.com", grantedAt: 1764547200000, uses: 0 };
 */
export interface Grant {
  id: string;
  /** The operation name it covers: exact, never a glob. */
  operation: string;
  scope: GrantScope;
  /**
   * Dot paths rooted at `args` or `context`, each with the value it must hold
   * (`{ "context.mode": "test" }`, `{ "args.to.domain": "acme.com" }`). Required for
   * `conditional`; on any other scope it narrows the grant further.
   */
  condition?: Record<string, unknown>;
  /** Uses allowed: required for `batch`; optional for `session` and `conditional`; `once` is 1. */
  limit?: number;
  /** The run it is limited to. */
  runId?: string;
  /** The session it is limited to. */
  sessionId?: string;
  /** The identity of the person who granted it (given to the provider). */
  grantedBy: string;
  /** Epoch ms. */
  grantedAt: number;
  /** Epoch ms: from this millisecond on, it covers nothing. */
  expiresAt?: number;
  uses: number;
  /** Epoch ms of the last use. */
  lastUsedAt?: number;
  /** Epoch ms: once set, it covers nothing. */
  revokedAt?: number;
  /** Who revoked it: the person's identity, or the agent's revoke tool on their word. */
  revokedBy?: string;
  /** The permission request it came from. */
  interactionId?: string;
  /**
   * `"deny"`: a standing refusal — the person said never to allow `operation` (exact, or every
   * operation under a prefix ending in `*`: an app, a server). It covers nothing; the kit declines
   * what it names before the policy or any grant is asked, until it is revoked or expires. Only the
   * person makes or revokes one (the agent's revoke tool cannot). Absent: a permission.
   */
  effect?: "deny";
}

/**
 * What a grant is checked against, besides the operation.
 *
 * @example
 * checkGrant(grants, operation, { now: Date.now(), runId, sessionId, decision: decide(policy, operation) });
 */
export interface GrantCheckOptions {
  /** Epoch ms (the core has no clock). */
  now: number;
  /** The run the operation happens in: a grant limited to another run does not cover it. */
  runId?: string;
  /** The session: a grant limited to another session does not cover it. */
  sessionId?: string;
  /**
   * The policy's verdict on the operation. Given, a grant covers only what the card could have
   * offered under it: `deny` nothing, `typed-confirm` only a `once` grant — so a policy tightened
   * after a grant was made tightens the grant too.
   */
  decision?: PolicyDecision | PolicyVerdict;
}

/**
 * One decision in the audit log. `refused_forgery`: something from the agent tried to answer for
 * the person, and was refused. `allowed_by_policy`: the policy let something run without asking (an
 * MCP App's read-only call). `refused`: the person said "never allow" — a standing refusal, the
 * counterpart of `granted`. `executed`: what the agent reports it ran after an approval (its
 * arguments, flagged when they are not the ones approved).
 */
export type AuditDecision =
  | "approved"
  | "declined"
  | "timed_out"
  | "approved_by_grant"
  | "denied_by_policy"
  | "allowed_by_policy"
  | "revoked"
  | "granted"
  | "refused_forgery"
  | "feedback"
  | "refused"
  | "executed";

/**
 * Every audit decision, for filters and exports.
 *
 * @example
 * AUDIT_DECISIONS.map((decision) => <option key={decision}>{decision}</option>);
 */
export const AUDIT_DECISIONS = [
  "approved",
  "declined",
  "timed_out",
  "approved_by_grant",
  "denied_by_policy",
  "allowed_by_policy",
  "revoked",
  "granted",
  "refused_forgery",
  "feedback",
  "refused",
  "executed",
] as const satisfies readonly AuditDecision[];

/** How the decision was made: a gesture of the person (`AnswerMethod`), a grant, the policy, a timeout, the agent's revoke tool. */
export type AuditHow = "click" | "key" | "number-reply" | "text-reply" | "timeout" | "app" | "grant" | "policy" | "agent-revoke" | "agent";

/**
 * Every way a decision is made, for filters and exports.
 *
 * @example
 * AUDIT_HOWS.includes(interaction.how); // true for every AnswerMethod
 */
export const AUDIT_HOWS = [
  "click",
  "key",
  "number-reply",
  "text-reply",
  "timeout",
  "app",
  "grant",
  "policy",
  "agent-revoke",
  "agent",
] as const satisfies readonly AuditHow[];

/**
 * One record of the append-only audit log: exactly one per decision.
 *
 * @example
 * const record: AuditRecord = { id: "a1", at: 1764547200000, decision: "approved", how: "click", who: "ana@acme.com", interactionId: "tc1", messageType: "permission_request", operation: "mail.send" };
 */
export interface AuditRecord {
  id: string;
  /** Epoch ms. */
  at: number;
  decision: AuditDecision;
  how: AuditHow;
  /** The person's identity; for a grant use, the person who granted it. */
  who: string;
  interactionId?: string;
  messageType?: string;
  operation?: string;
  grantId?: string;
  /** Free words: the rule's reason, the revocation's reason, what looked forged. */
  detail?: string;
  /** Something tried to approve, grant or answer outside the person's door; or ran other arguments than approved. */
  suspicious?: boolean;
  /**
   * The decision this record is about: on the record of a decision, its own id (the `decisionId` of
   * the decision record the agent's server checks); on `granted`, `refused` and `executed`, the
   * decision that led to it.
   */
  decisionId?: string;
  /** The arguments the agent proposed (a permission request's `args`). */
  proposedArgs?: unknown;
  /** The exact arguments approved: the proposed ones, or the person's edits. */
  approvedArgs?: unknown;
  /** The arguments the agent reports it ran (`executed` records). */
  executedArgs?: unknown;
  /** `executed`: the arguments run are not the ones approved. */
  argsMismatch?: boolean;
}

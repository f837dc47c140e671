import { dataEquals, ownField as field } from "./data";
import { grantStatus } from "./grants";
import { nameMatches } from "./names";
import type { Grant, Policy } from "./types";

/**
 * Whom the kit makes grants for, and under which policy: what a grant that comes back from
 * storage, another tab or a server-side thread store is checked against. A permissions engine is
 * one (`createPermissions`).
 */
export interface GrantAuthority {
  /** The person: every grant the kit makes names them as `grantedBy`. */
  readonly identity: string;
  /** The session `session` grants are limited to, when the app gives one. */
  readonly sessionId?: string;
  readonly policy: Policy;
}

/**
 * Why `grant` is not one the kit could have made for this person in this session, in words, or
 * `undefined` when it could have. A storage, a tab or a server may hold anything: the shape of a
 * grant proves nothing, so what the kit itself makes is the measure.
 * - a well-formed record (`grantStatus` is not `invalid`);
 * - never `once`: such an approval covers its one operation where it is given, and is never kept;
 * - granted by this identity, at a moment that has come (`grantedAt` not after `now`), expiring —
 *   if it does — after it was granted;
 * - a session grant limited to a session whenever the app has one (one without would cover every
 *   session); only session grants carry a session, only batch grants a run;
 * - a conditional grant's condition one a rule of the policy offers for that operation;
 * - a refusal (`effect: "deny"`) of scope `session`, of any session or none (it only takes away).
 *
 * A grant limited to another session of the person is one the kit made: it covers nothing here
 * (`isLive`), like an expired one, and is no problem.
 *
 * @example
 * grantProblem({ id: "g1", operation: "mail.send", scope: "once", grantedBy: "ana", grantedAt: 0, uses: 0 }, engine, Date.now());
 * // 'The grant "g1" is a once grant: the kit never keeps one.'
 */
export function grantProblem(grant: unknown, authority: GrantAuthority, now: number): string | undefined {
  const status = grantStatus(grant as Grant, now);
  const id = field(grant, "id");
  const name = typeof id === "string" ? `The grant "${id.slice(0, 80)}"` : "A grant";
  if (status === "invalid") return `${name} is not a well-formed grant.`;
  const scope = field(grant, "scope");
  const grantedBy = field(grant, "grantedBy") as string;
  const grantedAt = field(grant, "grantedAt") as number;
  const expiresAt = field(grant, "expiresAt");
  const sessionId = field(grant, "sessionId");
  if (scope === "once") return `${name} is a once grant: the kit never keeps one.`;
  if (grantedBy !== authority.identity) return `${name} was granted by "${grantedBy.slice(0, 80)}", not by ${authority.identity}.`;
  if (grantedAt > now) return `${name} was granted after now.`;
  if (typeof expiresAt === "number" && expiresAt <= grantedAt) return `${name} expires before it was granted.`;
  // A refusal covers nothing: one of every session only takes away more, as the person asked.
  const refusal = field(grant, "effect") === "deny";
  if (!refusal && scope === "session" && sessionId === undefined && authority.sessionId !== undefined) return `${name} is a session grant with no session: it would cover every session.`;
  if (refusal && scope !== "session") return `${name} is a refusal of scope ${String(scope)}; the kit makes refusals of scope session only.`;
  if (scope !== "session" && sessionId !== undefined) return `${name} is limited to a session, which the kit does only for session grants.`;
  if (scope !== "batch" && field(grant, "runId") !== undefined) return `${name} is limited to a run, which the kit does only for batch grants.`;
  if (scope === "conditional" && !conditionOffered(authority.policy, field(grant, "operation") as string, field(grant, "condition"))) {
    return `${name} has a condition the policy does not offer for its operation.`;
  }
  return undefined;
}

/** A rule that may decide this operation offers exactly this condition, under a decision that lets the person pick one. */
function conditionOffered(policy: Policy, operation: string, condition: unknown): boolean {
  return policy.rules.some((rule) => {
    const name = rule.match.name;
    const decides = name === undefined || nameMatches(name, operation);
    const allows = (rule.decision === "allow" || rule.decision === "confirm") && (rule.scopes === undefined || rule.scopes.includes("conditional"));
    return decides && allows && (rule.conditions ?? []).some((offer) => dataEquals(offer.condition, condition));
  });
}

import { isId } from "../thread/guards";
// `field` tells a missing field (undefined) from an accessor (UNREADABLE), which then fails every check.
import { ABSENT, copyData, dataEquals, MAX_DEPTH, ownField as field, ownValue, readPath } from "./data";
import {
  GRANT_SCOPES,
  type Grant,
  type GrantCheckOptions,
  type GrantScope,
  type Operation,
  type PolicyDecision,
  type PolicyVerdict,
} from "./types";
import { isRecord } from "../thread/guards";

/**
 * Where a grant stands at a moment: `live` (it may cover operations), `revoked`, `expired`,
 * `used-up`, or `invalid` (a record that does not make sense: it covers nothing).
 */
export type GrantStatus = "live" | "revoked" | "expired" | "used-up" | "invalid";

/** Most specific first: the grant that says most about this operation is the one used. */
const SPECIFICITY: Record<GrantScope, number> = { conditional: 0, batch: 1, once: 2, session: 3 };

/** A condition path starts at one of these: the operation's arguments, or the app's context. */
const CONDITION_ROOTS = ["args", "context"] as const;
/** More condition entries than this are refused (a card shows each one to the person). */
const MAX_CONDITIONS = 32;

/**
 * Where a grant stands at `now`. Malformed fields never widen a grant: an `expiresAt` or
 * `revokedAt` that is present but not a number counts as expired or revoked; a `uses` that is not
 * a count, or a limit that is not a positive whole number, makes the grant `invalid`.
 *
 * @example
 * grantStatus({ ...grant, expiresAt: 1000 }, 1000); // "expired": expiry is the first millisecond it no longer covers
 */
export function grantStatus(grant: Grant, now: number): GrantStatus {
  try {
    if (!isRecord(grant)) return "invalid";
    const scope = field(grant, "scope");
    if (!isScope(scope) || !isId(field(grant, "operation")) || !isCount(field(grant, "uses"))) return "invalid";
    // A grant with no one who granted it, or no moment it was granted, is not one the person made.
    const grantedBy = field(grant, "grantedBy");
    if (typeof grantedBy !== "string" || !grantedBy.trim() || !Number.isFinite(field(grant, "grantedAt"))) return "invalid";
    if (limitOf(grant) === undefined || !bindingsWellFormed(grant) || !conditionWellFormed(grant)) return "invalid";
    // A refusal's one effect is "deny"; anything else there is no record the kit made.
    const effect = field(grant, "effect");
    if (effect !== undefined && effect !== "deny") return "invalid";
    if (field(grant, "revokedAt") !== undefined) return "revoked";
    const expiresAt = field(grant, "expiresAt");
    // A present but unreadable expiry, or no usable clock, must not mean "never expires".
    if (expiresAt !== undefined && (typeof expiresAt !== "number" || !(now < expiresAt))) return "expired";
    if ((field(grant, "uses") as number) >= (limitOf(grant) as number)) return "used-up";
    return "live";
  } catch {
    return "invalid";
  }
}

/**
 * How many more operations a grant may cover (`Infinity` when it has no limit; 0 for a grant
 * that is not a well-formed record). Says nothing about revocation or expiry: see {@link grantStatus}.
 *
 * @example
 * usesLeft({ ...grant, scope: "batch", limit: 100, uses: 40 }); // 60
 */
export function usesLeft(grant: Grant): number {
  try {
    const limit = limitOf(grant);
    const uses = field(grant, "uses");
    return limit === undefined || !isCount(uses) ? 0 : Math.max(0, limit - uses);
  } catch {
    return 0;
  }
}

/**
 * Whether a grant may cover operations now, in this run and session: live, and — when it is
 * limited to a run or a session — that same run or session. A grant limited to a session covers
 * nothing when the session is not given.
 *
 * @example
 * isLive(grant, { now: Date.now(), sessionId: "s1" });
 */
export function isLive(grant: Grant, options: Pick<GrantCheckOptions, "now" | "runId" | "sessionId">): boolean {
  // grantStatus has checked runId and sessionId are strings when present.
  if (grantStatus(grant, ownNumber(options, "now")) !== "live") return false;
  const runId = field(grant, "runId");
  if (runId !== undefined && runId !== ownValue(options, "runId")) return false;
  const sessionId = field(grant, "sessionId");
  return sessionId === undefined || sessionId === ownValue(options, "sessionId");
}

/**
 * Whether a grant covers this operation now: it is live ({@link isLive}), names the operation
 * exactly, its condition holds (every `args.…` / `context.…` path equals), and — when the policy's
 * verdict is given — its scope is one the policy still allows. Never throws, whatever the grant
 * or operation holds.
 *
 * @example
 * const grant = { id: "g1", operation: "mail.send", scope: "conditional", condition: { "context.mode": "test" }, grantedBy: "ana", grantedAt: 0, uses: 0 } as const;
 * grantCovers(grant, { name: "mail.send", categories: ["irreversible"], context: { mode: "test" } }, { now: 1 }); // true
 * grantCovers(grant, { name: "mail.send", categories: ["irreversible"], context: { mode: "live" } }, { now: 1 }); // false
 */
export function grantCovers(grant: Grant, operation: Operation, options: GrantCheckOptions): boolean {
  try {
    // A refusal ("never allow") covers nothing: it only ever takes away.
    if (!isLive(grant, options) || field(grant, "effect") !== undefined) return false;
    const name = ownValue(operation, "name");
    if (typeof name !== "string" || name !== field(grant, "operation")) return false;
    const decision = ownValue(options, "decision");
    if (decision !== ABSENT && decision !== undefined && !scopeCeiling(decision as PolicyDecision | PolicyVerdict).includes(grant.scope)) return false;
    const condition = field(grant, "condition");
    return condition === undefined || conditionHolds(condition as Record<string, unknown>, operation);
  } catch {
    return false;
  }
}

/**
 * The live grant that covers an operation, or `undefined`: the one an app re-checks at execution
 * time (seed 001), then spends with {@link spendGrant}. A live refusal of the person's for it
 * ({@link refusalOf}) wins over any grant: then none covers it. When several cover it, the most specific
 * wins — conditional, then batch, then once, then session — and among equals the newest, so a
 * narrow grant is spent before a broad one.
 *
 * @example
 * const grant = checkGrant(grants, { name: "mail.archive", categories: [] }, { now: Date.now(), runId });
 * if (grant) grants = grants.map((g) => (g.id === grant.id ? spendGrant(g, Date.now()) : g));
 */
export function checkGrant(grants: readonly Grant[], operation: Operation, options: GrantCheckOptions): Grant | undefined {
  try {
    let best: { grant: Grant; index: number } | undefined;
    for (const [index, grant] of listOf(grants).entries()) {
      if (refuses(grant, operation, options)) return undefined;
      if (grantCovers(grant, operation, options) && (!best || moreSpecific(grant, index, best.grant, best.index))) best = { grant, index };
    }
    return best?.grant;
  } catch {
    return undefined;
  }
}

/**
 * The person's live refusal ("never allow") of an operation, or `undefined`: a grant with
 * `effect: "deny"` naming it exactly, or every operation under a prefix (`"mcp:files/*"`: an app, a
 * server). It decides before any policy or grant: the operation is declined without asking.
 *
 * @example
 * refusalOf(grants, { name: "mail.send", categories: [] }, { now: Date.now() })?.id; // "refusal:p1"
 */
export function refusalOf(grants: readonly Grant[], operation: Operation, options: Pick<GrantCheckOptions, "now" | "runId" | "sessionId">): Grant | undefined {
  try {
    return listOf(grants).find((grant) => refuses(grant, operation, options));
  } catch {
    return undefined;
  }
}

/** A live refusal naming the operation: exactly, or by a prefix ending in `*` (its operation is a non-empty string once live). */
function refuses(grant: Grant, operation: Operation, options: Pick<GrantCheckOptions, "now" | "runId" | "sessionId">): boolean {
  if (!field(grant, "effect") || !isLive(grant, options)) return false;
  const refused = field(grant, "operation") as string;
  const name = String(ownValue(operation, "name"));
  return refused === name || (refused.endsWith("*") && name.startsWith(refused.slice(0, -1)));
}

/** What {@link createGrant} needs: the grant's own fields, with `now` for `grantedAt`; `uses` starts at 0. */
export type GrantInput = Pick<Grant, "id" | "operation" | "scope" | "condition" | "limit" | "runId" | "sessionId" | "grantedBy" | "expiresAt" | "interactionId" | "effect"> & {
  /** Epoch ms: becomes `grantedAt`. */
  now: number;
};

export type GrantResult = { ok: true; grant: Grant } | { ok: false; problem: string };

/**
 * A new grant, checked: a batch needs a positive whole `limit`; a conditional grant needs a
 * condition; a condition's paths start at `args.` or `context.` and its values are plain data
 * (copied, so later changes to the caller's object change nothing); an expiry lies after `now`.
 * A refusal comes back in words, never thrown.
 *
 * @example
 * const result = createGrant({ id: "g1", operation: "mail.archive", scope: "batch", limit: 100, runId: "r2", grantedBy: "ana@acme.com", now: Date.now() });
 * if (result.ok) grants = [...grants, result.grant];
 * else console.warn(result.problem);
 */
export function createGrant(input: GrantInput): GrantResult {
  const refuse = (problem: string): GrantResult => ({ ok: false, problem });
  if (!isRecord(input)) return refuse("A grant needs its fields: id, operation, scope, grantedBy, now.");
  // Each field read once, as data: a getter is never asked twice for two different answers.
  const id = field(input, "id");
  const operation = field(input, "operation");
  const scope = field(input, "scope");
  const grantedBy = field(input, "grantedBy");
  const now = field(input, "now");
  const expiresAt = field(input, "expiresAt");
  const limit = field(input, "limit");
  const condition = field(input, "condition");
  if (!isId(id)) return refuse("A grant needs an id: a non-empty string.");
  if (!isId(operation)) return refuse("A grant needs the operation it covers: a non-empty string.");
  if (!isScope(scope)) return refuse(`A grant's scope is one of ${GRANT_SCOPES.join(", ")}.`);
  if (typeof grantedBy !== "string" || !grantedBy.trim()) return refuse("A grant needs the identity of the person granting it (grantedBy).");
  if (typeof now !== "number" || !Number.isFinite(now)) return refuse("A grant needs the time it is granted (now, epoch ms).");
  const grant: Grant = { id, operation, scope, grantedBy, grantedAt: now, uses: 0 };
  const effect = field(input, "effect");
  if (effect !== undefined) {
    if (effect !== "deny") return refuse('A grant\'s effect, when given, is "deny" (a refusal).');
    grant.effect = effect;
  }
  if (expiresAt !== undefined) {
    if (typeof expiresAt !== "number" || !Number.isFinite(expiresAt) || expiresAt <= now) {
      return refuse("A grant's expiry (expiresAt, epoch ms) must lie after the moment it is granted.");
    }
    grant.expiresAt = expiresAt;
  }
  if (limit !== undefined) {
    if (!isPositiveWhole(limit)) return refuse("A grant's limit is a positive whole number.");
    if (scope === "once" && limit !== 1) return refuse("A once grant covers one operation; leave out the limit, or use a batch.");
    if (scope !== "once") grant.limit = limit;
  } else if (scope === "batch") {
    return refuse("A batch grant needs a limit: how many operations it covers.");
  }
  if (condition !== undefined) {
    const problem = conditionProblem(condition);
    if (problem) return refuse(problem);
    grant.condition = copyData(condition) as Record<string, unknown>;
  } else if (scope === "conditional") {
    return refuse('A conditional grant needs a condition, such as { "context.mode": "test" }.');
  }
  for (const key of ["runId", "sessionId", "interactionId"] as const) {
    const value = field(input, key);
    if (value === undefined) continue;
    if (!isId(value)) return refuse(`A grant's ${key} is a non-empty string.`);
    grant[key] = value;
  }
  return { ok: true, grant };
}

/**
 * The grant after one more use (named `spend`, not `use`: it is no React hook): a new record (`uses + 1`, `lastUsedAt`). A grant that is not live
 * at `now` (revoked, expired, used up) comes back as it is: check with {@link checkGrant} first.
 *
 * @example
 * const used = spendGrant(grant, Date.now()); // grant itself is unchanged
 */
export function spendGrant(grant: Grant, now: number): Grant {
  if (grantStatus(grant, now) !== "live") return grant;
  return { ...grant, uses: grant.uses + 1, lastUsedAt: now };
}

/**
 * The grant revoked: a new record with `revokedAt` and `revokedBy`. Takes effect at once and never
 * fails: a grant already revoked comes back as it is (the first revocation stands).
 *
 * @example
 * grants = grants.map((g) => (g.id === "g1" ? revokeGrant(g, { by: "ana@acme.com", now: Date.now() }) : g));
 */
export function revokeGrant(grant: Grant, options: { by: string; now: number }): Grant {
  if (!isRecord(grant) || field(grant, "revokedAt") !== undefined) return grant;
  const by = ownValue(options, "by");
  return { ...grant, revokedAt: ownNumber(options, "now"), revokedBy: typeof by === "string" && by ? by : "unknown" };
}

/**
 * One grant as two places hold it (this thread and the person's storage, or two tabs): the local
 * record, narrowed by what the other knows — its revocation, and its uses when more. Nothing else is
 * taken from the other record (an expiry, a condition, a limit), so a record under the same id can
 * only ever end or use up a grant, never widen it. Returns `local` when nothing changes.
 *
 * @example
 * mergeGrant(live, revokedInAnotherTab); // revoked here too
 */
export function mergeGrant(local: Grant, other: Grant): Grant {
  const revokedAt = field(other, "revokedAt");
  const uses = field(other, "uses");
  const revoke = field(local, "revokedAt") === undefined && revokedAt !== undefined;
  const use = isCount(uses) && uses > local.uses;
  if (!revoke && !use) return local;
  const merged = { ...local };
  if (revoke) {
    const by = field(other, "revokedBy");
    merged.revokedAt = typeof revokedAt === "number" ? revokedAt : 0;
    merged.revokedBy = typeof by === "string" && by ? by : "unknown";
  }
  if (use) {
    merged.uses = uses;
    const last = field(other, "lastUsedAt");
    if (typeof last === "number") merged.lastUsedAt = last;
  }
  return merged;
}

/**
 * The grants that may cover operations now, in this session (and run, when given): what the
 * `PermissionsPanel` lists and what each run tells the agent. Order is kept.
 *
 * @example
 * liveGrants(grants, { now: Date.now(), sessionId: "s1" });
 */
export function liveGrants(grants: readonly Grant[], options: { now: number; sessionId?: string; runId?: string }): Grant[] {
  try {
    return listOf(grants).filter((grant) => isLive(grant, options));
  } catch {
    return [];
  }
}

/**
 * The scopes the policy's verdict allows at most: none for `deny`; otherwise `once` — approving
 * the one operation asked about — plus, unless typed confirmation is required, the rule's scopes
 * (all four when it names none).
 */
export function scopeCeiling(verdict: PolicyDecision | PolicyVerdict): readonly GrantScope[] {
  const decision = typeof verdict === "string" ? verdict : ownValue(verdict, "decision");
  if (decision === "typed-confirm") return ["once"];
  // `deny`, or anything that is not a decision: no grant.
  if (decision !== "allow" && decision !== "confirm") return [];
  const ruleScopes = arrayOrUndefined<unknown>(ownValue(typeof verdict === "string" ? undefined : ownValue(verdict, "rule"), "scopes"));
  return ruleScopes ? GRANT_SCOPES.filter((scope) => scope === "once" || ruleScopes.includes(scope)) : GRANT_SCOPES;
}

/** Every path of the condition holds for the operation. */
export function conditionHolds(condition: Record<string, unknown>, operation: Operation): boolean {
  const root = { args: ownValue(operation, "args"), context: ownValue(operation, "context") };
  return Object.keys(condition).every((path) => {
    if (!(CONDITION_ROOTS as readonly string[]).includes(path.split(".", 1)[0] as string)) return false;
    const actual = readPath(root, path);
    return actual !== ABSENT && dataEquals(ownValue(condition, path), actual);
  });
}

/** What is wrong with a grant's condition, in words; undefined when nothing is. */
export function conditionProblem(condition: unknown): string | undefined {
  if (!isRecord(condition)) return 'A grant\'s condition is an object of paths and values, such as { "context.mode": "test" }.';
  const paths = Object.keys(condition);
  if (paths.length === 0) return "A grant's condition needs at least one path.";
  if (paths.length > MAX_CONDITIONS) return `A grant's condition has at most ${MAX_CONDITIONS} paths.`;
  for (const path of paths) {
    const segments = path.split(".");
    if (!(CONDITION_ROOTS as readonly string[]).includes(segments[0] as string) || segments.length > MAX_DEPTH || segments.some((s) => !s)) {
      return `The condition path "${path.slice(0, 80)}" must start with "args." or "context." (such as "context.mode").`;
    }
  }
  if (copyData(condition) === ABSENT) return "A grant's condition values must be plain data (strings, numbers, booleans, null, arrays, objects).";
  return undefined;
}

function conditionWellFormed(grant: Grant): boolean {
  const condition = field(grant, "condition");
  if (condition === undefined) return field(grant, "scope") !== "conditional";
  return isRecord(condition) && Object.keys(condition).length > 0;
}

function bindingsWellFormed(grant: Grant): boolean {
  return ["runId", "sessionId"].every((key) => {
    const value = field(grant, key);
    return value === undefined || typeof value === "string";
  });
}

/** The use limit: 1 for once, `limit` for batch, `limit` or none (`Infinity`) otherwise; `undefined` when malformed. */
function limitOf(grant: Grant): number | undefined {
  const scope = field(grant, "scope");
  const limit = field(grant, "limit");
  if (scope === "once") return 1;
  if (limit === undefined) return scope === "batch" ? undefined : Infinity;
  return isPositiveWhole(limit) ? limit : undefined;
}

function moreSpecific(a: Grant, aIndex: number, b: Grant, bIndex: number): boolean {
  const rank = SPECIFICITY[a.scope] - SPECIFICITY[b.scope];
  if (rank !== 0) return rank < 0;
  // Both are live, so both carry a finite grantedAt.
  const aAt = field(a, "grantedAt") as number;
  const bAt = field(b, "grantedAt") as number;
  if (aAt !== bAt) return aAt > bAt;
  // Same moment: the later record in the list is the newer.
  return aIndex > bIndex;
}

function ownNumber(record: unknown, key: string): number {
  const value = ownValue(record, key);
  return typeof value === "number" ? value : NaN;
}

/** A list to iterate safely: a non-array is empty. */
function listOf<T>(value: readonly T[] | undefined): readonly T[] {
  return arrayOrUndefined<T>(value) ?? [];
}

export function arrayOrUndefined<T>(value: unknown): readonly T[] | undefined {
  try {
    return Array.isArray(value) ? (value as readonly T[]) : undefined;
  } catch {
    // Array.isArray throws on a revoked Proxy.
    return undefined;
  }
}

function isScope(value: unknown): value is GrantScope {
  return typeof value === "string" && (GRANT_SCOPES as readonly string[]).includes(value);
}

function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

function isPositiveWhole(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0;
}

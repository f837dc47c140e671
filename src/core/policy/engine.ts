import type { Context, Tool } from "@ag-ui/core";
import type { PermissionRequestPayload } from "../protocol/envelope";
import { grantsContext } from "./context";
import { checkGrant, createGrant, refusalOf, spendGrant } from "./grants";
import { conditionsOffered, scopesOffered } from "./offers";
import { dataEquals } from "./data";
import { decide, defaultPolicy, operationFromRequest } from "./policy";
import { parleyRevokeTool, PARLEY_REVOKE_TOOL, revocationResult, revocationTargets } from "./revokeTool";
import { grantProblem } from "./trust";
import type { Grant, GrantConditionOffer, GrantScope, Policy, PolicyDecision, PolicyVerdict } from "./types";

/** How long a standing grant may last, offered on the card when the rule names none: 15 min, 1 h, 8 h. */
export const DEFAULT_GRANT_EXPIRIES: readonly number[] = [15 * 60_000, 60 * 60_000, 8 * 60 * 60_000];

/** What the kit does with a permission request as it arrives. */
export type PermissionAssessment =
  /**
   * The policy forbids it, or the person refused it for good ("never allow"): declined at once,
   * without asking. `refusal`: that refusal, as used now (its uses count the requests it declined).
   */
  | { kind: "deny"; reason: string; refusal?: Grant }
  /** A live grant the person made covers it: approved citing that grant (its use counted). */
  | { kind: "grant"; grant: Grant }
  /**
   * The person decides, offered these scopes; the conditions a `conditional` grant may take (there
   * is one such scope per condition); the expiries (ms) a standing grant may take beside none.
   */
  | {
      kind: "ask";
      decision: PolicyDecision;
      scopes: GrantScope[];
      conditions: GrantConditionOffer[];
      expiries: number[];
      /**
       * What the person may refuse for good instead ("never allow"): the operation itself, and —
       * when its name has a namespace (`mcp:files/delete`, `mail.send`) — everything under it
       * (`mcp:files/*`, `mail.*`: an app, a server). Empty when the request names no operation.
       */
      refusals: string[];
    };

/**
 * The permissions a store applies, made by {@link createPermissions} and given to the provider
 * (`<ParleyProvider permissions={…}>`): the store asks it, and only then writes through the
 * person's door. Kept out of the kit's main bundle: an app without permissions does not ship it.
 */
export interface PermissionsEngine {
  /** The person the grants and the audit log name. */
  readonly identity: string;
  /** The session grants of scope `session` are limited to. */
  readonly sessionId?: string;
  assess(request: PermissionRequestPayload, grants: readonly Grant[], options: { now: number; runId?: string }): PermissionAssessment;
  /**
   * The standing refusal a "never allow" makes — of `operation`, one of the assessment's `refusals`
   * — or why it cannot: a grant with `effect: "deny"` in the person's name, of every session, until
   * it is revoked (or `expiresAt`).
   */
  refusalFor(request: PermissionRequestPayload, operation: string, options: { id: string; now: number; interactionId?: string; expiresAt?: number }): { ok: true; grant: Grant } | { ok: false; problem: string };
  /** The grant an approval with `scope` makes, or why it cannot. */
  grantFor(request: PermissionRequestPayload, scope: GrantScope, options: { id: string; now: number; runId?: string; interactionId?: string; limit?: number; condition?: Record<string, unknown>; expiresAt?: number }): { ok: true; grant: Grant } | { ok: false; problem: string };
  /**
   * Why a grant that came back from storage, another tab or a server-side thread store is not one
   * this engine could have made (for its identity and session, under its policy), in words; or
   * `undefined` when it could have. What fails is dropped by the caller, and reported.
   */
  grantProblem(grant: unknown, now: number): string | undefined;
  /** The grants the agent's revoke tool names (it can only ever revoke). */
  revocationTargets(grants: readonly Grant[], args: unknown, now: number): Grant[];
  /** The revoke tool's result, for the agent. */
  revocationResult(revoked: readonly Grant[]): string;
  /** Context entries for every run: the live grants, so the agent does not ask again. */
  context(grants: readonly Grant[], options: { now: number; locale?: string }): Context[];
  /** Tools declared in every run: the revoke tool. */
  readonly tools: readonly Tool[];
  readonly revokeToolName: string;
}

export interface PermissionsOptions {
  /** Rules first, then the defaults (`definePolicy`); default `defaultPolicy`. */
  policy?: Policy;
  /** Who grants: the person's identity, the same across channels. */
  identity: string;
  sessionId?: string;
  /**
   * The app's own facts for conditional grants and rules (its mode, its environment) — never the
   * agent's. A function is read at each decision, so a switch from test to live mode takes effect
   * at once.
   */
  context?: Record<string, unknown> | (() => Record<string, unknown>);
}

/**
 * The permissions engine: the policy, grants and the revoke tool, as the store applies them.
 *
 * @example
 * const permissions = createPermissions({ identity: "ana@example.com", policy: definePolicy([{ match: { name: "mail.send" }, decision: "confirm" }]) });
 * <ParleyProvider agent={agent} permissions={permissions}>…</ParleyProvider>
 */
export function createPermissions(options: PermissionsOptions): PermissionsEngine {
  const policy = options.policy ?? defaultPolicy;
  const operationOf = (request: PermissionRequestPayload) =>
    operationFromRequest(request, typeof options.context === "function" ? options.context() : options.context);
  const offers = (request: PermissionRequestPayload, verdict: PolicyVerdict) => {
    // A standing grant covers an operation: a request that names none (a bare "Go ahead?") can
    // only be approved once — offering more would make a choice that does nothing.
    if (!request.operation) return { scopes: scopesOffered(request, verdict, ["once"]), conditions: [], expiries: [] };
    const scopes: GrantScope[] = scopesOffered({ categories: request.categories, operation: request.operation, args: request.args }, verdict, request.scopes).filter((s) => s !== "conditional");
    // A conditional grant needs a condition the policy offers, and a verdict that allows one.
    const conditions = scopesOffered(request, verdict, ["conditional"]).includes("conditional") ? conditionsOffered(verdict.rule, operationOf(request)) : [];
    if (conditions.length) scopes.push("conditional");
    const standing = scopes.some((s) => s !== "once");
    const expiries = standing ? [...(verdict.rule?.expiries ?? DEFAULT_GRANT_EXPIRIES)].filter((ms) => Number.isFinite(ms) && ms > 0) : [];
    return { scopes, conditions, expiries };
  };
  const refusalsOffered = (request: PermissionRequestPayload) => {
    const name = request.operation;
    if (!name) return [];
    // The nearest namespace: what comes before the last ":", "/" or "." (an MCP server, an app's area).
    const cut = Math.max(name.lastIndexOf(":"), name.lastIndexOf("/"), name.lastIndexOf("."));
    return cut > 0 ? [name, `${name.slice(0, cut + 1)}*`] : [name];
  };
  const engine: PermissionsEngine = {
    identity: options.identity,
    ...(options.sessionId !== undefined ? { sessionId: options.sessionId } : {}),
    tools: [parleyRevokeTool],
    revokeToolName: PARLEY_REVOKE_TOOL,
    assess(request, grants, { now, runId }) {
      const operation = operationOf(request);
      // The person's "never" decides first: no rule or grant of anyone else's can lift it.
      const refusal = refusalOf(grants, operation, { now, ...(runId ? { runId } : {}), ...(options.sessionId ? { sessionId: options.sessionId } : {}) });
      if (refusal) return { kind: "deny", reason: `${refusal.grantedBy} chose never to allow ${refusal.operation}.`, refusal: spendGrant(refusal, now) };
      const verdict = decide(policy, operation);
      if (verdict.decision === "deny") return { kind: "deny", reason: verdict.rule?.reason ?? `The policy does not allow ${operation.name || "this"}.` };
      // Typing the target is the point of typed confirmation: no grant stands in for it, whatever
      // reached the thread — the kit makes none on such a card.
      const typed = verdict.decision === "typed-confirm" || request.confirmText !== undefined;
      const grant = typed ? undefined : checkGrant(grants, operation, { now, ...(runId ? { runId } : {}), ...(options.sessionId ? { sessionId: options.sessionId } : {}), decision: verdict });
      if (grant) return { kind: "grant", grant: spendGrant(grant, now) };
      return { kind: "ask", decision: verdict.decision, ...offers(request, verdict), refusals: refusalsOffered(request) };
    },
    refusalFor(request, operation, { id, now, interactionId, expiresAt }) {
      if (!refusalsOffered(request).includes(operation)) return { ok: false, problem: `Never allowing "${operation}" was not offered for this request.` };
      // Of every session: a refusal only takes away, and the person said "never".
      return createGrant({ id, operation, scope: "session", effect: "deny", grantedBy: options.identity, now, ...(interactionId !== undefined ? { interactionId } : {}), ...(expiresAt !== undefined ? { expiresAt } : {}) });
    },
    grantFor(request, scope, { id, now, runId, interactionId, limit, condition, expiresAt }) {
      // A conditional grant takes one of the conditions the policy offered, exactly: never one
      // the caller made up (it could be wider than the person was shown).
      // So does every scope: an approval reaches no further than the card could have offered.
      const offered = offers(request, decide(policy, operationOf(request)));
      if (!offered.scopes.includes(scope)) return { ok: false, problem: `A ${scope} permission was not offered for this request.` };
      if (scope === "conditional" && !offered.conditions.some((offer) => dataEquals(offer.condition, condition))) {
        return { ok: false, problem: "This condition was not one the policy offered for the request." };
      }
      const result = createGrant({
        id,
        operation: request.operation,
        scope,
        grantedBy: options.identity,
        now,
        ...(scope === "batch" && runId ? { runId } : {}),
        ...(scope === "session" && options.sessionId ? { sessionId: options.sessionId } : {}),
        ...(limit !== undefined ? { limit } : {}),
        ...(condition !== undefined ? { condition } : {}),
        ...(expiresAt !== undefined ? { expiresAt } : {}),
        ...(interactionId !== undefined ? { interactionId } : {}),
      });
      // The approval that made it is its first use.
      return result.ok ? { ok: true, grant: spendGrant(result.grant, now) } : result;
    },
    grantProblem: (grant, now) => grantProblem(grant, { identity: options.identity, ...(options.sessionId !== undefined ? { sessionId: options.sessionId } : {}), policy }, now),
    revocationTargets: (grants, args, now) => revocationTargets(grants, args, now),
    revocationResult: (revoked) => revocationResult(revoked),
    context: (grants, { now, locale }) => [grantsContext(grants, { now, ...(options.sessionId ? { sessionId: options.sessionId } : {}), ...(locale ? { locale } : {}) })],
  };
  return engine;
}

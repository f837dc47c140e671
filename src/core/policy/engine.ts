import type { Context, Tool } from "@ag-ui/core";
import type { PermissionRequestPayload } from "../protocol/envelope";
import { grantsContext } from "./context";
import { checkGrant, createGrant, scopesOffered, spendGrant } from "./grants";
import { decide, defaultPolicy, operationFromRequest } from "./policy";
import { parleyRevokeTool, PARLEY_REVOKE_TOOL, revocationResult, revocationTargets } from "./revokeTool";
import type { Grant, GrantScope, Policy, PolicyDecision } from "./types";

/** What the kit does with a permission request as it arrives. */
export type PermissionAssessment =
  /** The policy forbids it: declined at once, without asking. */
  | { kind: "deny"; reason: string }
  /** A live grant the person made covers it: approved citing that grant (its use counted). */
  | { kind: "grant"; grant: Grant }
  /** The person decides, offered these scopes; `typedConfirm` when the policy wants the target typed. */
  | { kind: "ask"; decision: PolicyDecision; scopes: GrantScope[] };

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
  /** The grant an approval with `scope` makes, or why it cannot. */
  grantFor(request: PermissionRequestPayload, scope: GrantScope, options: { id: string; now: number; runId?: string; interactionId?: string; limit?: number; condition?: Record<string, unknown>; expiresAt?: number }): { ok: true; grant: Grant } | { ok: false; problem: string };
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
  /** The app's own facts for conditional grants and rules (its mode, its environment) — never the agent's. */
  context?: Record<string, unknown>;
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
  const operationOf = (request: PermissionRequestPayload) => operationFromRequest(request, options.context);
  const engine: PermissionsEngine = {
    identity: options.identity,
    ...(options.sessionId !== undefined ? { sessionId: options.sessionId } : {}),
    tools: [parleyRevokeTool],
    revokeToolName: PARLEY_REVOKE_TOOL,
    assess(request, grants, { now, runId }) {
      const operation = operationOf(request);
      const verdict = decide(policy, operation);
      if (verdict.decision === "deny") return { kind: "deny", reason: verdict.rule?.reason ?? `The policy does not allow ${operation.name || "this"}.` };
      const grant = checkGrant(grants, operation, { now, ...(runId ? { runId } : {}), ...(options.sessionId ? { sessionId: options.sessionId } : {}), decision: verdict });
      if (grant) return { kind: "grant", grant: spendGrant(grant, now) };
      return { kind: "ask", decision: verdict.decision, scopes: scopesOffered({ categories: request.categories, operation: request.operation, args: request.args }, verdict, request.scopes) };
    },
    grantFor(request, scope, { id, now, runId, interactionId, limit, condition, expiresAt }) {
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
    revocationTargets: (grants, args, now) => revocationTargets(grants, args, now),
    revocationResult: (revoked) => revocationResult(revoked),
    context: (grants, { now, locale }) => [grantsContext(grants, { now, ...(options.sessionId ? { sessionId: options.sessionId } : {}), ...(locale ? { locale } : {}) })],
  };
  return engine;
}

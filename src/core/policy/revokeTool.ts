import type { Tool } from "@ag-ui/core";
import { ownField } from "./data";
import { grantStatus } from "./grants";
import type { Grant } from "./types";

/**
 * The name of the front-end tool with which the agent may revoke a grant.
 *
 * @example
 * if (call.name === PARLEY_REVOKE_TOOL) targets = revocationTargets(grants, call.args, Date.now());
 */
export const PARLEY_REVOKE_TOOL = "parley_revoke_grant";

/**
 * The front-end tool the kit declares so that "以后不要再自动发邮件了" takes effect at once: the
 * agent may *revoke* a grant with it — never create, extend or widen one (there is no tool for
 * that, and nothing the agent sends can do it). Taking permissions away is the safe direction, so
 * the agent may do it on the person's word; it is audited as `revoked` / `agent-revoke`.
 *
 * @example
 * buildRunInput(thread, { runId, defaults: { tools: [parleyRevokeTool] } });
 */
export const parleyRevokeTool: Tool = {
  name: PARLEY_REVOKE_TOOL,
  description:
    "Revoke a permission the person granted earlier, when the person asks to withdraw it (for example: stop sending mail automatically). " +
    "Give the grantId listed in the context, or the operation to revoke every live grant for it. This tool can only revoke: " +
    "it can never create, extend or widen a grant; only the person can grant. The result lists the grants revoked.",
  parameters: {
    type: "object",
    properties: {
      grantId: { type: "string", description: "The id of the grant to revoke, as listed in the context." },
      operation: { type: "string", description: "Revoke every live grant for this operation (its exact name)." },
      reason: { type: "string", description: "Why, in the person's words; kept in the audit log." },
    },
    additionalProperties: false,
  },
};

/** Longer ids or names than this are not ids or names the kit made: they match nothing. */
const MAX_NAME = 200;

/**
 * The grants a call of {@link parleyRevokeTool} revokes: the ones not yet revoked or expired whose
 * id is `grantId` or whose operation is exactly `operation` (either — revoking one grant too many
 * only means the person is asked again). Anything else — no arguments, other types, a glob —
 * revokes nothing, and neither does anything name a refusal ("never allow"): lifting one would let
 * the agent do more, so only the person can. Never throws.
 *
 * @example
 * const targets = revocationTargets(grants, { operation: "mail.send", reason: "以后不要再自动发邮件了" }, Date.now());
 * grants = grants.map((g) => (targets.includes(g) ? revokeGrant(g, { by: identity, now }) : g));
 */
export function revocationTargets(grants: readonly Grant[], args: unknown, now: number): Grant[] {
  const grantId = nameIn(args, "grantId");
  const operation = nameIn(args, "operation");
  if (grantId === undefined && operation === undefined) return [];
  try {
    if (!Array.isArray(grants)) return [];
    return (grants as readonly Grant[]).filter((grant) => {
      const status = grantStatus(grant, now);
      // A used-up grant is revoked too: it may still be listed, and the person said no more.
      // A refusal is never the agent's to lift: that would widen what it may do.
      if ((status !== "live" && status !== "used-up") || ownField(grant, "effect") !== undefined) return false;
      return (grantId !== undefined && ownField(grant, "id") === grantId) || (operation !== undefined && ownField(grant, "operation") === operation);
    });
  } catch {
    return [];
  }
}

/**
 * The result of the revoke tool call, for the tool message that answers it: which grants were
 * revoked, or that none matched (so the agent can tell the person, or ask which one).
 *
 * @example
 * revocationResult(targets); // '{"status":"revoked","grantIds":["g1"]}'
 */
export function revocationResult(revoked: readonly Grant[]): string {
  const grantIds = Array.isArray(revoked) ? (revoked as readonly Grant[]).flatMap((grant) => (typeof ownField(grant, "id") === "string" ? [grant.id] : [])) : [];
  return JSON.stringify(grantIds.length ? { status: "revoked", grantIds } : { status: "nothing_to_revoke" });
}

function nameIn(args: unknown, key: string): string | undefined {
  const value = ownField(args, key);
  return typeof value === "string" && value.length > 0 && value.length <= MAX_NAME ? value : undefined;
}

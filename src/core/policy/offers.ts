import type { PermissionCategory } from "../protocol/envelope";
import { copyData, ownValue } from "./data";
import { arrayOrUndefined, conditionHolds, conditionProblem, scopeCeiling } from "./grants";
import { categoriesOf } from "./policy";
import { GRANT_SCOPES, type GrantConditionOffer, type GrantScope, type Operation, type PolicyDecision, type PolicyRule, type PolicyVerdict } from "./types";

/*
 * What a permission card may offer beside "allow": the scopes of a grant and the conditions a rule
 * names — never more than the policy's verdict and the request allow. (The grants themselves, and
 * how they cover an operation, are grants.ts.)
 */

/** What a permission card shows the scopes for: a `permission_request` payload fits. */
export interface ScopeRequest {
  categories: readonly PermissionCategory[];
  operation?: string;
  args?: unknown;
}

/**
 * The scopes a permission card may offer ("allow once / these 100 / this session / only in test
 * mode"), in that order: never more than the policy or the request allows.
 * - The verdict bounds them: `deny` offers nothing; `typed-confirm` only `once` (typing the target
 *   is the point, and a standing grant would skip it); a rule's own `scopes` narrow further.
 * - `offered` (the request's or the app's list) narrows within that. Left out, the card offers
 *   `once` and — unless the request is destructive, irreversible or about money — `session`;
 *   `batch` and `conditional` need a limit and a condition the card cannot invent, so they appear
 *   only when offered.
 * - `once` is always offered unless the verdict is `deny`: approving this one operation is what
 *   the request asks, and every scope only widens it.
 *
 * @example
 * scopesOffered({ categories: ["privacy"], operation: "excel.read" }, "confirm"); // ["once", "session"]
 * scopesOffered({ categories: ["destructive"], operation: "fs.delete" }, "typed-confirm", ["once", "session"]); // ["once"]
 */
export function scopesOffered(request: ScopeRequest, decision: PolicyDecision | PolicyVerdict, offered?: readonly GrantScope[]): GrantScope[] {
  try {
    const ceiling = scopeCeiling(decision);
    if (ceiling.length === 0) return [];
    const wanted: readonly unknown[] = arrayOrUndefined(offered) ?? defaultScopes(categoriesOf(request));
    return GRANT_SCOPES.filter((scope) => ceiling.includes(scope) && (scope === "once" || wanted.includes(scope)));
  } catch {
    // A list that throws when read (a Proxy): offer nothing rather than guess.
    return [];
  }
}

function defaultScopes(categories: readonly PermissionCategory[]): GrantScope[] {
  const standingIsRisky = categories.some((category) => category !== "privacy");
  return standingIsRisky ? ["once"] : ["once", "session"];
}

/**
 * The conditions a rule offers for a grant that hold for this operation now (a grant's first use
 * is the approval that makes it, so a condition that does not hold now could never be chosen).
 * Malformed offers are left out.
 *
 * @example
 * conditionsOffered(decide(policy, operation).rule, operation); // [{ label: "only in test mode", condition: { "context.mode": "test" } }]
 */
export function conditionsOffered(rule: PolicyRule | undefined, operation: Operation): GrantConditionOffer[] {
  try {
    const offers = arrayOrUndefined<unknown>(ownValue(rule, "conditions")) ?? [];
    return offers.flatMap((offer) => {
      const label = ownValue(offer, "label");
      const condition = ownValue(offer, "condition");
      if (typeof label !== "string" || !label.trim() || conditionProblem(condition) || !conditionHolds(condition as Record<string, unknown>, operation)) return [];
      return [{ label, condition: copyData(condition) as Record<string, unknown> }];
    });
  } catch {
    return [];
  }
}

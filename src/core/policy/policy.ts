import { PERMISSION_CATEGORIES, type PermissionCategory, type PermissionRequestPayload } from "../protocol/envelope";
import { ABSENT, dataEquals, ownValue, readPath } from "./data";
import { POLICY_DECISIONS, type Operation, type Policy, type PolicyDecision, type PolicyRule, type PolicyVerdict } from "./types";
import { isRecord } from "../thread/guards";
import { nameMatches } from "./names";

export { nameMatches };

/**
 * The kit's own rules (seed 000 §4.1): typed confirmation for anything destructive; confirmation
 * for anything irreversible, about money or about privacy; everything else runs. Frozen: every
 * provider shares it.
 *
 * @example
 * decide(defaultPolicy, { name: "fs.delete", categories: ["destructive"] }).decision; // "typed-confirm"
 */
export const defaultPolicy: Policy = deepFreeze({
  rules: [
    {
      id: "parley:destructive",
      match: { categories: ["destructive"] },
      decision: "typed-confirm",
      reason: "Destructive: it deletes, overwrites or empties something.",
    },
    {
      id: "parley:sensitive",
      match: { categories: ["irreversible", "money", "privacy"] },
      decision: "confirm",
      reason: "Irreversible, about money, or about personal data.",
    },
  ],
  fallback: "allow",
});

/**
 * A policy of a product team's rules, checked before the kit's defaults. Rules are checked in
 * order and the first that matches decides — so a team's rule may tighten the defaults (deny mail
 * to outside domains) or loosen them (no typed confirmation for files under `/tmp`): the team
 * owns its policy, and {@link decide} names the rule that decided.
 *
 * @example
 * const policy = definePolicy([
 *   { match: { name: "mail.send", args: { "to.domain": "gmail.com" } }, decision: "deny", reason: "No company mail to private accounts." },
 *   { match: { name: "mail.send", context: { mode: "test" } }, decision: "allow" },
 * ]);
 */
export function definePolicy(rules: readonly PolicyRule[] = [], fallback: PolicyDecision = defaultPolicy.fallback): Policy {
  let own: readonly PolicyRule[] = [];
  try {
    if (Array.isArray(rules)) own = [...(rules as readonly PolicyRule[])];
  } catch {
    // A list that cannot be read (a revoked Proxy) adds no rules.
  }
  return { rules: [...own, ...defaultPolicy.rules], fallback: isDecision(fallback) ? fallback : "confirm" };
}

/**
 * What the policy says about an operation: the first rule that matches decides; when none does,
 * the policy's fallback. Never throws: a malformed rule matches nothing, and a matching rule whose
 * decision is not one of the four asks the person (`confirm`) — a typo must neither let an
 * operation run unasked nor silently block it.
 *
 * @example
 * decide(definePolicy(), { name: "mail.send", categories: ["irreversible"] });
 * // { decision: "confirm", rule: { id: "parley:sensitive", … } }
 */
export function decide(policy: Policy, operation: Operation): PolicyVerdict {
  try {
    const rules = ownValue(policy, "rules");
    if (Array.isArray(rules)) {
      for (const rule of rules as readonly unknown[]) {
        if (!ruleMatches(rule as PolicyRule, operation)) continue;
        const decision = ownValue(rule, "decision");
        return { decision: isDecision(decision) ? decision : "confirm", rule: rule as PolicyRule };
      }
    }
    const fallback = ownValue(policy, "fallback");
    return { decision: isDecision(fallback) ? fallback : "confirm" };
  } catch {
    // A policy that cannot be read (a Proxy that throws) asks the person.
    return { decision: "confirm" };
  }
}

/**
 * Whether a rule's `match` fits an operation: every field given must match — a name (exact, or a
 * trailing-`*` prefix), any of the categories, each argument and context path. Never throws;
 * hostile arguments (cycles, getters, `__proto__` keys, Proxies) are read as plain data or not at all.
 *
 * @example
 * ruleMatches({ match: { name: "mail.*" }, decision: "confirm" }, { name: "mail.send", categories: [] }); // true
 */
export function ruleMatches(rule: PolicyRule, operation: Operation): boolean {
  try {
    const match = ownValue(rule, "match");
    if (!isRecord(match)) return false;
    const name = ownValue(match, "name");
    if (name !== ABSENT && name !== undefined && !nameMatches(name, ownValue(operation, "name"))) return false;
    const categories = ownValue(match, "categories");
    if (categories !== ABSENT && categories !== undefined && !categoriesMatch(categories, categoriesOf(operation))) return false;
    for (const root of ["args", "context"] as const) {
      const expected = ownValue(match, root);
      if (expected === ABSENT || expected === undefined) continue;
      if (!pathsMatch(expected, ownValue(operation, root))) return false;
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * The operation a `permission_request` asks for, ready for {@link decide} and `checkGrant`.
 * `context` is the app's own facts (its mode, its environment) — never the envelope's `context`,
 * which the agent wrote.
 *
 * @example
 * operationFromRequest(envelope.payload, { mode: "test" });
 * // { name: "fs.delete", categories: ["destructive"], args: {…}, target: "report_2024_final.pdf", context: { mode: "test" } }
 */
export function operationFromRequest(payload: PermissionRequestPayload, context?: Record<string, unknown>): Operation {
  const operation: Operation = { name: payload.operation, categories: payload.categories };
  if (payload.args !== undefined) operation.args = payload.args;
  if (payload.confirmText !== undefined) operation.target = payload.confirmText;
  if (context !== undefined) operation.context = context;
  return operation;
}

/**
 * The operation's known categories, in the kit's order; anything else in the list is ignored, a
 * non-list is none.
 *
 * @example
 * categoriesOf({ name: "x", categories: ["privacy", "legal"] }); // ["privacy"]
 */
export function categoriesOf(operation: unknown): PermissionCategory[] {
  try {
    const categories = ownValue(operation, "categories");
    if (!Array.isArray(categories)) return [];
    return PERMISSION_CATEGORIES.filter((category) => (categories as unknown[]).includes(category));
  } catch {
    return [];
  }
}

function categoriesMatch(wanted: unknown, present: readonly PermissionCategory[]): boolean {
  return Array.isArray(wanted) && wanted.some((category) => present.includes(category as PermissionCategory));
}

/** Every `path → value` of `expected` holds in `actual`. */
function pathsMatch(expected: unknown, actual: unknown): boolean {
  if (!isRecord(expected)) return false;
  return Object.keys(expected).every((path) => {
    const value = readPath(actual, path);
    return value !== ABSENT && dataEquals(ownValue(expected, path), value);
  });
}

/**
 * Whether a value is one of the four decisions.
 *
 * @example
 * isDecision("alow"); // false
 */
export function isDecision(value: unknown): value is PolicyDecision {
  return typeof value === "string" && (POLICY_DECISIONS as readonly string[]).includes(value);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}

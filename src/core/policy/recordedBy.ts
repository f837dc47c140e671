/** The decisions the kit takes itself, and the name it records them in; every other decision is the person's. */
const DECIDED_BY_KIT = new Map<unknown, string>([
  ["denied_by_policy", "policy"],
  ["allowed_by_policy", "policy"],
  ["timed_out", "person"],
  ["refused_forgery", "agent"],
  // What the agent reports it ran: its word, recorded in its name.
  ["executed", "agent"],
]);
const PERSONS_DECISIONS: readonly unknown[] = ["approved", "declined", "approved_by_grant", "granted", "refused", "revoked", "feedback"];

/**
 * The `who` the kit writes on a record of `decision` for this person: their identity for what
 * they decided (an approval, a grant, a refusal, a revocation — also by a grant of theirs), the kit's
 * own name for what it decided (`policy`, `person` for a timeout, `agent` for a refused forgery and
 * for what the agent reports it ran); or
 * `undefined` for a decision the kit does not record. A record read back from storage or another
 * tab whose `who` differs is not one the kit wrote for this person.
 *
 * @example
 * recordedBy("approved", "ana@acme.com"); // "ana@acme.com"
 * recordedBy("denied_by_policy", "ana@acme.com"); // "policy"
 */
export function recordedBy(decision: unknown, person: string): string | undefined {
  return DECIDED_BY_KIT.get(decision) ?? (PERSONS_DECISIONS.includes(decision) ? person : undefined);
}

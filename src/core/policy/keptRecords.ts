import { grantStatus, mergeGrant } from "./grants";
import { appendToLog, copyGrant, listOf } from "./storage";
import type { AuditRecord, Grant } from "./types";

/**
 * A person's grants and audit log kept across threads (`keepPermissions` in
 * `parley-ui/persistence` drives these with a {@link PolicyStorage}): what is read back from
 * storage is checked, what is worth keeping is chosen, and two copies of the same grant agree.
 * Pure: the caller gives the clock.
 */

/** How many audit records a person's log keeps unless told otherwise: the oldest go first. */
export const DEFAULT_AUDIT_LIMIT = 1000;

/**
 * Grants read back from storage (or announced by another tab), checked: a record that is not a
 * grant the kit could have made (another shape, an accessor, a hostile value) and one that has
 * expired are dropped — the person is asked again. With `problemOf` (the engine's `grantProblem`),
 * a well-formed grant it finds a problem with — a `once` grant, someone else's, a session grant
 * with no session — is dropped too, and counted as `untrusted` with the first `problem` in words.
 * A revoked or used-up grant stays: it is what keeps a copy of it elsewhere (an older thread's
 * snapshot, another tab) from covering anything again.
 *
 * @example
 * const { grants, untrusted, problem } = readKeptGrants(await storage.loadGrants("ana"), Date.now(), (g) => engine.grantProblem(g, Date.now()));
 */
export function readKeptGrants(
  value: unknown,
  now: number,
  problemOf?: (grant: Grant) => string | undefined,
): { grants: Grant[]; expired: number; unreadable: number; untrusted: number; problem?: string } {
  const grants: Grant[] = [];
  const ids = new Set<string>();
  let expired = 0;
  let unreadable = 0;
  let untrusted = 0;
  let problem: string | undefined;
  for (const input of listOf(value as readonly Grant[])) {
    const copy = copyGrant(input)[0];
    const status = copy ? grantStatus(copy, now) : "invalid";
    if (!copy || status === "invalid" || ids.has(copy.id)) unreadable++;
    else if (status === "expired") expired++;
    else {
      const distrust = problemOf?.(copy);
      if (distrust) {
        untrusted++;
        problem ??= distrust;
        continue;
      }
      ids.add(copy.id);
      grants.push(copy);
    }
  }
  return { grants, expired, unreadable, untrusted, ...(problem ? { problem } : {}) };
}

/**
 * An audit log read back from storage: records without an id, or repeated, are dropped; fields
 * that are not text are emptied (`auditRecord`); the newest `limit` are kept, oldest first.
 *
 * @example
 * const log = readKeptAudit(await storage.loadAudit("ana"), 1000);
 */
export function readKeptAudit(value: unknown, limit = DEFAULT_AUDIT_LIMIT): AuditRecord[] {
  return appendToLog([], listOf(value as readonly AuditRecord[]), limit);
}

/**
 * The grants of a thread worth keeping for the person across threads: standing ones (not `once`,
 * not limited to one run) that have not expired — live, used up or revoked.
 *
 * @example
 * standingGrants(thread.grants, Date.now());
 */
export function standingGrants(grants: readonly Grant[], now: number): Grant[] {
  return listOf(grants).filter((grant) => {
    const status = grantStatus(grant, now);
    return grant.scope !== "once" && grant.runId === undefined && status !== "invalid" && status !== "expired";
  });
}

/**
 * `kept` with `incoming` folded in: a new grant is added, one already kept takes the other's
 * revocation and higher use count (`mergeGrant`); grants expired at `now` are dropped. Returns
 * `kept` itself when nothing changes, so a caller can tell whether to write.
 *
 * @example
 * const next = mergeKeptGrants(kept, standingGrants(thread.grants, now), now);
 * if (next !== kept) await storage.saveGrants("ana", next);
 */
export function mergeKeptGrants(kept: readonly Grant[], incoming: readonly Grant[], now: number): readonly Grant[] {
  let changed = false;
  const byId = new Map(kept.map((grant) => [grant.id, grant]));
  for (const grant of listOf(incoming)) {
    const status = grantStatus(grant, now);
    if (status === "invalid" || status === "expired") continue;
    const local = byId.get(grant.id);
    const next = local ? mergeGrant(local, grant) : grant;
    if (next === local) continue;
    byId.set(grant.id, next);
    changed = true;
  }
  const live = [...byId.values()].filter((grant) => grantStatus(grant, now) !== "expired");
  return changed || live.length !== kept.length ? live : kept;
}

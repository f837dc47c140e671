import { auditRecord } from "./audit";
import { ABSENT, copyData, ownField } from "./data";
import type { AuditRecord, Grant } from "./types";

/**
 * Where a person's grants and audit log are kept across threads and page loads: memory
 * ({@link createMemoryPolicyStorage}) or IndexedDB (`createIndexedDbPolicyStorage` in
 * `parley-ui/persistence`); `keepPermissions` wires one to a store. `key` names whose they are —
 * the person's id, or id and app — so one device can hold several people's.
 *
 * The contract every adapter keeps:
 * - What goes in is copied, and what comes out is a copy: no caller can change what is stored by
 *   changing an object it passed in or got back.
 * - `saveGrants` replaces the key's grants whole (grants change by new records, never edits).
 * - `appendAudit` only appends, in order, and keeps a record whose `id` is already stored once:
 *   retrying an append after a crash or a reconnect never logs a decision twice. Nothing rewrites a
 *   record; with `limit` given, only the newest `limit` records are kept (the oldest dropped).
 * - An unknown key loads as empty lists. Methods settle; a storage failure rejects with the reason.
 *
 * @example
 * const storage: PolicyStorage = createMemoryPolicyStorage();
 * await storage.saveGrants("ana@acme.com", grants);
 * await storage.appendAudit("ana@acme.com", [record]);
 */
export interface PolicyStorage {
  loadGrants(key: string): Promise<Grant[]>;
  saveGrants(key: string, grants: readonly Grant[]): Promise<void>;
  appendAudit(key: string, records: readonly AuditRecord[], options?: { limit?: number }): Promise<void>;
  loadAudit(key: string): Promise<AuditRecord[]>;
}

/**
 * A {@link PolicyStorage} in memory, for tests, stories and apps that keep nothing across loads.
 * Each call creates its own store (never a module singleton).
 *
 * @example
 * const storage = createMemoryPolicyStorage();
 * await storage.saveGrants("ana", [grant]);
 * (await storage.loadGrants("ana"))[0] !== grant; // true: a copy
 */
export function createMemoryPolicyStorage(): PolicyStorage {
  const grantsByKey = new Map<string, Grant[]>();
  const auditByKey = new Map<string, AuditRecord[]>();
  return {
    loadGrants: (key) => settled(() => (grantsByKey.get(key) ?? []).flatMap(copyGrant)),
    saveGrants: (key, grants) =>
      settled(() => {
        grantsByKey.set(key, listOf(grants).flatMap(copyGrant));
      }),
    appendAudit: (key, records, options) =>
      settled(() => {
        auditByKey.set(key, appendToLog(auditByKey.get(key) ?? [], records, options?.limit));
      }),
    loadAudit: (key) => settled(() => (auditByKey.get(key) ?? []).map(auditRecord)),
  };
}

/**
 * `log` with `records` appended (each normalised by `auditRecord`; one whose id is already there,
 * or has none, is skipped), then only the newest `limit` kept. `log` is not changed.
 *
 * @example
 * appendToLog(stored, [record], 1000);
 */
export function appendToLog(log: readonly AuditRecord[], records: readonly AuditRecord[], limit = Infinity): AuditRecord[] {
  const ids = new Set(log.map((record) => record.id));
  const next = [...log];
  for (const input of listOf(records)) {
    const record = auditRecord(input);
    if (!record.id || ids.has(record.id)) continue;
    ids.add(record.id);
    next.push(record);
  }
  return limit >= 0 && next.length > limit ? next.slice(next.length - limit) : next;
}

/** Runs `work` as a promise that settles: a throw rejects, as every adapter's methods must. */
function settled<T>(work: () => T): Promise<T> {
  return new Promise((resolve) => resolve(work()));
}

const GRANT_FIELDS = [
  "id", "operation", "scope", "condition", "limit", "runId", "sessionId", "grantedBy",
  "grantedAt", "expiresAt", "uses", "lastUsedAt", "revokedAt", "revokedBy", "interactionId", "effect",
] as const;

/**
 * A deep copy of a grant's own fields, or nothing for a grant that is not plain data. Dropping a
 * whole grant is safe (the person is asked again); keeping it without the field that could not be
 * copied — a condition, an expiry — could make it wider than the person granted.
 */
export function copyGrant(grant: Grant): Grant[] {
  if (typeof grant !== "object" || grant === null) return [];
  const copy: Record<string, unknown> = {};
  for (const key of GRANT_FIELDS) {
    const value = ownField(grant, key);
    if (value === undefined) continue;
    const copied = copyData(value);
    if (copied === ABSENT) return [];
    copy[key] = copied;
  }
  return [copy as unknown as Grant];
}

/** `value` when it is an array, else empty (what storage gives back may be anything). */
export function listOf<T>(value: readonly T[] | undefined): readonly T[] {
  try {
    return Array.isArray(value) ? (value as readonly T[]) : [];
  } catch {
    return [];
  }
}

import { auditRecord } from "./audit";
import { ABSENT, copyData, ownField } from "./data";
import type { AuditRecord, Grant } from "./types";

/**
 * Where grants and the audit log are kept between page loads: memory here
 * ({@link createMemoryPolicyStorage}); the "Resilience" issue adds IndexedDB. `key` names whose
 * they are — the person's identity, or identity and app — so one device can hold several people's.
 *
 * The contract every adapter keeps:
 * - What goes in is copied, and what comes out is a copy: no caller can change what is stored by
 *   changing an object it passed in or got back.
 * - `saveGrants` replaces the key's grants whole (grants change by new records, never edits).
 * - `appendAudit` only appends, in order, and keeps a record whose `id` is already stored once:
 *   retrying an append after a crash or a reconnect never logs a decision twice. Nothing removes
 *   or rewrites a record.
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
  appendAudit(key: string, records: readonly AuditRecord[]): Promise<void>;
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
    appendAudit: (key, records) =>
      settled(() => {
        const log = auditByKey.get(key) ?? [];
        const ids = new Set(log.map((record) => record.id));
        const added: AuditRecord[] = [];
        for (const input of listOf(records)) {
          const record = auditRecord(input);
          if (!record.id || ids.has(record.id)) continue;
          ids.add(record.id);
          added.push(record);
        }
        if (added.length) auditByKey.set(key, [...log, ...added]);
      }),
    loadAudit: (key) => settled(() => (auditByKey.get(key) ?? []).map(auditRecord)),
  };
}

/** Runs `work` as a promise that settles: a throw rejects, as every adapter's methods must. */
function settled<T>(work: () => T): Promise<T> {
  return new Promise((resolve) => resolve(work()));
}

const GRANT_FIELDS = [
  "id", "operation", "scope", "condition", "limit", "runId", "sessionId", "grantedBy",
  "grantedAt", "expiresAt", "uses", "lastUsedAt", "revokedAt", "revokedBy", "interactionId",
] as const;

/**
 * A deep copy of a grant's own fields, or nothing for a grant that is not plain data. Dropping a
 * whole grant is safe (the person is asked again); keeping it without the field that could not be
 * copied — a condition, an expiry — could make it wider than the person granted.
 */
function copyGrant(grant: Grant): Grant[] {
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

function listOf<T>(value: readonly T[]): readonly T[] {
  try {
    return Array.isArray(value) ? (value as readonly T[]) : [];
  } catch {
    return [];
  }
}

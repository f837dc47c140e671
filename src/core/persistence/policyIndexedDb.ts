import { createStore, get, set, update } from "idb-keyval";
import { appendToLog, copyGrant, listOf } from "../policy/storage";
import type { PolicyStorage } from "../policy/storage";
import type { AuditRecord, Grant } from "../policy/types";

/**
 * A {@link PolicyStorage} in the browser's IndexedDB, through `idb-keyval`: a person's grants and
 * audit log under `grants:<key>` and `audit:<key>` in a database of their own (`parley-permissions`;
 * idb-keyval keeps one object store per database). An append reads, adds and trims the log in one
 * transaction, so two tabs appending at once both land. Opened on first use: it can be made during
 * server rendering. What it reads back is whatever the database held — `keepPermissions` checks it.
 *
 * @example
 * <ParleyProvider agent={agent} permissions={permissions} keepPermissions={{ storage: createIndexedDbPolicyStorage(), key: userId }}>
 */
export function createIndexedDbPolicyStorage(options: { dbName?: string; storeName?: string } = {}): PolicyStorage {
  let store: ReturnType<typeof createStore> | undefined;
  const open = () => {
    if (typeof indexedDB === "undefined") throw new Error("IndexedDB is not available here (server rendering, or a browser that blocks it).");
    return (store ??= createStore(options.dbName ?? "parley-permissions", options.storeName ?? "records"));
  };
  return {
    loadGrants: async (key) => [...listOf(await get<Grant[]>(`grants:${key}`, open()))],
    saveGrants: async (key, grants) => set(`grants:${key}`, listOf(grants).flatMap(copyGrant), open()),
    appendAudit: async (key, records, appendOptions) =>
      update<AuditRecord[]>(`audit:${key}`, (log) => appendToLog(listOf(log), records, appendOptions?.limit), open()),
    loadAudit: async (key) => [...listOf(await get<AuditRecord[]>(`audit:${key}`, open()))],
  };
}

/**
 * `parley-ui/persistence`: keeping a thread across reloads, without React. Snapshots of a thread
 * (`snapshotThread` / `restoreThread`), storage adapters (memory, IndexedDB through `idb-keyval`),
 * `persistThread(store, …)` for a store made with `createThreadStore`, and `syncTabs(store, …)` for one
 * thread open in several tabs; `keepPermissions(store, …)` and `createIndexedDbPolicyStorage` keep
 * a person's grants and audit log across threads; `deliverAudit` and `httpAuditSink` send the audit to
 * the app's server (`<ParleyProvider audit={…}>` loads them). `<ParleyProvider
 * persistence={…}>` loads this on first use, so an app that keeps nothing ships none of it.
 */
export * from "./core/persistence";
export { persistThread, type PersistedThread, type ThreadPersistence } from "./store/persistThread";
export { DELIVERED_BY_ANOTHER_TAB, syncTabs, type TabChannel, type TabLocks, type TabSync, type TabSyncOptions } from "./store/syncTabs";
export { keepPermissions, type KeptPermissions, type PermissionsKeeping } from "./store/keepPermissions";
export { deliverAudit, httpAuditSink, type AuditDelivery, type AuditDeliveryHandle, type AuditOutboxStorage, type AuditSink } from "./store/auditSink";
export { preloadTrustChecks } from "./store/trustChecks";

/**
 * `parley-ui/persistence`: keeping a thread across reloads, without React. Snapshots of a thread
 * (`snapshotThread` / `restoreThread`), storage adapters (memory, IndexedDB through `idb-keyval`),
 * and `persistThread(store, …)` for a store made with `createThreadStore`. `<ParleyProvider
 * persistence={…}>` loads this on first use, so an app that keeps nothing ships none of it.
 */
export * from "./core/persistence";
export { persistThread, type PersistedThread, type ThreadPersistence } from "./store/persistThread";

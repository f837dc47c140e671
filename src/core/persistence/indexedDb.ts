import { createStore, del, get, set } from "idb-keyval";
import type { ThreadStorage } from "./storage";
import type { ThreadSnapshot } from "./threadSnapshot";

/**
 * A {@link ThreadStorage} in the browser's IndexedDB, through `idb-keyval` (a few hundred bytes):
 * one object store, a snapshot per key, structured-cloned in and out. Opened on first use, so it
 * can be made during server rendering and only touches IndexedDB in the browser.
 *
 * @example
 * <ParleyProvider agent={agent} persistence={{ storage: createIndexedDbThreadStorage(), key: "support-chat" }}>
 */
export function createIndexedDbThreadStorage(options: { dbName?: string; storeName?: string } = {}): ThreadStorage {
  let store: ReturnType<typeof createStore> | undefined;
  const open = () => {
    if (typeof indexedDB === "undefined") throw new Error("IndexedDB is not available here (server rendering, or a browser that blocks it).");
    return (store ??= createStore(options.dbName ?? "parley", options.storeName ?? "threads"));
  };
  return {
    load: async (key) => get<ThreadSnapshot>(key, open()),
    save: async (key, snapshot) => set(key, snapshot, open()),
    remove: async (key) => del(key, open()),
  };
}

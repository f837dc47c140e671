import type { ThreadSnapshot } from "./threadSnapshot";

/**
 * Where threads are kept across reloads, by key (a thread id, or whatever the app names them by).
 * The contract every adapter keeps:
 * - `save` replaces what the key held, whole; what goes in is copied (a later change to the
 *   caller's object changes nothing stored), and what `load` gives back is a copy.
 * - An unknown key loads as `undefined`. Methods settle; a storage failure (quota, a private
 *   window without IndexedDB) rejects with the reason — the thread in memory goes on regardless.
 *
 * @example
 * const storage: ThreadStorage = createIndexedDbThreadStorage();
 * await storage.save("t1", snapshotThread(thread, Date.now()));
 */
export interface ThreadStorage {
  load(key: string): Promise<ThreadSnapshot | undefined>;
  save(key: string, snapshot: ThreadSnapshot): Promise<void>;
  remove(key: string): Promise<void>;
  /**
   * Optional, for a storage the agent also writes to (a session it pushes to a thread): while a
   * store keeps `key` (`persistThread`), the events pushed to that thread go to `listener`, which
   * folds them into the thread on screen and saves the result as any change. While a listener is
   * there the storage must not fold them onto its own copy too, or the open store's next save
   * would write over it. Returns the way to stop listening.
   */
  subscribePushes?(key: string, listener: (events: readonly unknown[]) => void): () => void;
}

/**
 * A {@link ThreadStorage} in memory: for tests, stories, server rendering, and apps that keep
 * nothing across loads. Each call makes its own (never a module singleton).
 *
 * @example
 * const storage = createMemoryThreadStorage();
 */
export function createMemoryThreadStorage(): ThreadStorage {
  const kept = new Map<string, ThreadSnapshot>();
  return {
    // Promises, as IndexedDB's are: a caller cannot come to rely on the memory one answering at once.
    load: (key) => {
      const snapshot = kept.get(key);
      return Promise.resolve(snapshot === undefined ? undefined : structuredClone(snapshot));
    },
    save: (key, snapshot) => {
      try {
        kept.set(key, structuredClone(snapshot));
        return Promise.resolve();
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
    remove: (key) => {
      kept.delete(key);
      return Promise.resolve();
    },
  };
}

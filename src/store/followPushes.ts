import type { ThreadStorage } from "../core/persistence/storage";
import type { ReadonlyThreadStore } from "./types";

/**
 * Folds what the agent pushes to the thread `key` (`storage.subscribePushes`: a threads adapter
 * the agent starts sessions through) into the open store, live, through the agent's door
 * (`receiveEvents`) — once `after` settles (the saved thread is back) and between the store's own
 * runs, since a push's `RUN_STARTED` would end a reply streaming in. `persistThread` saves the
 * result like any change. Returns the way to stop; a storage without pushes gives a no-op.
 *
 * @example
 * const stop = followPushes(store, threads, threadId, persisted.ready);
 */
export function followPushes(store: ReadonlyThreadStore, storage: ThreadStorage, key: string, after: Promise<unknown>): () => void {
  if (!storage.subscribePushes) return () => {};
  let ready = false;
  let stopped = false;
  const pushed: unknown[] = [];
  const take = () => {
    if (!ready || stopped || !pushed.length || store.getState().isRunning) return;
    store.getState().receiveEvents(pushed.splice(0));
  };
  const unwatch = storage.subscribePushes(key, (events) => {
    if (stopped) return;
    pushed.push(...events);
    take();
  });
  // A run ended: what was pushed meanwhile goes in now (not from inside this notification).
  const unsubscribe = store.subscribe((state, previous) => {
    if (previous.isRunning && !state.isRunning && pushed.length) queueMicrotask(take);
  });
  void after.finally(() => {
    ready = true;
    take();
  });
  return () => {
    stopped = true;
    unwatch();
    unsubscribe();
  };
}

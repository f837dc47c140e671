import type { ThreadState } from "../core/fold";
import { restoreThread, snapshotThread, type RestoreResult } from "../core/persistence/threadSnapshot";
import type { ThreadStorage } from "../core/persistence/storage";
import { trustChecks } from "./trustChecks";
import type { ReadonlyThreadStore } from "./types";
import { followPushes } from "./followPushes";

/** Where a thread is kept across reloads: an adapter, and the key it is kept under. */
export interface ThreadPersistence {
  storage: ThreadStorage;
  /** Which thread: the app's own name for it ("support-chat"), or a thread id. */
  key: string;
  /** A storage failure (quota, a blocked IndexedDB): the thread goes on in memory. Default: a console warning. */
  onError?: (error: unknown) => void;
  /**
   * The thread may be open in several tabs (`<ParleyProvider>` runs `syncTabs` with the same key):
   * an answer in one closes the card in the others, and one tab sends it. Default false.
   */
  tabs?: boolean;
}

/** What {@link persistThread} returns: when the saved thread is back, and how to stop. */
export interface PersistedThread {
  /** Settles once the saved thread was looked for: restored, refused (and why), or none. */
  ready: Promise<RestoreResult | undefined>;
  /** Writes what is not written yet (the page is going away). */
  flush(): Promise<void>;
  /** Stops keeping the thread; what is not written yet is written first. */
  stop(): void;
  /**
   * Stops keeping the thread and removes the saved copy: nothing pending is written (not even at
   * `pagehide`), and a write already under way finishes before the removal, so it cannot bring the
   * thread back. The thread in memory is left as it is; to start over, reload or give the
   * provider a new `key`.
   */
  forget(): Promise<void>;
}

/** A write waits this long for more changes, so a burst of decisions is one write. */
const SAVE_DELAY_MS = 100;
/**
 * A reply streaming from a run the page can join again is written at most this often, so a tab
 * that closes without `pagehide` (a crash, a killed process) comes back this close to where it was.
 */
const STREAM_SAVE_MS = 1_000;

/**
 * Keeps a store's thread across reloads: the saved thread is taken up first (`store.restore`, if
 * the store has not begun one of its own), then every change that matters is saved — questions,
 * answers (the outbox), grants, the audit log, the person's messages, and a run's end. The text of
 * a reply streaming in is not written token by token: it is saved when the run ends, and — when
 * the transport numbers its frames, so the reloaded page can join the run again — at most once a
 * second with where the stream stands. The page hiding (`pagehide`) writes at once. Where the storage takes pushes (`subscribePushes`: a
 * threads adapter the agent starts sessions through), what the agent pushes to this thread shows
 * here as it comes, after the saved thread and between this store's runs.
 *
 * @example
 * const persisted = persistThread(store, { storage: createIndexedDbThreadStorage(), key: "support" });
 * await persisted.ready; // the pending permission is back, its countdown going on
 */
export function persistThread(store: ReadonlyThreadStore, persistence: ThreadPersistence): PersistedThread {
  const { storage, key } = persistence;
  const report = persistence.onError ?? ((error: unknown) => console.warn("Parley: the thread could not be kept across reloads:", error));
  let stopped = false;
  let loaded = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let streamTimer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> = Promise.resolve();
  /** The thread as last written (or as found when the saved one was looked for). */
  let written: ThreadState | undefined;

  const save = (): Promise<void> => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const { thread, turn } = store.getState();
    written = thread;
    // Mid-reply, where the stream stands goes with the text, so a reload can join the run again.
    const active = turn.active;
    const snapshot = snapshotThread(thread, Date.now(), active && turn.threadId ? { threadId: turn.threadId, runId: active.runId, ...(active.lastEventId === undefined ? {} : { lastEventId: active.lastEventId }) } : undefined);
    writing = writing.then(() => storage.save(key, snapshot)).catch(report);
    return writing;
  };
  /**
   * Something is not written yet: a write is pending, or the thread changed since the last one
   * without asking for a write — a reply streaming in, which is written at its end. When the store
   * is let go of (the person opens another thread) or the page hides mid-reply, that text is
   * written now, or the reply would come back as it was at the last write.
   */
  const owed = () => loaded && (timer !== undefined || store.getState().thread !== written);
  const schedule = () => {
    if (stopped || !loaded) return;
    if (timer === undefined) timer = setTimeout(() => void save(), SAVE_DELAY_MS);
  };

  const scheduleStream = () => {
    if (stopped || !loaded || streamTimer !== undefined) return;
    streamTimer = setTimeout(() => {
      streamTimer = undefined;
      if (!stopped && owed()) void save();
    }, STREAM_SAVE_MS);
  };

  const unsubscribe = store.subscribe((state, previous) => {
    if (state.thread === previous.thread && state.isRunning === previous.isRunning) return;
    if (worthSaving(state.thread, previous.thread, state.isRunning, previous.isRunning)) schedule();
    else if (state.isRunning && state.turn.active?.lastEventId !== undefined) scheduleStream();
  });

  const ready = storage
    .load(key)
    .then(async (snapshot) => {
      if (snapshot === undefined || stopped) return undefined;
      const restored = restoreThread(snapshot);
      if (!restored.ok) report(new Error(restored.problem));
      else {
        // The store re-checks what storage hands back; the re-check loads with the first restore.
        await trustChecks.load();
        if (!stopped) store.getState().restore(restored.thread, restored.openRun);
      }
      return restored;
    })
    .catch((error: unknown) => {
      report(error);
      return undefined;
    })
    .finally(() => {
      loaded = true;
      written = store.getState().thread;
      // What happened while loading (a message sent before the saved thread was found) is saved now.
      if (!stopped && store.getState().thread.messageIds.length) schedule();
    });
  // What the agent pushes to this thread while it is open shows here, after the saved thread.
  const unwatch = followPushes(store, storage, key, ready);

  const onPageHide = () => {
    if (owed()) void save();
  };
  if (typeof addEventListener === "function") addEventListener("pagehide", onPageHide);

  const detach = () => {
    stopped = true;
    if (streamTimer !== undefined) clearTimeout(streamTimer);
    streamTimer = undefined;
    unsubscribe();
    unwatch();
    if (typeof removeEventListener === "function") removeEventListener("pagehide", onPageHide);
  };
  return {
    ready,
    flush: () => (owed() ? save() : writing),
    stop() {
      detach();
      if (owed()) void save();
    },
    forget() {
      detach();
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      // After the load too: a restore still reading would otherwise find and take the thread up.
      writing = Promise.all([writing, ready]).then(() => storage.remove(key));
      return writing;
    },
  };
}

/** What a change must touch to be written: not a streaming token, but anything the person or a run's end decided. */
function worthSaving(thread: ThreadState, before: ThreadState, isRunning: boolean, wasRunning: boolean): boolean {
  if (wasRunning && !isRunning) return true;
  if (thread.interactions !== before.interactions || thread.grants !== before.grants || thread.audit !== before.audit) return true;
  if (thread.contextFrom !== before.contextFrom || thread.runs.length !== before.runs.length) return true;
  // While a reply streams, its text waits for the run's end; the person's own message does not.
  return !isRunning && thread.messageIds !== before.messageIds;
}

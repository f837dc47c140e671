import type { ClientAction } from "../core/actions/applyClientAction";
import { undeliveredIds } from "../core/interactions/select";
import { readTabMessage, settlementsBetween, TAB_MESSAGE_VERSION, type TabAction, type TabMessage } from "../core/persistence/tabMessages";
import { restoreThread, snapshotThread } from "../core/persistence/threadSnapshot";
import { trustChecks } from "./trustChecks";
import type { ReadonlyThreadStore } from "./types";

/** The part of `BroadcastChannel` tabs use (a fake one in tests). */
export interface TabChannel {
  postMessage(message: unknown): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  close(): void;
}

/** The part of `navigator.locks` (Web Locks) tabs use: an exclusive lock held while the callback's promise is pending. */
export interface TabLocks {
  request(name: string, options: { signal?: AbortSignal }, callback: () => Promise<void>): Promise<unknown>;
}

export interface TabSyncOptions {
  /** The thread's key (the one it is persisted under): tabs with the same key are one thread. */
  key: string;
  /** A channel by name; `new BroadcastChannel(name)` by default. Without one, this tab goes on alone. */
  openChannel?: (name: string) => TabChannel;
  /** `navigator.locks` by default; `null` for none (then the tab where an answer was given sends it). */
  locks?: TabLocks | null;
  /** This tab's id; a random one by default. */
  tabId?: string;
  /** A message this tab could not apply. Default: a console warning. */
  onError?: (error: unknown) => void;
}

/** What {@link syncTabs} returns. */
export interface TabSync {
  /** True while this tab sends the thread's answers (it holds the lock, or there are no locks). */
  readonly sending: boolean;
  /** Leave the others: the lock passes to another tab, which sends what is still owed. */
  stop(): void;
}

/** The run id of answers another tab sends (the fallback without locks, or a run another tab began itself): never sent from here. */
export const DELIVERED_BY_ANOTHER_TAB = "parley:another-tab";

/**
 * Keeps one thread in step across the tabs that show it. Whatever settles a question here — an
 * answer, a decline, a timeout, a withdrawal, a correction — or revokes a grant, or marks answers
 * delivered, is broadcast (`BroadcastChannel` `parley:<key>`); the other tabs apply it through the
 * person's door (`store.mirror`), so their cards close at once. One tab sends: the one holding the
 * Web Lock `parley:<key>`. The others neither start the runs that carry answers nor time questions
 * out; what their person answers reaches the sender through the channel. When the sender closes,
 * the lock passes to another tab, which sends what is still owed (a run's start marks its answers
 * delivered in every tab, so none is sent twice). After a run ends, its tab broadcasts the thread;
 * a tab that is not running and would lose nothing takes it up (`store.adopt`).
 *
 * Without `BroadcastChannel` (server rendering, old browsers) the tab goes on alone. Without Web
 * Locks each tab may send: the tab where the person answered sends that answer, and the others
 * mark it delivered by another tab; two tabs may then both time out the same question.
 *
 * @example
 * const tabs = syncTabs(store, { key: "support-chat" });
 * // later: tabs.stop();
 */
export function syncTabs(store: ReadonlyThreadStore, options: TabSyncOptions): TabSync {
  const name = `parley:${options.key}`;
  const report = options.onError ?? ((error: unknown) => console.warn("Parley: a message from another tab could not be applied:", error));
  const open = options.openChannel ?? (typeof BroadcastChannel === "function" ? (n: string) => new BroadcastChannel(n) as unknown as TabChannel : undefined);
  if (!open) return { sending: true, stop() {} };
  const channel = open(name);
  const from = options.tabId ?? Math.random().toString(36).slice(2);
  const locks = options.locks !== undefined ? options.locks : ((globalThis.navigator as { locks?: TabLocks } | undefined)?.locks ?? null);
  let sending = !locks;
  let stopped = false;
  /** True while another tab's news is applied here: it is not broadcast back. */
  let applying = false;

  const post = (message: TabMessage) => {
    try {
      channel.postMessage(message);
    } catch (error) {
      report(error);
    }
  };

  /** What this turn settled, sent as one message at its end: a claim of a run started in the same turn goes with it. */
  let outgoing: TabAction[] = [];
  const send = (actions: TabAction[]) => {
    if (!outgoing.length)
      queueMicrotask(() => {
        const batch = outgoing;
        outgoing = [];
        if (!stopped) post({ v: TAB_MESSAGE_VERSION, from, kind: "actions", actions: batch });
      });
    outgoing.push(...actions);
  };

  const unsubscribe = store.subscribe((state, previous) => {
    if (applying || stopped) return;
    if (state.thread !== previous.thread) {
      const actions = settlementsBetween(previous.thread, state.thread);
      if (actions.length) send(actions);
    }
    // A tab that is not the sender ran by itself (its person sent a message, declining what was
    // open): the answers that run carries are claimed, or the sender would send them too.
    if (!previous.isRunning && state.isRunning && !sending) {
      const carried = undeliveredIds(previous.thread);
      if (carried.length) send([{ type: "deliver", interactionIds: carried, runId: DELIVERED_BY_ANOTHER_TAB }]);
    }
    // The run this tab drove ended: the others take up the reply (after the auto-continue, if any, began).
    if (previous.isRunning && !state.isRunning) {
      queueMicrotask(() => {
        if (!stopped) post({ v: TAB_MESSAGE_VERSION, from, kind: "saved", snapshot: snapshotThread(store.getState().thread, Date.now()) });
      });
    }
  });

  // The store re-checks what another tab sends, with code that loads on first use: messages that
  // come before it wait, in order.
  let waiting: unknown[] | undefined = trustChecks.loaded() ? undefined : [];
  if (waiting) {
    trustChecks.load().then(
      () => {
        const queued = waiting ?? [];
        waiting = undefined;
        for (const data of queued) receive(data);
      },
      (error: unknown) => report(error),
    );
  }
  channel.onmessage = (event) => {
    if (waiting) waiting.push(event.data);
    else receive(event.data);
  };
  function receive(data: unknown): void {
    const message = readTabMessage(data);
    if (!message || message.from === from || stopped) return;
    applying = true;
    try {
      if (message.kind === "actions") {
        const actions: ClientAction[] = message.actions;
        // Without a lock, the tab that settled them sends them.
        const settled = message.actions.flatMap((a) => (a.type === "answer" || a.type === "decline" || a.type === "timeout" ? [a.interactionId] : []));
        store.getState().mirror(locks || !settled.length ? actions : [...actions, { type: "deliver", interactionIds: settled, runId: DELIVERED_BY_ANOTHER_TAB }]);
      } else {
        const restored = restoreThread(message.snapshot);
        // adopt re-checks it, and refuses it while a run goes or when it would lose what is settled here.
        if (restored.ok) store.getState().adopt(restored.thread);
      }
    } catch (error) {
      report(error);
    } finally {
      applying = false;
    }
  }

  const abort = typeof AbortController === "function" ? new AbortController() : undefined;
  let release: (() => void) | undefined;
  if (locks) {
    store.getState().setSender(false);
    locks
      .request(name, abort ? { signal: abort.signal } : {}, () => {
        if (stopped) return Promise.resolve();
        sending = true;
        store.getState().setSender(true);
        return new Promise<void>((resolve) => (release = resolve));
      })
      .catch((error: unknown) => {
        // Aborted by stop() while waiting: nothing to report.
        if (!stopped) report(error);
      });
  }

  return {
    get sending() {
      return sending;
    },
    stop() {
      if (stopped) return;
      stopped = true;
      unsubscribe();
      channel.onmessage = null;
      channel.close();
      abort?.abort();
      // The store is left as it is: a tab going away must not start sending now.
      release?.();
    },
  };
}

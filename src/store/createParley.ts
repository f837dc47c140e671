import { lazyHttpAgent, preloadHttpAgent } from "../core/transport/lazyHttpAgent";
import { createThreadStore } from "./createThreadStore";
import type { PermissionsKeeping } from "./keepPermissions";
import type { AuditDelivery } from "./auditSink";
import type { PersistedThread, ThreadPersistence } from "./persistThread";
import type { ThreadStore, ThreadStoreOptions } from "./types";

export interface ParleyOptions extends ThreadStoreOptions {
  /**
   * Instead of `agent`: the URL of an AG-UI endpoint, for Parley's own HTTP transport
   * (`createHttpAgent` of `parley-ui/http`), which loads when {@link Parley.start} is called.
   */
  agentUrl?: string;
  /** Keep the thread across reloads (and tabs, `tabs: true`); the code for it loads only when given. */
  persistence?: ThreadPersistence;
  /** Keep the person's grants and audit log across threads and reloads; the code loads only when given. */
  keepPermissions?: PermissionsKeeping;
  /**
   * Send every audit record to the app's sink (`httpAuditSink`, or your own) as it is made, retried
   * until accepted, never in the person's way; the code loads only when given.
   */
  audit?: AuditDelivery;
  /** Bring your own store (shared with code outside); the other store options are then not used. */
  store?: ThreadStore;
}

/** One configured conversation: the store, and what runs beside it while it is in use. */
export interface Parley {
  readonly store: ThreadStore;
  /** What it was made with; read once (a later change is not applied). */
  readonly options: Readonly<ParleyOptions>;
  /**
   * Starts what runs beside the store — keeping the thread, the tabs, the person's grants, loading
   * the HTTP transport — and returns the stop. Stopping twice, or starting again after a stop
   * (React's StrictMode does both), is fine.
   */
  start(): () => void;
  /**
   * Forgets the kept thread (`persistence`): saving stops and the saved copy is removed, after
   * any write under way. `undefined` without `persistence`.
   */
  readonly forget: (() => Promise<void>) | undefined;
}

/**
 * Configures one conversation without React: the store and the lazily loaded helpers around it
 * (persistence, tabs, kept permissions, the audit's delivery to the app's sink, the HTTP transport). `<ParleyProvider parley={…}>` only
 * provides it; code outside React (a test, a worker, another framework) uses it the same way.
 *
 * @example
 * const parley = createParley({ agentUrl: "/api/agent", persistence: { storage, key: "support" } });
 * const stop = parley.start();
 * parley.store.getState().sendMessage("Book me a train to Lyon");
 */
export function createParley(options: ParleyOptions = {}): Parley {
  const { agentUrl, persistence, keepPermissions, audit, store: given, ...storeOptions } = options;
  const agent = storeOptions.agent ?? (agentUrl ? lazyHttpAgent(agentUrl) : undefined);
  const store = given ?? createThreadStore({ ...storeOptions, agent });
  let kept: Promise<PersistedThread | undefined> | undefined;

  const keepThread = (given: ThreadPersistence) => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    kept = Promise.all([import("./persistThread"), given.tabs ? import("./syncTabs") : undefined]).then(([{ persistThread }, tabs]) => {
      if (cancelled) return undefined;
      // Tabs first: a tab that is not the sender must not send the outbox the restore brings back.
      const synced = tabs?.syncTabs(store, { key: given.key });
      const persisted = persistThread(store, given);
      stop = () => {
        synced?.stop();
        persisted.stop();
      };
      return persisted;
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  };

  const keepGrants = (given: PermissionsKeeping) => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import("./keepPermissions").then((m) => {
      if (cancelled) return;
      const running = m.keepPermissions(store, given);
      stop = () => running.stop();
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  };

  const sendAudit = (given: AuditDelivery) => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import("./auditSink").then((m) => {
      if (!cancelled) {
        const delivery = m.deliverAudit(store, given);
        stop = () => delivery.stop();
      }
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  };

  return {
    store,
    options,
    start() {
      // The transport loads once the page is up, so it is there by the first message.
      if (agentUrl && !given) void preloadHttpAgent().catch(() => undefined);
      const stops = [persistence && keepThread(persistence), keepPermissions && keepGrants(keepPermissions), audit && sendAudit(audit)];
      let stopped = false;
      return () => {
        if (stopped) return;
        stopped = true;
        for (const stop of stops) stop?.();
      };
    },
    forget: persistence
      ? async () => {
          const persisted = await kept;
          await persisted?.forget();
        }
      : undefined,
  };
}

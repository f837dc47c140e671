import { auditRecord } from "../core/policy/audit";
import { executionRecords } from "../core/policy/provenance";
import type { AuditRecord } from "../core/policy/types";
import type { ReadonlyThreadStore } from "./types";

/**
 * Where the app keeps the audit for compliance — its own server, a log service. `send` resolves once
 * the receiver has the records and rejects (or throws) when it does not: they are sent again. The
 * same record may arrive twice (a retry after a lost reply, a reload before the outbox was saved):
 * its `id` is stable, so the receiver keeps one per id.
 *
 * @example
 * const sink: AuditSink = { send: (records, { signal }) => fetch("/api/audit", { method: "POST", body: JSON.stringify(records), signal }).then((r) => { if (!r.ok) throw new Error(String(r.status)); }) };
 */
export interface AuditSink {
  send(records: readonly AuditRecord[], options: { signal: AbortSignal }): Promise<void>;
}

/** What the store may keep its unsent records in across reloads: `localStorage`, or a stand-in with the same three methods. */
export type AuditOutboxStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** How a store's audit reaches the app's sink (`<ParleyProvider audit={…}>`, `createParley({ audit })`). */
export interface AuditDelivery {
  sink: AuditSink;
  /**
   * Names the outbox kept across reloads (`parley-audit:<key>` in `storage`): records not yet
   * accepted are sent after the reload, and records already accepted are not sent again. Without
   * it, nothing is kept: a reload sends the restored thread's records again (by id, once each).
   */
  key?: string;
  /** `localStorage` by default where there is one; `null` keeps nothing. */
  storage?: AuditOutboxStorage | null;
  /** The wait before the first retry (default 1 s), doubled each time, with jitter, up to `maxDelayMs` (default 60 s). */
  retry?: { delayMs?: number; maxDelayMs?: number };
  /** Records per `send` (default 50). */
  batchSize?: number;
  /** Send what the agent reports it ran (`executed` records, derived from the thread; default true). */
  executions?: boolean;
  /** Told of each failed attempt (the records stay queued). */
  onError?: (error: unknown, attempt: number) => void;
  /** For tests: jitter in [0, 1) (`Math.random` by default). */
  random?: () => number;
}

export interface AuditDeliveryHandle {
  /** Records waiting to be accepted by the sink. */
  readonly pending: () => number;
  /** Tries to send what waits now (not waiting for a retry's delay); settles when that attempt ends. */
  flush(): Promise<void>;
  /** Stops following the store and sending; what waits stays in the outbox for the next start. */
  stop(): void;
}

const OUTBOX_VERSION = 1;
/** How many ids of accepted records are remembered, newest kept. */
const MAX_SENT = 5_000;

/**
 * Sends the thread's audit records to the app's sink as they are made — every decision (with its
 * `decisionId` and the proposed and approved arguments) and what the agent reports it ran — in
 * order, in batches, each once accepted. The person never waits for it: a failure is retried with
 * backoff (1 s doubling to a minute, with jitter; at once when the browser comes back online) while
 * the page is open, and with a `key` the outbox is kept in `localStorage`, so a reload sends what
 * was not accepted and nothing twice.
 *
 * @example
 * const delivery = deliverAudit(store, { sink: httpAuditSink({ url: "/api/audit" }), key: user.id });
 * // later
 * delivery.stop();
 */
export function deliverAudit(store: ReadonlyThreadStore, delivery: AuditDelivery): AuditDeliveryHandle {
  const { sink, key } = delivery;
  const storage = delivery.storage !== undefined ? delivery.storage : defaultStorage();
  const slot = key !== undefined && storage ? `parley-audit:${key}` : undefined;
  const random = delivery.random ?? Math.random;
  const batchSize = Math.max(1, delivery.batchSize ?? 50);
  const firstDelay = delivery.retry?.delayMs ?? 1_000;
  const maxDelay = delivery.retry?.maxDelayMs ?? 60_000;

  const kept = load(storage, slot);
  let queue: AuditRecord[] = kept.queue;
  let sent: string[] = kept.sent;
  const known = new Set([...sent, ...queue.map((r) => r.id)]);
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sending: Promise<void> | undefined;
  let controller: AbortController | undefined;
  let stopped = false;

  const save = () => {
    if (!slot || !storage) return;
    try {
      storage.setItem(slot, JSON.stringify({ v: OUTBOX_VERSION, queue, sent }));
    } catch {
      // Full or blocked: the records still go from memory; only a reload could lose the unsent ones.
    }
  };

  const take = () => {
    const { thread } = store.getState();
    const records = delivery.executions === false ? thread.audit : [...thread.audit, ...executionRecords(thread)];
    let added = false;
    for (const record of records) {
      if (known.has(record.id)) continue;
      known.add(record.id);
      queue.push(auditRecord(record));
      added = true;
    }
    if (added) {
      save();
      if (!timer) void send();
    }
  };

  const send = (): Promise<void> => {
    if (sending || stopped || !queue.length) return sending ?? Promise.resolve();
    const batch = queue.slice(0, batchSize);
    controller = new AbortController();
    const signal = controller.signal;
    sending = (async () => {
      try {
        await sink.send(batch, { signal });
        if (stopped) return;
        attempt = 0;
        const done = new Set(batch.map((r) => r.id));
        queue = queue.filter((r) => !done.has(r.id));
        sent = [...sent, ...done].slice(-MAX_SENT);
        save();
      } catch (error) {
        if (stopped) return;
        attempt += 1;
        delivery.onError?.(error, attempt);
        // Equal jitter: half the doubled wait, plus up to half again, so many tabs do not retry in step.
        const wait = Math.min(maxDelay, firstDelay * 2 ** (attempt - 1));
        timer = setTimeout(() => {
          timer = undefined;
          void send();
        }, wait / 2 + random() * (wait / 2));
        return;
      } finally {
        sending = undefined;
      }
      if (queue.length) await send();
    })();
    return sending;
  };

  const online = () => {
    if (!timer) return;
    clearTimeout(timer);
    timer = undefined;
    void send();
  };
  const unsubscribe = store.subscribe((state, previous) => {
    const now = state.thread;
    const before = previous.thread;
    if (now.audit !== before.audit || now.interactions !== before.interactions || now.toolCalls !== before.toolCalls || now.customEvents !== before.customEvents) take();
  });
  if (typeof window !== "undefined") window.addEventListener("online", online);
  take();
  // What the last page left unsent goes first.
  void send();

  return {
    pending: () => queue.length,
    flush() {
      if (timer) {
        clearTimeout(timer);
        timer = undefined;
      }
      return send();
    },
    stop() {
      if (stopped) return;
      stopped = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
      controller?.abort();
      if (typeof window !== "undefined") window.removeEventListener("online", online);
    },
  };
}

/**
 * A sink that POSTs each batch as JSON (`{ records: [...] }`) to the app's endpoint; any status
 * but 2xx is a failure, retried. `keepalive` lets a batch sent as the page closes still arrive.
 *
 * @example
 * <ParleyProvider agent={agent} audit={{ sink: httpAuditSink({ url: "/api/audit", headers: () => ({ authorization: `Bearer ${token()}` }) }), key: user.id }}>
 */
export function httpAuditSink(options: { url: string; headers?: Record<string, string> | (() => Record<string, string>); fetch?: typeof fetch }): AuditSink {
  return {
    async send(records, { signal }) {
      const headers = typeof options.headers === "function" ? options.headers() : options.headers;
      const doFetch = options.fetch ?? fetch;
      const response = await doFetch(options.url, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({ records }),
        signal,
        keepalive: true,
      });
      if (!response.ok) throw new Error(`The audit endpoint answered ${response.status}.`);
    },
  };
}

function defaultStorage(): AuditOutboxStorage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    // A sandboxed frame may throw on merely reading localStorage.
    return null;
  }
}

/** The kept outbox, read as stored data is: anything not of its shape is dropped. */
function load(storage: AuditOutboxStorage | null, slot: string | undefined): { queue: AuditRecord[]; sent: string[] } {
  if (!slot || !storage) return { queue: [], sent: [] };
  try {
    const raw = storage.getItem(slot);
    const data = raw ? (JSON.parse(raw) as { v?: unknown; queue?: unknown; sent?: unknown }) : undefined;
    if (!data || data.v !== OUTBOX_VERSION) return { queue: [], sent: [] };
    const queue = Array.isArray(data.queue) ? data.queue.map((r) => auditRecord(r as AuditRecord)).filter((r) => r.id) : [];
    const sent = Array.isArray(data.sent) ? data.sent.filter((id): id is string => typeof id === "string").slice(-MAX_SENT) : [];
    return { queue, sent };
  } catch {
    return { queue: [], sent: [] };
  }
}

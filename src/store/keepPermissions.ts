import { grantStatus, mergeGrant } from "../core/policy/grants";
import { DEFAULT_AUDIT_LIMIT, mergeKeptGrants, readKeptAudit, readKeptGrants, standingGrants } from "../core/policy/keptRecords";
import { appendToLog, type PolicyStorage } from "../core/policy/storage";
import { recordedBy } from "../core/policy/recordedBy";
import type { AuditRecord, Grant } from "../core/policy/types";
import type { KeptPermissionsState, ReadonlyThreadStore } from "./types";
import type { TabChannel } from "./syncTabs";

/** Where a person's grants and audit log are kept across threads: an adapter and whose they are. */
export interface PermissionsKeeping {
  /** `createIndexedDbPolicyStorage()` (`parley-ui/persistence`) or `createMemoryPolicyStorage()` (`parley-ui/policy`). */
  storage: PolicyStorage;
  /** Whose: the app's id for the person (`userId`), the same in every thread. */
  key: string;
  /** How many audit records are kept; the oldest go first. Default 1,000. */
  auditLimit?: number;
  /**
   * Tell the person's other tabs (any thread) at once: a grant made or revoked in one counts in all.
   * A channel by name; `new BroadcastChannel(name)` by default; `null` for none.
   */
  openChannel?: ((name: string) => TabChannel) | null;
  /** The clock; `Date.now` by default. */
  now?: () => number;
}

/** What {@link keepPermissions} returns. */
export interface KeptPermissions {
  /** Settles once the stored grants were taken up (or could not be: see `keptPermissions.status`). */
  ready: Promise<void>;
  /** Settles once everything decided so far was written (or failed to be). */
  flush(): Promise<void>;
  stop(): void;
}

const MESSAGE_VERSION = 1;

/**
 * Keeps the person's grants and audit log across threads and page loads. On start the stored
 * grants are read (unreadable ones dropped, expired ones dropped, and — checked by the store's
 * permissions engine — those the kit could not have made for this person and session: a `once`
 * grant, someone else's, a session grant with no session) and taken up by the thread through
 * the person's door (`adopt-grants`): a live grant spares the prompt here too, and a grant revoked
 * elsewhere is revoked here — also in a thread restored from an older snapshot. Then every decision
 * is written as it happens: the thread's standing grants (session, expiring, conditional; not
 * `once`, not one run's batch) and its new audit records, appended and trimmed to `auditLimit`.
 * The person's other tabs hear each change on `BroadcastChannel` `parley-permissions:<key>` and
 * take it up the same way, checked as stored records are. Audit records in the name of someone
 * else are not shown as this person's. What is dropped is said in `keptPermissions.problem`.
 * Without permissions on the store no grant is taken up (the kit makes none there) and the stored
 * ones are left as they are.
 *
 * A storage failure (quota, a blocked IndexedDB, stored data that cannot be read) is reported in
 * `keptPermissions` and never undoes a decision: the thread holds it, and the next write tries again
 * (records not written yet are kept for it). Until the stored grants could be read, none are written,
 * so a failing read never overwrites them.
 *
 * @example
 * const kept = keepPermissions(store, { storage: createIndexedDbPolicyStorage(), key: user.id });
 * await kept.ready; // the person's standing grants apply in this thread
 */
export function keepPermissions(store: ReadonlyThreadStore, keeping: PermissionsKeeping): KeptPermissions {
  const { storage, key } = keeping;
  const limit = keeping.auditLimit ?? DEFAULT_AUDIT_LIMIT;
  const now = keeping.now ?? (() => Date.now());
  const from = Math.random().toString(36).slice(2);
  let stopped = false;
  /** The person's grants as kept (every thread's), merged with this thread's. */
  let known: readonly Grant[] = [];
  let loaded = false;
  let grantsDirty = false;
  /** Audit records this thread made that are not written yet. */
  let unsaved: AuditRecord[] = [];
  const seen = new Set<string>();
  let chain: Promise<void> = Promise.resolve();
  const engine = store.getState().permissions;
  const readGrants = (value: unknown) => readKeptGrants(value, now(), engine && ((grant) => engine.grantProblem(grant, now())));
  const readAudit = (value: unknown) => {
    const log = readKeptAudit(value, limit);
    const own = engine ? log.filter((record) => record.who === recordedBy(record.decision, engine.identity)) : log;
    return { own, foreign: log.length - own.length };
  };

  // Through the store's own write, like everything else: nothing outside it calls setState.
  const update = (patch: Partial<KeptPermissionsState>) => void store.getState().dispatch({ type: "keep-permissions", patch });
  const fail = (error: unknown) => update({ status: "failed", problem: error instanceof Error ? error.message : String(error) });

  const openChannel =
    keeping.openChannel !== undefined ? keeping.openChannel : typeof BroadcastChannel === "function" ? (name: string) => new BroadcastChannel(name) as unknown as TabChannel : null;
  const channel = openChannel ? openChannel(`parley-permissions:${key}`) : undefined;
  const post = (grants: readonly Grant[], audit: readonly AuditRecord[]) => {
    if (!channel || (!grants.length && !audit.length)) return;
    try {
      channel.postMessage({ v: MESSAGE_VERSION, from, grants, audit });
    } catch {
      // Another tab misses this change; it reads the stored grants when it next starts.
    }
  };

  /** The thread takes up the kept grants it lacks or holds an older copy of. */
  const adopt = () => {
    if (!engine) return;
    const { thread } = store.getState();
    const at = now();
    const behind = known.some((kept) => {
      const local = thread.grants.find((g) => g.id === kept.id);
      return local ? mergeGrant(local, kept) !== local : grantStatus(kept, at) === "live";
    });
    if (behind) store.getState().dispatch({ type: "adopt-grants", grants: known, at });
  };

  const keepAudit = (records: readonly AuditRecord[]) => {
    const fresh = records.filter((record) => !seen.has(record.id));
    for (const record of fresh) seen.add(record.id);
    if (fresh.length) update({ audit: appendToLog(store.getState().keptPermissions?.audit ?? [], fresh, limit) });
    return fresh;
  };

  const load = async () => {
    const [storedGrants, storedAudit] = await Promise.all([storage.loadGrants(key), storage.loadAudit(key)]);
    if (stopped) return;
    const read = readGrants(storedGrants);
    const merged = mergeKeptGrants(read.grants, known, now());
    // Dropped records leave the store at the next write; so does what this thread decided meanwhile.
    grantsDirty = merged !== read.grants || read.expired > 0 || read.unreadable > 0 || read.untrusted > 0;
    known = merged;
    loaded = true;
    const audit = readAudit(storedAudit);
    keepAudit(audit.own);
    update({ status: "ready", problem: droppedInWords("stored", read, audit.foreign, engine?.identity) });
    adopt();
  };

  const write = (): Promise<void> => {
    chain = chain
      .then(async () => {
        // The stored grants could not be read before: try again (the log can be appended to regardless).
        if (!loaded) await load().catch(fail);
        const records = unsaved;
        if (records.length) {
          await storage.appendAudit(key, records, { limit });
          unsaved = unsaved.filter((record) => !records.includes(record));
        }
        if (grantsDirty && loaded) {
          grantsDirty = false;
          try {
            await storage.saveGrants(key, known);
          } catch (error) {
            grantsDirty = true;
            throw error;
          }
        }
        if (loaded && store.getState().keptPermissions?.status === "failed") update({ status: "ready", problem: undefined });
      })
      .catch(fail);
    return chain;
  };

  const takeUp = () => {
    const { thread } = store.getState();
    const next = mergeKeptGrants(known, standingGrants(thread.grants, now()), now());
    const changed = next.filter((grant) => !known.includes(grant));
    if (next !== known) {
      known = next;
      grantsDirty = true;
    }
    const fresh = keepAudit(thread.audit);
    unsaved.push(...fresh);
    if (grantsDirty || fresh.length) {
      void write();
      post(changed, fresh);
    }
    // A thread restored from an older snapshot, or reset, may lack or hold an older copy of a grant.
    if (loaded) adopt();
  };

  update({ status: "loading", audit: [] });
  const unsubscribe = store.subscribe((state, previous) => {
    if (stopped || (state.thread.grants === previous.thread.grants && state.thread.audit === previous.thread.audit)) return;
    takeUp();
  });

  if (channel)
    channel.onmessage = (event) => {
      const data = event.data as { v?: unknown; from?: unknown; grants?: unknown; audit?: unknown } | null;
      if (stopped || typeof data !== "object" || data === null || data.v !== MESSAGE_VERSION || data.from === from) return;
      const read = readGrants(data.grants);
      known = mergeKeptGrants(known, read.grants, now());
      const audit = readAudit(data.audit);
      keepAudit(audit.own);
      const problem = droppedInWords("from another tab", read, audit.foreign, engine?.identity);
      if (problem) update({ problem });
      if (loaded) adopt();
    };

  const ready = (async () => {
    try {
      await load();
    } catch (error) {
      fail(error);
    }
    // What was decided while loading (or before) is written now.
    if (!stopped) takeUp();
  })();

  return {
    ready,
    flush: () => ready.then(() => chain),
    stop() {
      if (stopped) return;
      stopped = true;
      unsubscribe();
      if (channel) {
        channel.onmessage = null;
        channel.close();
      }
    },
  };
}

/** What reading kept records dropped, in words (the grants' first problem named), or nothing. */
function droppedInWords(
  source: "stored" | "from another tab",
  grants: { unreadable: number; untrusted: number; problem?: string },
  foreignRecords: number,
  identity = "this person",
): string | undefined {
  const what = (count: number, noun: string) => `${count} ${source === "stored" ? `stored ${noun}` : `${noun} from another tab`}`;
  const words = [
    grants.unreadable ? `${what(grants.unreadable, "grant(s)")} could not be read and were dropped.` : "",
    grants.untrusted ? `${what(grants.untrusted, "grant(s)")} were not ones the kit could have made for ${identity} and were dropped. First: ${grants.problem ?? ""}` : "",
    foreignRecords ? `${what(foreignRecords, "audit record(s)")} were not written for ${identity} and are not shown.` : "",
  ].filter(Boolean);
  return words.length ? words.join(" ") : undefined;
}

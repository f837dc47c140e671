/**
 * Where the agent's server remembers what it has already accepted: decisions (each used once),
 * asks (one decision each) and grant uses (never past their limit). One process can keep it in
 * memory; several need a shared store — the same two operations over Redis (`SET key 1 NX PX ttl`,
 * `INCR` + `PEXPIRE`) or SQL (an `INSERT … ON CONFLICT DO NOTHING`, an upsert that returns the
 * count): docs/verifying-decisions.md.
 */
export interface SeenStore {
  /** Records `key` for `ttlMs`; true when it was new, false when it was already there (atomically). */
  claim(key: string, ttlMs: number): Promise<boolean>;
  /** Adds one to `key`'s count (kept for `ttlMs`) and returns the new count (atomically). */
  increment(key: string, ttlMs: number): Promise<number>;
}

/**
 * A seen-store in this process's memory: right for one server process and for tests; entries
 * leave once their time is up.
 *
 * @example
 * const seen = createMemorySeenStore();
 * await verifyDecision(decision, { ask, args, seen });
 */
export function createMemorySeenStore(now: () => number = Date.now): SeenStore {
  const entries = new Map<string, { until: number; count: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.until <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    claim(key, ttlMs) {
      if (live(key)) return Promise.resolve(false);
      entries.set(key, { until: now() + ttlMs, count: 1 });
      return Promise.resolve(true);
    },
    increment(key, ttlMs) {
      const entry = live(key);
      const count = (entry?.count ?? 0) + 1;
      entries.set(key, { until: entry?.until ?? now() + ttlMs, count });
      return Promise.resolve(count);
    },
  };
}

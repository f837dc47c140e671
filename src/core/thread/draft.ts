import { IdTable } from "./idTable";
import { EVENT_LOG_LIMIT, type ProtocolErrorCode, type ReadonlyTable, type ThreadState } from "./types";
import { boundedForLog, LOG_TOTAL_WEIGHT, measureValue } from "./limits";
import { MemberTable, plainOf } from "./memberTable";

/**
 * A thread whose state the fold keeps in tables reads its `state` through an accessor (one
 * function for all: a closure per version made V8 a hidden class per version, which kept every
 * version alive until the next full GC). Its data twin is the same thread with `state` as kept: a
 * copy of that is a plain spread, where copying the accessor cost ~15× more.
 */
const twins = new WeakMap<object, Mutable<ThreadState>>();
/** Each kept version made plain, once, for every reader. */
const plainStates = new WeakMap<object, unknown>();
const state = {
  enumerable: true,
  configurable: true,
  get(this: ThreadState): unknown {
    return plainOf(twins.get(this)?.state, plainStates);
  },
};

/** What each kept custom or raw event weighs (see `measureValue`), and each log in all. */
const weights = new WeakMap<object, number>();
const totals = new WeakMap<object, number>();
/** An entry restored from a snapshot was never weighed here: measured once, when first needed. */
const weightOf = (entry: { value?: unknown; event?: unknown }): number => {
  let weight = weights.get(entry);
  if (weight === undefined) {
    const measured = measureValue("value" in entry ? entry.value : entry.event);
    weights.set(entry, (weight = typeof measured === "number" ? measured : LOG_TOTAL_WEIGHT));
  }
  return weight;
};

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
/** A writable field: the thread's tables are edited as {@link IdTable}s, the rest as plain values. */
type Writable<V> = V extends ReadonlyTable<infer R> ? IdTable<R> : Mutable<V> & object;

/**
 * Copy-on-write for one batch of events (a "transient", as persistent data structures call it).
 *
 * The first write to an object in a batch copies it and remembers the copy as owned; later writes
 * in the same batch change the copy in place. So a burst of 2,000 deltas to one message copies the
 * message once, not 2,000 times, while the state passed in is never mutated and every object no
 * event touched keeps its identity.
 */
export class Draft {
  readonly s: Mutable<ThreadState>;
  private readonly owned = new Set<object>();
  /** Tool calls whose argument text (or streaming status) changed; parsed once when the batch ends. */
  readonly touchedToolCalls = new Set<string>();
  /**
   * Tool calls that started, ended or were taken from history in the event being folded: their
   * interactions are derived right after that event, so rows, numbers and the arguments an
   * interrupt shows keep stream order however the network cut the stream into bursts.
   */
  readonly toolCallsToDerive = new Set<string>();
  /** Index of the event being folded. */
  eventIndex: number;

  constructor(base: ThreadState) {
    this.s = { ...(twins.get(base) ?? base) };
    this.owned.add(this.s);
    this.eventIndex = base.eventCount;
  }

  /**
   * The thread this batch made. Where the fold keeps its state in tables, `state` is an accessor
   * that reads it as plain values, made on first read and shared by every reader of the version:
   * the fold pays for no copy of a large state per batch, and a reader pays once per version.
   */
  done(): ThreadState {
    if (!(this.s.state instanceof MemberTable)) return this.s;
    const thread: Record<string, unknown> = {};
    const from = this.s as Record<string, unknown>;
    for (const key of Object.keys(from)) if (key !== "state") thread[key] = from[key];
    twins.set(Object.defineProperty(thread, "state", state), this.s);
    return thread as unknown as ThreadState;
  }

  /** `value` if it is already owned by this batch, else an owned shallow copy. */
  own<T extends object>(value: T): T {
    if (this.owned.has(value)) return value;
    const copy = (
      value instanceof IdTable ? value.clone() : Array.isArray(value) ? value.slice() : { ...value }
    ) as T;
    this.owned.add(copy);
    return copy;
  }

  /** Mark a freshly built object as owned, so later events in the batch may change it in place. */
  adopt<T extends object>(value: T): T {
    this.owned.add(value);
    return value;
  }

  isOwned(value: object): boolean {
    return this.owned.has(value);
  }

  /** An owned, writable version of one top-level field of the state. */
  edit<K extends keyof ThreadState>(key: K): Writable<ThreadState[K]> {
    const current = this.s[key] as unknown as object;
    const owned = this.own(current);
    (this.s as Record<string, unknown>)[key] = owned;
    return owned as Writable<ThreadState[K]>;
  }

  error(code: ProtocolErrorCode, message: string, event: unknown): void {
    const errors = this.edit("errors") as ThreadState["errors"][number][];
    // The event as evidence, cut to a summary when it is large: a log of 500 whole 2 MB events
    // kept 1 GB alive.
    errors.push({ code, message: message.length > 2_000 ? `${message.slice(0, 2_000)}…` : message, event: boundedForLog(event), eventIndex: this.eventIndex });
    if (errors.length > EVENT_LOG_LIMIT) errors.splice(0, errors.length - EVENT_LOG_LIMIT);
    this.s.errorCount += 1;
  }

  /**
   * Append to a bounded log field (`customEvents`, `rawEvents`): at most {@link EVENT_LOG_LIMIT}
   * entries, and {@link LOG_TOTAL_WEIGHT} in all (the oldest go first; the newest always stays).
   */
  log<K extends "customEvents" | "rawEvents">(key: K, entry: ThreadState[K][number], weight: number): void {
    const list = this.edit(key) as ThreadState[K][number][];
    let total = totals.get(list) ?? list.reduce((sum, older) => sum + weightOf(older), 0);
    weights.set(entry, weight);
    list.push(entry);
    total += weight;
    let drop = 0;
    while (list.length - drop > EVENT_LOG_LIMIT || (total > LOG_TOTAL_WEIGHT && drop < list.length - 1)) {
      total -= weightOf(list[drop++] as ThreadState[K][number]);
    }
    if (drop) list.splice(0, drop);
    totals.set(list, total);
  }
}

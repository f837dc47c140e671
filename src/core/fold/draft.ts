import { IdTable } from "./idTable";
import { EVENT_LOG_LIMIT, type ProtocolErrorCode, type ReadonlyTable, type ThreadState } from "./types";

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
    this.s = { ...base };
    this.owned.add(this.s);
    this.eventIndex = base.eventCount;
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
    errors.push({ code, message, event, eventIndex: this.eventIndex });
    if (errors.length > EVENT_LOG_LIMIT) errors.splice(0, errors.length - EVENT_LOG_LIMIT);
    this.s.errorCount += 1;
  }

  /** Append to a bounded log field (`customEvents`, `rawEvents`). */
  log<K extends "customEvents" | "rawEvents">(key: K, entry: ThreadState[K][number]): void {
    const list = this.edit(key) as ThreadState[K][number][];
    list.push(entry);
    if (list.length > EVENT_LOG_LIMIT) list.splice(0, list.length - EVENT_LOG_LIMIT);
  }
}

import { IdTable } from "./idTable";
import { setOwn } from "../ownKeys";

/** One member of an object kept in a {@link MemberTable}. */
interface Member {
  readonly id: string;
  readonly value: unknown;
}

/**
 * Objects of at least this many members are kept as a {@link MemberTable} once the fold writes into
 * them (and copied into a hash-table object when made plain, see {@link hashObject}).
 */
export const LARGE_OBJECT = 64;

/**
 * An object of many members as the fold keeps it inside the agent state: an {@link IdTable} of
 * `{ id: key, value }`, so a new version costs a copy of an array (~1 µs for 1,000 members) where
 * a copy of the object cost ~110 µs — paid once per burst, it was what kept 64-event bursts of
 * `STATE_DELTA` on a 1,000-key state under `JSON.parse` of the same frames.
 *
 * Only the agent state's root is kept so (its members are plain values), and never seen outside
 * the fold: the thread's `state` reads as a plain object ({@link plainOf}, built on first read,
 * once per version). Members keep an object's order: a key added again after its
 * removal goes last, as it does in an object.
 *
 * @example
 * const table = MemberTable.of({ a: 1 });
 * table.write("b", 2);
 * plainOf(table); // { a: 1, b: 2 }
 */
export class MemberTable extends IdTable<Member> {
  static of(object: Record<string, unknown>): MemberTable {
    const table = new MemberTable([], new Map(), 0);
    for (const key of Object.keys(object)) table.set({ id: key, value: object[key] });
    return table;
  }

  /** The member's value, or `undefined` when it has none (a JSON value is never `undefined`). */
  read(key: string): unknown {
    return this.get(key)?.value;
  }

  /** Sets a member, or removes it when `value` is `undefined`. In place: only on a table the caller owns. */
  write(key: string, value: unknown): void {
    if (value === undefined) {
      this.delete(key);
      return;
    }
    const slot = this.index.get(key);
    if (slot !== undefined && slot < this.slots.length) {
      // The common case, a member replaced: one lookup, in place.
      if (this.slots[slot]?.id === key) return void (this.slots[slot] = { id: key, value });
      // Its slot emptied by a removal: the key goes last, under an index of this version's own.
      if (this.slots[slot] === undefined) (this.index = new Map(this.index)).delete(key);
    }
    this.set({ id: key, value });
  }

  override clone(): MemberTable {
    return new MemberTable(this.slots.slice(), this.index, this.count);
  }
}

/**
 * `value` as a plain JSON value: a table becomes an object of its members, anything else is itself.
 * With `cache`, a table is made plain once, so every reader gets the same object.
 *
 * @example
 * plainOf(MemberTable.of({ a: 1 })); // { a: 1 }
 */
export function plainOf(value: unknown, cache?: WeakMap<object, unknown>): unknown {
  if (!(value instanceof MemberTable)) return value;
  let plain = cache?.get(value) as Record<string, unknown> | undefined;
  if (!plain) {
    plain = value.size >= LARGE_OBJECT ? hashObject() : {};
    for (const member of value.values()) setOwn(plain, member.id, member.value);
    cache?.set(value, plain);
  }
  return plain;
}

/**
 * An empty object V8 keeps as a hash table from the start ("dictionary mode"): filled key by key
 * from `{}`, a large object went through a new hidden class per key before V8 gave up on them,
 * and cost ~3× more to build.
 */
export function hashObject(): Record<string, unknown> {
  // Deleting a property that is not the last one added turns an object into a hash table.
  const object: Record<string, unknown> = { a: 0, b: 0 };
  delete object.a;
  delete object.b;
  return object;
}

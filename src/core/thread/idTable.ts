/**
 * An immutable table of records keyed by their `id`, cheap to update in a fold.
 *
 * A plain object used as a map of hundreds of ids is a "dictionary-mode" object to V8: copying it
 * costs about half a microsecond per key, so a fold that copied `messages` once per animation frame
 * paid 0.3 ms a frame at 1,000 messages and 1.8 ms at 5,000 — the cost grew with the history.
 * Here the records sit in an array (a copy is a memcpy: ~1 µs for 1,000) and the id → slot index
 * is a `Map` that is shared between versions and only ever appended to: a version trusts an index
 * entry only when its own slot holds that id, so entries other versions add are invisible to it.
 * An entry is never changed in place; a version that needs to move an id takes its own index.
 *
 * Read it like a `ReadonlyMap`: `get`, `has`, `size`, `keys()`, `values()`, `entries()`.
 *
 * @example
 * const message = thread.messages.get("m1");
 * for (const call of thread.toolCalls.values()) console.log(call.name);
 */
export class IdTable<T extends { readonly id: string }> implements Iterable<[string, T]> {
  /** @internal Records by slot; `undefined` where one was removed. */
  slots: (T | undefined)[];
  /** @internal Shared id → slot index (non-enumerable, so equality looks only at the records). */
  declare index: Map<string, number>;
  /** @internal How many slots hold a record. */
  count: number;

  /** @internal Use {@link IdTable.empty} or {@link IdTable.from}. */
  constructor(slots: (T | undefined)[], index: Map<string, number>, count: number) {
    this.slots = slots;
    this.count = count;
    Object.defineProperty(this, "index", { value: index, writable: true, enumerable: false });
  }

  static empty<T extends { readonly id: string }>(): IdTable<T> {
    return new IdTable<T>([], new Map(), 0);
  }

  /**
   * A table of `records` (a later record with the same id replaces an earlier one).
   *
   * @example
   * const table = IdTable.from([{ id: "a" }, { id: "b" }]);
   */
  static from<T extends { readonly id: string }>(records: Iterable<T>): IdTable<T> {
    const table = IdTable.empty<T>();
    for (const record of records) table.set(record);
    return table;
  }

  get size(): number {
    return this.count;
  }

  get(id: string): T | undefined {
    const slot = this.index.get(id);
    if (slot === undefined) return undefined;
    const record = this.slots[slot];
    return record !== undefined && record.id === id ? record : undefined;
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  *values(): IterableIterator<T> {
    for (const record of this.slots) if (record !== undefined) yield record;
  }

  *keys(): IterableIterator<string> {
    for (const record of this.slots) if (record !== undefined) yield record.id;
  }

  *entries(): IterableIterator<[string, T]> {
    for (const record of this.slots) if (record !== undefined) yield [record.id, record];
  }

  [Symbol.iterator](): IterableIterator<[string, T]> {
    return this.entries();
  }

  /**
   * Whether this table still holds every record `before` held, each the same object under the same
   * id (records added since are allowed): one pointer comparison per slot, no lookups. False for
   * tables that do not share their index (another thread, or one packed since).
   *
   * @example
   * if (next.messages.keeps(previous.messages)) walkOnlyTheNewOnes();
   */
  keeps(before: IdTable<T>): boolean {
    const old = before.slots;
    if (this.index !== before.index || this.slots.length < old.length) return false;
    for (let i = 0; i < old.length; i++) if (this.slots[i] !== old[i]) return false;
    return true;
  }

  /** For `JSON.stringify` and debugging: the records as an object keyed by id. */
  toJSON(): Record<string, T> {
    const out: Record<string, T> = {};
    for (const record of this.values()) out[record.id] = record;
    return out;
  }

  /** @internal A copy whose slots may be written (the index stays shared). */
  clone(): IdTable<T> {
    return new IdTable<T>(this.slots.slice(), this.index, this.count);
  }

  /** @internal Insert or replace, in place. Only on a table the caller owns. */
  set(record: T): void {
    const id = record.id;
    const slot = this.index.get(id);
    if (slot !== undefined && slot < this.slots.length) {
      const current = this.slots[slot];
      if (current !== undefined && current.id === id) {
        this.slots[slot] = record;
        return;
      }
      if (current === undefined) {
        // The id's own slot, emptied earlier (or never filled by this version): fill it again.
        this.slots[slot] = record;
        this.count += 1;
        return;
      }
    }
    const next = this.slots.length;
    if (slot !== undefined && slot !== next) {
      // Another version put this id elsewhere; entries are never moved, so take an own index.
      this.index = new Map(this.index);
    }
    this.index.set(id, next);
    this.slots.push(record);
    this.count += 1;
  }

  /** @internal Remove, in place. Only on a table the caller owns. */
  delete(id: string): boolean {
    const slot = this.index.get(id);
    if (slot === undefined || this.slots[slot]?.id !== id) return false;
    this.slots[slot] = undefined;
    this.count -= 1;
    // Many holes (after snapshots that replace the history): pack the slots under a fresh index.
    if (this.slots.length > 64 && this.count * 2 < this.slots.length) this.compact();
    return true;
  }

  private compact(): void {
    const slots: T[] = [];
    const index = new Map<string, number>();
    for (const record of this.slots) {
      if (record === undefined) continue;
      index.set(record.id, slots.length);
      slots.push(record);
    }
    this.slots = slots;
    this.index = index;
  }
}

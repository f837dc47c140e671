import { describe, expect, it } from "vitest";
import { IdTable } from "../../../src/core";

type R = { id: string; v: number };
const r = (id: string, v = 0): R => ({ id, v });

/** A new version of `table` with `change` applied, as the fold does it (copy, then write in place). */
function next(table: IdTable<R>, change: (t: IdTable<R>) => void): IdTable<R> {
  const copy = table.clone();
  change(copy);
  return copy;
}

describe("IdTable", () => {
  it("reads like a ReadonlyMap", () => {
    const t = IdTable.from([r("a", 1), r("b", 2), r("a", 3)]);
    expect(t.size).toBe(2);
    expect(t.get("a")).toEqual(r("a", 3));
    expect(t.has("b")).toBe(true);
    expect(t.has("zz")).toBe(false);
    expect([...t.keys()]).toEqual(["a", "b"]);
    expect([...t.values()].map((x) => x.v)).toEqual([3, 2]);
    expect(Object.fromEntries(t)).toEqual({ a: r("a", 3), b: r("b", 2) });
    expect(JSON.parse(JSON.stringify(t))).toEqual({ a: r("a", 3), b: r("b", 2) });
  });

  it("a new version never changes the old one, and untouched records keep their identity", () => {
    const v1 = IdTable.from([r("a"), r("b")]);
    const a = v1.get("a");
    const v2 = next(v1, (t) => { t.set(r("b", 9)); t.set(r("c")); t.delete("a"); });
    expect(v1.get("b")?.v).toBe(0);
    expect(v1.has("c")).toBe(false);
    expect(v1.get("a")).toBe(a);
    expect(v2.has("a")).toBe(false);
    expect(v2.get("b")?.v).toBe(9);
    expect(v2.size).toBe(2);
    expect(v1.size).toBe(2);
  });

  it("ids one branch adds are invisible to another branch built from the same base", () => {
    const base = IdTable.from([r("a")]);
    const left = next(base, (t) => t.set(r("x", 1)));
    const right = next(base, (t) => t.set(r("y", 2)));
    expect(left.get("y")).toBeUndefined();
    expect(right.get("x")).toBeUndefined();
    expect(left.get("x")?.v).toBe(1);
    expect(right.get("y")?.v).toBe(2);
    expect(base.has("x") || base.has("y")).toBe(false);
  });

  it("two branches adding the same id at different slots each find their own record", () => {
    const base = IdTable.from([r("a")]);
    const left = next(base, (t) => t.set(r("x", 1)));
    const right = next(base, (t) => { t.set(r("y")); t.set(r("x", 2)); });
    expect(left.get("x")?.v).toBe(1);
    expect(right.get("x")?.v).toBe(2);
    expect(right.get("y")).toBeDefined();
    expect(left.get("y")).toBeUndefined();
  });

  it("replaying the same additions on two branches needs no private index", () => {
    const base = IdTable.from([r("a")]);
    const left = next(base, (t) => t.set(r("x")));
    const right = next(base, (t) => t.set(r("x")));
    expect(right.index).toBe(left.index);
    expect(right).toEqual(left);
  });

  it("a removed id can come back, and old versions still see what they had", () => {
    const v1 = IdTable.from([r("a", 1), r("b")]);
    const v2 = next(v1, (t) => t.delete("a"));
    const v3 = next(v2, (t) => t.set(r("a", 2)));
    expect(v1.get("a")?.v).toBe(1);
    expect(v2.get("a")).toBeUndefined();
    expect(v3.get("a")?.v).toBe(2);
  });

  it("packs its slots when most are empty, without disturbing older versions", () => {
    const many = IdTable.from(Array.from({ length: 200 }, (_, i) => r(`m${i}`, i)));
    const pruned = next(many, (t) => { for (let i = 0; i < 150; i++) t.delete(`m${i}`); });
    expect(pruned.size).toBe(50);
    expect(pruned.slots.length).toBeLessThan(200);
    expect(pruned.get("m199")?.v).toBe(199);
    expect(pruned.get("m0")).toBeUndefined();
    expect(many.get("m0")?.v).toBe(0);
    expect(many.get("m199")?.v).toBe(199);
  });

  it("treats ids that name Object.prototype members as ordinary keys", () => {
    const t = IdTable.from([r("constructor", 1), r("__proto__", 2)]);
    expect(t.get("constructor")?.v).toBe(1);
    expect(t.get("__proto__")?.v).toBe(2);
    expect(t.get("toString")).toBeUndefined();
  });

  describe("keeps: whether a later version still holds every record of an earlier one", () => {
    it("holds after records are added, and for the same version", () => {
      const v1 = IdTable.from([r("a"), r("b")]);
      const v2 = next(v1, (t) => { t.set(r("c")); t.set(r("d")); });
      expect(v2.keeps(v1)).toBe(true);
      expect(v1.keeps(v1)).toBe(true);
      // Not the other way round: the earlier one lacks what was added.
      expect(v1.keeps(v2)).toBe(false);
    });

    it("fails once a record is replaced or removed, even by one of the same content", () => {
      const v1 = IdTable.from([r("a", 1), r("b", 2)]);
      expect(next(v1, (t) => t.set(r("b", 3))).keeps(v1)).toBe(false);
      expect(next(v1, (t) => t.set(r("a", 1))).keeps(v1)).toBe(false);
      expect(next(v1, (t) => t.delete("a")).keeps(v1)).toBe(false);
    });

    it("fails for a table that does not share the index: built anew, or on a branch that took its own", () => {
      const a = r("a");
      const v1 = IdTable.from([a]);
      expect(IdTable.from([a]).keeps(v1)).toBe(false);
      const left = next(v1, (t) => t.set(r("x", 1)));
      const right = next(v1, (t) => { t.set(r("y")); t.set(r("x", 2)); });
      expect(right.index).not.toBe(left.index);
      expect(right.keeps(v1)).toBe(false);
      expect(left.keeps(v1)).toBe(true);
    });

    it("fails after its slots were packed (a new index)", () => {
      const many = IdTable.from(Array.from({ length: 200 }, (_, i) => r(`m${i}`, i)));
      const pruned = next(many, (t) => { for (let i = 0; i < 150; i++) t.delete(`m${i}`); });
      expect(pruned.keeps(many)).toBe(false);
      expect(next(pruned, (t) => t.set(r("n"))).keeps(pruned)).toBe(true);
    });
  });
});

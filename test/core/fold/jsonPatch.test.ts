import fc from "fast-check";
import { applyOperation, deepClone } from "fast-json-patch";
import { describe, expect, it } from "vitest";
import { applyJsonPatch, type CopyOwner } from "../../../src/core/fold/jsonPatch";

/**
 * `applyJsonPatch` against fast-json-patch (what the fold used before it had its own code): the
 * same value, or an error where it errs, on random documents and patches — and the document
 * passed in is never written to.
 */

const KEYS = ["a", "b", "c", ""];
const leaf = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom("x", "y", true, false, null));
const doc: fc.Arbitrary<unknown> = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.array(tie("node"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...KEYS), tie("node"), { maxKeys: 3 }),
  ),
})).node;
const token = fc.oneof(fc.constantFrom(...KEYS), fc.constantFrom("0", "1", "2", "3", "-"));
const pointer = fc.array(token, { maxLength: 3 }).map((tokens) => tokens.map((t) => `/${t}`).join(""));
const op = fc.oneof(
  fc.record({ op: fc.constantFrom("add", "replace", "test"), path: pointer, value: doc }),
  fc.record({ op: fc.constant("remove"), path: pointer }),
  fc.record({ op: fc.constantFrom("move", "copy"), from: pointer, path: pointer }),
);

/** A fresh owner per patch, as a burst's draft is. */
function owner(): CopyOwner {
  const owned = new Set<object>();
  return { isOwned: (v) => owned.has(v), adopt: (v) => (owned.add(v), v) };
}

function outcome(run: () => unknown): { value: unknown } | { error: true } {
  try {
    return { value: run() };
  } catch {
    return { error: true };
  }
}

/**
 * fast-json-patch, one operation at a time with its own checks, on a copy of the document. Where
 * it is lax the reference spells out what RFC 6902 says: a move is the remove and the add (§4.4),
 * never into its own child,
 * and a copy the add (§4.5), each checked (fast-json-patch applies their inner add unchecked, so an
 * index past the end appended), and a document that is no container has no member to write
 * (fast-json-patch writes into a number without a word), and an array index is digits without a
 * leading zero (RFC 6901 §4: fast-json-patch takes "" for index 0).
 */
function reference(document: unknown, ops: readonly { op: string; path: string; from?: string; value?: unknown }[]): unknown {
  let d = deepClone(document) as unknown;
  const apply = (o: object) => (d = applyOperation(d, deepClone(o), true, true).newDocument);
  for (const o of ops) {
    const paths = [o.path, ...(o.op === "move" || o.op === "copy" ? [o.from as string] : [])];
    if (paths.some((p) => p !== "") && (typeof d !== "object" || d === null)) throw new Error("no container");
    for (const p of paths) canonicalIndices(d, p);
    if (o.op !== "move" && o.op !== "copy") {
      apply(o);
      continue;
    }
    // §4.4: "The "from" location MUST NOT be a proper prefix of the "path" location".
    if (o.op === "move" && o.path.startsWith(`${o.from}/`)) throw new Error("moved into its own child");
    let value = d;
    if (o.from !== "") {
      const get = { op: "_get", path: o.from, value: undefined as unknown };
      applyOperation(d, get as never, true, true);
      value = get.value;
    }
    if (o.op === "move") apply({ op: "remove", path: o.from });
    apply({ op: "add", path: o.path, value: o.op === "copy" ? deepClone(value) : value });
  }
  return d;
}

/** Throws where `pointer` indexes an array of `document` with anything but a canonical index (or a last "-"). */
function canonicalIndices(document: unknown, pointer: string): void {
  let node = document;
  const tokens = pointer === "" ? [] : pointer.slice(1).split("/");
  tokens.forEach((token, i) => {
    if (Array.isArray(node) && !/^(?:0|[1-9]\d*)$/.test(token) && !(token === "-" && i === tokens.length - 1)) throw new Error(`"${token}" is no index`);
    node = typeof node === "object" && node !== null ? (node as Record<string, unknown>)[token] : undefined;
  });
}

describe("applyJsonPatch", () => {
  it("gives what fast-json-patch gives, or errs where it errs, and never writes into the document", () => {
    fc.assert(
      fc.property(doc, fc.array(op, { minLength: 1, maxLength: 4 }), (document, ops) => {
        const before = JSON.stringify(document);
        const ours = outcome(() => applyJsonPatch(document, ops, owner()));
        const theirs = outcome(() => reference(document, ops));
        expect(JSON.stringify(document)).toBe(before);
        expect(ours, JSON.stringify({ document, ops })).toEqual(theirs);
      }),
      { numRuns: 4000 },
    );
  }, 60_000);

  it("refuses to write into a document that is no container", () => {
    for (const document of [0, "x", false, null]) {
      for (const patch of [[{ op: "add", path: "/a", value: 1 }], [{ op: "remove", path: "/a" }], [{ op: "replace", path: "/0", value: 1 }]]) {
        expect(() => applyJsonPatch(document, patch, owner()), JSON.stringify({ document, patch })).toThrow(/does not exist/);
      }
      expect(applyJsonPatch(document, [{ op: "replace", path: "", value: { a: 1 } }], owner())).toEqual({ a: 1 });
    }
  });

  it("keeps every branch the patch does not touch", () => {
    const document = { a: { x: 1 }, b: { y: [1, 2] }, c: [{ z: 1 }, { z: 2 }] };
    const next = applyJsonPatch(document, [{ op: "replace", path: "/c/1/z", value: 3 }, { op: "add", path: "/b/y/-", value: 3 }], owner()) as typeof document;
    expect(next).toEqual({ a: { x: 1 }, b: { y: [1, 2, 3] }, c: [{ z: 1 }, { z: 3 }] });
    expect(next.a).toBe(document.a);
    expect(next.c[0]).toBe(document.c[0]);
    expect(next.c[1]).not.toBe(document.c[1]);
  });

  it("copies a container once per owner, however many operations of the burst touch it", () => {
    const mine = owner();
    const document = { list: [0], deep: { a: 1 } };
    const once = applyJsonPatch(document, [{ op: "add", path: "/list/-", value: 1 }], mine) as typeof document;
    const twice = applyJsonPatch(once, [{ op: "add", path: "/list/-", value: 2 }], mine) as typeof document;
    expect(twice).toBe(once);
    expect(twice.list).toBe(once.list);
    expect(twice.list).toEqual([0, 1, 2]);
    expect(document.list).toEqual([0]);
  });

  it("refuses a path through __proto__ or constructor/prototype, in path or from, and pollutes nothing", () => {
    for (const patch of [
      [{ op: "add", path: "/__proto__/polluted", value: 1 }],
      [{ op: "add", path: "/constructor/prototype/polluted", value: 1 }],
      [{ op: "copy", from: "/__proto__", path: "/x" }],
    ]) {
      expect(() => applyJsonPatch({}, patch, owner()), JSON.stringify(patch)).toThrow(/__proto__/);
    }
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    // An own "__proto__" member (JSON.parse makes them) stays a member, never the prototype.
    const next = applyJsonPatch(JSON.parse('{"a":1}'), [{ op: "replace", path: "/a", value: 2 }], owner());
    expect(Object.getPrototypeOf(next)).toBe(Object.prototype);
  });
});

import fc from "fast-check";
import { parse as parsePartialJson } from "partial-json";
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { closeJsonPrefix } from "../../../src/core/fold/jsonPrefix";
import { parseArgs } from "../../../src/core/fold/parseArgs";

/** The reference reader: partial-json (what the fold used before), undefined where it throws. */
function reference(text: string): unknown {
  if (!text.trim()) return undefined;
  try {
    return parsePartialJson(text);
  } catch {
    return undefined;
  }
}

/** Every prefix of `text`, as the stream may cut it. */
function prefixes(text: string): string[] {
  return Array.from({ length: text.length + 1 }, (_, i) => text.slice(0, i));
}

/** JSON objects and arrays with escapes, unicode, numbers of every form, nesting and spacing. */
const JSON_DOC = fc
  .tuple(
    fc.oneof(
      fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
      fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
    ),
    fc.constantFrom(undefined, 1, 2, "\t"),
  )
  .map(([value, indent]) => JSON.stringify(value, null, indent));

/**
 * Where partial-json reads a number the stream cut (`1.` drops the member, `1e` keeps 1, `1E`
 * drops it), the kit reads its whole part: the text with the cut part taken off.
 */
const withoutCutNumber = (text: string) => text.replace(/(?:[eE][+-]?|\.|-)$/, "");

describe("closeJsonPrefix", () => {
  it("closes a cut value at its last whole part", () => {
    expect(closeJsonPrefix('{"city":"Ly')).toBe('{"city":"Ly"}');
    expect(closeJsonPrefix('{"a":1,"b')).toBe('{"a":1}');
    expect(closeJsonPrefix('{"a":[1,{"b":tr')).toBe('{"a":[1,{"b":true}]}');
    expect(closeJsonPrefix('{"a":"x\\u00')).toBe('{"a":"x"}');
    expect(closeJsonPrefix('{"a":"x\\')).toBe('{"a":"x"}');
    expect(closeJsonPrefix("[1,-")).toBe("[1]");
    expect(closeJsonPrefix('{"a":1.')).toBe('{"a":1}');
    expect(closeJsonPrefix('{"a":1e')).toBe('{"a":1}');
    expect(closeJsonPrefix('{"a":-2.5E+')).toBe('{"a":-2.5}');
    expect(closeJsonPrefix('"a')).toBe('"a"');
    expect(closeJsonPrefix("12")).toBe("12");
    expect(closeJsonPrefix("12.")).toBe("12");
    expect(closeJsonPrefix("fa")).toBe("false");
  });

  it("gives undefined for text that is no prefix of a JSON value", () => {
    for (const text of ["{'a':1}", '{"a":NaN', '{"a":1} x', "[1,]", '{"a":"\t"}', '{"a":"\\x"}', '{"a":01}', '{"a":1.e5}', "-", "nope", "}"]) {
      expect(closeJsonPrefix(text), text).toBeUndefined();
    }
  });
});

describe("parseArgs", () => {
  it("reads every prefix of any JSON object or array as partial-json does, a cut number as its whole part", () => {
    fc.assert(
      fc.property(JSON_DOC, (doc) => {
        // The first prefix read differently fails the run (toEqual on each would take minutes).
        // partial-json assigns a "__proto__" key (the prototype, so it vanishes); parseArgs keeps it
        // as an own key, as JSON.parse does — the whole document is still compared below.
        const differs = prefixes(doc).find((prefix) => {
          if (prefix.includes("__proto__")) return false;
          const ours = parseArgs(prefix);
          if (isDeepStrictEqual(ours, reference(prefix))) return false;
          return !/[-.eE+]$/.test(prefix) || !isDeepStrictEqual(ours, reference(withoutCutNumber(prefix)));
        });
        if (differs !== undefined) expect(parseArgs(differs), JSON.stringify(differs)).toEqual(reference(withoutCutNumber(differs)));
        expect(parseArgs(doc)).toEqual(JSON.parse(doc));
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it("never throws on text that is not JSON, and reads any that is as JSON.parse does", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12, unit: fc.constantFrom(..."{}[]:,\"\\ -.e0123456789tnfu abINa") }), (text) => {
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          expect(() => parseArgs(text)).not.toThrow();
          return;
        }
        expect(parseArgs(text), JSON.stringify(text)).toEqual(json);
      }),
      { numRuns: 3000 },
    );
  });

  it("keeps a streaming number's key: 2, 2, 2.5 — never a member that blinks out", () => {
    expect(['{"seats":2', '{"seats":2.', '{"seats":2.5'].map((text) => parseArgs(text))).toEqual([{ seats: 2 }, { seats: 2 }, { seats: 2.5 }]);
  });

  it('a "__proto__" key is a member, as JSON.parse reads it, however it is spelled or cut', () => {
    for (const text of ['{"__proto__":{"x":1}}', '{"\\u005f_proto__":{"x":1}}', '{"__proto__":{"x":1', '{"__proto__":{"x":1.']) {
      const args = parseArgs(text) as Record<string, unknown>;
      expect(Object.getPrototypeOf(args), text).toBe(Object.prototype);
      expect(Object.keys(args), text).toEqual(["__proto__"]);
      expect((args as { x?: unknown }).x, text).toBeUndefined();
    }
    expect(({} as { x?: unknown }).x).toBeUndefined();
  });
});

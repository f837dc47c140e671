import fc from "fast-check";
import { parse as parsePartialJson } from "partial-json";
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { closeJsonPrefix } from "../../../src/core/fold/jsonPrefix";
import { parseArgs } from "../../../src/core/fold/parseArgs";

/** What the fold showed before the native path: partial-json, undefined where it throws. */
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

describe("closeJsonPrefix", () => {
  it("closes a cut object or array where partial-json stops", () => {
    expect(closeJsonPrefix('{"city":"Ly')).toBe('{"city":"Ly"}');
    expect(closeJsonPrefix('{"a":1,"b')).toBe('{"a":1}');
    expect(closeJsonPrefix('{"a":[1,{"b":tr')).toBe('{"a":[1,{"b":true}]}');
    expect(closeJsonPrefix('{"a":"x\\u00')).toBe('{"a":"x"}');
    expect(closeJsonPrefix('{"a":"x\\')).toBe('{"a":"x"}');
    expect(closeJsonPrefix('[1,-')).toBe("[1]");
  });

  it("leaves to partial-json what it is not sure of", () => {
    for (const text of ['"a', "12", '{"a":1.', '{"a":1e', "{'a':1}", '{"a":NaN', '{"__proto__":{}}', '{"a":1} x', "[1,]", '{"a":"\t"}', '{"a":"\\x"}']) {
      expect(closeJsonPrefix(text), text).toBeUndefined();
    }
  });
});

describe("parseArgs", () => {
  it("reads every prefix of any JSON object or array as partial-json does", () => {
    fc.assert(
      fc.property(JSON_DOC, (doc) => {
        // The first prefix read differently fails the run (toEqual on each would take minutes).
        const differs = prefixes(doc).find((prefix) => !isDeepStrictEqual(parseArgs(prefix), reference(prefix)));
        if (differs !== undefined) expect(parseArgs(differs), JSON.stringify(differs)).toEqual(reference(differs));
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it("reads text that is not JSON as partial-json does", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12, unit: fc.constantFrom(..."{}[]:,\"\\ -.e0123456789tnfu abINa") }), (text) => {
        expect(parseArgs(text), JSON.stringify(text)).toEqual(reference(text));
      }),
      { numRuns: 3000 },
    );
  });
});

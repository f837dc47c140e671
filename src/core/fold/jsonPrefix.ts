/**
 * Closing a JSON text the stream cut off, so the engine's own `JSON.parse` can read it.
 *
 * Streaming tool-call arguments are parsed once per burst for the live preview. A partial-JSON
 * parser walks the text in JavaScript value by value (partial-json: ~10 µs for 300 characters);
 * this scans it once, cuts it at the last whole value and appends the closing quote and brackets,
 * and `JSON.parse` builds the value natively — with `JSON.parse`'s own meaning for every key
 * (`"__proto__"` is a member like any other, never the object's prototype).
 *
 * What a cut reads as: a string cut inside is kept as far as it goes (an escape cut short is left
 * out); a literal cut inside (`tr`) is completed; a number cut where it is not one yet (`1.`,
 * `2e`, `-3.5e+`) reads as its longest whole part (`1`, `2`, `-3.5`), so a key never blinks out
 * while its number streams; a member whose key or value has not started yet, or whose number is
 * a lone `-`, is left out. Text that is no prefix of a JSON value gives `undefined`.
 */

const LITERALS = ["true", "false", "null"] as const;
const SIMPLE_ESCAPES = '"\\/bfnrt';
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
/** A number the stream cut before it is one: `-`, `1.`, `1.5e`, `2E+`. */
const CUT_NUMBER = /^-$|^-?(?:0|[1-9]\d*)(?:\.|(?:\.\d+)?[eE][+-]?)$/;
/** The whole number at the start of a cut one. */
const WHOLE_PART = /^-?(?:0|[1-9]\d*)(?:\.\d+)?/;
const HEX4 = /^[\da-fA-F]{0,4}$/;

function isSpace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9;
}

/** - + . e E and digits: what a number token is scanned as. */
function isNumberChar(code: number): boolean {
  return (code >= 48 && code <= 57) || code === 45 || code === 43 || code === 46 || code === 101 || code === 69;
}

/**
 * `text` (already trimmed) closed into complete JSON, or `undefined` when it is no prefix of a
 * JSON value.
 *
 * @example
 * closeJsonPrefix('{"city":"Ly'); // '{"city":"Ly"}'
 * closeJsonPrefix('{"a":1,"b'); // '{"a":1}'
 */
export function closeJsonPrefix(text: string): string | undefined {
  const n = text.length;
  /** The open containers, "{" or "[", innermost last. */
  let open = "";
  /** What may come next in the innermost container: a key, its colon, a value, or "," / its close. */
  let expect: "key" | "colon" | "value" | "next" = "value";
  /** Where the text can be cut and closed as it stands: after an opening bracket or a whole value. */
  let safe = 0;
  /** Whether the innermost container has no member yet (so it may close right away). */
  let empty = false;
  let i = 0;

  while (i < n) {
    const code = text.charCodeAt(i);
    if (isSpace(code)) {
      i++;
      continue;
    }
    if (open === "" && safe > 0) return undefined; // something after the top-level value
    if (code === 34 /* " */) {
      const isKey = expect === "key";
      if (!isKey && expect !== "value") return undefined;
      let j = i + 1;
      /** Where a value cut inside its string ends: before an escape the stream cut short. */
      let end = n;
      for (;;) {
        if (j >= n) {
          // Cut inside the string: a key goes with its member, a value is kept as far as it goes.
          return isKey ? close(text.slice(0, safe), open) : close(`${text.slice(0, end)}"`, open);
        }
        const s = text.charCodeAt(j);
        if (s === 34) break;
        if (s < 0x20) return undefined;
        if (s === 92 /* \ */) {
          const e = text[j + 1];
          if (e === undefined) {
            end = j;
            j = n;
          } else if (e === "u") {
            const hex = text.slice(j + 2, j + 6);
            if (!HEX4.test(hex)) return undefined;
            if (hex.length < 4) {
              end = j;
              j = n;
            } else {
              j += 6;
            }
          } else if (SIMPLE_ESCAPES.includes(e)) {
            j += 2;
          } else {
            return undefined;
          }
          continue;
        }
        j++;
      }
      i = j + 1;
      empty = false;
      if (isKey) {
        expect = "colon";
      } else {
        expect = "next";
        safe = i;
      }
      continue;
    }
    if (code === 123 || code === 91 /* { [ */) {
      if (expect !== "value") return undefined;
      open += code === 123 ? "{" : "[";
      i++;
      expect = code === 123 ? "key" : "value";
      safe = i;
      empty = true;
      continue;
    }
    if (code === 125 || code === 93 /* } ] */) {
      if (open[open.length - 1] !== (code === 125 ? "{" : "[")) return undefined;
      if (expect !== "next" && !empty) return undefined;
      open = open.slice(0, -1);
      i++;
      expect = "next";
      safe = i;
      empty = false;
      continue;
    }
    if (code === 44 /* , */) {
      if (expect !== "next") return undefined;
      expect = open[open.length - 1] === "{" ? "key" : "value";
      i++;
      continue;
    }
    if (code === 58 /* : */) {
      if (expect !== "colon") return undefined;
      expect = "value";
      i++;
      continue;
    }
    if (expect !== "value") return undefined;
    empty = false;
    if (isNumberChar(code)) {
      let j = i + 1;
      while (j < n && isNumberChar(text.charCodeAt(j))) j++;
      const token = text.slice(i, j);
      if (NUMBER.test(token)) {
        i = j;
        expect = "next";
        safe = i;
        continue;
      }
      if (j < n || !CUT_NUMBER.test(token)) return undefined;
      const whole = WHOLE_PART.exec(token)?.[0];
      return whole ? close(text.slice(0, i) + whole, open) : open ? close(text.slice(0, safe), open) : undefined;
    }
    const rest = text.slice(i, i + 5);
    const literal = LITERALS.find((word) => rest.startsWith(word) || (n - i < word.length && word.startsWith(rest)));
    if (!literal) return undefined;
    // Cut inside a literal ("tr"): completed.
    if (n - i < literal.length) return close(text.slice(0, i) + literal, open);
    i += literal.length;
    expect = "next";
    safe = i;
  }
  return open === "" ? text : close(text.slice(0, safe), open);
}

function close(text: string, open: string): string {
  let out = text;
  for (let k = open.length - 1; k >= 0; k--) out += open[k] === "{" ? "}" : "]";
  return out;
}

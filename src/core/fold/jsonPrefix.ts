/**
 * Closing a JSON text the stream cut off, so the engine's own `JSON.parse` can read it.
 *
 * Streaming tool-call arguments are parsed once per burst for the live preview. partial-json walks
 * the text in JavaScript value by value (~10 µs for 300 characters); this scans it once, cuts it
 * where partial-json stops and appends the closing quote and brackets, and `JSON.parse` builds the
 * value natively. It reads every text it accepts as partial-json's `parse(text)` does (a property
 * test checks every prefix of random JSON), and answers `undefined` for anything it is not sure
 * of — text that is not a prefix of a JSON object or array, a number cut at `.` or `e`, a
 * `__proto__` key — which the caller hands to partial-json.
 */

const LITERALS = ["true", "false", "null"] as const;
const SIMPLE_ESCAPES = '"\\/bfnrt';
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const HEX4 = /^[\da-fA-F]{0,4}$/;

function isSpace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9;
}

/** - + . e E and digits: what a number token is scanned as. */
function isNumberChar(code: number): boolean {
  return (code >= 48 && code <= 57) || code === 45 || code === 43 || code === 46 || code === 101 || code === 69;
}

/**
 * `text` (already trimmed) closed into complete JSON, or `undefined` when it is not sure what
 * partial-json would make of it.
 *
 * @example
 * closeJsonPrefix('{"city":"Ly'); // '{"city":"Ly"}'
 * closeJsonPrefix('{"a":1,"b'); // '{"a":1}'
 */
export function closeJsonPrefix(text: string): string | undefined {
  const first = text.charCodeAt(0);
  if ((first !== 123 && first !== 91) || text.includes("__proto__")) return undefined;
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
      // Cut at a lone "-", partial-json drops the member; cut at "1." or "1e", not sure.
      return j === n && token === "-" ? close(text.slice(0, safe), open) : undefined;
    }
    const rest = text.slice(i, i + 5);
    const literal = LITERALS.find((word) => rest.startsWith(word) || (n - i < word.length && word.startsWith(rest)));
    if (!literal) return undefined;
    // Cut inside a literal ("tr"), partial-json completes it.
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

import { parse as parsePartialJson } from "partial-json";
import { closeJsonPrefix } from "./jsonPrefix";

/**
 * `args` is a function of `argsText` alone. It used to fall back to the previous parse on failure,
 * but "previous" is the value at the end of the last *burst*, so the same stream gave different
 * args depending on how the network cut it (`"1"` then `"-"`: `1` event by event, `undefined` in
 * one burst). partial-json parses every prefix of a JSON object or array, so this only matters for
 * text that is not JSON (or a top-level number cut at `-` or `2.`).
 */
export function parseArgs(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  // The usual text, an object or array the stream cut off, is closed and read natively; what
  // closeJsonPrefix is not sure of goes to partial-json, which reads the same values, slower.
  const closed = closeJsonPrefix(trimmed);
  if (closed !== undefined) {
    try {
      return JSON.parse(closed);
    } catch {
      // Not expected (the scan accepts only JSON): partial-json decides.
    }
  }
  try {
    return parsePartialJson(text);
  } catch {
    return undefined;
  }
}

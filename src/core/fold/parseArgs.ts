import { closeJsonPrefix } from "./jsonPrefix";

/**
 * The arguments a tool call's text says so far: the value of the text, closed where the stream
 * cut it (see {@link closeJsonPrefix} for what a cut reads as), or `undefined` when it is no JSON.
 *
 * A function of `argsText` alone, never of the previous parse: "previous" would be the value at
 * the end of the last *burst*, so the same stream would give different args depending on how the
 * network cut it.
 *
 * @example
 * parseArgs('{"city":"Ly'); // { city: "Ly" }
 * parseArgs('{"seats":2.'); // { seats: 2 }
 */
export function parseArgs(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const closed = closeJsonPrefix(trimmed);
  if (closed === undefined) return undefined;
  try {
    return JSON.parse(closed);
  } catch {
    // Not expected: the scan accepts only JSON.
    return undefined;
  }
}

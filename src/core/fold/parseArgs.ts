import { closeJsonPrefix } from "./jsonPrefix";
import { measureValue } from "../thread/limits";

/**
 * The arguments a tool call's text says so far: the value of the text, closed where the stream
 * cut it (see {@link closeJsonPrefix} for what a cut reads as), or `undefined` when it is no JSON.
 *
 * A function of `argsText` alone, never of the previous parse: "previous" would be the value at
 * the end of the last *burst*, so the same stream would give different args depending on how the
 * network cut it. Arguments over the door's limits (nested past `WIRE_LIMITS.depth`: they break
 * every card and every run that reads them) read as `undefined`; `tooLarge` hears why.
 *
 * @example
 * parseArgs('{"city":"Ly'); // { city: "Ly" }
 * parseArgs('{"seats":2.'); // { seats: 2 }
 */
export function parseArgs(text: string, tooLarge?: (why: string) => void): unknown {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const closed = closeJsonPrefix(trimmed);
  if (closed === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(closed);
  } catch {
    // Not expected: the scan accepts only JSON.
    return undefined;
  }
  const weight = measureValue(value);
  if (typeof weight === "number") return value;
  tooLarge?.(weight);
  return undefined;
}

/**
 * A value as the person reads it: a string as it is, anything else as indented JSON; what JSON
 * cannot hold (a cycle, a BigInt) in `String()`'s words, never a throw.
 *
 * @example
 * prettyJson({ path: "/tmp" }); // '{\n  "path": "/tmp"\n}'
 */
export function prettyJson(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value, null, 2) ?? "";
  } catch {
    return String(value);
  }
}

// Its own module: the kit's eager grant checks need only this, not the policy module (whose default
// policy is built when it loads).

/**
 * Whether a name pattern fits: exact, or a prefix glob ending in `*` (`"mail.*"`, `"*"`). A `*`
 * anywhere else is an ordinary character.
 *
 * @example
 * nameMatches(["mail.*", "calendar.create"], "mail.send"); // true
 */
export function nameMatches(pattern: unknown, name: unknown): boolean {
  if (typeof name !== "string") return false;
  if (typeof pattern === "string") return pattern.endsWith("*") ? name.startsWith(pattern.slice(0, -1)) : pattern === name;
  try {
    return Array.isArray(pattern) && pattern.some((p) => typeof p === "string" && nameMatches(p, name));
  } catch {
    return false;
  }
}

/**
 * The same value, or two objects (or arrays) with the same own keys holding identical values — so
 * an inline `{ tools }` or `[a, b]` written anew on each render counts as unchanged.
 *
 * @example
 * shallowEqual({ tools }, { tools }); // true
 */
export function shallowEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every((key) => Object.prototype.hasOwnProperty.call(b, key) && Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/**
 * Writes `record[key]` as an own data member, whatever the key: a wire string such as
 * `"__proto__"` assigned with `=` swaps the record's prototype instead (`state.isAdmin` then read
 * true while the JSON showed nothing).
 *
 * @example
 * setOwn(state, "__proto__", { isAdmin: true }); // an own key; Object.getPrototypeOf(state) is unchanged
 */
export function setOwn(record: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  else record[key] = value;
}

/**
 * `record[key]` if it is the record's own member: an inherited `constructor` is no argument.
 *
 * @example
 * ownValue({}, "constructor"); // undefined
 */
export function ownValue(record: Record<string, unknown>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

/**
 * Reading and comparing values that may be hostile (an agent's tool arguments, a grant read back
 * from storage) without running any of their code. Internal to `core/policy`.
 *
 * Why not `value[key]`: an inherited name (`constructor`, `__proto__`) would read `Object.prototype`
 * as if the agent had sent it, and a getter or a Proxy runs code — it may throw, or answer one thing
 * when the policy looks and another when the operation runs. Only own *data* properties are read;
 * an accessor counts as absent. Depth is capped, which also ends cycles.
 */

/**
 * Deeper paths and values than this are not read: they match nothing.
 *
 * @example
 * readPath(deep, Array(40).fill("d").join(".")); // ABSENT
 */
export const MAX_DEPTH = 32;

/**
 * The result of a read that found nothing (distinct from a stored `undefined`).
 *
 * @example
 * readPath({}, "a") === ABSENT; // true
 */
export const ABSENT: unique symbol = Symbol("absent");

/**
 * An own data property of an object or array, or {@link ABSENT}. Never runs a getter.
 *
 * @example
 * ownValue({ a: 1 }, "a"); // 1
 * ownValue({}, "constructor"); // ABSENT
 */
export function ownValue(value: unknown, key: string): unknown {
  if (typeof value !== "object" || value === null) return ABSENT;
  try {
    const descriptor = Object.getOwnPropertyDescriptor(value, key);
    return descriptor && "value" in descriptor ? descriptor.value : ABSENT;
  } catch {
    // A Proxy whose trap throws, or a revoked Proxy.
    return ABSENT;
  }
}

/**
 * What {@link ownField} returns for a property that is there but cannot be read as data.
 *
 * @example
 * ownField(Object.defineProperty({}, "x", { get: () => 1 }), "x") === UNREADABLE; // true
 */
export const UNREADABLE: unique symbol = Symbol("unreadable");

/**
 * A field of a record the kit keeps (a grant, an audit record), telling "not there" (`undefined`)
 * from "there, but an accessor or a throwing Proxy" ({@link UNREADABLE}) — which must never read
 * as absent: a `revokedAt` getter is not "never revoked".
 *
 * @example
 * ownField({ revokedAt: 5 }, "revokedAt"); // 5
 * ownField({ get revokedAt() { return 5; } }, "revokedAt"); // UNREADABLE
 */
export function ownField(value: unknown, key: string): unknown {
  if (typeof value !== "object" || value === null) return undefined;
  try {
    const descriptor = Object.getOwnPropertyDescriptor(value, key);
    if (!descriptor) return undefined;
    return "value" in descriptor ? descriptor.value : UNREADABLE;
  } catch {
    return UNREADABLE;
  }
}

/**
 * The value at a dot path (`"to.domain"`, `"items.0.id"`), own data properties only, or
 * {@link ABSENT}. Keys that contain a dot cannot be addressed.
 *
 * @example
 * readPath({ to: { domain: "acme.com" } }, "to.domain"); // "acme.com"
 */
export function readPath(root: unknown, path: string): unknown {
  if (typeof path !== "string") return ABSENT;
  const segments = path.split(".");
  if (segments.length > MAX_DEPTH) return ABSENT;
  let value = root;
  for (const segment of segments) {
    value = ownValue(value, segment);
    if (value === ABSENT) return ABSENT;
  }
  return value;
}

/**
 * Whether `actual` (possibly hostile) holds the same data as `expected` (the policy's own value):
 * primitives by value (`NaN` equals `NaN`), arrays element by element, objects by their own
 * enumerable keys. Never throws; past {@link MAX_DEPTH} nothing is equal.
 *
 * @example
 * dataEquals({ domain: "acme.com" }, JSON.parse('{"domain":"acme.com"}')); // true
 */
export function dataEquals(expected: unknown, actual: unknown, depth = 0): boolean {
  if (expected === actual) return true;
  if (typeof expected === "number" && typeof actual === "number") return Number.isNaN(expected) && Number.isNaN(actual);
  if (typeof expected !== "object" || expected === null || typeof actual !== "object" || actual === null) return false;
  if (depth >= MAX_DEPTH) return false;
  try {
    if (Array.isArray(expected)) {
      if (!Array.isArray(actual)) return false;
      const length = ownValue(actual, "length");
      if (length !== expected.length) return false;
      return expected.every((item, i) => dataEquals(item, ownValue(actual, String(i)), depth + 1));
    }
    if (Array.isArray(actual)) return false;
    const keys = Object.keys(expected);
    if (Object.keys(actual).length !== keys.length) return false;
    return keys.every((key) => {
      const value = ownValue(actual, key);
      return value !== ABSENT && dataEquals(ownValue(expected, key), value, depth + 1);
    });
  } catch {
    return false;
  }
}

/**
 * A deep copy of plain data (strings, finite numbers, booleans, `null`, arrays, objects of own
 * data properties, plain prototypes only), or {@link ABSENT} when the value holds anything else (a
 * function, `undefined`, a `Date`, a getter, a cycle, more than {@link MAX_DEPTH} levels). What a grant keeps must not change when
 * the caller's object does, and must survive JSON and IndexedDB alike.
 *
 * @example
 * copyData({ to: ["a@acme.com"] }); // an equal object sharing nothing with the original
 */
export function copyData(value: unknown, depth = 0): unknown {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : ABSENT;
  if (typeof value !== "object" || depth >= MAX_DEPTH) return ABSENT;
  try {
    if (Array.isArray(value)) {
      const length = ownValue(value, "length");
      if (typeof length !== "number") return ABSENT;
      const copy: unknown[] = [];
      for (let i = 0; i < length; i++) {
        const item = copyData(ownValue(value, String(i)), depth + 1);
        if (item === ABSENT) return ABSENT;
        copy.push(item);
      }
      return copy;
    }
    const prototype: unknown = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) return ABSENT;
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const item = copyData(ownValue(value, key), depth + 1);
      if (item === ABSENT) return ABSENT;
      // defineProperty, so an own "__proto__" key stays a key instead of replacing the prototype.
      Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true });
    }
    return copy;
  } catch {
    return ABSENT;
  }
}

/**
 * JSON for showing a value to a person or a model: never throws, never longer than `max`.
 *
 * @example
 * showValue("test"); // "\"test\""
 */
export function showValue(value: unknown, max = 200): string {
  const copy = copyData(value);
  if (copy === ABSENT) return "(not plain data)";
  const json = JSON.stringify(copy);
  return json.length > max ? `${json.slice(0, max - 1)}…` : json;
}

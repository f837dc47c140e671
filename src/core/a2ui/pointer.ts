import { setOwn } from "../ownKeys";

/**
 * A2UI data bindings are JSON Pointers (RFC 6901), plus relative paths inside a template's scope.
 * Reading never walks the prototype chain and writing never swaps one: a path segment
 * `"__proto__"` or `"constructor"` is an ordinary own key, as the JSON showed it.
 */

/** How many segments a path may have (deeper data is not addressable). */
export const MAX_PATH_SEGMENTS = 32;

const own = (value: object, key: string): boolean => Object.prototype.hasOwnProperty.call(value, key);

/**
 * The segments of a pointer, unescaped; `undefined` when it is not one.
 *
 * @example
 * pointerSegments("/a~1b/0"); // ["a/b", "0"]
 */
export function pointerSegments(pointer: string): string[] | undefined {
  if (pointer === "" || pointer === "/") return [];
  if (!pointer.startsWith("/")) return undefined;
  const segments = pointer.slice(1).split("/").map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  return segments.length > MAX_PATH_SEGMENTS ? undefined : segments;
}

/**
 * The absolute pointer `path` stands for in `scope` (the item path of a template, or `""` at the root).
 *
 * @example
 * absolutePath("name", "/employees/1"); // "/employees/1/name"
 * absolutePath("/company", "/employees/1"); // "/company"
 */
export function absolutePath(path: string, scope = ""): string {
  if (path.startsWith("/")) return path;
  if (path === "" || path === ".") return scope || "/";
  return `${scope === "/" ? "" : scope}/${path}`;
}

/**
 * The value at `path` (resolved in `scope`), or `undefined` when nothing is there.
 *
 * @example
 * readPath({ user: { name: "Ada" } }, "/user/name"); // "Ada"
 */
export function readPath(data: unknown, path: string, scope = ""): unknown {
  const segments = pointerSegments(absolutePath(path, scope));
  if (!segments) return undefined;
  let at: unknown = data;
  for (const segment of segments) {
    if (Array.isArray(at)) {
      if (!/^(0|[1-9]\d*)$/.test(segment)) return undefined;
      at = at[Number(segment)];
    } else if (typeof at === "object" && at !== null) {
      if (!own(at, segment)) return undefined;
      at = (at as Record<string, unknown>)[segment];
    } else return undefined;
  }
  return at;
}

/**
 * A copy of `data` with `value` at `path` (created as needed; `undefined` removes the key). The
 * parts on the way are copied, the rest shared. `undefined` when the path cannot be written (a
 * non-numeric index into an array, a step through a string).
 *
 * @example
 * writePath({ a: 1 }, "/b/c", 2); // { a: 1, b: { c: 2 } }
 */
export function writePath(data: unknown, path: string, value: unknown, scope = ""): { data: unknown } | undefined {
  const segments = pointerSegments(absolutePath(path, scope));
  if (!segments) return undefined;
  if (segments.length === 0) return { data: value };
  const step = (at: unknown, i: number): { data: unknown } | undefined => {
    const segment = segments[i]!;
    const last = i === segments.length - 1;
    if (Array.isArray(at)) {
      if (!/^(0|[1-9]\d*)$/.test(segment) && segment !== "-") return undefined;
      const index = segment === "-" ? at.length : Number(segment);
      if (index > at.length + 1000) return undefined;
      const copy = at.slice();
      if (last) copy[index] = value;
      else {
        const inner = step(copy[index], i + 1);
        if (!inner) return undefined;
        copy[index] = inner.data;
      }
      return { data: copy };
    }
    if (at !== undefined && at !== null && typeof at !== "object") return undefined;
    const copy: Record<string, unknown> = {};
    if (at) for (const key of Object.keys(at)) setOwn(copy, key, (at as Record<string, unknown>)[key]);
    if (last) {
      if (value === undefined) delete copy[segment];
      else setOwn(copy, segment, value);
    } else {
      const inner = step(own(copy, segment) ? copy[segment] : undefined, i + 1);
      if (!inner) return undefined;
      setOwn(copy, segment, inner.data);
    }
    return { data: copy };
  };
  return step(data, 0);
}

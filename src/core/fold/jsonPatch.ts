import type { Operation } from "fast-json-patch";
// The ESM core alone: the package's entry also brings `observe`/`compare` (about 0.8 KB gzip) that
// no one here calls, and Node would load the entry as CommonJS, where named imports fail.
import { applyOperation } from "fast-json-patch/module/core.mjs";

/** Who owns which containers: the fold's {@link Draft} is one; a patch's own scope is another. */
export interface CopyOwner {
  isOwned(value: object): boolean;
  adopt<T extends object>(value: T): T;
}

/**
 * Applies an RFC 6902 patch with structural sharing: only the containers on the paths an operation
 * touches are copied; every other branch keeps its identity.
 *
 * The operations on arrays, `test` equality, array `-`, validation and the `__proto__` ban are
 * fast-json-patch's; this module decides what to copy, writes the members of objects itself (the
 * hot case), and composes move and copy from remove and add. fast-json-patch on
 * its own either mutates the document or deep-copies all of it (`JSON.parse(JSON.stringify())`,
 * which is what makes the SDK's reducer do ~1,000 deltas a second on a large state).
 *
 * Containers `owner` already owns (copied earlier in the same burst) are changed in place. A
 * single add/replace/remove/test validates before it writes, so it works straight on `owner`. A
 * patch of several operations (or a move/copy, a remove plus an add) is atomic (RFC 6902 §5): it
 * works in a scope of its own, so a failure half-way leaves `doc` and everything owned untouched,
 * and only a patch that fully succeeds hands its copies to `owner`.
 *
 * Throws on a patch that does not apply; the fold turns that into a protocol error.
 *
 * @example
 * const owned = new Set<object>();
 * const owner = { isOwned: (v: object) => owned.has(v), adopt: <T extends object>(v: T) => (owned.add(v), v) };
 * const next = applyJsonPatch({ count: 1 }, [{ op: "replace", path: "/count", value: 2 }], owner);
 */
export function applyJsonPatch(doc: unknown, ops: readonly unknown[], owner: CopyOwner): unknown {
  if (ops.length === 1 && isSimpleOp(ops[0])) return applyOne(doc, ops[0], 0, owner);
  const scope = new Set<object>();
  const scoped: CopyOwner = { isOwned: (value) => scope.has(value), adopt: (value) => (scope.add(value), value) };
  let result = doc;
  for (let i = 0; i < ops.length; i++) result = applyOne(result, ops[i], i, scoped);
  for (const copy of scope) owner.adopt(copy);
  return result;
}

const BANNED_PATH = /__proto__|constructor\/prototype/;
/** RFC 6901: an array index is "0" or digits without a leading zero. */
const ARRAY_INDEX = /^(?:0|[1-9]\d*)$/;
/** How much of a hostile path an error message repeats. */
const PATH_IN_MESSAGE = 120;

const hasOwn = (value: object, key: string) => Object.prototype.hasOwnProperty.call(value, key);

function applyOne(doc: unknown, raw: unknown, index: number, owner: CopyOwner): unknown {
  const op = raw as Operation;
  if (!op || typeof op !== "object" || typeof op.path !== "string") {
    throw new Error(`operation ${index} is not an object with a string "path"`);
  }
  if (op.op === "move" || op.op === "copy") return moveOrCopy(doc, op, index, owner);
  const path = copyPath(doc, op.path, owner);
  // The hot cases — set or delete a member of an object — are plain writes. Everything else
  // (arrays, "-", test, a path that does not resolve) is fast-json-patch's, which refuses paths
  // through `__proto__` or `constructor/prototype`; so does this.
  if (path.parent && !Array.isArray(path.parent) && !BANNED_PATH.test(op.path)) {
    const { parent, key } = path;
    const exists = hasOwn(parent, key);
    if ((op.op === "add" || (op.op === "replace" && exists)) && op.value !== undefined) {
      parent[key] = op.value;
      return path.root;
    }
    if (op.op === "remove" && exists) {
      delete parent[key];
      return path.root;
    }
    // RFC 6902 §4.2, §4.3: the target must be a member. fast-json-patch looks it up with
    // `obj[key]`, so an inherited name ("toString", "constructor") passed for one.
    if ((op.op === "remove" || op.op === "replace" || op.op === "test") && !exists) {
      throw new Error(`operation ${index} (${op.op}): ${quote(op.path)} does not exist`);
    }
  }
  try {
    return applyOperation(path.root, op, true, true, true, index).newDocument;
  } catch (error) {
    // fast-json-patch's message pretty-prints the whole document (63,000 characters for a
    // 1,000-key state), and the fold keeps the message: its first line says what went wrong.
    const first = (error instanceof Error ? error.message : String(error)).split("\n", 1)[0];
    throw new Error(`operation ${index} (${String(op.op)} ${quote(op.path)}): ${first}`);
  }
}

/**
 * RFC 6902 §4.4, §4.5 as the remove and add (or the add alone) that they are, each through
 * {@link applyOne}: so each copies the containers on its own path as it resolves then. Handing a
 * move to fast-json-patch after copying both paths up front wrote into the previous snapshot when
 * the removal shifted the target (`move /list/0 → /list/1/x` lands in what was `/list/2`), and its
 * validation of a move or copy deep-copied the whole document.
 */
function moveOrCopy(doc: unknown, op: Operation & { from?: unknown }, index: number, owner: CopyOwner): unknown {
  const from = op.from;
  if (typeof from !== "string") throw new Error(`operation ${index} (${op.op}) has no string "from"`);
  // §4.4: a location cannot be moved into one of its children. `{op:"move", from:"", path:"/x"}`
  // would make the document contain itself (a cycle that breaks JSON.stringify and every walk).
  if (op.op === "move" && op.path.startsWith(`${from}/`)) {
    throw new Error(`operation ${index} moves ${quote(from)} into its own child ${quote(op.path)}`);
  }
  const value = valueAt(doc, from, index);
  if (op.op === "move" && from === op.path) return doc;
  const rest = op.op === "move" ? applyOne(doc, { op: "remove", path: from }, index, owner) : doc;
  // A copy is a value of its own (§4.5): later operations on either place must not reach the other.
  return applyOne(rest, { op: "add", path: op.path, value: op.op === "copy" ? cloneJson(value) : value }, index, owner);
}

/** The value at `pointer`, through own members and canonical array indices only. */
function valueAt(doc: unknown, pointer: string, index: number): unknown {
  if (pointer === "") return doc;
  const missing = () => new Error(`operation ${index}: "from" ${quote(pointer)} does not exist`);
  if (!pointer.startsWith("/")) throw missing();
  let node = doc;
  for (const token of pointer.slice(1).split("/")) {
    const key = unescapeToken(token);
    if (!isContainer(node) || !hasOwn(node, key) || (Array.isArray(node) && !ARRAY_INDEX.test(key))) throw missing();
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function cloneJson(value: unknown): unknown {
  return isContainer(value) ? JSON.parse(JSON.stringify(value)) : value;
}

function quote(path: string): string {
  return JSON.stringify(path.length > PATH_IN_MESSAGE ? `${path.slice(0, PATH_IN_MESSAGE)}…` : path);
}

function isSimpleOp(op: unknown): boolean {
  const name = (op as { op?: unknown } | null)?.op;
  return name === "add" || name === "replace" || name === "remove" || name === "test";
}

/**
 * Makes every container from the root down to the parent of `pointer` writable, copying the ones
 * not owned yet. Stops quietly where the path does not exist (fast-json-patch then reports it);
 * `parent` is set only when the whole path up to the target resolved.
 */
function copyPath(
  root: unknown,
  pointer: string,
  owner: CopyOwner,
): { root: unknown; parent?: Record<string, unknown>; key: string } {
  if (!pointer.startsWith("/") || !isContainer(root)) return { root, key: "" };
  const top = own(root, owner) as Record<string, unknown>;
  // A member of the root ("/key", most state deltas): no path to walk.
  if (pointer.lastIndexOf("/") === 0) return { root: top, parent: top, key: unescapeToken(pointer.slice(1)) };
  const tokens = pointer.split("/");
  let node = top;
  // tokens[0] is the empty string before the leading "/"; the last token names the target itself.
  for (let i = 1; i < tokens.length - 1; i++) {
    const key = unescapeToken(tokens[i] as string);
    if (!Object.prototype.hasOwnProperty.call(node, key)) return { root: top, key: "" };
    const child = node[key];
    if (!isContainer(child)) return { root: top, key: "" };
    const writable = own(child, owner) as Record<string, unknown>;
    node[key] = writable;
    node = writable;
  }
  return { root: top, parent: node, key: unescapeToken(tokens[tokens.length - 1] as string) };
}

function own(value: object, owner: CopyOwner): object {
  return owner.isOwned(value) ? value : owner.adopt(shallowCopy(value));
}

/**
 * Spread is fastest for small objects. A large one (a state of hundreds of keys) is copied key by
 * key into an object that is a hash table ("dictionary mode" to V8) from the start: built from
 * `{}`, the copy went through a new hidden class per key before V8 gave up on them, and a
 * 1,000-key root cost ~3× more to copy, once per burst.
 */
function shallowCopy(value: object): object {
  if (Array.isArray(value)) return (value as readonly unknown[]).slice();
  const keys = Object.keys(value);
  if (keys.length < 64) return { ...value };
  // Deleting a property that is not the last one added turns an object into a hash table.
  const copy: Record<string, unknown> = { a: 0, b: 0 };
  delete copy.a;
  delete copy.b;
  const source = value as Record<string, unknown>;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    // An own "__proto__" key (JSON.parse makes them) must stay data, not reach the setter.
    if (key === "__proto__") Object.defineProperty(copy, key, { value: source[key], enumerable: true, writable: true, configurable: true });
    else copy[key] = source[key];
  }
  return copy;
}

function isContainer(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}

function unescapeToken(token: string): string {
  return token.indexOf("~") === -1 ? token : token.replace(/~1/g, "/").replace(/~0/g, "~");
}

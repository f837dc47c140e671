import { measureValue, WIRE_LIMITS } from "../thread/limits";

/** Who owns which containers: the fold's {@link Draft} is one; a patch's own scope is another. */
export interface CopyOwner {
  isOwned(value: object): boolean;
  adopt<T extends object>(value: T): T;
}

/** One RFC 6902 operation, as the wire may send it: checked before it is applied. */
interface Operation {
  op: "add" | "remove" | "replace" | "move" | "copy" | "test";
  path: string;
  from?: unknown;
  value?: unknown;
}

type Container = Record<string, unknown> | unknown[];

/**
 * Applies an RFC 6902 patch with structural sharing: only the containers on the paths an operation
 * touches are copied; every other branch keeps its identity.
 *
 * Containers `owner` already owns (copied earlier in the same burst) are changed in place, so a
 * burst of deltas copies each container once. An operation checks everything before it writes, so
 * a single one works straight on `owner`. A patch of several operations (or a move, a remove plus
 * an add) is atomic (§5): it works in a scope of its own, so a failure half-way leaves `doc` and
 * everything owned untouched, and only a patch that fully succeeds hands its copies to `owner`.
 *
 * Its own code, not fast-json-patch's: that library either mutates the document or deep-copies all
 * of it (`JSON.parse(JSON.stringify())`, which is what makes the SDK's reducer do ~1,000 deltas a
 * second on a large state), so it only ever ran here on containers this module had copied — and
 * three of its behaviours had to be worked around (a `move` resolves its target again after the
 * removal, into a container nobody copied; a member is "there" when `obj[key] !== undefined`, so
 * `toString` was; its errors pretty-print the whole document). What was left of it was the array
 * cases and `test`, 2.3 KB gzip of the core for forty lines.
 *
 * Throws on a patch that does not apply, with a short message naming the operation; the fold turns
 * that into a protocol error.
 *
 * @example
 * const owned = new Set<object>();
 * const owner = { isOwned: (v: object) => owned.has(v), adopt: <T extends object>(v: T) => (owned.add(v), v) };
 * const next = applyJsonPatch({ count: 1 }, [{ op: "replace", path: "/count", value: 2 }], owner);
 */
export function applyJsonPatch(doc: unknown, ops: readonly unknown[], owner: CopyOwner): unknown {
  if (ops.length === 1 && (ops[0] as { op?: unknown } | null)?.op !== "move") return applyOne(doc, ops[0], 0, owner);
  const scope = new Set<object>();
  const scoped: CopyOwner = { isOwned: (value) => scope.has(value), adopt: (value) => (scope.add(value), value) };
  let result = doc;
  for (let i = 0; i < ops.length; i++) result = applyOne(result, ops[i], i, scoped);
  for (const copy of scope) owner.adopt(copy);
  return result;
}

const OPS = new Set(["add", "remove", "replace", "move", "copy", "test"]);
/** RFC 6901: an array index is "0" or digits without a leading zero. */
const ARRAY_INDEX = /^(?:0|[1-9]\d*)$/;
/** How much of a hostile path an error message repeats. */
const PATH_IN_MESSAGE = 120;

const hasOwn = (value: object, key: string) => Object.prototype.hasOwnProperty.call(value, key);

function applyOne(doc: unknown, raw: unknown, index: number, owner: CopyOwner): unknown {
  const op = checked(raw, index);
  if (op.op === "move" || op.op === "copy") return moveOrCopy(doc, op as Operation & { from: string }, index, owner);
  // The door's limits hold for the document the patch makes, not only for the event: the value
  // is measured where it lands, so deltas cannot build what a snapshot could not bring.
  if (op.op === "add" || op.op === "replace") landsWithin(op, index, op.path === "" ? 0 : op.path.split("/").length - 1);
  if (op.path === "") {
    // The whole document: replaced, removed (null), or compared.
    if (op.op === "test") {
      if (!jsonEqual(doc, op.value)) throw failed(op, index, "the test failed");
      return doc;
    }
    return op.op === "remove" ? null : op.value;
  }
  const tokens = tokensOf(op.path);
  const parent = resolve(doc, tokens, tokens.length - 1);
  if (!parent) throw failed(op, index, "the path does not exist");
  const key = tokens[tokens.length - 1] as string;
  // Everything is checked on the document as it is, before a container is copied.
  if (Array.isArray(parent)) {
    const append = key === "-" && op.op === "add";
    if (!append && !ARRAY_INDEX.test(key)) throw failed(op, index, `"${key.slice(0, 40)}" is not an array index`);
    const at = append ? parent.length : Number(key);
    if (at > parent.length || (op.op !== "add" && at === parent.length)) throw failed(op, index, `index ${at} is out of bounds (length ${parent.length})`);
    if (op.op === "test") {
      if (!jsonEqual(parent[at], op.value)) throw failed(op, index, "the test failed");
      return doc;
    }
    const { root, target } = copyPath(doc, tokens, owner);
    const list = target as unknown[];
    if (op.op === "add") list.splice(at, 0, op.value);
    else if (op.op === "remove") list.splice(at, 1);
    else list[at] = op.value;
    return root;
  }
  const exists = hasOwn(parent, key);
  // §4.2, §4.3: the target of remove, replace and test must be a member (an inherited name such
  // as "toString" is not one).
  if (op.op !== "add" && !exists) throw failed(op, index, "the path does not exist");
  // Every later delta on this path copies the object member by member.
  if (!exists && op.op === "add" && Object.keys(parent).length >= WIRE_LIMITS.keys) {
    throw failed(op, index, `the object already has ${WIRE_LIMITS.keys.toLocaleString("en-US")} members`);
  }
  if (op.op === "test") {
    if (!jsonEqual(parent[key], op.value)) throw failed(op, index, "the test failed");
    return doc;
  }
  const { root, target } = copyPath(doc, tokens, owner);
  const members = target as Record<string, unknown>;
  // A key "__proto__" never gets here (`checked` refuses the path): this assignment writes data.
  if (op.op === "remove") delete members[key];
  else members[key] = op.value;
  return root;
}

function landsWithin(op: Operation, index: number, depth: number): void {
  const weight = measureValue(op.value, { ...WIRE_LIMITS, depth: WIRE_LIMITS.depth - depth });
  if (typeof weight === "string") throw failed(op, index, `the value would be ${weight} where it lands`);
}

function failed(op: { op?: unknown; path?: unknown }, index: number, why: string): Error {
  return new Error(`operation ${index} (${String(op.op).slice(0, 40)} ${quote(op.path)}): ${why}`);
}

/** A path through an object's prototype; fast-json-patch refused these and so does this. */
const PROTOTYPE_PATH = /(?:^|\/)(?:__proto__|constructor\/prototype)(?:\/|$)/;
const throughPrototype = (path: string) => (path.includes("__proto__") || path.includes("prototype")) && PROTOTYPE_PATH.test(path);

/** The operation `raw` is, or an error saying what it lacks. Called for every operation: it builds no string unless it fails. */
function checked(raw: unknown, index: number): Operation {
  const op = raw as Partial<Operation> | null;
  if (!op || typeof op !== "object" || Array.isArray(op) || typeof op.path !== "string") {
    throw new Error(`operation ${index} is not an object with a string "path"`);
  }
  const name = op.op;
  if (typeof name !== "string" || !OPS.has(name)) throw failed(op, index, '"op" is not one of add, remove, replace, move, copy, test');
  if (op.path !== "" && op.path.charCodeAt(0) !== 47 /* / */) throw failed(op, index, 'a path starts with "/"');
  if ((name === "add" || name === "replace" || name === "test") && op.value === undefined) throw failed(op, index, '"value" is missing');
  const from = op.from;
  if ((name === "move" || name === "copy") && typeof from !== "string") throw failed(op, index, '"from" is not a string');
  if (throughPrototype(op.path) || (typeof from === "string" && throughPrototype(from))) {
    throw failed(op, index, 'a path through "__proto__" or "constructor/prototype" is refused');
  }
  return op as Operation;
}

/**
 * §4.4, §4.5 as the remove and add (or the add alone) that they are, each through
 * {@link applyOne}: so each copies the containers on its own path as it resolves then. A move
 * whose removal shifts its target (`move /list/0 → /list/1/x`) lands where the add, after the
 * removal, says.
 */
function moveOrCopy(doc: unknown, op: Operation & { from: string }, index: number, owner: CopyOwner): unknown {
  const { from } = op;
  // §4.4: a location cannot be moved into one of its children. `{op:"move", from:"", path:"/x"}`
  // would make the document contain itself (a cycle that breaks JSON.stringify and every walk).
  if (op.op === "move" && op.path.startsWith(`${from}/`)) {
    throw new Error(`operation ${index} moves ${quote(from)} into its own child ${quote(op.path)}`);
  }
  const value = from === "" ? doc : valueAt(doc, tokensOf(from));
  if (value === undefined) throw new Error(`operation ${index} (${op.op} ${quote(op.path)}): "from" ${quote(from)} does not exist`);
  if (op.op === "move" && from === op.path) return doc;
  // Before the copy is made: copies of copies would double the document at each operation.
  if (op.op === "copy") landsWithin({ ...op, value }, index, 0);
  const rest = op.op === "move" ? applyOne(doc, { op: "remove", path: from }, index, owner) : doc;
  // A copy is a value of its own (§4.5): later operations on either place must not reach the other.
  return applyOne(rest, { op: "add", path: op.path, value: op.op === "copy" ? cloneJson(value) : value }, index, owner);
}

function tokensOf(pointer: string): string[] {
  // A member of the root ("/key", most state deltas) needs no split.
  if (pointer.lastIndexOf("/") === 0) return [unescapeToken(pointer.slice(1))];
  return pointer.slice(1).split("/").map(unescapeToken);
}

/** The container `tokens[0..depth)` leads to, through own members and canonical indices; else undefined. */
function resolve(doc: unknown, tokens: readonly string[], depth: number): Container | undefined {
  let node = doc;
  for (let i = 0; i < depth; i++) {
    node = child(node, tokens[i] as string);
    if (node === undefined) return undefined;
  }
  return isContainer(node) ? (node as Container) : undefined;
}

function valueAt(doc: unknown, tokens: readonly string[]): unknown {
  const parent = resolve(doc, tokens, tokens.length - 1);
  return parent === undefined ? undefined : child(parent, tokens[tokens.length - 1] as string);
}

function child(node: unknown, key: string): unknown {
  if (!isContainer(node) || !hasOwn(node, key) || (Array.isArray(node) && !ARRAY_INDEX.test(key))) return undefined;
  return (node as Record<string, unknown>)[key];
}

/**
 * Makes every container from the root down to the parent of the last token writable, copying the
 * ones not owned yet, and returns the new root and that parent. The path was resolved already.
 */
function copyPath(doc: unknown, tokens: readonly string[], owner: CopyOwner): { root: unknown; target: object } {
  const root = own(doc as object, owner);
  let node = root as Record<string, unknown>;
  for (let i = 0; i < tokens.length - 1; i++) {
    const key = tokens[i] as string;
    const writable = own(node[key] as object, owner) as Record<string, unknown>;
    node[key] = writable;
    node = writable;
  }
  return { root, target: node };
}

/** Equal as JSON values (§4.6): same type, same members, in any order for objects. */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isContainer(a) || !isContainer(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const list = b as unknown[];
    return a.length === list.length && a.every((item, i) => jsonEqual(item, list[i]));
  }
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => hasOwn(b, key) && jsonEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

function cloneJson(value: unknown): unknown {
  return isContainer(value) ? JSON.parse(JSON.stringify(value)) : value;
}

function quote(path: unknown): string {
  const text = String(path);
  return JSON.stringify(text.length > PATH_IN_MESSAGE ? `${text.slice(0, PATH_IN_MESSAGE)}…` : text);
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

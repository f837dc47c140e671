import { measureValue, WIRE_LIMITS } from "../thread/limits";
import { LARGE_OBJECT, MemberTable, plainOf } from "../thread/memberTable";
import { setOwn } from "../ownKeys";

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

type Container = Record<string, unknown> | unknown[] | MemberTable;

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
 * With `tables` (the fold's patches of the agent state), a root of {@link LARGE_OBJECT} members or
 * more that an operation writes into is kept as a {@link MemberTable} from then on: read and written
 * here in place of the object, and read as a plain value through the thread's `state`.
 *
 * Throws on a patch that does not apply, with a short message naming the operation; the fold turns
 * that into a protocol error.
 *
 * @example
 * const owned = new Set<object>();
 * const owner = { isOwned: (v: object) => owned.has(v), adopt: <T extends object>(v: T) => (owned.add(v), v) };
 * const next = applyJsonPatch({ count: 1 }, [{ op: "replace", path: "/count", value: 2 }], owner);
 */
export function applyJsonPatch(doc: unknown, ops: readonly unknown[], owner: CopyOwner, tables = false): unknown {
  if (ops.length === 1 && (ops[0] as { op?: unknown } | null)?.op !== "move") return applyOne(doc, ops[0], 0, owner, tables);
  const scope = new Set<object>();
  const scoped: CopyOwner = { isOwned: (value) => scope.has(value), adopt: (value) => (scope.add(value), value) };
  let result = doc;
  for (let i = 0; i < ops.length; i++) result = applyOne(result, ops[i], i, scoped, tables);
  for (const copy of scope) owner.adopt(copy);
  return result;
}

/**
 * The agent state with top-level members set (or removed, where the value is `undefined`): the
 * fold's own writes to it (predicted keys, the person's held edits), owned as a patch's are.
 */
export function setMembers(doc: object, members: readonly (readonly [string, unknown])[], owner: CopyOwner): object {
  const root = own(doc, owner, true) as Container;
  for (const [key, value] of members) write(root, key, value);
  return root;
}

const OPS = new Set(["add", "remove", "replace", "move", "copy", "test"]);
/** RFC 6901: an array index is "0" or digits without a leading zero. */
const ARRAY_INDEX = /^(?:0|[1-9]\d*)$/;
/** How much of a hostile path an error message repeats. */
const PATH_IN_MESSAGE = 120;

const hasOwn = (value: object, key: string) => Object.prototype.hasOwnProperty.call(value, key);

function applyOne(doc: unknown, raw: unknown, index: number, owner: CopyOwner, tables: boolean): unknown {
  const op = checked(raw, index);
  if (op.op === "move" || op.op === "copy") return moveOrCopy(doc, op as Operation & { from: string }, index, owner, tables);
  // The door's limits hold for the document the patch makes, not only for the event: the value
  // is measured where it lands, so deltas cannot build what a snapshot could not bring.
  if (op.op === "add" || op.op === "replace") landsWithin(op, index);
  if (op.path === "") {
    // The whole document: replaced, removed (null), or compared.
    if (op.op === "test") {
      if (!jsonEqual(plainOf(doc), op.value)) throw failed(op, index, "the test failed");
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
    const { root, target } = copyPath(doc, tokens, owner, tables);
    const list = target as unknown[];
    if (op.op === "add") list.splice(at, 0, op.value);
    else if (op.op === "remove") list.splice(at, 1);
    else list[at] = op.value;
    return root;
  }
  const exists = parent instanceof MemberTable ? parent.has(key) : hasOwn(parent, key);
  // §4.2, §4.3: the target of remove, replace and test must be a member (an inherited name such
  // as "toString" is not one).
  if (op.op !== "add" && !exists) throw failed(op, index, "the path does not exist");
  // Every later delta on this path copies the object member by member.
  if (!exists && op.op === "add" && (parent instanceof MemberTable ? parent.size : Object.keys(parent).length) >= WIRE_LIMITS.keys) {
    throw failed(op, index, `the object already has ${WIRE_LIMITS.keys.toLocaleString("en-US")} members`);
  }
  if (op.op === "test") {
    if (!jsonEqual(child(parent, key), op.value)) throw failed(op, index, "the test failed");
    return doc;
  }
  const { root, target } = copyPath(doc, tokens, owner, tables);
  write(target as Container, key, op.op === "remove" ? undefined : op.value);
  return root;
}

/** Sets `key` of an owned container, or removes it when `value` is `undefined`. */
function write(container: Container, key: string, value: unknown): void {
  if (container instanceof MemberTable) container.write(key, value);
  else if (value === undefined) delete (container as Record<string, unknown>)[key];
  else setOwn(container as Record<string, unknown>, key, value);
}

function landsWithin(op: Operation, index: number, depth?: number): void {
  const { value } = op;
  // Most deltas write a number or a short string: no walk needed to know they fit.
  if ((typeof value !== "object" || value === null) && (typeof value !== "string" || value.length <= WIRE_LIMITS.chars)) return;
  depth ??= op.path === "" ? 0 : op.path.split("/").length - 1;
  // A copy of the whole document may be a table: it is measured as what it reads as.
  const weight = measureValue(plainOf(value), { ...WIRE_LIMITS, depth: WIRE_LIMITS.depth - depth });
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
function moveOrCopy(doc: unknown, op: Operation & { from: string }, index: number, owner: CopyOwner, tables: boolean): unknown {
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
  const rest = op.op === "move" ? applyOne(doc, { op: "remove", path: from }, index, owner, tables) : doc;
  // A copy is a value of its own (§4.5): later operations on either place must not reach the other.
  return applyOne(rest, { op: "add", path: op.path, value: op.op === "copy" ? cloneJson(value) : value }, index, owner, tables);
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
  if (node instanceof MemberTable) return node.read(key);
  if (!isContainer(node) || !hasOwn(node, key) || (Array.isArray(node) && !ARRAY_INDEX.test(key))) return undefined;
  return (node as Record<string, unknown>)[key];
}

/**
 * Makes every container from the root down to the parent of the last token writable, copying the
 * ones not owned yet, and returns the new root and that parent. The path was resolved already.
 */
function copyPath(doc: unknown, tokens: readonly string[], owner: CopyOwner, tables: boolean): { root: object; target: object } {
  const root = own(doc as object, owner, tables);
  let node = root;
  for (let i = 0; i < tokens.length - 1; i++) {
    const key = tokens[i] as string;
    const writable = own(child(node, key) as object, owner, false);
    write(node as Container, key, writable);
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
  return isContainer(value) ? JSON.parse(JSON.stringify(plainOf(value))) : value;
}

function quote(path: unknown): string {
  const text = String(path);
  return JSON.stringify(text.length > PATH_IN_MESSAGE ? `${text.slice(0, PATH_IN_MESSAGE)}…` : text);
}

/** `value` if owned, else an owned copy: a table cloned, an array sliced, an object spread — or, as the agent state's large root, kept as a table. */
function own(value: object, owner: CopyOwner, root: boolean): object {
  if (owner.isOwned(value)) return value;
  return owner.adopt(
    value instanceof MemberTable ? value.clone()
      : Array.isArray(value) ? value.slice()
      : root && Object.keys(value).length >= LARGE_OBJECT ? MemberTable.of(value as Record<string, unknown>)
      : { ...value },
  );
}

function isContainer(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}

function unescapeToken(token: string): string {
  return token.indexOf("~") === -1 ? token : token.replace(/~1/g, "/").replace(/~0/g, "~");
}

import jsonPatch, { type Operation } from "fast-json-patch";

// The default import: Node loads fast-json-patch as CommonJS, where named ESM imports fail.
const { applyOperation } = jsonPatch;

/**
 * Applies an RFC 6902 patch with structural sharing: only the containers on the paths an operation
 * touches are copied; every other branch keeps its identity.
 *
 * The operations themselves (pointer resolution, validation, `test` equality, array `-`, the
 * `__proto__` ban) are fast-json-patch's; this module only decides what to copy. fast-json-patch on
 * its own either mutates the document or deep-copies all of it (`JSON.parse(JSON.stringify())`,
 * which is what makes the SDK's reducer do ~1,000 deltas a second on a large state).
 *
 * `owned` holds the containers the caller has already copied in this batch; they are changed in
 * place. A patch of several operations is atomic (RFC 6902 §5): it works in a scope of its own, so
 * a failure half-way leaves `doc` and everything owned untouched, and only a patch that fully
 * succeeds hands its copies to the caller through `adopt`.
 *
 * Throws on a patch that does not apply; the fold turns that into a protocol error.
 *
 * @example
 * const next = applyJsonPatch(state, [{ op: "replace", path: "/count", value: 2 }], new Set(), () => {});
 */
export function applyJsonPatch(
  doc: unknown,
  ops: readonly unknown[],
  owned: Set<object> | ((value: object) => boolean),
  adopt: (copies: Iterable<object>) => void,
): unknown {
  const isOwned = typeof owned === "function" ? owned : (value: object) => owned.has(value);
  // A single add/replace/remove/test validates before it mutates, so it can work in place. Anything
  // else (several operations, or move/copy, which are a remove plus an add) gets its own scope.
  const single = ops.length === 1 && isSimpleOp(ops[0]);
  const scope = new Set<object>();
  const ownedHere = single ? (value: object) => isOwned(value) || scope.has(value) : (value: object) => scope.has(value);

  let result = doc;
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i] as Operation;
    if (!op || typeof op !== "object" || typeof op.path !== "string") {
      throw new Error(`operation ${i} is not an object with a string "path"`);
    }
    // RFC 6902 §4.4: a location cannot be moved into one of its children. fast-json-patch does not
    // check it, and `{op:"move", from:"", path:"/x"}` made the document contain itself (a cycle
    // that broke JSON.stringify and every deep walk of the state).
    if (op.op === "move" && typeof op.from === "string" && op.path.startsWith(`${op.from}/`)) {
      throw new Error(`operation ${i} moves "${op.from}" into its own child "${op.path}"`);
    }
    result = copyPath(result, op.path, ownedHere, scope);
    if ((op.op === "move" || op.op === "copy") && typeof op.from === "string") {
      result = copyPath(result, op.from, ownedHere, scope);
    }
    result = applyOperation(result, op, true, true, true, i).newDocument;
  }
  adopt(scope);
  return result;
}

function isSimpleOp(op: unknown): boolean {
  const name = (op as { op?: unknown } | null)?.op;
  return name === "add" || name === "replace" || name === "remove" || name === "test";
}

/**
 * Makes every container from the root down to the parent of `pointer` writable, copying the ones
 * not owned yet. Stops quietly where the path does not exist; fast-json-patch then reports it.
 */
function copyPath(
  root: unknown,
  pointer: string,
  isOwned: (value: object) => boolean,
  scope: Set<object>,
): unknown {
  if (pointer === "" || !isContainer(root)) return root;
  const own = (value: object): object => {
    if (isOwned(value)) return value;
    const copy = Array.isArray(value) ? value.slice() : { ...value };
    scope.add(copy);
    return copy;
  };
  const top = own(root) as Record<string, unknown>;
  const tokens = pointer.split("/");
  let node = top;
  // tokens[0] is the empty string before the leading "/"; the last token names the target itself.
  for (let i = 1; i < tokens.length - 1; i++) {
    const key = unescapeToken(tokens[i] as string);
    if (!Object.prototype.hasOwnProperty.call(node, key)) break;
    const child = node[key];
    if (!isContainer(child)) break;
    const writable = own(child) as Record<string, unknown>;
    node[key] = writable;
    node = writable;
  }
  return top;
}

function isContainer(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}

function unescapeToken(token: string): string {
  return token.indexOf("~") === -1 ? token : token.replace(/~1/g, "/").replace(/~0/g, "~");
}

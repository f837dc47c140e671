import { isRecord } from "../thread/guards";
import { READ_VERSIONS } from "./limits";

/**
 * What the agent's door needs of an `a2ui-surface` activity, read cheaply (the full surface model,
 * its checks and bindings load with the renderer): the actions a person can take, in reading order
 * from each surface's `root` — a button inside a template once per item of its list, bound to that
 * item — and the surface's first heading. The person's door walks the full model with the same
 * {@link actionsOf}, so a number means the same button on both sides. An A2UI message it cannot
 * read is skipped here; the surface model says why.
 */
export interface ScannedAction {
  surfaceId: string;
  componentId: string;
  /** The item a template instance is bound to (`/flights/1`); absent outside templates. */
  scope?: string;
  name: string;
  label: string;
}

/** A container's children: a list of ids, or a template repeated for each item of a bound array. */
export type A2uiChildren = { kind: "ids"; ids: string[] } | { kind: "template"; path: string; componentId: string };

type Component = Readonly<Record<string, unknown>>;

/**
 * What a component holds, by the basic catalog's properties: `children` (a list or a template),
 * `child` (Card, Button), `trigger` and `content` (Modal), `tabs[].child` (Tabs).
 *
 * @example
 * childrenOf({ id: "root", component: "Column", children: ["a", "b"] }); // { kind: "ids", ids: ["a", "b"] }
 */
export function childrenOf(component: Component): A2uiChildren {
  const { children: c, tabs } = component;
  if (isRecord(c) && typeof c.path === "string" && typeof c.componentId === "string") return { kind: "template", path: c.path, componentId: c.componentId };
  const ids = [...(Array.isArray(c) ? (c as unknown[]) : []), component.child, component.trigger, component.content, ...(Array.isArray(tabs) ? tabs.map((t) => isRecord(t) && t.child) : [])];
  return { kind: "ids", ids: ids.filter((id): id is string => typeof id === "string") };
}

/**
 * The option id an action stands for in its surface's interaction (unique across the activity's
 * surfaces): `surface/component`, and `#/list/2` for one item of a template.
 *
 * @example
 * actionOptionId("flights", "card", "/flights/1"); // "flights/card#/flights/1"
 */
export const actionOptionId = (surfaceId: string, componentId: string, scope?: string): string => `${surfaceId}/${componentId}${scope ? `#${scope}` : ""}`;

/**
 * The value at a data path (relative ones inside a template's item), own keys only. Lighter than
 * `readPath` (no `~0`/`~1` escapes): the scan runs in the agent's door, which every app loads.
 */
export function valueAt(data: unknown, path: string, scope = ""): unknown {
  let at = data;
  for (const key of (path[0] === "/" ? path : `${scope}/${path}`).split("/").slice(1)) at = isRecord(at) || Array.isArray(at) ? Object.hasOwn(at, key) ? (at as Record<string, unknown>)[key] : undefined : undefined;
  return at;
}

const literal = (value: unknown): string | undefined => (typeof value === "string" && value.trim() ? value.replace(/^#+\s*/, "").trim().slice(0, 120) : undefined);

/**
 * The actions of one surface in reading order: each event button reachable from `root` (a loop or
 * a tree past 32 levels is not followed), a template's once per item (at most 500).
 *
 * @example
 * actionsOf("booking", (id) => table[id], data).map((a) => a.label); // ["Book", "Cancel"]
 */
export function actionsOf(surfaceId: string, get: (id: string) => Component | undefined, data: unknown): ScannedAction[] {
  const out: ScannedAction[] = [];
  const read = (v: unknown, scope?: string) => (isRecord(v) && typeof v.path === "string" ? valueAt(data, v.path, scope) : v);
  const visit = (id: string, scope: string | undefined, trail: string[], opens?: unknown): void => {
    const c = get(id);
    if (!c || trail.includes(id) || trail.length > 31) return;
    const event = isRecord(c.action) && isRecord(c.action.event) ? c.action.event : {};
    const name = typeof event.name === "string" ? event.name.slice(0, 200) : "";
    // A Modal's trigger opens the modal: it is not an action of the agent's.
    if (name && opens !== id) {
      const child = typeof c.child === "string" ? get(c.child) : undefined;
      // A template's button with no words of its own (a flight card's) is told apart by what it sends.
      const facts = scope && isRecord(event.context) ? Object.values(event.context).map((v) => read(v, scope)).filter((v) => typeof v === "string" || typeof v === "number").join(", ") : "";
      const label = literal(read(c.text ?? c.label ?? child?.text ?? child?.label, scope)) ?? (facts ? `${name}: ${facts.slice(0, 100)}` : name);
      out.push({ surfaceId, componentId: id, ...(scope ? { scope } : {}), name, label });
    }
    const children = childrenOf(c);
    trail = [...trail, id];
    if (children.kind === "ids") for (const child of children.ids) visit(child, scope, trail, c.trigger);
    else {
      const items = valueAt(data, children.path, scope);
      const base = children.path[0] === "/" ? children.path : `${scope ?? ""}/${children.path}`;
      if (Array.isArray(items)) for (let i = 0; i < Math.min(items.length, 500); i++) visit(children.componentId, `${base}/${i}`, trail);
    }
  };
  visit("root", undefined, []);
  return out;
}

/**
 * The activity's actions across its surfaces, and its first heading (for a channel's text). Each
 * snapshot carries the whole operation list so far; components are the last sent of each id, the
 * data model the last written at `/` (what `@ag-ui/a2ui-middleware` writes).
 *
 * @example
 * scanA2ui({ a2ui_operations: ops }).actions.map((a) => a.label); // ["Book", "Cancel"]
 */
export function scanA2ui(content: unknown): { title?: string; actions: ScannedAction[] } {
  const ops = isRecord(content) && Array.isArray(content.a2ui_operations) ? content.a2ui_operations.slice(0, 2000) : [];
  const surfaces = new Map<string, { table: Map<string, Component>; data?: unknown }>();
  const surface = (body: unknown) => {
    if (!isRecord(body) || typeof body.surfaceId !== "string") return undefined;
    const one = surfaces.get(body.surfaceId) ?? { table: new Map<string, Component>() };
    surfaces.set(body.surfaceId, one);
    return one;
  };
  let title: string | undefined;
  for (const op of ops) {
    // What the surface model refuses (0.8, another version) offers nothing to press either.
    if (!isRecord(op) || "surfaceUpdate" in op || "beginRendering" in op || (op.version !== undefined && (typeof op.version !== "string" || !READ_VERSIONS.test(op.version)))) continue;
    if (isRecord(op.deleteSurface)) surfaces.delete(op.deleteSurface.surfaceId as string);
    const data = op.updateDataModel;
    // The middleware writes the whole model at `/`; a deeper write is the surface model's to read.
    if (isRecord(data) && !data.path || (data as Component | undefined)?.path === "/") {
      const one = surface(data);
      if (one) one.data = (data as Component).value;
    }
    const one = surface(op.updateComponents);
    const list = one && (op.updateComponents as Component).components;
    for (const c of Array.isArray(list) ? list.slice(0, 1000) : []) {
      if (!isRecord(c) || typeof c.id !== "string") continue;
      one!.table.set(c.id, c);
      if (!title && c.component === "Text" && /^h\d$/.test(String(c.variant))) title = literal(c.text);
    }
  }
  const actions = [...surfaces].flatMap(([surfaceId, { table, data }]) => actionsOf(surfaceId, (id) => table.get(id), data));
  return title ? { title, actions } : { actions };
}

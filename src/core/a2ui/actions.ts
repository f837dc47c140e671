import { isRecord } from "../thread/guards";
import { setOwn } from "../ownKeys";
import type { A2uiComponent, A2uiSurface, A2uiSurfaces, A2uiUserAction } from "./types";
import { asText, failedChecks, resolveDynamic } from "./bindings";
import { surfaceTree } from "./tree";
import { writePath } from "./pointer";

/** One thing in a surface that sends an event to the agent: a button with `action.event`. */
export interface A2uiActionItem {
  surfaceId: string;
  componentId: string;
  /** The event's name (`submit_booking`). */
  name: string;
  /** What the person sees on it: the button's own text, its child's text, else the event's name. */
  label: string;
  /**
   * The agent marked it as doing something that matters (Parley's extension to the event:
   * `consequential: true`, or `category` such as `money`): the person confirms on a permission card first.
   */
  consequential: boolean;
}

/** The option id an action stands for in its interaction (unique across the activity's surfaces). */
export const actionOptionId = (surfaceId: string, componentId: string): string => `${surfaceId}/${componentId}`;

function eventOf(component: A2uiComponent): Record<string, unknown> | undefined {
  const action = component.action;
  return isRecord(action) && isRecord(action.event) && typeof action.event.name === "string" && action.event.name ? action.event : undefined;
}

function labelOf(surface: A2uiSurface, component: A2uiComponent, name: string): string {
  const own = resolveDynamic(component.text ?? component.label, { data: surface.dataModel });
  if (typeof own === "string" && own.trim()) return own.trim().slice(0, 120);
  const child = typeof component.child === "string" ? surface.components[component.child] : undefined;
  const text = child ? asText(resolveDynamic(child.text ?? child.label, { data: surface.dataModel })) : "";
  return (text.replace(/^#+\s*/, "").trim() || name).slice(0, 120);
}

/**
 * The event actions a person can take on the surfaces, in reading order (from each `root`).
 * Components inside templates are listed once, without an item.
 *
 * @example
 * surfaceActions(readA2uiContent(content)).map((a) => a.label); // ["Book", "Cancel"]
 */
export function surfaceActions(surfaces: A2uiSurfaces): A2uiActionItem[] {
  const items: A2uiActionItem[] = [];
  for (const surfaceId of surfaces.surfaceIds) {
    const surface = surfaces.surfaces[surfaceId]!;
    for (const id of surfaceTree(surface).reachable) {
      const component = surface.components[id]!;
      const event = eventOf(component);
      if (!event) continue;
      const name = String(event.name).slice(0, 200);
      const consequential = event.consequential === true || (typeof event.category === "string" && event.category !== "");
      items.push({ surfaceId, componentId: id, name, label: labelOf(surface, component, name), consequential });
    }
  }
  return items;
}

/**
 * The data model the person sees: the agent's, with the person's own edits (path → value) laid over it.
 *
 * @example
 * withEdits({ guests: 2 }, { "/guests": 4 }); // { guests: 4 }
 */
export function withEdits(dataModel: unknown, edits: Readonly<Record<string, unknown>> | undefined): unknown {
  let data = dataModel;
  for (const [path, value] of Object.entries(edits ?? {})) data = writePath(data, path, value)?.data ?? data;
  return data;
}

/**
 * What pressing `componentId` sends: the middleware's `userAction`, its `context` resolved against
 * `data` (the agent's data model with the person's edits). A check that fails refuses it, in the
 * check's own words; `undefined` when the component sends no event.
 *
 * @example
 * userActionFor(surface, "book", data, "2026-12-02T10:00:00.000Z");
 * // { ok: true, action: { name: "book_table", surfaceId: "booking", sourceComponentId: "book", context: { guests: 2 }, timestamp: "…" } }
 */
export function userActionFor(surface: A2uiSurface, componentId: string, data: unknown, timestamp: string): { ok: true; action: A2uiUserAction } | { ok: false; problems: string[] } | undefined {
  const component = Object.hasOwn(surface.components, componentId) ? surface.components[componentId] : undefined;
  const event = component && eventOf(component);
  if (!component || !event) return undefined;
  const at = { data };
  const sent = isRecord(event.context) ? boundPaths(event.context) : [];
  const problems = [...failedChecks(component.checks, at), ...inputProblems(surface, data, sent)];
  if (problems.length) return { ok: false, problems };
  const context: Record<string, unknown> = {};
  if (isRecord(event.context)) for (const [key, value] of Object.entries(event.context)) setOwn(context, key, resolveDynamic(value, at) ?? null);
  const action: A2uiUserAction = { name: String(event.name), surfaceId: surface.surfaceId, sourceComponentId: componentId, timestamp, context };
  if (surface.sendDataModel) action.dataModel = data;
  return { ok: true, action };
}

/** The data paths a context sends (its `{ path }` values). */
function boundPaths(context: Record<string, unknown>): string[] {
  return Object.values(context).flatMap((v) => (isRecord(v) && typeof v.path === "string" ? [v.path] : []));
}

/**
 * The failing checks of the surface's input components — of those whose value an action sends
 * (`sending`: the paths its context reads), or of all of them. A "Cancel" that sends nothing of the
 * form is not held back by a field left empty.
 */
export function inputProblems(surface: A2uiSurface, data: unknown, sending?: readonly string[]): string[] {
  const problems: string[] = [];
  for (const id of surfaceTree(surface).reachable) {
    const component = surface.components[id]!;
    if (component.component === "Button") continue;
    const path = isRecord(component.value) && typeof component.value.path === "string" ? component.value.path : undefined;
    if (sending && (path === undefined || !sending.some((p) => p === path || path.startsWith(`${p}/`) || p.startsWith(`${path}/`)))) continue;
    problems.push(...failedChecks(component.checks, { data }));
  }
  return problems;
}

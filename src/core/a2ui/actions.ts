import { isRecord } from "../thread/guards";
import { setOwn } from "../ownKeys";
import type { A2uiComponent, A2uiSurface, A2uiSurfaces, A2uiUserAction } from "./types";
import { failedChecks, resolveDynamic } from "./bindings";
import { surfaceTree } from "./tree";
import { actionsOf, type ScannedAction } from "./scan";
import { absolutePath, writePath } from "./pointer";

/** One thing in a surface that sends an event to the agent: a button with `action.event` (once per item in a template). */
export interface A2uiActionItem extends ScannedAction {
  /**
   * The agent marked it as doing something that matters (Parley's extension to the event:
   * `consequential: true`, or `category` such as `money`): the person confirms on a permission card first.
   */
  consequential: boolean;
}

/**
 * The event actions a person can take on the surfaces, in reading order (from each `root`), the
 * same list and order the agent's door numbers (`actionsOf`): a button in a template once per item.
 *
 * @example
 * surfaceActions(readA2uiContent(content)).map((a) => a.label); // ["Book", "Cancel"]
 */
export function surfaceActions(surfaces: A2uiSurfaces): A2uiActionItem[] {
  return surfaces.surfaceIds.flatMap((surfaceId) => {
    const surface = surfaces.surfaces[surfaceId]!;
    const get = (id: string) => (Object.hasOwn(surface.components, id) ? surface.components[id] : undefined);
    return actionsOf(surfaceId, get, surface.dataModel).map((item) => {
      const event = eventOf(get(item.componentId)!);
      return { ...item, consequential: event?.consequential === true || (typeof event?.category === "string" && event.category !== "") };
    });
  });
}

function eventOf(component: A2uiComponent): Record<string, unknown> | undefined {
  const action = component.action;
  return isRecord(action) && isRecord(action.event) && typeof action.event.name === "string" && action.event.name ? action.event : undefined;
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
 * userActionFor(surface, "book", data, "2026-12-02T10:00:00.000Z"); // a template's button: pass its item, "/flights/1"
 * // { ok: true, action: { name: "book_table", surfaceId: "booking", sourceComponentId: "book", context: { guests: 2 }, timestamp: "…" } }
 */
export function userActionFor(surface: A2uiSurface, componentId: string, data: unknown, timestamp: string, scope?: string): { ok: true; action: A2uiUserAction } | { ok: false; problems: string[] } | undefined {
  const component = Object.hasOwn(surface.components, componentId) ? surface.components[componentId] : undefined;
  const event = component && eventOf(component);
  if (!component || !event) return undefined;
  const at = scope ? { data, scope } : { data };
  const sent = isRecord(event.context) ? boundPaths(event.context, scope) : [];
  const problems = [...failedChecks(component.checks, at), ...inputProblems(surface, data, sent)];
  if (problems.length) return { ok: false, problems };
  const context: Record<string, unknown> = {};
  if (isRecord(event.context)) for (const [key, value] of Object.entries(event.context)) setOwn(context, key, resolveDynamic(value, at) ?? null);
  const action: A2uiUserAction = { name: String(event.name), surfaceId: surface.surfaceId, sourceComponentId: componentId, timestamp, context };
  if (surface.sendDataModel) action.dataModel = data;
  return { ok: true, action };
}

/** The data paths a context sends (its `{ path }` values, made absolute in a template's item). */
function boundPaths(context: Record<string, unknown>, scope?: string): string[] {
  return Object.values(context).flatMap((v) => (isRecord(v) && typeof v.path === "string" ? [absolutePath(v.path, scope)] : []));
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

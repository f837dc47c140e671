import { isRecord } from "../thread/guards";
import { setOwn } from "../ownKeys";
import type { A2uiComponent, A2uiSurface, A2uiSurfaces } from "./types";
import { A2UI_LIMITS, BASIC_CATALOG, READ_VERSIONS } from "./limits";
import { writePath } from "./pointer";

/** The `activityType` `@ag-ui/a2ui-middleware` gives a surface's activity. */
export const A2UI_ACTIVITY = "a2ui-surface";
/** The key of the operation list in that activity's content. */
export const A2UI_OPERATIONS_KEY = "a2ui_operations";

const EMPTY: A2uiSurfaces = { surfaces: {}, surfaceIds: [], problems: [] };
const LEGACY_KEYS = ["beginRendering", "surfaceUpdate", "dataModelUpdate"] as const;
const MESSAGE_KEYS = ["createSurface", "updateComponents", "updateDataModel", "deleteSurface"] as const;
const KNOWN = new Set<string>(BASIC_CATALOG);

const isId = (value: unknown): value is string => typeof value === "string" && value.length > 0 && value.length <= A2UI_LIMITS.idLength;
const short = (value: unknown): string => String(value).slice(0, 80);

function newSurface(surfaceId: string): A2uiSurface {
  return { surfaceId, components: Object.create(null) as Record<string, A2uiComponent>, componentIds: [], dataModel: {}, problems: [] };
}

/**
 * Applies one A2UI message to the surfaces. Pure and total: a message it cannot read leaves the
 * surfaces as they were and says why in `problems`; nothing here throws.
 *
 * @example
 * let s = reduceA2ui(undefined, { version: "v0.9", createSurface: { surfaceId: "f", catalogId: "basic" } });
 * s = reduceA2ui(s, { version: "v0.9", updateComponents: { surfaceId: "f", components: [{ id: "root", component: "Text", text: "Hi" }] } });
 * s.surfaces.f.components.root.text; // "Hi"
 */
export function reduceA2ui(state: A2uiSurfaces | undefined, message: unknown): A2uiSurfaces {
  const s = state ?? EMPTY;
  const refuse = (problem: string): A2uiSurfaces => ({ ...s, problems: [...s.problems, problem].slice(-50) });
  if (!isRecord(message)) return refuse("An A2UI message must be an object; one was skipped.");
  const legacy = LEGACY_KEYS.find((k) => k in message);
  if (legacy) return refuse(`An A2UI 0.8 message ("${legacy}") was not read: Parley reads A2UI 0.9 and later (createSurface, updateComponents, updateDataModel, deleteSurface).`);
  const version = message.version;
  if (version !== undefined && (typeof version !== "string" || !READ_VERSIONS.test(version))) {
    return refuse(`An A2UI message of version "${short(version)}" was not read: Parley reads 0.9, 0.10 and 1.x.`);
  }
  const keys = MESSAGE_KEYS.filter((k) => k in message);
  if (keys.length !== 1) return refuse(keys.length ? `An A2UI message must hold exactly one of ${MESSAGE_KEYS.join(", ")}; one held ${keys.join(" and ")}.` : "An A2UI message held none of createSurface, updateComponents, updateDataModel, deleteSurface; it was skipped.");
  const kind = keys[0]!;
  const body = message[kind];
  if (!isRecord(body) || !isId(body.surfaceId)) return refuse(`${kind}: a surfaceId (a string of at most ${A2UI_LIMITS.idLength} characters) is required.`);
  const surfaceId = body.surfaceId;
  const existing = Object.hasOwn(s.surfaces, surfaceId) ? s.surfaces[surfaceId] : undefined;
  const put = (surface: A2uiSurface): A2uiSurfaces => {
    const surfaces: Record<string, A2uiSurface> = Object.create(null) as Record<string, A2uiSurface>;
    for (const id of s.surfaceIds) surfaces[id] = s.surfaces[id]!;
    surfaces[surfaceId] = surface;
    return { ...s, surfaces, surfaceIds: existing ? s.surfaceIds : [...s.surfaceIds, surfaceId] };
  };
  switch (kind) {
    case "createSurface": {
      if (existing) return refuse(`createSurface: surface "${surfaceId}" already exists; delete it first.`);
      if (s.surfaceIds.length >= A2UI_LIMITS.surfaces) return refuse(`createSurface: more than ${A2UI_LIMITS.surfaces} surfaces in one activity; "${surfaceId}" was not created.`);
      const surface = newSurface(surfaceId);
      if (typeof body.catalogId === "string") surface.catalogId = body.catalogId.slice(0, 500);
      if (typeof version === "string") surface.version = version;
      if (isRecord(body.theme)) surface.theme = body.theme;
      if (body.sendDataModel === true || body.attachDataModel === true) surface.sendDataModel = true;
      return put(surface);
    }
    case "updateComponents": {
      // The spec lets an agent skip createSurface for a surface another agent made; here none did,
      // so the surface starts now, with no catalog said.
      const base = existing ?? newSurface(surfaceId);
      if (!Array.isArray(body.components)) return refuse(`updateComponents on "${surfaceId}": components must be an array.`);
      const components = Object.assign(Object.create(null), base.components) as Record<string, A2uiComponent>;
      const ids = [...base.componentIds];
      const problems = [...base.problems];
      for (const raw of body.components as unknown[]) {
        if (!isRecord(raw) || !isId(raw.id) || typeof raw.component !== "string") {
          problems.push(`A component without a string id and type was skipped.`);
          continue;
        }
        if (!(raw.id in components)) {
          if (ids.length >= A2UI_LIMITS.components) {
            problems.push(`More than ${A2UI_LIMITS.components} components; "${short(raw.id)}" and later ones were not added.`);
            break;
          }
          ids.push(raw.id);
        }
        if (!KNOWN.has(raw.component) && !problems.some((p) => p.includes(`"${short(raw.component)}"`))) {
          problems.push(`Component type "${short(raw.component)}" is not in the basic catalog; it is shown as escaped text unless the app registers it.`);
        }
        components[raw.id] = copyComponent(raw);
      }
      return put({ ...base, components, componentIds: ids, problems: problems.slice(-50) });
    }
    case "updateDataModel": {
      if (!existing) return refuse(`updateDataModel: no surface "${surfaceId}".`);
      const path = body.path === undefined ? "/" : body.path;
      if (typeof path !== "string") return refuse(`updateDataModel on "${surfaceId}": path must be a JSON Pointer.`);
      const value = "value" in body ? copyData(body.value) : undefined;
      if (value === TOO_BIG) return refuse(`updateDataModel on "${surfaceId}": the value is larger than the limit and was not applied.`);
      const written = writePath(existing.dataModel, path, value);
      if (!written) return refuse(`updateDataModel on "${surfaceId}": "${short(path)}" cannot be written in this data model.`);
      return put({ ...existing, dataModel: written.data === undefined ? {} : written.data });
    }
    case "deleteSurface": {
      if (!existing) return refuse(`deleteSurface: no surface "${surfaceId}".`);
      const surfaces = Object.assign(Object.create(null), s.surfaces) as Record<string, A2uiSurface>;
      delete surfaces[surfaceId];
      return { ...s, surfaces, surfaceIds: s.surfaceIds.filter((id) => id !== surfaceId) };
    }
  }
}

const TOO_BIG = Symbol("too big");
class TooBig extends Error {}

/** A plain copy of wire data with own keys only (`__proto__` stays an own key), bounded in size. */
function copyData(value: unknown): unknown {
  let nodes = 0;
  let chars = 0;
  const walk = (v: unknown, depth: number): unknown => {
    if (++nodes > A2UI_LIMITS.dataModelChars / 10 || depth > 64) throw new TooBig();
    if (typeof v === "string") {
      chars += v.length;
      if (chars > A2UI_LIMITS.dataModelChars) throw new TooBig();
      return v;
    }
    if (Array.isArray(v)) return v.map((x) => walk(x, depth + 1));
    if (isRecord(v)) {
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(v)) setOwn(out, key, walk(v[key], depth + 1));
      return out;
    }
    return typeof v === "number" || typeof v === "boolean" || v === null ? v : undefined;
  };
  try {
    return walk(value, 0);
  } catch {
    return TOO_BIG;
  }
}

function copyComponent(raw: Record<string, unknown>): A2uiComponent {
  const copied = copyData(raw);
  return (copied === TOO_BIG ? { id: raw.id, component: raw.component } : copied) as A2uiComponent;
}

const cache = new WeakMap<object, A2uiSurfaces>();

/**
 * The surfaces an `a2ui-surface` activity's content builds: its `a2ui_operations` applied in order
 * (the middleware sends the whole list again with every snapshot), or the generation lifecycle it
 * reports before anything is painted. The same content object gives the same result.
 *
 * @example
 * readA2uiContent({ a2ui_operations: [{ version: "v0.9", createSurface: { surfaceId: "f", catalogId: "basic" } }] }).surfaceIds; // ["f"]
 */
export function readA2uiContent(content: unknown): A2uiSurfaces {
  if (!isRecord(content)) return { ...EMPTY, problems: ["The A2UI activity has no content."] };
  const cached = cache.get(content);
  if (cached) return cached;
  let state: A2uiSurfaces = EMPTY;
  const operations = content[A2UI_OPERATIONS_KEY];
  if (Array.isArray(operations)) {
    const list = operations.slice(0, A2UI_LIMITS.messages);
    for (const message of list) state = reduceA2ui(state, message);
    if (operations.length > list.length) state = { ...state, problems: [...state.problems, `Only the first ${A2UI_LIMITS.messages} A2UI messages were read.`] };
  } else if (content.status === "building" || content.status === "retrying" || content.status === "failed") {
    state = { ...EMPTY, status: content.status };
    if (content.status === "failed") state.error = typeof content.error === "string" ? content.error.slice(0, 500) : "The agent could not make this surface.";
  } else {
    state = { ...EMPTY, problems: [`The A2UI activity has no "${A2UI_OPERATIONS_KEY}" list.`] };
  }
  cache.set(content, state);
  return state;
}

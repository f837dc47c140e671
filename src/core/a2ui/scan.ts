import { isRecord } from "../thread/guards";

/**
 * What the agent's door needs of an `a2ui-surface` activity, read cheaply (the full surface model,
 * its checks and bindings load with the renderer): the buttons that send events, in the order they
 * arrived, on the surfaces still there. An A2UI message it cannot read is skipped here; the surface
 * model says why.
 */
export interface ScannedAction {
  surfaceId: string;
  componentId: string;
  name: string;
  label: string;
}

const literal = (value: unknown): string | undefined => (typeof value === "string" && value.trim() ? value.replace(/^#+\s*/, "").trim().slice(0, 120) : undefined);

/**
 * @example
 * scanA2uiActions({ a2ui_operations: ops }).map((a) => a.label); // ["Book", "Cancel"]
 */
export function scanA2uiActions(content: unknown): ScannedAction[] {
  const ops = isRecord(content) && Array.isArray(content.a2ui_operations) ? content.a2ui_operations.slice(0, 2000) : [];
  const surfaces = new Map<string, Map<string, Record<string, unknown>>>();
  for (const op of ops) {
    if (!isRecord(op) || "surfaceUpdate" in op || "beginRendering" in op) continue;
    const gone = isRecord(op.deleteSurface) ? op.deleteSurface.surfaceId : undefined;
    if (typeof gone === "string") surfaces.delete(gone);
    const update = op.updateComponents;
    if (!isRecord(update) || typeof update.surfaceId !== "string" || !Array.isArray(update.components)) continue;
    const table = surfaces.get(update.surfaceId) ?? new Map<string, Record<string, unknown>>();
    surfaces.set(update.surfaceId, table);
    for (const c of update.components.slice(0, 1000)) if (isRecord(c) && typeof c.id === "string") table.set(c.id, c);
  }
  const out: ScannedAction[] = [];
  for (const [surfaceId, table] of surfaces) {
    for (const [componentId, c] of table) {
      const action = c.action;
      const event = isRecord(action) && isRecord(action.event) ? action.event : undefined;
      if (!event || typeof event.name !== "string" || !event.name) continue;
      const child = typeof c.child === "string" ? table.get(c.child) : undefined;
      const name = event.name.slice(0, 200);
      out.push({ surfaceId, componentId, name, label: literal(c.text) ?? literal(c.label) ?? literal(child?.text) ?? name });
    }
  }
  return out;
}

/** The first heading of the activity's surfaces, for a channel's text. */
export function scanA2uiTitle(content: unknown): string | undefined {
  const ops = isRecord(content) && Array.isArray(content.a2ui_operations) ? content.a2ui_operations : [];
  for (const op of ops) {
    const update = isRecord(op) ? op.updateComponents : undefined;
    if (!isRecord(update) || !Array.isArray(update.components)) continue;
    for (const c of update.components) if (isRecord(c) && c.component === "Text" && typeof c.variant === "string" && /^h\d$/.test(c.variant) && literal(c.text)) return literal(c.text);
  }
  return undefined;
}

import { isRecord } from "../thread/guards";
import { readA2uiContent } from "../a2ui/surface";
import { childrenOf } from "../a2ui/scan";
import { asText, resolveDynamic, type BindingScope } from "../a2ui/bindings";
import { A2UI_LIMITS } from "../a2ui/limits";
import type { A2uiSurface } from "../a2ui/types";

/** How a field's value reads when it is not a word of its own. */
export interface SurfaceWords {
  yes: string;
  no: string;
  empty: string;
}

/** A channel shows at most this many lines of a surface: the numbered actions are what must fit. */
const MAX_LINES = 40;

/**
 * What an A2UI surface says, as lines of plain text for a channel without its components (IM,
 * voice), in reading order from each surface's `root`: its texts, and each input as "label: value"
 * with the value the data model holds now. Buttons are left out — they are the question's numbered
 * choices — and so are images, media and what the catalog lacks. Templates are read once per item.
 * Pure; nothing from the wire becomes markup.
 *
 * @example
 * surfaceLines(activity.content, { yes: "yes", no: "no", empty: "—" });
 * // ["Book a table", "Guests: 2", "Date: 2026-12-24T19:30", "Name: —", "Seating: Inside"]
 */
export function surfaceLines(content: unknown, words: SurfaceWords, locale?: string): string[] {
  const lines: string[] = [];
  const { surfaces, surfaceIds } = readA2uiContent(content);
  for (const surfaceId of surfaceIds) {
    const surface = surfaces[surfaceId]!;
    const seen = new Set<string>();
    const visit = (id: string, scope: string | undefined, depth: number): void => {
      const c = Object.hasOwn(surface.components, id) ? surface.components[id] : undefined;
      const key = `${id}#${scope ?? ""}`;
      // Each component once per item: a component that contains itself is not followed round.
      if (!c || lines.length >= MAX_LINES || depth > A2UI_LIMITS.depth || seen.has(key)) return;
      seen.add(key);
      const at: BindingScope = { data: surface.dataModel, ...(scope ? { scope } : {}), ...(locale ? { locale } : {}) };
      const line = lineOf(c, at, words);
      if (line) lines.push(line);
      if (c.component === "Button") return;
      const children = childrenOf(c);
      if (children.kind === "ids") for (const child of children.ids) visit(child, scope, depth + 1);
      else {
        const items = resolveDynamic({ path: children.path }, at);
        const base = children.path.startsWith("/") ? children.path : `${scope ?? ""}/${children.path}`;
        if (Array.isArray(items)) for (let i = 0; i < Math.min(items.length, A2UI_LIMITS.templateItems); i++) visit(children.componentId, `${base}/${i}`, depth + 1);
      }
    };
    visit("root", undefined, 0);
  }
  return lines;
}

const plain = (text: string) => text.replace(/^#+\s*/, "").replace(/\s+/g, " ").trim().slice(0, 300);

function lineOf(c: A2uiSurface["components"][string], at: BindingScope, words: SurfaceWords): string | undefined {
  const text = (value: unknown) => plain(asText(resolveDynamic(value, at)));
  const label = () => text(c.label) || text(c.accessibilityLabel) || c.id;
  const value = resolveDynamic(c.value, at);
  switch (c.component) {
    case "Text":
      return text(c.text) || undefined;
    case "TextField":
    case "DateTimeInput":
    case "Slider":
      return `${label()}: ${plain(asText(value)) || words.empty}`;
    case "CheckBox":
      return `${label()}: ${value === true ? words.yes : words.no}`;
    case "ChoicePicker": {
      const options = Array.isArray(c.options) ? c.options.filter(isRecord) : [];
      const chosen = (Array.isArray(value) ? value : value === undefined ? [] : [value]).map((v) => {
        const option = options.find((o) => o.value === v);
        return option ? text(option.label) || asText(v) : asText(v);
      });
      return `${label()}: ${chosen.join(", ") || words.empty}`;
    }
    default:
      return undefined;
  }
}

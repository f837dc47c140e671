import type { A2uiComponent, A2uiSurface } from "./types";
import { A2UI_LIMITS } from "./limits";
import { childrenOf } from "./scan";

/** The ids a component refers to, template or not. */
export function referencedIds(component: A2uiComponent): string[] {
  const children = childrenOf(component);
  return children.kind === "ids" ? children.ids : [children.componentId];
}

export interface SurfaceTree {
  /** `root` has arrived: the surface can be drawn. */
  ready: boolean;
  /** Ids reachable from `root` in reading order (each once). */
  reachable: string[];
  /** Ids named but not (yet) sent: drawn as placeholders while the surface streams. */
  missing: string[];
  /** Cycles and depth past the limit, in words: the renderer stops there. */
  problems: string[];
}

/**
 * Walks a surface from `root`: what is reachable, what is still missing, and where the tree is
 * not a tree (a component that contains itself, a chain deeper than the limit). Never throws.
 *
 * @example
 * surfaceTree(surface).problems; // ['Component "a" contains itself (a → b → a); the loop is not drawn.']
 */
export function surfaceTree(surface: A2uiSurface): SurfaceTree {
  const out: SurfaceTree = { ready: "root" in surface.components, reachable: [], missing: [], problems: [] };
  if (!out.ready) return out;
  const seen = new Set<string>();
  const path: string[] = [];
  const visit = (id: string): void => {
    if (path.includes(id)) {
      const loop = [...path.slice(path.indexOf(id)), id].join(" → ");
      if (out.problems.length < 10) out.problems.push(`Component "${id}" contains itself (${loop}); the loop is not drawn.`);
      return;
    }
    if (path.length >= A2UI_LIMITS.depth) {
      if (!out.problems.some((p) => p.startsWith("The tree is deeper"))) out.problems.push(`The tree is deeper than ${A2UI_LIMITS.depth} levels; what is below is not drawn.`);
      return;
    }
    const component = surface.components[id];
    if (!component) {
      if (!out.missing.includes(id)) out.missing.push(id);
      return;
    }
    if (seen.has(id)) return;
    seen.add(id);
    out.reachable.push(id);
    path.push(id);
    for (const child of referencedIds(component)) visit(child);
    path.pop();
  };
  visit("root");
  return out;
}

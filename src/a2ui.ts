/**
 * `parley-ui/a2ui`: A2UI surfaces in the thread. The kit shows an `a2ui-surface` activity by
 * itself, loading this renderer on first use; import this entry to load it up front, to draw a
 * surface outside a thread, or to use the surface model (no React) directly.
 */
export { A2uiSurfaceView } from "./components/a2ui/A2uiSurfaceView";
export { A2UI_BASIC_COMPONENTS } from "./components/a2ui/catalog";
export { useA2uiSurface, type A2uiComponentProps, type SurfaceContextValue as A2uiSurfaceContext } from "./components/a2ui/surfaceContext";
export { a2uiLabels, type A2uiLabels } from "./components/a2ui/labels";
export { A2uiActivity, A2uiActionRow, a2uiComponents } from "./components/a2ui/lazyA2ui";
export * from "./core/a2ui";
export { a2uiDoor, a2uiForwarded, a2uiInteractionId, planA2uiAnswer, A2UI_INTERACTION_TYPE, A2UI_NOTHING_OWED, type A2uiPlan } from "./core/origins/a2ui";
export type { A2uiResponse } from "./core/interactions/types";

import { a2uiDoor } from "./core/origins/a2ui";
// An app that imports this entry (a channel-only one, with no renderer drawn) can take presses and number replies at once.
void a2uiDoor.load();

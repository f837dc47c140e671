export type { A2uiComponent, A2uiSurface, A2uiSurfaces, A2uiUserAction } from "./types";
export { A2UI_LIMITS, BASIC_CATALOG, READ_VERSIONS } from "./limits";
export { absolutePath, pointerSegments, readPath, writePath } from "./pointer";
export { A2UI_ACTIVITY, A2UI_OPERATIONS_KEY, readA2uiContent, reduceA2ui } from "./surface";
export { referencedIds, surfaceTree, type SurfaceTree } from "./tree";
export { actionOptionId, actionsOf, childrenOf, scanA2ui, valueAt, type A2uiChildren, type ScannedAction } from "./scan";
export { asText, failedChecks, interpolate, resolveDynamic, type BindingScope } from "./bindings";
export { inputProblems, surfaceActions, userActionFor, withEdits, type A2uiActionItem } from "./actions";

export * from "./envelope";
export { parleyTools, parleyToolType, envelopeFromToolArgs, PARLEY_TOOL_TYPES, type ParleyToolName } from "./parleyTools";

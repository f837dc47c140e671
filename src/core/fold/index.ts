export { createThreadState, foldEvent, foldEvents, LIVE_ARGS_PARSE_LIMIT, type ThreadInit } from "./fold";
export { currentActivity, deriveStatus } from "../thread/status";
export { toAgUiMessages, type ToAgUiMessagesOptions } from "./toAgUiMessages";
export { applyJsonPatch } from "./jsonPatch";
export * from "../thread/types";
export { IdTable } from "../thread/idTable";

export { createThreadState, deriveStatus, foldEvent, foldEvents, type ThreadInit } from "./fold";
export { toAgUiMessages, type ToAgUiMessagesOptions } from "./toAgUiMessages";
export { applyJsonPatch } from "./jsonPatch";
export * from "./types";
export { appendMessage, endRunLocally, removeMessages } from "./local";

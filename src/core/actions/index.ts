export { applyClientAction, refusalOf, answerMessageId, appendMessage, endRunLocally, removeMessages, type ActionRefusal, type ClientAction, type ClientActionType } from "./applyClientAction";
export { checkResponse } from "./checkResponse";

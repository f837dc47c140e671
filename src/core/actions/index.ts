export { applyClientAction, refusalOf, type ActionRefusal, type ClientAction, type ClientActionType } from "./applyClientAction";
export { answerMessageId } from "../thread/write";
export { checkResponse } from "./checkResponse";

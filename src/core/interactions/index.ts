export * from "./types";
export { selectInteractions, selectPendingIds, undeliveredIds, uncoveredInterrupts } from "./select";
export { planReply, type ReplyPlan } from "./planReply";
export { isPauseRequest, pauseBlocker, PAUSE_PHRASES } from "./pause";
export { answerInWords, forwardedResponseFor, langGraphResume, resumeEntryFor, toolResultContent, wireResponse, type ForwardedResponse } from "./delivery";
export { envelopeFromInterrupt, interactionRowId, INTERACTION_EVENT, LANGGRAPH_INTERRUPT_EVENT } from "./derive";
export { toolPermissionInteraction } from "./toolPermission";
export { continueCardId, isKitInteractionId, toolPermissionId } from "./kitIds";
export { choseToContinue, continueCard, CONTINUE_OPTION, STOP_OPTION } from "./continueCard";

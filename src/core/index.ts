export * from "./fold";
export * from "./actions";
export * from "./protocol";
export * from "./interactions";
export * from "./enumeration";
export * from "./run-input";
export { answerStart, branchPosition, type BranchPosition, type BranchSet } from "./branches";
export { readSuggestions, SUGGESTIONS_EVENT, type Suggestion, type Suggestions } from "./fold/suggestions";
export { CITATIONS_EVENT, type Citation, type MessageSupport } from "./fold/citations";
export * from "./transport/types";
// The HTTP/SSE transport (createHttpAgent) is its own entry, parley-ui/http (src/http.ts).
// Re-checking a grant at execution time (seed 001) needs no engine: the same check the engine makes.
export { checkGrant, grantStatus, type GrantStatus } from "./policy/grants";
export type { Grant, GrantCheckOptions, GrantScope, Operation, PolicyDecision, PolicyVerdict } from "./policy/types";
export type { ArgumentProblem, ToolOutcome, ToolParameters } from "./tools/frontendTools";
export type { HeldEdits } from "./state/heldEdits";
export type { StatePrediction, StatePredictions } from "./state/predictState";
export type { StateRun } from "./state/stateRun";
// Types only: the limits and the file reading load with the composer's attachments, on first use.
export { userContent } from "./attachments/userContent";
export type { AttachmentFile, AttachmentKind, AttachmentLimits, AttachmentRefusal } from "./attachments";
export { agentSupports, acceptsFileType, type CapabilitiesReading, type CapabilityFeature } from "./capabilities";
// Types only: the recognizer itself (webSpeechInput) loads with the composer's microphone, or from parley-ui/channels.
export type { SpeechInput, SpeechInputError, SpeechInputErrorKind, SpeechListeners, SpeechSession } from "./channels/speechInput";
export { feedbackMetaEvent, selectFeedback, unsentFeedback, FEEDBACK_REASON_LIMIT, type AnswerFeedback, type FeedbackRating, type MetaEvent } from "./feedback";

export { ParleyProvider, useForgetThread, useThreadStore, type ParleyProviderProps } from "./ParleyProvider";
export { useAgentRun, useAgentState, useMessage, useMessageIds, useThread, useToolCall, type AgentRun } from "./hooks";
export { useSetAgentState } from "./sharedState";
export { useConfidenceReader, useMessageSupport, useSubagentName, type Confidence, type MessageSupportView } from "./support";
export {
  useAuditLog,
  useAwaitingToolCallIds,
  useCountdown,
  useGrants,
  useGrantOptions,
  useGrantScopes,
  useCurrentActivity,
  useInteraction,
  useInteractionActions,
  useInteractions,
  usePause,
  usePendingInteractionIds,
  useReplyPlan,
  useRespondableRange,
  type GrantOptions,
  type InteractionActions,
} from "./interactions";
// The grants page's and audit's hooks are in parley-ui/headless: only the lazily loaded panels use them.
export { useReconnecting } from "./connection";
export {
  useAgentContext,
  useBranches,
  useCopyMessage,
  useMessageActions,
  useSuggestions,
  type Branches,
  type CopyState,
  type MessageActions,
  type SuggestionsView,
} from "./conversation";
export { useAttachments, type Attachment, type AttachmentOptions, type Attachments, type UploadAttachment } from "./attachments";
export { useAgentCapabilities, type AgentCapabilitiesView } from "./capabilities";
export { useDictation, type Dictation } from "./useDictation";
export { useFeedback, type FeedbackView } from "./useFeedback";

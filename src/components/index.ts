export { mergeClasses as cn } from "./lib/cn";
export { Button, buttonVariants, type ButtonProps, type ButtonVariantProps } from "./lib/button";
export { ParleyUIProvider, type ParleyUIProviderProps } from "./registry/ParleyUIProvider";
export {
  createMessageRegistry,
  registerMessageComponent,
  messageKind,
  type MessageComponent,
  type MessageComponentProps,
  type MessageComponents,
  type MessageKind,
  type MessageRegistry,
  type RegistryTable,
  type ToolRenderer,
  type ToolRendererKey,
  type ToolRenderers,
  type ToolRendererProps,
  type ToolRenderStatus,
} from "./registry/registry";
export { useFrontendTool, useStateRenderer, useToolRenderer, useToolRendererFor, type StateRendererProps, type UseFrontendToolOptions } from "./registry/toolHooks";
export { useMessageRegistry } from "./registry/UIContext";
export { MessageRenderer, useMessageComponent, type MessageRendererProps } from "./registry/MessageRenderer";
export { Fallback } from "./registry/Fallback";
export { PartErrorBoundary, type PartErrorBoundaryProps } from "./registry/PartErrorBoundary";
export type { UrlPolicy } from "./lib/urlPolicy";
export { Message, type MessagePartProps, type MessageRootProps, type MessageVariant } from "./message/MessageParts";
export { AssistantMessage, PlanActivity, ReasoningMessage, SystemMessage, ToolMessage, UserMessage } from "./message/messages";
export { defaultMessageComponents } from "./message/defaults";
export { LazyMarkdown as Markdown, preloadMarkdown, type MarkdownProps } from "./markdown/LazyMarkdown";
export { safeUrl } from "./markdown/safeUrl";
export { ConfidenceLabel, type ConfidenceLabelProps } from "./message/ConfidenceLabel";
export { ToolCall, ToolCallCard, formatToolArgs, formatToolResult, type ToolCallCardProps, type ToolCallRootProps } from "./tool-call/ToolCall";
export { Thread, type ThreadProps } from "./thread/Thread";
export type { ThreadJumpToLatestProps, ThreadMessagesProps, ThreadPartProps, ThreadRootProps, ThreadViewState } from "./thread/ThreadParts";
export { Composer, isComposing, type ComposerProps } from "./composer/Composer";
export { useFocusComposer } from "./composer/ComposerFocus";
export { AgentStatusIndicator, type AgentStatusIndicatorProps } from "./status/AgentStatusIndicator";
export { RunError, type RunErrorProps } from "./status/RunError";
export { InteractionCard, useInteractionContext, useRowInteraction, type InteractionRootProps } from "./interactions/InteractionParts";
export { AdviceCard, ErrorCard, InputRequestForm, preloadInteractionCards } from "./interactions/lazyCards";
export { NotificationCard } from "./interactions/NotificationCard";
export type { ActionPartProps } from "./interactions/actionPart";
export { InteractionFallback } from "./interactions/InteractionFallback";
export { InteractionQueue, type InteractionQueueProps } from "./interactions/queueShell";
export { preloadSchemaForm, SchemaForm, type SchemaFormProps } from "./interactions/SchemaForm";
export { useRevealMessage } from "./thread/ThreadNavigation";
export * from "./permissions";
export { AnswerActions, BranchPicker, CopyMessageButton, EditableUserMessage, type AnswerActionsProps } from "./conversation/MessageActions";
export { MessageExtraActions, type ExtraMessageActions } from "./conversation/extraActions";
export { SuggestionChips } from "./conversation/SuggestionChips";
export { MessageFeedback, type MessageFeedbackProps } from "./feedback/MessageFeedback";

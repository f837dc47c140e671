import type { MessageComponents } from "../registry/registry";
import { AssistantMessage, PlanActivity, ReasoningMessage, SystemMessage, ToolMessage, UserMessage } from "./messages";
import { AdviceCard, ErrorCard, InputRequestForm } from "../interactions/lazyCards";
import { NotificationCard } from "../interactions/NotificationCard";
import { PermissionRequestCard } from "../permissions/lazyPermissions";

/** The kit's own components, by kind; the last place the registry looks before `Fallback`. */
export const defaultMessageComponents: MessageComponents = {
  user: UserMessage,
  assistant: AssistantMessage,
  system: SystemMessage,
  developer: SystemMessage,
  tool: ToolMessage,
  reasoning: ReasoningMessage,
  "activity:PLAN": PlanActivity,
  notification: NotificationCard,
  advice: AdviceCard,
  permission_request: PermissionRequestCard,
  input_request: InputRequestForm,
  error: ErrorCard,
};

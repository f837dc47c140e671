import type { MessageComponents } from "../registry/registry";
import { AssistantMessage, PlanActivity, ReasoningMessage, SystemMessage, ToolMessage, UserMessage } from "./messages";

/** The kit's own components, by kind; the last place the registry looks before `Fallback`. */
export const defaultMessageComponents: MessageComponents = {
  user: UserMessage,
  assistant: AssistantMessage,
  system: SystemMessage,
  developer: SystemMessage,
  tool: ToolMessage,
  reasoning: ReasoningMessage,
  "activity:PLAN": PlanActivity,
};

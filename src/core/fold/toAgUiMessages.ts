import type { AssistantMessage, Message, ToolCall } from "@ag-ui/core";
import type { ThreadState, ToolCallState } from "../thread/types";

export interface ToAgUiMessagesOptions {
  /**
   * Include `activity` messages. They are client display state that the SDK never sends back to
   * the agent, so the default (false) is what a `RunAgentInput` wants.
   */
  includeActivity?: boolean;
}

/**
 * The thread as AG-UI `Message[]`, ready for the next `RunAgentInput` — deep-equal to the
 * `messages` `@ag-ui/client` builds from the same events (the parity suite checks this).
 *
 * @example
 * const input = { threadId, runId, messages: toAgUiMessages(thread), tools: [], context: [] };
 */
export function toAgUiMessages(state: ThreadState, options: ToAgUiMessagesOptions = {}): Message[] {
  const out: Message[] = [];
  for (const id of state.messageIds) {
    const message = state.messages.get(id);
    if (!message) continue;
    if (message.role === "activity" && !options.includeActivity) continue;
    // Parley's own rows: the question is already in the agent's tool call, interrupt or event.
    if (message.role === "interaction") continue;
    const { streaming: _streaming, ...rest } = message;
    if (rest.role !== "assistant") {
      out.push(rest);
      continue;
    }
    const { toolCallIds, ...assistant } = rest;
    const result: AssistantMessage = assistant;
    if (toolCallIds) {
      result.toolCalls = [];
      for (const callId of toolCallIds) {
        const call = state.toolCalls.get(callId);
        if (call) result.toolCalls.push(toAgUiToolCall(call));
      }
    }
    out.push(result);
  }
  return out;
}

function toAgUiToolCall(call: ToolCallState): ToolCall {
  const toolCall: ToolCall = {
    id: call.id,
    type: "function",
    function: { name: call.name, arguments: call.argsText },
  };
  if (call.metadata !== undefined) toolCall.metadata = call.metadata;
  if (call.encryptedValue !== undefined) toolCall.encryptedValue = call.encryptedValue;
  return toolCall;
}

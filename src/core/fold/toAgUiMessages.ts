import type { AssistantMessage, Message, ToolCall } from "@ag-ui/core";
import type { ThreadMessage, ThreadState, ToolCallState } from "../thread/types";
import { isDevelopment } from "../dev";

export interface ToAgUiMessagesOptions {
  /**
   * Include `activity` messages. They are client display state that the SDK never sends back to
   * the agent, so the default (false) is what a `RunAgentInput` wants.
   */
  includeActivity?: boolean;
}

/**
 * Each thread message as AG-UI, made once: the fold replaces a message object whenever it changes,
 * so the same object always reads the same. An assistant message's tool calls live in their own
 * table; its entry also keeps the calls it was made from, and is made again when one of them is
 * replaced.
 */
const made = new WeakMap<ThreadMessage, { message: Message; calls?: (ToolCallState | undefined)[] }>();

/**
 * The thread as AG-UI `Message[]`, ready for the next `RunAgentInput` — deep-equal to the
 * `messages` `@ag-ui/client` builds from the same events (the parity suite checks this).
 *
 * The array is new on every call; the messages in it are shared with earlier calls while the
 * thread's message is unchanged (a 10,000-message thread is not copied for every run). They are
 * read-only, as the thread itself (frozen in development): an agent that wants to change its
 * input's messages copies them first.
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
    out.push(toAgUiMessage(state, message));
  }
  return out;
}

function toAgUiMessage(state: ThreadState, message: ThreadMessage): Message {
  const toolCallIds = message.role === "assistant" ? message.toolCallIds : undefined;
  const calls = toolCallIds?.map((callId) => state.toolCalls.get(callId));
  const known = made.get(message);
  if (known && sameCalls(known.calls, calls)) return known.message;
  const { streaming: _streaming, ...rest } = message;
  let result: Message;
  if (rest.role === "assistant") {
    const { toolCallIds: _ids, ...assistant } = rest;
    const out: AssistantMessage = assistant;
    if (calls) {
      out.toolCalls = [];
      for (const call of calls) if (call) out.toolCalls.push(toAgUiToolCall(call));
    }
    result = out;
  } else result = rest as Message;
  // Shared by every later call and run: in development, changing one fails loudly where it is done
  // instead of reaching the next run's input unseen.
  if (isDevelopment()) frozen(result);
  made.set(message, calls ? { message: result, calls } : { message: result });
  return result;
}

/** Whether two lists of tool calls hold the same objects (both absent counts as the same). */
function sameCalls(a: readonly unknown[] | undefined, b: readonly unknown[] | undefined): boolean {
  if (!a || !b) return a === b;
  return a.length === b.length && a.every((call, i) => call === b[i]);
}

/** The message and the tool calls made for it (not what they share with the thread: content, metadata). */
function frozen(message: Message): void {
  if (message.role === "assistant" && message.toolCalls) {
    for (const call of message.toolCalls) Object.freeze(Object.freeze(call).function);
    Object.freeze(message.toolCalls);
  }
  Object.freeze(message);
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

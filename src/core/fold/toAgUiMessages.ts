import type { AssistantMessage, Message, ToolCall } from "@ag-ui/core";
import type { ThreadMessage, ThreadState, ToolCallState } from "../thread/types";
import { isDevelopment } from "../dev";
import { messagesKept } from "../thread/appended";

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

/** What was made for one thread: with activity messages and without (arrays of its own, never handed out). */
interface Made {
  state: ThreadState;
  all: Message[];
  sent: Message[];
  order: CallOrder;
  misordered: boolean;
}

/**
 * The last version of each thread made into AG-UI messages, by its messages table's shared index
 * (one per thread and the versions folded from it; gone with them): a version that only added
 * messages since is made by adding theirs, so a run's start and end do not walk a long history
 * again.
 */
const lastMade = new WeakMap<object, Made>();

/** Reads messages in order; true from the first tool result that came before the assistant message holding its call. */
type CallOrder = (message: Message) => boolean;

/**
 * A reader of a message list's call order: feed it each message in turn, and it says (from then
 * on) whether a tool result came before the assistant message that first holds its call. It keeps
 * two sets of call ids, so it can go on from where it stopped when the list grows.
 *
 * @example
 * const misordered = callOrder();
 * const needsMoving = messages.some((m) => misordered(m));
 */
export function callOrder(): CallOrder {
  const called = new Set<string>();
  const early = new Set<string>();
  let misordered = false;
  return (m) => {
    if (m.role === "assistant") {
      for (const call of m.toolCalls ?? []) {
        if (early.has(call.id)) misordered = true;
        called.add(call.id);
      }
    } else if (m.role === "tool" && !called.has(m.toolCallId)) early.add(m.toolCallId);
    return misordered;
  };
}

/**
 * The thread as AG-UI `Message[]`, ready for the next `RunAgentInput` — deep-equal to the
 * `messages` `@ag-ui/client` builds from the same events (the parity suite checks this).
 *
 * The array is new on every call; the messages in it are shared with earlier calls while the
 * thread's message is unchanged (a 10,000-message thread is not copied for every run), and a
 * thread that only added messages since the last call for it is not walked again. A message with
 * none of Parley's own fields (`streaming`, `toolCallIds`) is the thread's own object. They are
 * read-only (frozen in development once handed out): changing one changes what the person sees
 * and what is saved. An agent that wants to change its input's messages copies them first.
 *
 * @example
 * const input = { threadId, runId, messages: toAgUiMessages(thread), tools: [], context: [] };
 */
export function toAgUiMessages(state: ThreadState, options: ToAgUiMessagesOptions = {}): Message[] {
  const made = madeFor(state);
  return (options.includeActivity ? made.all : made.sent).slice();
}

/**
 * The messages a run sends (`toAgUiMessages` without activity), and whether every tool result in
 * them already comes after the assistant message that holds its call (known as they are made, so
 * a run need not read the whole history to find out).
 *
 * @example
 * const { messages, inCallOrder } = runMessages(thread);
 */
export function runMessages(state: ThreadState): { messages: Message[]; inCallOrder: boolean } {
  const made = madeFor(state);
  return { messages: made.sent.slice(), inCallOrder: !made.misordered };
}

function madeFor(state: ThreadState): Made {
  const key = (state.messages as { index?: object }).index ?? state.messages;
  const last = lastMade.get(key);
  const from = messagesKept(last?.state, state);
  const made: Made = from ? (last as Made) : { state, all: [], sent: [], order: callOrder(), misordered: false };
  // Until this walk is whole: a message that fails to be made must not leave half of it behind.
  lastMade.delete(key);
  const ids = state.messageIds;
  for (let i = from; i < ids.length; i++) {
    const message = state.messages.get(ids[i] as string);
    // Parley's own rows: the question is already in the agent's tool call, interrupt or event.
    if (!message || message.role === "interaction") continue;
    const agUi = toAgUiMessage(state, message);
    made.all.push(agUi);
    if (message.role === "activity") continue;
    made.sent.push(agUi);
    made.misordered = made.order(agUi);
  }
  made.state = state;
  lastMade.set(key, made);
  return made;
}

function toAgUiMessage(state: ThreadState, message: ThreadMessage): Message {
  // Nothing of Parley's own on it (no `streaming`, no `toolCallIds`): it is already AG-UI, and the
  // thread's object goes as it is. No copy, and nothing kept for it: at 10,000 messages, priming
  // the agent made 10,000 copies, which the next collection then had to move, inside a stream.
  if (!("streaming" in message) && !("toolCallIds" in message)) {
    if (isDevelopment()) Object.freeze(message);
    return message as Message;
  }
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

import { EventType, type BaseEvent, type Message } from "@ag-ui/core";

/** Small builders for AG-UI events, so tests read like the stream they describe. */
export const ev = {
  runStarted: (runId = "r1", threadId = "t1", extra: object = {}): BaseEvent => ({ type: EventType.RUN_STARTED, threadId, runId, ...extra }),
  runFinished: (runId = "r1", threadId = "t1", extra: object = {}): BaseEvent => ({ type: EventType.RUN_FINISHED, threadId, runId, ...extra }),
  runError: (message: string, code?: string): BaseEvent => ({ type: EventType.RUN_ERROR, message, ...(code ? { code } : {}) }),
  textStart: (messageId: string, extra: object = {}): BaseEvent => ({ type: EventType.TEXT_MESSAGE_START, messageId, role: "assistant", ...extra }),
  text: (messageId: string, delta: string, extra: object = {}): BaseEvent => ({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta, ...extra }),
  textEnd: (messageId: string): BaseEvent => ({ type: EventType.TEXT_MESSAGE_END, messageId }),
  toolStart: (toolCallId: string, toolCallName: string, parentMessageId?: string, extra: object = {}): BaseEvent => ({
    type: EventType.TOOL_CALL_START, toolCallId, toolCallName, ...(parentMessageId ? { parentMessageId } : {}), ...extra,
  }),
  toolArgs: (toolCallId: string, delta: string): BaseEvent => ({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta }),
  toolEnd: (toolCallId: string): BaseEvent => ({ type: EventType.TOOL_CALL_END, toolCallId }),
  toolResult: (messageId: string, toolCallId: string, content: string): BaseEvent => ({ type: EventType.TOOL_CALL_RESULT, messageId, toolCallId, content, role: "tool" }),
  stateSnapshot: (snapshot: unknown): BaseEvent => ({ type: EventType.STATE_SNAPSHOT, snapshot }),
  stateDelta: (delta: unknown[]): BaseEvent => ({ type: EventType.STATE_DELTA, delta }),
  messagesSnapshot: (messages: Message[], extra: object = {}): BaseEvent => ({ type: EventType.MESSAGES_SNAPSHOT, messages, ...extra }),
  custom: (name: string, value: unknown): BaseEvent => ({ type: EventType.CUSTOM, name, value }),
};

/** One complete assistant reply as a run. */
export function textRun(runId: string, messageId: string, deltas: string[]): BaseEvent[] {
  return [ev.runStarted(runId), ev.textStart(messageId), ...deltas.map((d) => ev.text(messageId, d)), ev.textEnd(messageId), ev.runFinished(runId)];
}

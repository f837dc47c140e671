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
  raw: (event: unknown, source?: string): BaseEvent => ({ type: EventType.RAW, event, ...(source ? { source } : {}) }),
  reasoningStart: (messageId: string): BaseEvent => ({ type: EventType.REASONING_START, messageId }),
  reasoningEnd: (messageId: string): BaseEvent => ({ type: EventType.REASONING_END, messageId }),
  reasoningMsgStart: (messageId: string, extra: object = {}): BaseEvent => ({ type: EventType.REASONING_MESSAGE_START, messageId, role: "reasoning", ...extra }),
  reasoningMsg: (messageId: string, delta: string): BaseEvent => ({ type: EventType.REASONING_MESSAGE_CONTENT, messageId, delta }),
  reasoningMsgEnd: (messageId: string): BaseEvent => ({ type: EventType.REASONING_MESSAGE_END, messageId }),
  encrypted: (subtype: "tool-call" | "message", entityId: string, encryptedValue: string): BaseEvent => ({
    type: EventType.REASONING_ENCRYPTED_VALUE, subtype, entityId, encryptedValue,
  }),
  activitySnapshot: (messageId: string, activityType: string, content: object, extra: object = {}): BaseEvent => ({
    type: EventType.ACTIVITY_SNAPSHOT, messageId, activityType, content, ...extra,
  }),
  activityDelta: (messageId: string, patch: unknown[], activityType = "PLAN"): BaseEvent => ({ type: EventType.ACTIVITY_DELTA, messageId, activityType, patch }),
  stepStarted: (stepName: string, extra: object = {}): BaseEvent => ({ type: EventType.STEP_STARTED, stepName, ...extra }),
  stepFinished: (stepName: string, extra: object = {}): BaseEvent => ({ type: EventType.STEP_FINISHED, stepName, ...extra }),
  subagentStarted: (subagentRunId: string, name: string, extra: object = {}): BaseEvent => ({ type: EventType.SUBAGENT_STARTED, subagentRunId, name, ...extra }),
  subagentFinished: (subagentRunId: string, extra: object = {}): BaseEvent => ({ type: EventType.SUBAGENT_FINISHED, subagentRunId, ...extra }),
  subagentError: (subagentRunId: string, message: string, code?: string): BaseEvent => ({
    type: EventType.SUBAGENT_ERROR, subagentRunId, message, ...(code ? { code } : {}),
  }),
  textChunk: (fields: { messageId?: string; role?: string; name?: string; delta?: string; subagentRunId?: string } = {}): BaseEvent => ({ type: EventType.TEXT_MESSAGE_CHUNK, ...fields }),
  toolChunk: (fields: { toolCallId?: string; toolCallName?: string; parentMessageId?: string; delta?: string; subagentRunId?: string } = {}): BaseEvent => ({ type: EventType.TOOL_CALL_CHUNK, ...fields }),
  reasoningChunk: (fields: { messageId?: string; delta?: string; subagentRunId?: string } = {}): BaseEvent => ({ type: EventType.REASONING_MESSAGE_CHUNK, ...fields }),
};

/** One complete assistant reply as a run. */
export function textRun(runId: string, messageId: string, deltas: string[]): BaseEvent[] {
  return [ev.runStarted(runId), ev.textStart(messageId), ...deltas.map((d) => ev.text(messageId, d)), ev.textEnd(messageId), ev.runFinished(runId)];
}

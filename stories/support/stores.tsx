import { useState, type ReactNode } from "react";
import { EventType, type BaseEvent, type Message } from "@ag-ui/core";
import { createThreadStore, foldEvents, ParleyProvider, ParleyUIProvider, type AgentLike, type ThreadStore, type ThreadStoreOptions } from "../../src";

/** A store whose thread is `events` folded (and optional starting messages). */
export function storeFrom(events: BaseEvent[], options: { agent?: AgentLike; initialMessages?: Message[]; permissions?: ThreadStoreOptions["permissions"] } = {}): ThreadStore {
  const store = createThreadStore({ batch: "sync", threadId: "story", ...options });
  if (events.length) store.setState((s) => ({ thread: foldEvents(s.thread, events) }));
  return store;
}

/** Renders `children` inside both providers, with the store made once per story render. */
export function Kit({ make, children, locale, height = 420 }: { make: () => ThreadStore; children: ReactNode; locale?: string; height?: number | "auto" }) {
  const [store] = useState(make);
  return (
    <ParleyProvider store={store}>
      <ParleyUIProvider locale={locale} className="pl:rounded-lg pl:border pl:border-border" >
        <div style={{ height, display: "flex", flexDirection: "column" }}>{children}</div>
      </ParleyUIProvider>
    </ParleyProvider>
  );
}

export const e = {
  runStarted: (runId = "r1"): BaseEvent => ({ type: EventType.RUN_STARTED, threadId: "story", runId }),
  runFinished: (runId = "r1"): BaseEvent => ({ type: EventType.RUN_FINISHED, threadId: "story", runId }),
  runError: (message: string, code?: string): BaseEvent => ({ type: EventType.RUN_ERROR, message, ...(code ? { code } : {}) }),
  textStart: (messageId: string, extra: object = {}): BaseEvent => ({ type: EventType.TEXT_MESSAGE_START, messageId, role: "assistant", ...extra }),
  text: (messageId: string, delta: string): BaseEvent => ({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta }),
  textEnd: (messageId: string): BaseEvent => ({ type: EventType.TEXT_MESSAGE_END, messageId }),
  toolStart: (toolCallId: string, toolCallName: string, parentMessageId: string): BaseEvent => ({ type: EventType.TOOL_CALL_START, toolCallId, toolCallName, parentMessageId }),
  toolArgs: (toolCallId: string, delta: string): BaseEvent => ({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta }),
  toolEnd: (toolCallId: string): BaseEvent => ({ type: EventType.TOOL_CALL_END, toolCallId }),
  toolResult: (messageId: string, toolCallId: string, content: string): BaseEvent => ({ type: EventType.TOOL_CALL_RESULT, messageId, toolCallId, content, role: "tool" }),
  reasoning: (messageId: string, text: string): BaseEvent[] => [
    { type: EventType.REASONING_START, messageId },
    { type: EventType.REASONING_MESSAGE_START, messageId, role: "reasoning" },
    { type: EventType.REASONING_MESSAGE_CONTENT, messageId, delta: text },
    { type: EventType.REASONING_MESSAGE_END, messageId },
    { type: EventType.REASONING_END, messageId },
  ],
  messagesSnapshot: (messages: Message[]): BaseEvent => ({ type: EventType.MESSAGES_SNAPSHOT, messages }),
  activity: (messageId: string, activityType: string, content: object): BaseEvent => ({ type: EventType.ACTIVITY_SNAPSHOT, messageId, activityType, content }),
};

export const user = (id: string, content: string): Message => ({ id, role: "user", content });

export const REPLY = `Here are **three** trains from Paris to Lyon tomorrow:

| Departs | Arrives | Price |
|---|---|---|
| 07:04 | 09:00 | €49 |
| 09:04 | 11:00 | €65 |

See [SNCF](https://www.sncf-connect.com) for details.

\`\`\`json
{ "from": "Paris", "to": "Lyon" }
\`\`\``;

/** One full turn: the person asks, the agent thinks, calls a tool, and answers. */
export function fullTurn(): BaseEvent[] {
  return [
    e.runStarted(),
    ...e.reasoning("think1", "The person wants trains; I should search first."),
    e.textStart("a1", { name: "Travel agent" }),
    e.textEnd("a1"),
    e.toolStart("t1", "search_trains", "a1"),
    e.toolArgs("t1", '{"from":"Paris","to":"Lyon","date":"tomorrow"}'),
    e.toolEnd("t1"),
    e.toolResult("res1", "t1", '[{"departs":"07:04"},{"departs":"09:04"}]'),
    e.textStart("a2", { name: "Travel agent" }),
    e.text("a2", REPLY),
    e.textEnd("a2"),
    e.runFinished(),
  ];
}

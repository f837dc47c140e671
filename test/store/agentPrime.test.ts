import { AbstractAgent } from "@ag-ui/client";
import { EventType, type BaseEvent, type Message, type RunAgentInput } from "@ag-ui/core";
import { Observable } from "rxjs";
import { describe, expect, it, vi } from "vitest";
import { createThreadStore, toAgUiMessages } from "../../src";
import { textRun } from "../support/events";

/** An @ag-ui/client agent that answers "ok" to anything. */
class OkAgent extends AbstractAgent {
  run(input: RunAgentInput): Observable<BaseEvent> {
    return new Observable<BaseEvent>((subscriber) => {
      for (const event of textRun(input.runId, `ok-${input.runId}`, ["ok"])) {
        subscriber.next(event.type === EventType.RUN_STARTED || event.type === EventType.RUN_FINISHED ? { ...event, threadId: input.threadId } : event);
      }
      subscriber.complete();
    });
  }
}

/** The agent with an app listening to it (a subscriber): it is told through setMessages / addMessages, with copies. */
function listenedTo<A extends AbstractAgent>(agent: A): A {
  agent.subscribe({});
  return agent;
}

const history: Message[] = Array.from({ length: 50 }, (_, i) => ({ id: `h${i}`, role: i % 2 ? "assistant" : "user", content: `line ${i}` }));
const contents = (messages: readonly { content?: unknown }[]) => messages.map((m) => m.content);

describe("an SDK agent is told the history before the first run, just after the first paint", () => {
  it("a thread started from initialMessages: told once after the paint; the first run then only adds", async () => {
    const agent = listenedTo(new OkAgent());
    const setMessages = vi.spyOn(agent, "setMessages");
    const addMessages = vi.spyOn(agent, "addMessages");
    let n = 0;
    const store = createThreadStore({ agent, initialMessages: history, batch: "sync", createId: () => `id${++n}` });
    expect(setMessages).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(setMessages).toHaveBeenCalledTimes(1));
    expect(contents(agent.messages)).toEqual(contents(history));

    store.getState().sendMessage("Hi");
    expect(setMessages).toHaveBeenCalledTimes(1);
    expect(addMessages.mock.calls.map(([added]) => contents(added))).toEqual([["Hi"], ["ok"]]);
    expect(contents(agent.messages)).toEqual([...contents(history), "Hi", "ok"]);
  });

  it("a thread started from the agent's own messages: nothing is copied, the first run only adds", async () => {
    const agent = listenedTo(new OkAgent({ initialMessages: history }));
    const setMessages = vi.spyOn(agent, "setMessages");
    const addMessages = vi.spyOn(agent, "addMessages");
    let n = 0;
    const store = createThreadStore({ agent, batch: "sync", createId: () => `id${++n}` });
    // Wait past the paint and the idle wait (700 ms at the latest), then run.
    await new Promise((resolve) => setTimeout(resolve, 800));
    store.getState().sendMessage("Hi");
    expect(setMessages).not.toHaveBeenCalled();
    expect(addMessages.mock.calls.map(([added]) => contents(added))).toEqual([["Hi"], ["ok"]]);
    expect(contents(agent.messages)).toEqual([...contents(history), "Hi", "ok"]);
  });

  it("a run started before the paint tells the agent itself, and the paint adds nothing", async () => {
    const agent = listenedTo(new OkAgent());
    const setMessages = vi.spyOn(agent, "setMessages");
    let n = 0;
    const store = createThreadStore({ agent, initialMessages: history, batch: "sync", createId: () => `id${++n}` });
    store.getState().sendMessage("Now");
    expect(setMessages).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(setMessages).toHaveBeenCalledTimes(1);
    expect(contents(agent.messages)).toEqual([...contents(history), "Now", "ok"]);
  });
});

describe("priming checks what the agent holds", () => {
  it("an agent whose messages changed after the thread was made from them is told the thread in full", async () => {
    const agent = listenedTo(new OkAgent({ initialMessages: history }));
    const store = createThreadStore({ agent, batch: "sync" });
    // The app adds to the agent behind the thread's back, before the first paint.
    agent.messages.push({ id: "extra", role: "user", content: "not in the thread" });
    const setMessages = vi.spyOn(agent, "setMessages");
    await vi.waitFor(() => expect(setMessages).toHaveBeenCalledTimes(1));
    expect(contents(agent.messages)).toEqual(contents(history));
    expect(store.getState().thread.messageIds).toHaveLength(history.length);
  });

  it("an agent with no messages list (Parley's own HTTP agent) is left alone", async () => {
    const agent = { run: () => new Observable<BaseEvent>((s) => s.complete()) };
    createThreadStore({ agent, initialMessages: history, batch: "sync" });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(agent).not.toHaveProperty("messages");
  });
});

describe("priming falls back to telling in full whatever changed before it", () => {
  it("the thread changed before the paint (a snapshot, a restore): the agent is told the thread, not noted as holding it", async () => {
    const agent = listenedTo(new OkAgent({ initialMessages: history }));
    const setMessages = vi.spyOn(agent, "setMessages");
    const store = createThreadStore({ agent, batch: "sync" });
    store.getState().receiveEvents([{ type: EventType.MESSAGES_SNAPSHOT, messages: [{ id: "s1", role: "user", content: "restored" }] }]);
    await vi.waitFor(() => expect(setMessages).toHaveBeenCalledTimes(1));
    expect(contents(agent.messages)).toEqual(["restored"]);
  });

  it("the store got another agent before the paint: the first is left alone", async () => {
    const first = listenedTo(new OkAgent());
    const setMessages = vi.spyOn(first, "setMessages");
    const store = createThreadStore({ agent: first, initialMessages: history, batch: "sync" });
    store.getState().setAgent(new OkAgent());
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(setMessages).not.toHaveBeenCalled();
  });

  it("nothing on either side: subscribers hear nothing on mount", async () => {
    const agent = new OkAgent();
    const heard = vi.fn();
    agent.subscribe({ onMessagesChanged: heard, onStateChanged: heard });
    createThreadStore({ agent, batch: "sync" });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(heard).not.toHaveBeenCalled();
  });
});

/**
 * An @ag-ui/client agent whose first run sets the state whole (a snapshot of 81 members: `turn` and
 * `k0`…`k79`), and whose later runs change it (a delta into that root, which the fold then keeps as
 * a table of members).
 */
class StateAgent extends OkAgent {
  override run(input: RunAgentInput): Observable<BaseEvent> {
    const state = input.state as Record<string, unknown> | undefined;
    const change: BaseEvent =
      state && "turn" in state
        ? { type: EventType.STATE_DELTA, delta: [{ op: "replace", path: "/turn", value: input.runId }, { op: "add", path: `/added-${input.runId}`, value: true }] }
        : { type: EventType.STATE_SNAPSHOT, snapshot: { turn: input.runId, ...Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`k${i}`, { i }])) } };
    return new Observable<BaseEvent>((subscriber) => {
      subscriber.next({ type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId });
      subscriber.next(change);
      subscriber.next({ type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId });
      subscriber.complete();
    });
  }
}

describe("an SDK agent nobody listens to holds the thread's own messages and state, not copies", () => {
  it("primed after the paint and told after each run, a reset and an edit without setMessages / addMessages: a new array each time, the thread's messages in it", async () => {
    const agent = new OkAgent();
    const setMessages = vi.spyOn(agent, "setMessages");
    const addMessages = vi.spyOn(agent, "addMessages");
    let n = 0;
    const store = createThreadStore({ agent, initialMessages: history, batch: "sync", createId: () => `id${++n}` });
    await vi.waitFor(() => expect(agent.messages).toHaveLength(history.length));
    const primed = agent.messages;
    const thread = () => toAgUiMessages(store.getState().thread);
    expect(primed.every((message, i) => message === thread()[i])).toBe(true);

    store.getState().sendMessage("Hi");
    expect(agent.messages).not.toBe(primed);
    expect(agent.messages[0]).toBe(primed[0]);
    expect(contents(agent.messages)).toEqual([...contents(history), "Hi", "ok"]);
    expect(agent.messages.every((message, i) => message === thread()[i])).toBe(true);

    // Not an addition: the whole thread again, still its own messages.
    const before = agent.messages;
    store.getState().editMessage("h0", "line 0, edited");
    expect(agent.messages).not.toBe(before);
    expect(contents(agent.messages)).toEqual(["line 0, edited", "ok"]);
    store.getState().reset();
    store.getState().sendMessage("Again");
    expect(contents(agent.messages)).toEqual([...contents(history), "Again", "ok"]);
    expect(agent.messages.every((message, i) => message === thread()[i])).toBe(true);
    expect(setMessages).not.toHaveBeenCalled();
    expect(addMessages).not.toHaveBeenCalled();
    // Frozen in development, as a run's input is: an app changing one fails loudly.
    expect(() => {
      (agent.messages[0] as { content: string }).content = "changed";
    }).toThrow(TypeError);
  });

  it("an app that subscribes later gets copies: the whole history once (setMessages), then what each run adds (addMessages)", async () => {
    const agent = new OkAgent();
    let n = 0;
    const store = createThreadStore({ agent, initialMessages: history, batch: "sync", createId: () => `id${++n}` });
    await vi.waitFor(() => expect(agent.messages).toHaveLength(history.length));
    const changed: (readonly unknown[])[] = [];
    const news: unknown[] = [];
    agent.subscribe({ onMessagesChanged: ({ messages }) => void changed.push(messages), onNewMessage: ({ message }) => void news.push(message.content) });
    const setMessages = vi.spyOn(agent, "setMessages");
    const addMessages = vi.spyOn(agent, "addMessages");
    store.getState().sendMessage("Hi");
    expect(setMessages).toHaveBeenCalledTimes(1);
    expect(addMessages).toHaveBeenCalledTimes(1);
    expect(contents(agent.messages)).toEqual([...contents(history), "Hi", "ok"]);
    const own = new Set(toAgUiMessages(store.getState().thread));
    expect(agent.messages.some((message) => own.has(message))).toBe(false);
    await vi.waitFor(() => expect(news).toEqual(["ok"]));
    // What a subscriber is handed is the agent's to change: the thread is not.
    (changed.at(-1)![0] as { content: string }).content = "changed by a subscriber";
    expect(toAgUiMessages(store.getState().thread)[0]).toMatchObject({ content: "line 0" });
  });

  it("an agent whose last subscriber leaves is told without copies again; one that gains a subscriber again is told in full, with copies", async () => {
    const agent = new OkAgent();
    const subscription = agent.subscribe({});
    let n = 0;
    const store = createThreadStore({ agent, initialMessages: history, batch: "sync", createId: () => `id${++n}` });
    await vi.waitFor(() => expect(agent.messages).toHaveLength(history.length));
    const own = () => new Set(toAgUiMessages(store.getState().thread));
    expect(agent.messages.some((message) => own().has(message))).toBe(false);

    subscription.unsubscribe();
    store.getState().sendMessage("Hi");
    // The copies it held stay; what the run added is the thread's own.
    expect(agent.messages.map((message) => own().has(message))).toEqual([...history.map(() => false), true, true]);

    agent.subscribe({});
    const setMessages = vi.spyOn(agent, "setMessages");
    store.getState().sendMessage("Again");
    expect(setMessages).toHaveBeenCalled();
    expect(contents(agent.messages)).toEqual([...contents(history), "Hi", "ok", "Again", "ok"]);
    expect(agent.messages.some((message) => own().has(message))).toBe(false);
  });

  it("holds the thread's own state, not a copy: setState is not called, and a later run leaves what it held as it was", () => {
    const agent = new StateAgent();
    const setState = vi.spyOn(agent, "setState");
    let n = 0;
    const store = createThreadStore({ agent, batch: "sync", createId: () => `id${++n}` });
    const thread = () => store.getState().thread;
    store.getState().sendMessage("Hi");
    expect(thread().state).toMatchObject({ turn: "id2", k79: { i: 79 } });
    expect(agent.state).toBe(thread().state);
    expect(setState).not.toHaveBeenCalled();

    // A delta into the 81-member root: a new state, and the one the agent held is unchanged.
    const held = agent.state;
    const asHeld = structuredClone(held);
    store.getState().sendMessage("Again");
    const { turn } = thread().state as { turn: string };
    expect(turn).not.toBe("id2");
    expect(thread().state).toMatchObject({ [`added-${turn}`]: true, k0: { i: 0 } });
    expect(held).toEqual(asHeld);
    expect(agent.state).toBe(thread().state);
    expect(setState).not.toHaveBeenCalled();
  });

  it("once someone subscribes, the state is told through setState, a copy", async () => {
    const agent = new StateAgent();
    let n = 0;
    const store = createThreadStore({ agent, batch: "sync", createId: () => `id${++n}` });
    const thread = () => store.getState().thread;
    store.getState().sendMessage("Hi");
    const heard: unknown[] = [];
    agent.subscribe({ onStateChanged: ({ state }) => void heard.push(state) });
    const setState = vi.spyOn(agent, "setState");
    store.getState().sendMessage("Again");
    expect(setState).toHaveBeenCalled();
    expect(agent.state).toEqual(thread().state);
    expect(agent.state).not.toBe(thread().state);
    await vi.waitFor(() => expect(heard.at(-1)).toEqual(thread().state));
    // What a subscriber is handed is the agent's to change: the thread's state is not.
    const told = (thread().state as { turn: string }).turn;
    (heard.at(-1) as { turn: string }).turn = "changed by a subscriber";
    expect(thread().state).toMatchObject({ turn: told });
  });
});

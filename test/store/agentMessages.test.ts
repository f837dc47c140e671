// @vitest-environment node
import { AbstractAgent, type AgentSubscriber } from "@ag-ui/client";
import { EventType, type BaseEvent, type Message, type RunAgentInput } from "@ag-ui/core";
import { asyncScheduler, Observable, observeOn } from "rxjs";
import { describe, expect, it, vi } from "vitest";
import { createThreadStore, toAgUiMessages } from "../../src";
import { fakeAgent } from "../support/fakeAgent";
import { ev, textRun } from "../support/events";

const prior: Message[] = [
  { id: "u0", role: "user", content: "Earlier question" },
  { id: "a0", role: "assistant", content: "Earlier answer" },
];

const contents = (messages: readonly { content?: unknown }[]) => messages.map((m) => m.content);

describe("an agent that already holds messages and state", () => {
  it("starts the thread from them when no initialMessages / initialState are given, and sends them with the next run", () => {
    const fake = fakeAgent();
    const agent = Object.assign(fake.agent, { messages: prior, state: { city: "Lyon" } });
    const store = createThreadStore({ agent, batch: "sync" });
    const { thread } = store.getState();
    expect(thread.messageIds).toEqual(["u0", "a0"]);
    expect(thread.state).toEqual({ city: "Lyon" });
    store.getState().sendMessage("And now?");
    expect(contents(fake.inputs[0]!.messages)).toEqual(["Earlier question", "Earlier answer", "And now?"]);
    expect(fake.inputs[0]!.state).toEqual({ city: "Lyon" });
  });

  it("initialMessages and initialState, when given, win (each on its own)", () => {
    const agent = Object.assign(fakeAgent().agent, { messages: prior, state: { city: "Lyon" } });
    const mine: Message[] = [{ id: "x", role: "user", content: "Mine" }];
    const both = createThreadStore({ agent, initialMessages: mine, initialState: { city: "Paris" } }).getState().thread;
    expect(both.messageIds).toEqual(["x"]);
    expect(both.state).toEqual({ city: "Paris" });
    const messagesOnly = createThreadStore({ agent, initialMessages: mine }).getState().thread;
    expect(messagesOnly.state).toEqual({ city: "Lyon" });
  });

  it("reset() goes back to what the agent held at the start", () => {
    const fake = fakeAgent();
    const agent = Object.assign(fake.agent, { messages: [...prior] });
    const store = createThreadStore({ agent, batch: "sync" });
    store.getState().sendMessage("More");
    fake.play([ev.textStart("m1"), ev.text("m1", "Sure"), ev.textEnd("m1")]);
    store.getState().reset();
    expect(store.getState().thread.messageIds).toEqual(["u0", "a0"]);
  });
});

describe("the agent's own messages and state follow the thread at each run's start and end", () => {
  it("a plain agent object gets its fields replaced when the run starts and when it finishes, not while it streams", () => {
    const fake = fakeAgent();
    const agent = Object.assign(fake.agent, { messages: [] as Message[], state: {} });
    const store = createThreadStore({ agent, batch: "sync" });
    store.getState().sendMessage("hi");
    expect(contents(agent.messages)).toEqual(["hi"]);
    fake.push(ev.runStarted(), ev.textStart("m1"), ev.text("m1", "Hello"), ev.stateSnapshot({ step: 2 }));
    expect(contents(agent.messages)).toEqual(["hi"]);
    expect(agent.state).toEqual({});
    fake.push(ev.textEnd("m1"), ev.runFinished());
    fake.complete();
    expect(contents(agent.messages)).toEqual(["hi", "Hello"]);
    expect(agent.state).toEqual({ step: 2 });
  });

  it("setMessages / setState are used when the agent has them, at each run's start and end, also when it fails or is stopped", () => {
    const fake = fakeAgent();
    const setMessages = vi.fn();
    const setState = vi.fn();
    const agent = Object.assign(fake.agent, { messages: [] as Message[], state: {}, setMessages, setState });
    const store = createThreadStore({ agent, batch: "sync" });

    store.getState().sendMessage("one");
    expect(setMessages).toHaveBeenCalledTimes(1);
    expect(contents(setMessages.mock.calls[0]![0] as Message[])).toEqual(["one"]);
    fake.push(ev.runStarted(), ev.textStart("m1"), ev.text("m1", "partial"), ev.runError("overloaded"));
    fake.complete();
    expect(setMessages).toHaveBeenCalledTimes(2);
    expect(contents(setMessages.mock.calls[1]![0] as Message[])).toEqual(["one", "partial"]);

    store.getState().sendMessage("two");
    fake.push(ev.runStarted());
    store.getState().stop();
    expect(setMessages).toHaveBeenCalledTimes(4);
    expect(setState).toHaveBeenCalledTimes(4);
  });

  it("an agent without messages (Parley's own HTTP agent, a bare run()) is left alone", () => {
    const fake = fakeAgent();
    const store = createThreadStore({ agent: fake.agent, batch: "sync" });
    store.getState().sendMessage("hi");
    fake.play([]);
    expect(fake.agent).not.toHaveProperty("messages");
    expect(fake.agent).not.toHaveProperty("state");
  });

  it("an agent whose setMessages throws does not undo the run", () => {
    const fake = fakeAgent();
    const agent = Object.assign(fake.agent, {
      messages: [] as Message[],
      setMessages: () => {
        throw new Error("frozen");
      },
    });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const store = createThreadStore({ agent, batch: "sync" });
    store.getState().sendMessage("hi");
    fake.play([]);
    expect(store.getState().isRunning).toBe(false);
    expect(store.getState().thread.runs.at(-1)?.status).toBe("finished");
    warn.mockRestore();
  });
});

/** A real `@ag-ui/client` agent: what CopilotKit and assistant-ui users hand over. */
class EchoAgent extends AbstractAgent {
  run(input: RunAgentInput): Observable<BaseEvent> {
    const last = input.messages.at(-1);
    return new Observable<BaseEvent>((subscriber) => {
      for (const event of textRun(input.runId, `echo-${input.runId}`, [`echo: ${typeof last?.content === "string" ? last.content : ""}`])) {
        subscriber.next(event.type === EventType.RUN_STARTED || event.type === EventType.RUN_FINISHED ? { ...event, threadId: input.threadId } : event);
      }
      subscriber.complete();
    });
  }
}

describe("with a real @ag-ui/client AbstractAgent", () => {
  it("shows the messages it was made with, and its subscribers hear of each run through onMessagesChanged", async () => {
    const agent = new EchoAgent({ initialMessages: prior, initialState: { mood: "calm" } });
    const heard: string[][] = [];
    const subscriber: AgentSubscriber = { onMessagesChanged: ({ messages }) => void heard.push(contents(messages) as string[]) };
    agent.subscribe(subscriber);
    let n = 0;
    const store = createThreadStore({ agent: agent, batch: "sync", createId: () => `id${++n}` });
    expect(store.getState().thread.messageIds).toEqual(["u0", "a0"]);
    expect(store.getState().thread.state).toEqual({ mood: "calm" });

    store.getState().sendMessage("Hi");
    await vi.waitFor(() => expect(heard).toHaveLength(2));
    // The run's start (what it was sent) and its end (what it answered).
    expect(heard[0]).toEqual(["Earlier question", "Earlier answer", "Hi"]);
    expect(heard[1]).toEqual(["Earlier question", "Earlier answer", "Hi", "echo: Hi"]);
    expect(contents(agent.messages)).toEqual(["Earlier question", "Earlier answer", "Hi", "echo: Hi"]);
    expect(agent.state).toEqual({ mood: "calm" });
  });

  it("after the first telling, only what a run adds is told (addMessages, copies of the agent's own), not the whole history again", async () => {
    const agent = new EchoAgent({ initialMessages: prior });
    const news: string[] = [];
    agent.subscribe({ onNewMessage: ({ message }) => void news.push((typeof message.content === "string" ? message.content : "")) });
    const setMessages = vi.spyOn(agent, "setMessages");
    const addMessages = vi.spyOn(agent, "addMessages");
    let n = 0;
    const store = createThreadStore({ agent, batch: "sync", createId: () => `id${++n}` });

    store.getState().sendMessage("Hi");
    // The first telling has nothing to add to: the whole history, through setMessages.
    expect(setMessages).toHaveBeenCalledTimes(1);
    expect(addMessages).toHaveBeenCalledTimes(1);
    store.getState().sendMessage("Again");
    expect(setMessages).toHaveBeenCalledTimes(1);
    expect(addMessages.mock.calls.map(([added]) => contents(added))).toEqual([["echo: Hi"], ["Again"], ["echo: Again"]]);
    expect(contents(agent.messages)).toEqual(["Earlier question", "Earlier answer", "Hi", "echo: Hi", "Again", "echo: Again"]);
    await vi.waitFor(() => expect(news).toEqual(["echo: Hi", "Again", "echo: Again"]));

    // The agent holds copies of its own: changing one does not reach what the next run is sent.
    const sent = toAgUiMessages(store.getState().thread);
    expect(agent.messages.at(-1)).not.toBe(sent.at(-1));
    (agent.messages.at(-1) as { content: string }).content = "changed by the app";
    expect(toAgUiMessages(store.getState().thread).at(-1)).toMatchObject({ content: "echo: Again" });
  });

  it("subscribers get a new array at each change, as setMessages gives them (a React state that keeps it re-renders)", async () => {
    // The answer comes in later tasks, as over a network (the SDK notifies a microtask or two after a change).
    class LaterEchoAgent extends EchoAgent {
      override run(input: RunAgentInput): Observable<BaseEvent> {
        return super.run(input).pipe(observeOn(asyncScheduler));
      }
    }
    const agent = new LaterEchoAgent({ initialMessages: prior });
    const arrays: unknown[] = [];
    agent.subscribe({ onMessagesChanged: ({ messages }) => void arrays.push(messages) });
    let n = 0;
    const store = createThreadStore({ agent, batch: "sync", createId: () => `id${++n}` });
    // The SDK notifies after a microtask or two, reading `messages` then: each run is let settle.
    store.getState().sendMessage("Hi");
    await vi.waitFor(() => expect(arrays).toHaveLength(2));
    store.getState().sendMessage("Again");
    await vi.waitFor(() => expect(arrays).toHaveLength(4));
    expect(new Set(arrays).size).toBe(4);
    expect(arrays.map((a) => (a as unknown[]).length)).toEqual([3, 4, 5, 6]);
  });

  it("a plain agent object (no setMessages) gets a new array with copies of what was added", () => {
    const fake = fakeAgent();
    const agent = Object.assign(fake.agent, { messages: [] as Message[] });
    const store = createThreadStore({ agent, batch: "sync" });
    store.getState().sendMessage("hi");
    const first = agent.messages;
    fake.push(ev.runStarted(), ev.textStart("m1"), ev.text("m1", "Hello"), ev.textEnd("m1"), ev.runFinished());
    fake.complete();
    expect(agent.messages).not.toBe(first);
    expect(agent.messages[0]).toBe(first[0]);
    expect(contents(agent.messages)).toEqual(["hi", "Hello"]);
  });

  it("without structuredClone (an older engine), the copies are made through JSON", () => {
    vi.stubGlobal("structuredClone", undefined);
    try {
      const agent = new EchoAgent({ initialMessages: prior });
      agent.subscribe({}); // an app listens: the agent is told with copies
      let n = 0;
      const store = createThreadStore({ agent, batch: "sync", createId: () => `id${++n}` });
      store.getState().sendMessage("Hi");
      store.getState().sendMessage("Again");
      expect(contents(agent.messages)).toEqual(["Earlier question", "Earlier answer", "Hi", "echo: Hi", "Again", "echo: Again"]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("the whole history is told again when it changed (an edit) or the agent's messages were set by someone else", () => {
    const agent = new EchoAgent({ initialMessages: prior });
    agent.subscribe({}); // an app listens: the agent is told through setMessages
    const setMessages = vi.spyOn(agent, "setMessages");
    let n = 0;
    const store = createThreadStore({ agent, batch: "sync", createId: () => `id${++n}` });
    store.getState().sendMessage("Hi");
    expect(setMessages).toHaveBeenCalledTimes(1);

    // The app replaced what the agent holds: Parley does not add to a list it did not give.
    agent.setMessages([{ id: "x", role: "user", content: "theirs" }]);
    setMessages.mockClear();
    store.getState().sendMessage("Next");
    expect(setMessages).toHaveBeenCalledTimes(1);
    expect(contents(agent.messages)).toEqual(["Earlier question", "Earlier answer", "Hi", "echo: Hi", "Next", "echo: Next"]);

    // The thread went back (the history is no longer what the agent was told, plus more).
    setMessages.mockClear();
    store.getState().reset();
    store.getState().sendMessage("Fresh");
    expect(setMessages).toHaveBeenCalled();
    expect(contents(agent.messages)).toEqual(["Earlier question", "Earlier answer", "Fresh", "echo: Fresh"]);
  });
});

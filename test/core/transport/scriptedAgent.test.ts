import { EventType } from "@ag-ui/core";
import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import { take, tap } from "rxjs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ScriptedAgent } from "../../../src/testing";
import type { ScriptStep } from "../../../src/testing";
import { TransportError } from "../../../src/core/transport/types";

const input: RunAgentInput = {
  threadId: "t",
  runId: "r",
  state: {},
  messages: [{ id: "u1", role: "user", content: "ping" }],
  tools: [],
  context: [],
  forwardedProps: {},
};

const runStarted: BaseEvent = { type: EventType.RUN_STARTED, threadId: "t", runId: "r" };
const start: BaseEvent = { type: EventType.TEXT_MESSAGE_START, messageId: "m1", role: "assistant" };
const hello: BaseEvent = { type: EventType.TEXT_MESSAGE_CONTENT, messageId: "m1", delta: "Hello" };
const world: BaseEvent = { type: EventType.TEXT_MESSAGE_CONTENT, messageId: "m1", delta: " world" };
const end: BaseEvent = { type: EventType.TEXT_MESSAGE_END, messageId: "m1" };
const runFinished: BaseEvent = { type: EventType.RUN_FINISHED, threadId: "t", runId: "r" };
const turn = [runStarted, start, hello, world, end, runFinished];

function record(agent: ScriptedAgent) {
  const log: Array<BaseEvent | { error: unknown } | "complete"> = [];
  const subscription = agent.run(input).subscribe({
    next: (event) => log.push(event),
    error: (error: unknown) => log.push({ error }),
    complete: () => log.push("complete"),
  });
  return { log, subscription };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("ScriptedAgent.run", () => {
  it("emits the script in order, synchronously when nothing waits, then completes", () => {
    const { log } = record(new ScriptedAgent({ script: turn }));
    expect(log).toEqual([...turn, "complete"]);
  });

  it("replays the script from the start for every subscription", () => {
    const agent = new ScriptedAgent({ script: [runStarted, runFinished] });
    expect(record(agent).log).toEqual([runStarted, runFinished, "complete"]);
    expect(record(agent).log).toEqual([runStarted, runFinished, "complete"]);
  });

  it("asks a function script for the steps of each run, given the run's input", () => {
    const seen: RunAgentInput[] = [];
    const agent = new ScriptedAgent({
      script: (runInput) => {
        seen.push(runInput);
        const last = runInput.messages.at(-1);
        const said = last && typeof last.content === "string" ? last.content : "";
        return [{ type: EventType.CUSTOM, name: "echo", value: said }];
      },
    });
    expect(record(agent).log).toEqual([{ type: EventType.CUSTOM, name: "echo", value: "ping" }, "complete"]);
    expect(seen).toEqual([input]);
  });

  it("waits delayMs before each event and a delay step for its own time", () => {
    vi.useFakeTimers();
    const { log } = record(new ScriptedAgent({ delayMs: 10, script: [runStarted, { delay: 500 }, start, runFinished] }));
    expect(log).toEqual([]);
    vi.advanceTimersByTime(10); // t = 10
    expect(log).toEqual([runStarted]);
    vi.advanceTimersByTime(509); // t = 519: the 500 ms pause is over, start still waits its 10 ms
    expect(log).toEqual([runStarted]);
    vi.advanceTimersByTime(1); // t = 520
    expect(log).toEqual([runStarted, start]);
    vi.advanceTimersByTime(10); // t = 530
    expect(log).toEqual([runStarted, start, runFinished, "complete"]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a { delay: 0 } step ends the task: what follows comes in a task of its own", () => {
    vi.useFakeTimers();
    const { log } = record(new ScriptedAgent({ script: [runStarted, start, { delay: 0 }, hello, { delay: 0 }, end, runFinished] }));
    expect(log).toEqual([runStarted, start]);
    expect(vi.getTimerCount()).toBe(1);
    vi.runOnlyPendingTimers();
    expect(log).toEqual([runStarted, start, hello]);
    vi.runOnlyPendingTimers();
    expect(log).toEqual([runStarted, start, hello, end, runFinished, "complete"]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("an { error } step with a string errors the stream with a network TransportError, and stops there", () => {
    const { log } = record(new ScriptedAgent({ script: [runStarted, start, { error: "The connection dropped." }, end] }));
    expect(log.slice(0, 2)).toEqual([runStarted, start]);
    expect(log).toHaveLength(3);
    const failure = (log[2] as { error: unknown }).error;
    expect(failure).toBeInstanceOf(TransportError);
    expect(failure).toMatchObject({ kind: "network", message: "The connection dropped." });
  });

  it("an { error } step with an Error passes that error on", () => {
    const boom = new Error("boom");
    const { log } = record(new ScriptedAgent({ script: [runStarted, { error: boom }] }));
    expect(log).toEqual([runStarted, { error: boom }]);
  });

  it("unsubscribing clears the pending timer and stops the script", () => {
    vi.useFakeTimers();
    const { log, subscription } = record(new ScriptedAgent({ delayMs: 100, script: turn }));
    vi.advanceTimersByTime(250);
    expect(log).toEqual([runStarted, start]);
    expect(vi.getTimerCount()).toBe(1);
    subscription.unsubscribe();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(log).toEqual([runStarted, start]);
  });

  it("stops emitting a synchronous script as soon as the consumer unsubscribes (take)", () => {
    let emitted = 0;
    const seen: BaseEvent[] = [];
    new ScriptedAgent({ script: turn })
      .run(input)
      .pipe(
        tap(() => (emitted += 1)),
        take(2),
      )
      .subscribe((event) => seen.push(event));
    expect(seen).toEqual([runStarted, start]);
    expect(emitted).toBe(2);
  });

  it("abortRun() stops every run: no more events, the stream completes, no timers left", () => {
    vi.useFakeTimers();
    const agent = new ScriptedAgent({ delayMs: 100, script: turn });
    const first = record(agent);
    const second = record(agent);
    vi.advanceTimersByTime(100);
    agent.abortRun();
    vi.advanceTimersByTime(10_000);
    expect(first.log).toEqual([runStarted, "complete"]);
    expect(second.log).toEqual([runStarted, "complete"]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("clone() keeps the script and the delay", () => {
    const agent = new ScriptedAgent({ delayMs: 0, script: [runStarted, runFinished], threadId: "t" });
    const twin = agent.clone();
    expect(twin).toBeInstanceOf(ScriptedAgent);
    expect(twin.threadId).toBe("t");
    expect(record(twin).log).toEqual([runStarted, runFinished, "complete"]);
  });
});

describe("ScriptedAgent under the SDK's runAgent()", () => {
  it("builds the assistant message through the SDK pipeline", async () => {
    const agent = new ScriptedAgent({ script: turn, threadId: "t" });
    const seenTypes: string[] = [];
    const result = await agent.runAgent({ runId: "r" }, { onEvent: ({ event }) => void seenTypes.push(event.type) });
    expect(seenTypes).toEqual(turn.map((event) => event.type));
    expect(agent.messages).toEqual([{ id: "m1", role: "assistant", content: "Hello world" }]);
    expect(result.newMessages).toEqual([{ id: "m1", role: "assistant", content: "Hello world" }]);
    expect(agent.isRunning).toBe(false);
  });

  it("streams with real timers and gives the function script the SDK's prepared input", async () => {
    const inputs: RunAgentInput[] = [];
    const script = (runInput: RunAgentInput): ScriptStep[] => {
      inputs.push(runInput);
      return [
        { type: EventType.RUN_STARTED, threadId: runInput.threadId, runId: runInput.runId },
        { delay: 1 },
        { type: EventType.TEXT_MESSAGE_START, messageId: "a1", role: "assistant" },
        { type: EventType.TEXT_MESSAGE_CONTENT, messageId: "a1", delta: "pong" },
        { type: EventType.TEXT_MESSAGE_END, messageId: "a1" },
        { type: EventType.RUN_FINISHED, threadId: runInput.threadId, runId: runInput.runId },
      ];
    };
    const agent = new ScriptedAgent({
      delayMs: 1,
      script,
      threadId: "thread-9",
      initialMessages: [{ id: "u1", role: "user", content: "ping" }],
    });
    await agent.runAgent({ runId: "run-9" });
    expect(inputs).toHaveLength(1);
    expect(inputs[0]).toMatchObject({ threadId: "thread-9", runId: "run-9", messages: [{ id: "u1", role: "user", content: "ping" }] });
    expect(agent.messages).toEqual([
      { id: "u1", role: "user", content: "ping" },
      { id: "a1", role: "assistant", content: "pong" },
    ]);
  });

  it("an { error } step makes runAgent() reject with that error", async () => {
    const agent = new ScriptedAgent({ script: [runStarted, start, { error: "The connection dropped." }] });
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await expect(agent.runAgent()).rejects.toMatchObject({ kind: "network", message: "The connection dropped." });
    consoleError.mockRestore();
  });

  it("abortRun() mid-run makes runAgent() resolve with what arrived", async () => {
    const agent = new ScriptedAgent({ script: [runStarted, start, hello, { delay: 60_000 }, world, end, runFinished] });
    let aborted = false;
    const running = agent.runAgent(
      {},
      {
        onTextMessageContentEvent: () => {
          if (!aborted) {
            aborted = true;
            queueMicrotask(() => agent.abortRun());
          }
        },
      },
    );
    await running;
    expect(agent.messages).toEqual([{ id: "m1", role: "assistant", content: "Hello" }]);
  });
});

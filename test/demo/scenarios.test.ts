// @vitest-environment node
import { describe, expect, it } from "vitest";
import { EventType, type BaseEvent, type RunAgentInput } from "@ag-ui/core";
import { foldEvents, createThreadState } from "../../src/core";
import { ERROR_MESSAGE, MARKDOWN_ANSWER, SCENARIOS, pickScenario, scenarioEvents, tokenize } from "../../demo/agent/scenarios";

function input(text: string, extra: Partial<RunAgentInput> = {}): RunAgentInput {
  return {
    threadId: "t1",
    runId: "r1",
    messages: [{ id: "u1", role: "user", content: text }],
    state: {},
    tools: [],
    context: [],
    forwardedProps: {},
    ...extra,
  };
}

const types = (events: { event: BaseEvent }[]) => events.map((e) => e.event.type);
const fold = (events: { event: BaseEvent }[]) => foldEvents(createThreadState({ threadId: "t1" }), events.map((e) => e.event));

describe("pickScenario", () => {
  it("takes the scenario from the last user message", () => {
    for (const s of SCENARIOS) expect(pickScenario(input(s.trigger))).toBe(s.name);
    expect(pickScenario(input("hello there"))).toBe("default");
  });

  it("prefers forwardedProps.scenario and ignores unknown names", () => {
    expect(pickScenario(input("hello", { forwardedProps: { scenario: "tool" } }))).toBe("tool");
    expect(pickScenario(input("markdown please", { forwardedProps: { scenario: "nope" } }))).toBe("markdown");
  });

  it("reads text parts of multimodal content and looks only at the last user message", () => {
    const messages: RunAgentInput["messages"] = [
      { id: "u0", role: "user", content: "markdown" },
      { id: "a0", role: "assistant", content: "ok" },
      { id: "u1", role: "user", content: [{ type: "text", text: "show the state" }] },
    ];
    expect(pickScenario(input("", { messages }))).toBe("state");
  });
});

describe("scenarioEvents", () => {
  it("every scenario starts with RUN_STARTED and ends with RUN_FINISHED, with 10–30 ms tokens", () => {
    for (const text of [...SCENARIOS.filter((s) => s.name !== "error").map((s) => s.trigger), "hi"]) {
      const events = scenarioEvents(input(text));
      expect(events[0]?.event).toMatchObject({ type: EventType.RUN_STARTED, threadId: "t1", runId: "r1" });
      expect(events.at(-1)?.event).toMatchObject({ type: EventType.RUN_FINISHED, threadId: "t1", runId: "r1" });
      for (const e of events.filter((x) => x.event.type === EventType.TEXT_MESSAGE_CONTENT)) {
        expect(e.delayMs).toBeGreaterThanOrEqual(10);
        expect(e.delayMs).toBeLessThanOrEqual(30);
      }
      expect(fold(events).status).toBe("idle");
    }
  });

  it("delayScale 0 removes every pause and is deterministic", () => {
    const a = scenarioEvents(input("tool"), { delayScale: 0 });
    expect(a.every((e) => e.delayMs === 0)).toBe(true);
    expect(scenarioEvents(input("tool"), { delayScale: 0 })).toEqual(a);
  });

  it("markdown streams the whole answer with a list, a table and a code block", () => {
    const thread = fold(scenarioEvents(input("markdown")));
    const reply = thread.messages.get(thread.messageIds.at(-1)!);
    expect(reply?.role).toBe("assistant");
    expect(reply?.content).toBe(MARKDOWN_ANSWER);
    expect(MARKDOWN_ANSWER).toMatch(/^- /m);
    expect(MARKDOWN_ANSWER).toMatch(/^\| --- /m);
    expect(MARKDOWN_ANSWER).toContain("```ts");
    expect(tokenize(MARKDOWN_ANSWER).join("")).toBe(MARKDOWN_ANSWER);
  });

  it("tool streams search_trains args as JSON pieces, then a result, then a reply", () => {
    const events = scenarioEvents(input("tool"));
    expect(types(events)).toEqual(expect.arrayContaining([EventType.TOOL_CALL_START, EventType.TOOL_CALL_ARGS, EventType.TOOL_CALL_END, EventType.TOOL_CALL_RESULT]));
    expect(events.filter((e) => e.event.type === EventType.TOOL_CALL_ARGS).length).toBeGreaterThan(5);
    const thread = fold(events);
    const calls = [...thread.toolCalls.values()];
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ name: "search_trains", status: "complete", args: { from: "Paris", to: "Lyon" } });
    const last = thread.messages.get(thread.messageIds.at(-1)!);
    expect(last?.content).toContain("TGV 6601");
  });

  it("reasoning sends REASONING_* before the answer", () => {
    const t = types(scenarioEvents(input("reasoning")));
    expect(t.indexOf(EventType.REASONING_START)).toBeLessThan(t.indexOf(EventType.REASONING_END));
    expect(t.indexOf(EventType.REASONING_END)).toBeLessThan(t.indexOf(EventType.TEXT_MESSAGE_START));
    const thread = fold(scenarioEvents(input("reasoning")));
    expect(thread.messageIds.map((id) => thread.messages.get(id)?.role)).toEqual(["reasoning", "assistant"]);
  });

  it("state sends a snapshot and a delta the fold applies", () => {
    const thread = fold(scenarioEvents(input("state")));
    expect(thread.state).toEqual({ trip: { from: "Paris", to: "Lyon", date: "2025-06-14" }, passengers: 2, steps: ["search", "choose"] });
  });

  it("error fails with RUN_ERROR on the first attempt and succeeds on the second", () => {
    const first = scenarioEvents(input("error"), { attempt: 1 });
    expect(first.at(-1)?.event).toMatchObject({ type: EventType.RUN_ERROR, message: ERROR_MESSAGE });
    expect(types(first)).not.toContain(EventType.RUN_FINISHED);
    const failed = fold(first);
    expect(failed.runs.at(-1)?.error?.message).toBe(ERROR_MESSAGE);
    const second = scenarioEvents(input("error", { runId: "r2" }), { attempt: 2 });
    expect(second.at(-1)?.event.type).toBe(EventType.RUN_FINISHED);
  });

  it("default echoes the message and lists the scenarios", () => {
    const thread = fold(scenarioEvents(input("hello there")));
    const reply = String(thread.messages.get(thread.messageIds.at(-1)!)?.content);
    expect(reply).toContain("hello there");
    for (const s of SCENARIOS) expect(reply).toContain(s.name);
  });
});

// @vitest-environment node
import { describe, expect, it } from "vitest";
import { EventType, type BaseEvent, type Message, type RunAgentInput } from "@ag-ui/core";
import { EventSchema } from "@ag-ui/core/schemas";
import { createThreadState, foldEvents } from "../../src/core";
import { CHECKLIST, DOJO_SCENARIOS, HAIKU, MARS_STEPS, STORY, SUNSET, describeRun, planRun } from "../../demo/agent/scenarios";

/** The reference agent's dojo scenarios: the dojo's own names, valid events, and what each answer leads to. */

function input(text: string, extra: Partial<RunAgentInput> = {}): RunAgentInput {
  return { threadId: "t1", runId: "r1", messages: [{ id: "u1", role: "user", content: text }], state: {}, tools: [], context: [], forwardedProps: {}, ...extra };
}
const trigger = (name: string) => DOJO_SCENARIOS.find((s) => s.name === name)!.trigger;
const play = (run: RunAgentInput) => planRun(run, { delayScale: 0 }).events.map((e) => e.event);
const fold = (events: BaseEvent[], state: unknown = {}) => foldEvents(createThreadState({ threadId: "t1", state }), events);

/** The input of the run after the kit answered the call `name` of the first run with `content`. */
function answered(first: BaseEvent[], name: string, content: string, state: unknown = {}): RunAgentInput {
  const call = first.find((e) => e.type === EventType.TOOL_CALL_START && (e as { toolCallName?: string }).toolCallName === name) as unknown as { toolCallId: string };
  const messages: Message[] = [
    { id: "u1", role: "user", content: "go" },
    { id: "a1", role: "assistant", toolCalls: [{ id: call.toolCallId, type: "function", function: { name, arguments: "{}" } }] },
    { id: `parley-answer:${call.toolCallId}`, role: "tool", toolCallId: call.toolCallId, content },
  ];
  return input("", { runId: "r2", messages, state });
}

describe("the dojo's scenarios", () => {
  it("are the last six of the picker, each picked by its trigger, and every event fits the protocol", () => {
    expect(DOJO_SCENARIOS.map((s) => s.name)).toEqual(["background", "tasks", "plan", "haiku", "recipe", "document"]);
    for (const s of DOJO_SCENARIOS) {
      expect(describeRun(input(s.trigger))).toEqual({ kind: "new", scenario: s.name });
      for (const event of play(input(s.trigger))) expect(EventSchema.safeParse(event).success, JSON.stringify(event)).toBe(true);
    }
  });

  it("front-end tool: change_background is left for the page; its result gets a reply", () => {
    const first = play(input(trigger("background")));
    const thread = fold(first);
    const call = thread.toolCalls.get(thread.pendingToolCallIds[0]!)!;
    expect(call).toMatchObject({ name: "change_background", args: { background: SUNSET } });
    const reply = fold(play(answered(first, "change_background", JSON.stringify({ background: SUNSET }))));
    expect(JSON.stringify(reply.messages.toJSON())).toContain("the background is a sunset now");
  });

  it("human in the loop: generate_task_steps offers the steps; the reply names only the ones left enabled", () => {
    const first = play(input(trigger("tasks")));
    const thread = fold(first);
    const call = thread.toolCalls.get(thread.pendingToolCallIds[0]!)!;
    expect((call.args as { steps: { description: string }[] }).steps.map((s) => s.description)).toEqual(MARS_STEPS);
    const steps = MARS_STEPS.map((description, i) => ({ description, status: i === 0 ? "disabled" : "enabled" }));
    const reply = JSON.stringify(fold(play(answered(first, "generate_task_steps", JSON.stringify({ steps })))).messages.toJSON());
    expect(reply).toContain("I'll do 5 steps: Pack oxygen and food");
    expect(reply).not.toContain("Train for zero gravity");
  });

  it("agentic generative UI: steps in state tick off one delta at a time", () => {
    const thread = fold(play(input(trigger("plan"))));
    expect(thread.state).toEqual({ steps: CHECKLIST.map((description) => ({ description, status: "completed" })) });
    expect(thread.errorCount).toBe(0);
  });

  it("tool-based generative UI: generate_haiku streams the haiku and is answered by the agent itself", () => {
    const thread = fold(play(input(trigger("haiku"))));
    const call = [...thread.toolCalls.values()].find((c) => c.name === "generate_haiku")!;
    expect(call.args).toEqual(HAIKU);
    expect(call.status).toBe("complete");
  });

  it("shared state: the agent improves the recipe the run carries (the person's title kept)", () => {
    const state = { recipe: { title: "Crêpes", ingredients: [{ name: "Flour" }], instructions: [] } };
    const events = play(input(trigger("recipe"), { state }));
    const thread = fold(events, state);
    expect((thread.state as { recipe: { title: string; ingredients: { name: string }[] } }).recipe).toMatchObject({ title: "Crêpes", ingredients: [{ name: "Flour" }, { name: "Butter" }] });
    expect(JSON.stringify(thread.messages.toJSON())).toContain("I improved “Crêpes”");
  });

  it("predictive state: PredictState makes write_document_local's argument the document while it streams; confirm_changes waits; rejecting discards it", () => {
    const first = play(input(trigger("document")));
    const argsAt = first.findIndex((e) => e.type === EventType.TOOL_CALL_ARGS);
    const midway = fold(first.slice(0, argsAt + 8));
    const document = (midway.state as { document: string }).document;
    expect(document.length).toBeGreaterThan(0);
    expect(STORY.startsWith(document)).toBe(true);
    expect(document).not.toBe(STORY);
    const thread = fold(first);
    expect((thread.state as { document: string }).document).toBe(STORY);
    expect(thread.toolCalls.get(thread.pendingToolCallIds[0]!)!.name).toBe("confirm_changes");
    const rejected = fold(play(answered(first, "confirm_changes", JSON.stringify({ accepted: false }), thread.state)), thread.state);
    expect(rejected.state).toEqual({});
    expect(JSON.stringify(rejected.messages.toJSON())).toContain("Discarded the draft.");
  });
});

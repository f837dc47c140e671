import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import { describe, expect, it } from "vitest";
import { createThreadStore, SUGGESTIONS_EVENT, type AgentLike } from "../../src";
import { ScriptedAgent } from "../../src/testing";
import { ev, textRun } from "../support/events";

/** An agent that answers every run with one text message, and remembers each input. */
function echoAgent(extra: (input: RunAgentInput) => BaseEvent[] = () => []) {
  const inputs: RunAgentInput[] = [];
  let n = 0;
  const agent = new ScriptedAgent({
    script: (input) => {
      inputs.push(input);
      n += 1;
      const last = input.messages[input.messages.length - 1];
      const said = last && typeof last.content === "string" ? last.content : "";
      return [ev.runStarted(input.runId), ...extra(input), ...textRun(input.runId, `a${n}`, [`You said: ${said}`]).slice(1, -1), ev.runFinished(input.runId)];
    },
  }) as AgentLike;
  return { agent, inputs };
}

let id = 0;
const createId = () => `id${++id}`;

describe("store: runtime context", () => {
  it("registered entries go into RunAgentInput.context after the app's own, never into messages; unregister removes", () => {
    const { agent, inputs } = echoAgent();
    const store = createThreadStore({ agent, batch: "sync", createId, defaults: { context: [{ description: "app", value: "1" }] } });
    const offPage = store.getState().registerContext({ description: "Current page", value: "/trains" });
    store.getState().registerContext({ description: "Selection", value: "8:05" });
    store.getState().sendMessage("hi");
    const context = inputs[0]!.context.map((c) => c.description);
    expect(context.slice(0, 1)).toEqual(["app"]);
    expect(context).toContain("Current page");
    expect(context).toContain("Selection");
    expect(JSON.stringify(inputs[0]!.messages)).not.toContain("/trains");
    offPage();
    store.getState().sendMessage("again");
    expect(inputs[1]!.context.map((c) => c.description)).not.toContain("Current page");
    expect(inputs[1]!.context.map((c) => c.description)).toContain("Selection");
  });
});

describe("store: edit, regenerate, switch", () => {
  it("editing the person's message forks there, runs with parentRunId, and keeps the old version", () => {
    const { agent, inputs } = echoAgent();
    const store = createThreadStore({ agent, batch: "sync", createId });
    store.getState().sendMessage("Lyon");
    const [userId] = store.getState().thread.messageIds;
    const firstRun = inputs[0]!.runId;
    expect(store.getState().editMessage(userId!, "Paris")).toEqual({ ok: true });
    const thread = store.getState().thread;
    expect(thread.messageIds).toHaveLength(2);
    expect(inputs[1]!.parentRunId).toBe(firstRun);
    expect(inputs[1]!.messages.map((m) => m.content)).toEqual(["Paris"]);
    expect(thread.messages.get(thread.messageIds[1]!)).toMatchObject({ content: "You said: Paris" });
    // Back to the first version.
    expect(store.getState().switchBranch("", 0).ok).toBe(true);
    expect(store.getState().thread.messageIds.map((i) => store.getState().thread.messages.get(i)?.content)).toEqual(["Lyon", "You said: Lyon"]);
    // A run after the edit has no parent of its own.
    store.getState().sendMessage("more");
    expect(inputs[2]!.parentRunId).toBeUndefined();
  });

  it("regenerate asks for the answer again; an empty edit, an unknown message or a run going are refused", () => {
    const { agent, inputs } = echoAgent();
    const store = createThreadStore({ agent, batch: "sync", createId });
    store.getState().sendMessage("Lyon");
    const answerId = store.getState().thread.messageIds[1]!;
    expect(store.getState().regenerate(answerId).ok).toBe(true);
    expect(inputs[1]!.messages.map((m) => m.role)).toEqual(["user"]);
    const ids = store.getState().thread.messageIds;
    expect(ids).toHaveLength(2);
    expect(ids[1]).not.toBe(answerId);
    expect(store.getState().editMessage(ids[0]!, "  ")).toMatchObject({ ok: false, refusal: { code: "invalid-response" } });
    expect(store.getState().regenerate("nope")).toMatchObject({ ok: false, refusal: { code: "unknown-message" } });
    expect(store.getState().switchBranch("", 3).ok).toBe(false);
  });

  it("refuses a fork while the agent answers", () => {
    const agent = new ScriptedAgent({ script: [ev.runStarted("r1"), { delay: 10_000 }] }) as AgentLike;
    const store = createThreadStore({ agent, batch: "sync", createId });
    store.getState().sendMessage("Lyon");
    const [userId] = store.getState().thread.messageIds;
    expect(store.getState().editMessage(userId!, "Paris")).toMatchObject({ ok: false, refusal: { code: "busy" } });
    store.getState().stop();
  });
});

describe("store: suggestions", () => {
  it("the latest run's suggestions are in the thread", () => {
    const { agent } = echoAgent(() => [ev.custom(SUGGESTIONS_EVENT, { suggestions: [{ label: "Yes" }] })]);
    const store = createThreadStore({ agent, batch: "sync", createId });
    store.getState().sendMessage("hi");
    const { thread } = store.getState();
    expect(thread.suggestions).toEqual({ runId: thread.runs[0]!.runId, items: [{ label: "Yes" }] });
  });
});

// @vitest-environment node
import { describe, expect, it, vi } from "vitest";
import { createThreadStore, type ThreadStoreOptions } from "../../src";
import { ev } from "../support/events";
import { fakeAgent } from "../support/fakeAgent";
import type { RunAgentInput } from "@ag-ui/core";
import { ScriptedAgent } from "../../src/testing";

/**
 * Issue 22: an agent that calls a front-end tool on every run, its handler answering each time,
 * made the store start the next run by itself forever (286 runs in 20 s). After `maxAutoRuns` runs
 * in a row that no person started, the store stops and asks the person — a card of the kit's own,
 * numbered like any advice — and Stop between runs ends the chain.
 */

const settle = async () => {
  for (let i = 0; i < 30; i++) await new Promise<void>((resolve) => setTimeout(resolve, 0));
};

/** A server that calls `ping` on every run. */
function loopingServer() {
  const inputs: RunAgentInput[] = [];
  const agent = new ScriptedAgent({
    script: (input) => {
      inputs.push(input);
      const n = inputs.length;
      return [ev.runStarted(`r${n}`), ev.toolStart(`call-${n}`, "ping", `m${n}`), ev.toolArgs(`call-${n}`, "{}"), ev.toolEnd(`call-${n}`), ev.runFinished(`r${n}`)];
    },
  });
  return { agent, inputs };
}

function looping(options: ThreadStoreOptions = {}) {
  const { agent, inputs } = loopingServer();
  let id = 0;
  const store = createThreadStore({ agent, threadId: "t1", batch: "sync", createId: () => `id-${++id}`, ...options });
  const handler = vi.fn(() => ({ pong: true }));
  store.getState().registerTool({ name: "ping", handler });
  return { store, inputs, handler, s: () => store.getState() };
}

const kitCard = (s: ReturnType<typeof looping>["s"]) => [...s().thread.interactions.values()].find((i) => i.origin.kind === "kit" && i.status === "pending");

describe("a bound on runs nobody started", () => {
  it("stops after 8 automatic runs and asks the person, numbered, in the thread", async () => {
    const { s, inputs } = looping();
    s().sendMessage("go");
    await settle();
    // The person's run and 8 the store started by itself; then it asks.
    expect(inputs).toHaveLength(9);
    const card = kitCard(s)!;
    expect(card).toMatchObject({ messageType: "advice", status: "pending", envelope: { payload: { options: [{ id: "continue" }, { id: "stop" }] } } });
    expect(card.numbers).toHaveLength(2);
    expect(s().thread.status).toBe("waiting");
    expect(s().continuing).toBe(false);
    // Nothing of the kit's card goes to the agent.
    await settle();
    expect(inputs).toHaveLength(9);
  });

  it("'Let it go on' (by number, as the person types it) allows 8 more; 'Stop here' ends it until the person acts", async () => {
    const { s, inputs } = looping();
    s().sendMessage("go");
    await settle();
    const card = kitCard(s)!;
    expect(s().reply(String(card.numbers[0])).done).toBe(true);
    await settle();
    expect(inputs).toHaveLength(18);
    const second = kitCard(s)!;
    expect(second.id).not.toBe(card.id);
    s().answer(second.id, { action: "choose", optionIds: ["stop"], numbers: [] });
    await settle();
    expect(inputs).toHaveLength(18);
    // The kit's card never reaches the agent: not as words, nor as forwardedProps.
    expect(JSON.stringify(inputs.at(-1))).not.toContain("parley-continue");
    // The person's next message starts a fresh count.
    s().sendMessage("once more");
    await settle();
    expect(inputs).toHaveLength(27);
  });

  it("maxAutoRuns: Infinity never asks (here: a server that stops calling)", async () => {
    const agent = new ScriptedAgent({
      script: (input) => {
        const n = input.messages.filter((m) => m.role === "tool").length;
        return n < 12 ? [ev.runStarted(`r${n}`), ev.toolStart(`c${n}`, "ping", `m${n}`), ev.toolArgs(`c${n}`, "{}"), ev.toolEnd(`c${n}`), ev.runFinished(`r${n}`)] : [ev.runStarted("end"), ev.runFinished("end")];
      },
    });
    const store = createThreadStore({ agent, threadId: "t1", batch: "sync", maxAutoRuns: Infinity });
    store.getState().registerTool({ name: "ping", handler: () => "pong" });
    store.getState().sendMessage("go");
    await settle();
    expect(store.getState().thread.runs).toHaveLength(13);
    expect([...store.getState().thread.interactions.values()].some((i) => i.origin.kind === "kit")).toBe(false);
  });

  it("a person's answer between runs starts the count again", async () => {
    const fake = fakeAgent();
    const store = createThreadStore({ agent: fake.agent, threadId: "t1", batch: "sync", maxAutoRuns: 1 });
    store.getState().registerTool({ name: "ping", handler: () => "pong" });
    store.getState().sendMessage("go");
    fake.play([ev.toolStart("a", "ping"), ev.toolArgs("a", "{}"), ev.toolEnd("a")]);
    await settle();
    expect(fake.inputs).toHaveLength(2);
    // The agent asks the person: answering it is the person's turn, not an automatic run.
    fake.play([ev.toolStart("q", "parley_advise"), ev.toolArgs("q", JSON.stringify({ content: "Which?", options: [{ id: "x", label: "X" }] })), ev.toolEnd("q")]);
    await settle();
    store.getState().answer("q", { action: "choose", optionIds: ["x"], numbers: [] });
    expect(fake.inputs).toHaveLength(3);
    fake.play([ev.toolStart("b", "ping"), ev.toolArgs("b", "{}"), ev.toolEnd("b")]);
    await settle();
    expect(fake.inputs).toHaveLength(4);
  });

  it("Stop between runs ends the chain; the store is busy (continuing) until then", async () => {
    let release!: () => void;
    const { agent, inputs } = loopingServer();
    const store = createThreadStore({ agent, threadId: "t1", batch: "sync" });
    store.getState().registerTool({ name: "ping", handler: () => new Promise((resolve) => (release = () => resolve("pong"))) });
    store.getState().sendMessage("go");
    await settle();
    // The handler is at work between runs: no run is going, but the agent is not done.
    expect(store.getState().isRunning).toBe(false);
    expect(store.getState().continuing).toBe(true);
    store.getState().stop();
    expect(store.getState().continuing).toBe(false);
    release();
    await settle();
    expect(inputs).toHaveLength(1);
  });
});

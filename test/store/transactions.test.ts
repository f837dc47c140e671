// @vitest-environment node
import { describe, expect, it, vi } from "vitest";
import { createThreadStore } from "../../src";
import { createInterruptAsk } from "../../src/server";
import { ev } from "../support/events";
import { fakeAgent } from "../support/fakeAgent";

/**
 * Going on by itself is derived by `commit`, once per transaction, never asked for by a method:
 * a method's writes are one transaction, a write outside any (a stream ending, a handler
 * answering) asks in a microtask, and a run the person stopped or that failed waits for them.
 */

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const advise = (id: string) => [ev.toolStart(id, "parley_advise"), ev.toolArgs(id, JSON.stringify({ content: "Which?", options: [{ id: "a", label: "A" }, { id: "b", label: "B" }] })), ev.toolEnd(id)];
const choose = { action: "choose", optionIds: ["a"], numbers: [] } as const;

function setup(options: Parameters<typeof createThreadStore>[0] = {}) {
  const fake = fakeAgent();
  let n = 0;
  const store = createThreadStore({ agent: fake.agent, threadId: "t1", batch: "sync", createId: () => `id-${++n}`, ...options });
  return { fake, store, s: () => store.getState() };
}

describe("going on by itself, derived once per transaction", () => {
  it("an answer from the app's own dispatch goes on like a click, at the end of the method", async () => {
    const { fake, s } = setup();
    s().sendMessage("go");
    fake.play(advise("tc1"));
    await tick();
    expect(fake.inputs).toHaveLength(1);
    expect(s().dispatch({ type: "answer", interactionId: "tc1", response: choose, how: "click", at: 1 })).toEqual({ ok: true });
    // Synchronously: the method's transaction ended, and the store went on.
    expect(fake.inputs).toHaveLength(2);
    expect(fake.inputs[1]!.messages.some((m) => m.role === "tool" && m.toolCallId === "tc1")).toBe(true);
  });

  it("two answers in one transaction of the app's make one run, not two", async () => {
    const { fake, store, s } = setup();
    s().sendMessage("go");
    fake.play([...advise("tc1"), ...advise("tc2")]);
    await tick();
    // A subscriber that answers the second question as soon as the first is answered: all within the first method's transaction.
    const off = store.subscribe((state, prev) => {
      if (state.thread.interactions.get("tc1")?.status === "answered" && prev.thread.interactions.get("tc1")?.status === "pending") state.answer("tc2", choose);
    });
    s().answer("tc1", choose);
    off();
    expect(fake.inputs).toHaveLength(2);
    const results = fake.inputs[1]!.messages.filter((m) => m.role === "tool").map((m) => (m as { toolCallId: string }).toolCallId);
    expect(results).toEqual(["tc1", "tc2"]);
  });

  it("a run that ends with nothing open goes on in a microtask after its stream closes, not inside it", async () => {
    const { fake, s } = setup();
    s().sendMessage("go");
    fake.play(advise("tc1"));
    await tick();
    // Answered while the next run is not allowed to start (no agent), then the agent comes back.
    s().setAgent(undefined);
    s().answer("tc1", choose);
    expect(s().turn.owesRun || s().thread.interactions.get("tc1")?.deliveredInRunId === undefined).toBe(true);
    s().setAgent(fake.agent);
    // setAgent is a transaction whose write (a new agent) may let the store go on.
    expect(fake.inputs).toHaveLength(2);
    // That run ends by itself with nothing more to say: the next does not start from inside complete().
    fake.push(ev.runStarted(), ev.runFinished("", ""));
    fake.complete();
    expect(s().isRunning).toBe(false);
    await tick();
    expect(fake.inputs).toHaveLength(2);
  });

  it("after Stop, answers still owed wait for the person; their next answer sends them all", async () => {
    const { fake, s } = setup();
    s().sendMessage("go");
    fake.play([...advise("tc1"), ...advise("tc2")]);
    await tick();
    s().answer("tc1", choose);
    s().answer("tc2", choose);
    expect(fake.inputs).toHaveLength(2);
    // The person stops the run that carries the answers before the agent took them.
    s().stop();
    await tick();
    expect(s().thread.runs.at(-1)?.status).toBe("cancelled");
    expect(fake.inputs).toHaveLength(2);
    // A tab taking over (a write that may let the store go on) does not undo the Stop.
    s().setSender(false);
    s().setSender(true);
    await tick();
    expect(fake.inputs).toHaveLength(2);
    // Retry is the person's: the answers go again.
    expect(s().retry()).toBe(true);
    expect(fake.inputs).toHaveLength(3);
    expect(fake.inputs[2]!.messages.filter((m) => m.role === "tool")).toHaveLength(2);
  });

  it("a decision record that cannot be written is named in the turn, and the answer goes without it", async () => {
    const { interrupt } = await createInterruptAsk({ id: "int-1", reason: "tool_call", toolCallId: "tc1", message: "Delete?" }, { args: { path: "/x" } });
    const { fake, s } = setup();
    s().sendMessage("go");
    fake.play([ev.toolStart("tc1", "delete_files"), ev.toolArgs("tc1", JSON.stringify({ path: "/x" })), ev.toolEnd("tc1")], { type: "interrupt", interrupts: [interrupt] });
    await tick();
    const digest = vi.spyOn(globalThis.crypto.subtle, "digest").mockRejectedValue(new Error("no WebCrypto here"));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      s().answer("int-1", { approved: true });
      expect(fake.inputs).toHaveLength(1);
      await vi.waitFor(() => expect(s().turn.unrecorded).toEqual(["int-1"]));
      await vi.waitFor(() => expect(fake.inputs).toHaveLength(2));
      const entry = fake.inputs[1]!.resume![0]!;
      expect(entry.payload).toEqual({ approved: true });
      expect((entry.metadata as { parley?: unknown } | undefined)?.parley).toBeUndefined();
    } finally {
      digest.mockRestore();
      warn.mockRestore();
    }
  });
});

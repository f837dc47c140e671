// @vitest-environment node
import { describe, expect, it, vi } from "vitest";
import { createThreadStore } from "../../src";
import { keepPermissions } from "../../src/store/keepPermissions";
import { createMemoryPolicyStorage } from "../../src/core/policy";
import { ev } from "../support/events";
import { fakeAgent } from "../support/fakeAgent";

/** The turn is state: subscribers see what runs and what is owed, and only the store writes it. */

let n = 0;
const tick = () => new Promise<void>((resolve) => queueMicrotask(resolve));
const advise = (id: string) => [ev.toolStart(id, "parley_advise"), ev.toolArgs(id, JSON.stringify({ content: "Which?", options: [{ id: "a", label: "A" }, { id: "b", label: "B" }] })), ev.toolEnd(id)];

describe("the turn slice", () => {
  it("shows the run going, the answers in flight and their delivery to a subscriber", async () => {
    const fake = fakeAgent();
    const store = createThreadStore({ agent: fake.agent, threadId: "t1", batch: "sync", createId: () => `t-${++n}` });
    const seen: string[] = [];
    store.subscribe((s, prev) => {
      if (s.turn.active?.runId !== prev.turn.active?.runId) seen.push(s.turn.active ? "run" : "idle");
    });
    store.getState().sendMessage("go");
    expect(store.getState().turn.active?.runId).toBe(fake.inputs[0]!.runId);
    expect(store.getState().turn.threadId).toBe("t1");
    fake.play(advise("tc1"));
    await tick();
    expect(store.getState().turn.active).toBeUndefined();
    store.getState().answer("tc1", { action: "choose", optionIds: ["a"], numbers: [] });
    const second = fake.inputs[1]!.runId;
    expect(store.getState().turn.inFlight).toEqual({ runId: second, ids: ["tc1"] });
    fake.push(ev.runStarted());
    expect(store.getState().turn.inFlight).toBeUndefined();
    expect(store.getState().thread.interactions.get("tc1")?.deliveredInRunId).toBe(second);
    expect(seen).toEqual(["run", "idle", "run"]);
  });

  it("keepPermissions reports through dispatch, never setState", async () => {
    const store = createThreadStore({ batch: "sync" });
    const setState = vi.spyOn(store, "setState");
    const dispatch = vi.spyOn(store.getState(), "dispatch");
    const kept = keepPermissions(store, { storage: createMemoryPolicyStorage(), key: "ana", openChannel: null });
    await kept.ready;
    expect(store.getState().keptPermissions?.status).toBe("ready");
    expect(dispatch).toHaveBeenCalledWith(expect.objectContaining({ type: "keep-permissions" }));
    expect(setState).not.toHaveBeenCalled();
    kept.stop();
  });
});

// @vitest-environment node
import { describe, expect, it } from "vitest";
import { createThreadStore } from "../../src";
import { ev } from "../support/events";
import { fakeAgent } from "../support/fakeAgent";

/** The store's `setState`: the edit goes out with the next run; during a run it is held against the agent's state. */
describe("setState", () => {
  const setup = () => {
    const fake = fakeAgent();
    const store = createThreadStore({ agent: fake.agent, threadId: "t1", batch: "sync", initialState: { recipe: { title: "Soup" }, skill: "beginner" } });
    return { fake, store, s: () => store.getState() };
  };

  it("an edit while idle is the next run's state", () => {
    const { fake, s } = setup();
    s().setState((state) => ({ ...(state as object), recipe: { title: "Pancakes" } }));
    s().sendMessage("go");
    expect(fake.inputs[0]!.state).toEqual({ recipe: { title: "Pancakes" }, skill: "beginner" });
  });

  it("an edit while a run streams is kept against the agent's later snapshot, then carried by the next run and let go", () => {
    const { fake, s } = setup();
    s().sendMessage("go");
    fake.push(ev.runStarted());
    s().setState({ recipe: { title: "Pancakes" }, skill: "beginner" });
    fake.push(ev.stateSnapshot({ recipe: { title: "Agent soup" }, skill: "expert" }), ev.runFinished());
    fake.complete();
    expect(s().thread.state).toEqual({ recipe: { title: "Pancakes" }, skill: "expert" });
    s().sendMessage("again");
    expect(fake.inputs[1]!.state).toEqual({ recipe: { title: "Pancakes" }, skill: "expert" });
    expect(s().thread.stateEdits).toBeUndefined();
    fake.push(ev.runStarted(), ev.stateSnapshot({ recipe: { title: "Agent pie" } }));
    expect(s().thread.state).toEqual({ recipe: { title: "Agent pie" } });
  });
});

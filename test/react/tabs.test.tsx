import { StrictMode } from "react";
import { act, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerMessageId, createThreadStore, ParleyProvider, type ThreadStore } from "../../src";
import { createMemoryThreadStorage } from "../../src/persistence";
import { ev } from "../support/events";
import { fakeAgent } from "../support/fakeAgent";
import { fakeLocks } from "../support/tabs";

/**
 * `<ParleyProvider persistence={{ …, tabs: true }}>`: two providers of one thread (two tabs) under
 * StrictMode — the doubled effects start one sync each, an answer in one closes the card in the
 * other, and the agent hears it once.
 */

afterEach(() => {
  vi.unstubAllGlobals();
});

const settle = () => act(async () => {
  for (let i = 0; i < 20; i++) await new Promise<void>((resolve) => setTimeout(resolve, 0));
});

describe("ParleyProvider persistence tabs", () => {
  it("two providers of one thread: the answer in the second closes the first's card; one run carries it", async () => {
    vi.stubGlobal("navigator", { ...navigator, locks: fakeLocks() });
    const storage = createMemoryThreadStorage();
    const tabs = [fakeAgent(), fakeAgent()].map((fake) => ({ fake, store: createThreadStore({ agent: fake.agent, batch: "sync" }) }));
    const [a, b] = tabs as [(typeof tabs)[0], (typeof tabs)[0]];
    const persistence = { storage, key: "react-tabs", tabs: true };
    const view = render(
      <StrictMode>
        <ParleyProvider store={a.store} persistence={persistence} />
        <ParleyProvider store={b.store} persistence={persistence} />
      </StrictMode>,
    );
    await settle();
    act(() => {
      a.store.getState().sendMessage("Which train?");
      a.fake.play([ev.toolStart("tc1", "parley_advise"), ev.toolArgs("tc1", JSON.stringify({ content: "Which?", options: [{ id: "a", label: "08:05" }] })), ev.toolEnd("tc1")]);
    });
    await settle();
    const card = (store: ThreadStore) => store.getState().thread.interactions.get("tc1");
    expect(card(b.store)?.status).toBe("pending");
    act(() => void b.store.getState().answer("tc1", { action: "choose", optionIds: ["a"], numbers: [] }));
    await settle();
    expect(card(a.store)?.status).toBe("answered");
    const runs = [...a.fake.inputs, ...b.fake.inputs];
    expect(runs.filter((run) => run.messages.some((m) => m.id === answerMessageId("tc1")))).toHaveLength(1);
    expect(b.fake.inputs).toHaveLength(0);
    view.unmount();
  });
});

import { StrictMode, type ReactNode } from "react";
import { act, render, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createThreadStore, ParleyProvider, useForgetThread } from "../../src";
import { createMemoryThreadStorage } from "../../src/persistence";
import { fakeAgent } from "../support/fakeAgent";

/** `useForgetThread()`: the provider's kept thread forgotten, under StrictMode's doubled effects. */

const settle = () => act(async () => {
  for (let i = 0; i < 20; i++) await new Promise<void>((resolve) => setTimeout(resolve, 0));
});

describe("useForgetThread", () => {
  it("removes the provider's saved thread; a change made just before never writes it back, even at pagehide", async () => {
    const storage = createMemoryThreadStorage();
    const store = createThreadStore({ agent: fakeAgent().agent, batch: "sync" });
    const persistence = { storage, key: "forget-me" };
    let forget: (() => Promise<void>) | undefined;
    function Grab() {
      forget = useForgetThread();
      return null;
    }
    render(
      <StrictMode>
        <ParleyProvider store={store} persistence={persistence}>
          <Grab />
        </ParleyProvider>
      </StrictMode>,
    );
    await settle();
    act(() => void store.getState().sendMessage("Keep this?"));
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(await storage.load("forget-me")).toBeDefined();

    act(() => void store.getState().sendMessage("No, forget it"));
    // The debounced save of that message is still pending: forget wins, and the page hiding writes nothing.
    await act(async () => {
      await forget!();
      dispatchEvent(new Event("pagehide"));
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(await storage.load("forget-me")).toBeUndefined();
  });

  it("is undefined where the provider keeps nothing", () => {
    const wrapper = ({ children }: { children: ReactNode }) => <ParleyProvider agent={fakeAgent().agent}>{children}</ParleyProvider>;
    expect(renderHook(() => useForgetThread(), { wrapper }).result.current).toBeUndefined();
  });
});

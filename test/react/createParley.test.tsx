import { StrictMode } from "react";
import { act, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { createParley, ParleyProvider, useForgetThread, useThread } from "../../src";
import { createMemoryThreadStorage } from "../../src/persistence";
import { ScriptedAgent } from "../../src/testing";
import { textRun } from "../support/events";

function Texts() {
  const count = useThread((thread) => thread.messageIds.length);
  return <p data-testid="count">{count}</p>;
}

describe("createParley", () => {
  it("configures a conversation without React, and the store works on its own", async () => {
    const agent = new ScriptedAgent({ script: () => textRun("r1", "m1", ["hello back"]) });
    const parley = createParley({ agent, threadId: "t1" });
    const stop = parley.start();
    parley.store.getState().sendMessage("hi");
    await vi.waitFor(() => expect(parley.store.getState().isRunning).toBe(false));
    expect(parley.store.getState().thread.messageIds).toHaveLength(2);
    expect(parley.forget).toBeUndefined();
    stop();
    stop();
  });

  it("keeps the thread with persistence while started, and forgets it", async () => {
    const storage = createMemoryThreadStorage();
    const parley = createParley({ agent: new ScriptedAgent({ script: () => textRun("r1", "m1", ["kept"]) }), persistence: { storage, key: "k" } });
    const stop = parley.start();
    parley.store.getState().sendMessage("remember me");
    await vi.waitFor(async () => expect(await storage.load("k")).toBeDefined());
    await parley.forget!();
    expect(await storage.load("k")).toBeUndefined();
    stop();
  });

  it("is provided as it is by <ParleyProvider parley>, which neither remakes nor stops it on StrictMode's double mount", async () => {
    const parley = createParley({ agent: new ScriptedAgent({ script: () => textRun("r1", "m1", ["ok"]) }) });
    function Forget() {
      return <p data-testid="forget">{typeof useForgetThread()}</p>;
    }
    render(
      <StrictMode>
        <ParleyProvider parley={parley}>
          <Texts />
          <Forget />
        </ParleyProvider>
      </StrictMode>,
    );
    act(() => void parley.store.getState().sendMessage("hi"));
    await vi.waitFor(() => expect(screen.getByTestId("count").textContent).toBe("2"));
    expect(screen.getByTestId("forget").textContent).toBe("undefined");
  });
});

describe("<ParleyProvider> options read once", () => {
  it("warns in development, once per option, when one that cannot change does — and says what to do", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { rerender } = render(<ParleyProvider locale="en" autoContinue runDefaults={{ context: [] }}><span /></ParleyProvider>);
    rerender(<ParleyProvider locale="zh-CN" autoContinue runDefaults={{ context: [] }}><span /></ParleyProvider>);
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    rerender(<ParleyProvider locale="de" autoContinue={false} runDefaults={{ context: [] }}><span /></ParleyProvider>);
    await vi.waitFor(() => expect(warn.mock.calls.some((c) => String(c[0]).includes("autoContinue"))).toBe(true));
    const said = warn.mock.calls.map((c) => String(c[0]));
    expect(said.filter((s) => s.includes("<ParleyProvider locale>"))).toHaveLength(1);
    expect(said.find((s) => s.includes("locale"))).toMatch(/from "en" to "zh-CN".*read once.*key/);
    expect(said.filter((s) => s.includes("<ParleyProvider autoContinue>"))).toHaveLength(1);
    warn.mockRestore();
  });

  it("does not warn for an inline object whose entries are the same values", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const tools: never[] = [];
    const { rerender } = render(<ParleyProvider runDefaults={{ tools }}><span /></ParleyProvider>);
    rerender(<ParleyProvider runDefaults={{ tools }}><span /></ParleyProvider>);
    await import("../../src/react/readOnceWarnings");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});

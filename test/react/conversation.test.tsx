import { StrictMode, useState } from "react";
import { act, render, renderHook, screen } from "@testing-library/react";
import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import { describe, expect, it, vi } from "vitest";
import { createThreadStore, ParleyProvider, SUGGESTIONS_EVENT, useAgentContext, useBranches, useCopyMessage, useMessageActions, useSuggestions, type ThreadStore } from "../../src";
import { ScriptedAgent } from "../../src/testing";
import { ev } from "../support/events";

let n = 0;
function storeWithAgent(extra: BaseEvent[] = []) {
  const inputs: RunAgentInput[] = [];
  const agent = new ScriptedAgent({
    script: (input) => {
      inputs.push(input);
      const id = `a${++n}`;
      return [ev.runStarted(input.runId), ev.textStart(id), ev.text(id, "**ok**"), ev.textEnd(id), ...extra, ev.runFinished(input.runId)];
    },
  });
  return { store: createThreadStore({ agent, batch: "sync", createId: () => `id-${++n}` }), inputs };
}

const wrapper = (store: ThreadStore) =>
  function Wrapper({ children }: { children: React.ReactNode }) {
    return (
      <StrictMode>
        <ParleyProvider store={store}>{children}</ParleyProvider>
      </StrictMode>
    );
  };

describe("useAgentContext", () => {
  it("registers while mounted (once under StrictMode), several at once, updates with the value, leaves on unmount", () => {
    const { store, inputs } = storeWithAgent();
    function Page({ path }: { path: string }) {
      useAgentContext("Current page", { path });
      return null;
    }
    function Selection() {
      useAgentContext("Selection", "the 8:05");
      return null;
    }
    function App() {
      const [path, setPath] = useState("/trains");
      const [showSelection, setShowSelection] = useState(true);
      return (
        <>
          <Page path={path} />
          {showSelection ? <Selection /> : null}
          <button onClick={() => setPath("/hotels")}>go</button>
          <button onClick={() => setShowSelection(false)}>hide</button>
        </>
      );
    }
    render(<App />, { wrapper: wrapper(store) });
    act(() => void store.getState().sendMessage("hi"));
    const mine = (i: number) => inputs[i]!.context.filter((c) => !c.description.startsWith("Parley"));
    expect(mine(0)).toEqual([
      { description: "Current page", value: '{"path":"/trains"}' },
      { description: "Selection", value: "the 8:05" },
    ]);
    act(() => screen.getByText("go").click());
    act(() => screen.getByText("hide").click());
    act(() => void store.getState().sendMessage("again"));
    expect(mine(1)).toEqual([{ description: "Current page", value: '{"path":"/hotels"}' }]);
  });
});

describe("useBranches and useMessageActions", () => {
  it("editing shows '2 / 2' on the new message; previous and next browse the versions", () => {
    const { store } = storeWithAgent();
    act(() => void store.getState().sendMessage("Lyon"));
    const first = store.getState().thread.messageIds[0]!;
    const actions = renderHook(() => useMessageActions(first), { wrapper: wrapper(store) });
    expect(actions.result.current.canFork).toBe(true);
    act(() => void actions.result.current.edit("Paris"));
    const edited = store.getState().thread.messageIds[0]!;
    const branches = renderHook(() => useBranches(edited), { wrapper: wrapper(store) });
    expect(branches.result.current).toMatchObject({ index: 2, count: 2 });
    act(() => void branches.result.current!.previous());
    expect(store.getState().thread.messageIds[0]).toBe(first);
    const back = renderHook(() => useBranches(first), { wrapper: wrapper(store) });
    expect(back.result.current).toMatchObject({ index: 1, count: 2 });
    expect(back.result.current!.previous().ok).toBe(false);
    act(() => void back.result.current!.next());
    expect(store.getState().thread.messageIds[0]).toBe(edited);
  });

  it("a message without versions has none", () => {
    const { store } = storeWithAgent();
    act(() => void store.getState().sendMessage("Lyon"));
    const { result } = renderHook(() => useBranches(store.getState().thread.messageIds[0]!), { wrapper: wrapper(store) });
    expect(result.current).toBeUndefined();
  });
});

describe("useCopyMessage", () => {
  it("copies the answer as Markdown, and says when it could not", async () => {
    const { store } = storeWithAgent();
    act(() => void store.getState().sendMessage("Lyon"));
    const answer = store.getState().thread.messageIds[1]!;
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const { result } = renderHook(() => useCopyMessage(answer), { wrapper: wrapper(store) });
    await act(async () => void (await result.current.copy()));
    expect(writeText).toHaveBeenCalledWith("**ok**");
    expect(result.current.state).toBe("copied");
    writeText.mockImplementation(() => Promise.reject(new Error("denied")));
    await act(async () => void (await result.current.copy()));
    expect(result.current.state).toBe("failed");
  });
});

describe("useSuggestions", () => {
  it("shows the last run's suggestions and sends the chosen one's value", () => {
    const { store, inputs } = storeWithAgent([ev.custom(SUGGESTIONS_EVENT, { suggestions: [{ label: "Yes", value: "Yes, book it" }] })]);
    act(() => void store.getState().sendMessage("Lyon"));
    const { result } = renderHook(() => useSuggestions(), { wrapper: wrapper(store) });
    expect(result.current.items).toEqual([{ label: "Yes", value: "Yes, book it" }]);
    act(() => void result.current.choose(result.current.items[0]!));
    expect(inputs[1]!.messages.at(-1)).toMatchObject({ role: "user", content: "Yes, book it" });
  });

  it("falls back to state.suggestions, and a label naming a numbered option answers it by number", () => {
    const advise = { content: "Which train?", options: [{ id: "t1", label: "07:05" }, { id: "t2", label: "09:04" }] };
    const agent = new ScriptedAgent({
      script: [ev.runStarted("r1"), ev.stateSnapshot({ suggestions: [{ label: "09:04" }] }), ev.toolStart("c1", "parley_advise"), ev.toolArgs("c1", JSON.stringify(advise)), ev.toolEnd("c1"), ev.runFinished("r1")],
    });
    const store = createThreadStore({ agent, batch: "sync", createId: () => `id-${++n}`, autoContinue: false });
    act(() => void store.getState().run());
    const { result } = renderHook(() => useSuggestions(), { wrapper: wrapper(store) });
    expect(result.current.items).toEqual([{ label: "09:04" }]);
    let done = false;
    act(() => void (done = result.current.choose({ label: "09:04" }).done));
    expect(done).toBe(true);
    const interaction = [...store.getState().thread.interactions.values()][0]!;
    expect(interaction.status).toBe("answered");
    expect(interaction.response).toMatchObject({ optionIds: ["t2"] });
  });
});

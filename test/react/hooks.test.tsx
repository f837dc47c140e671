import { memo, StrictMode, useRef } from "react";
import { act, render, renderHook, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import {
  createThreadStore,
  foldEvents,
  ParleyProvider,
  useAgentRun,
  useAgentState,
  useMessage,
  useMessageIds,
  useThread,
  type AgentLike,
  type ReadonlyThreadStore,
  type ThreadStore,
} from "../../src";
import { ScriptedAgent } from "../../src/testing";
import { ev, textRun } from "../support/events";
import { messageText } from "../support/thread";
import { useThreadStore as useThreadStoreForTest } from "../../src/react/ParleyProvider";

function feed(store: ThreadStore, events: Parameters<typeof foldEvents>[1]) {
  act(() => store.setState((s) => ({ thread: foldEvents(s.thread, events) })));
}

describe("hooks", () => {
  it("a streamed token re-renders only the row of that message", () => {
    const store = createThreadStore();
    feed(store, [ev.runStarted(), ev.textStart("a"), ev.text("a", "A"), ev.textEnd("a"), ev.textStart("b"), ev.text("b", "B")]);
    const renders: Record<string, number> = {};
    const Row = memo(function Row({ id }: { id: string }) {
      const message = useMessage(id);
      renders[id] = (renders[id] ?? 0) + 1;
      return <li>{messageText(message)}</li>;
    });
    let listRenders = 0;
    function List() {
      const ids = useMessageIds();
      listRenders++;
      return <ul>{ids.map((id) => <Row key={id} id={id} />)}</ul>;
    }
    render(<ParleyProvider store={store}><List /></ParleyProvider>);
    expect(renders).toEqual({ a: 1, b: 1 });
    const listAfterMount = listRenders;
    feed(store, [ev.text("b", "+1"), ev.text("b", "+2")]);
    feed(store, [ev.text("b", "+3")]);
    expect(screen.getByText("B+1+2+3")).toBeInTheDocument();
    expect(renders).toEqual({ a: 1, b: 3 });
    expect(listRenders).toBe(listAfterMount);
    feed(store, [ev.textEnd("b"), ev.textStart("c")]);
    expect(listRenders).toBe(listAfterMount + 1); // a new message: the list re-renders, row a still does not
    expect(renders.a).toBe(1);
  });

  it("hooks outside the provider throw an error that names ParleyProvider", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => renderHook(() => useMessageIds())).toThrow(/useMessageIds\(\) must be used inside <ParleyProvider>/);
    expect(() => renderHook(() => useAgentRun())).toThrow(/ParleyProvider/);
    spy.mockRestore();
  });

  it("under StrictMode the provider makes one store and starts nothing", () => {
    const run = vi.fn(() => ({ subscribe: () => ({ unsubscribe() {} }) }));
    const agent: AgentLike = { run };
    const stores = new Set<unknown>();
    function Probe() {
      const ref = useRef(0);
      ref.current++;
      const { status } = useAgentRun();
      stores.add(useThread((t) => t));
      return <span>{status}</span>;
    }
    render(<StrictMode><ParleyProvider agent={agent}><Probe /></ParleyProvider></StrictMode>);
    expect(run).not.toHaveBeenCalled();
    expect(screen.getByText("idle")).toBeInTheDocument();
    expect(stores.size).toBe(1);
  });

  it("useAgentRun drives a run end to end and exposes the error", async () => {
    let attempt = 0;
    const agent = new ScriptedAgent({
      script: () => (++attempt === 1 ? [ev.runStarted("r1"), ev.runError("The agent is busy")] : textRun("r2", "m", ["ok"])),
    });
    const wrapper = ({ children }: { children: React.ReactNode }) => <ParleyProvider agent={agent}>{children}</ParleyProvider>;
    const { result } = renderHook(() => ({ run: useAgentRun(), ids: useMessageIds() }), { wrapper });
    expect(result.current.run.status).toBe("idle");
    await act(async () => {
      result.current.run.send("hello");
      await Promise.resolve();
    });
    await vi.waitFor(() => expect(result.current.run.error?.message).toBe("The agent is busy"));
    expect(result.current.run.isRunning).toBe(false);
    await act(async () => {
      result.current.run.retry();
    });
    await vi.waitFor(() => expect(result.current.ids).toHaveLength(2));
    expect(result.current.run.error).toBeUndefined();
  });

  it("useAgentRun keeps the same object between unrelated updates", () => {
    const store = createThreadStore();
    const { result } = renderHook(() => useAgentRun(), { wrapper: ({ children }) => <ParleyProvider store={store}>{children}</ParleyProvider> });
    const first = result.current;
    feed(store, [ev.custom("x", 1)]);
    expect(result.current).toBe(first);
  });

  it("useAgentState selects a slice of the agent's state", () => {
    const store = createThreadStore();
    const { result } = renderHook(() => useAgentState((s: { count?: number }) => s.count), {
      wrapper: ({ children }) => <ParleyProvider store={store}>{children}</ParleyProvider>,
    });
    expect(result.current).toBeUndefined();
    feed(store, [ev.runStarted(), ev.stateSnapshot({ count: 1 }), ev.stateDelta([{ op: "replace", path: "/count", value: 2 }])]);
    expect(result.current).toBe(2);
  });

  it("useAgentState gives plain values of a large state, the same objects while they do not change", () => {
    const store = createThreadStore();
    const big = Object.fromEntries(Array.from({ length: 200 }, (_, k) => [`key${k}`, { k }]));
    feed(store, [ev.runStarted(), ev.stateSnapshot(big), ev.stateDelta([{ op: "replace", path: "/key1", value: { k: "one" } }])]);
    let renders = 0;
    const { result } = renderHook(
      () => {
        renders++;
        return { whole: useAgentState<Record<string, { k: unknown }>>(), one: useAgentState((s: Record<string, { k: unknown }>) => s.key7) };
      },
      { wrapper: ({ children }) => <ParleyProvider store={store}>{children}</ParleyProvider> },
    );
    const first = result.current;
    expect(Object.getPrototypeOf(first.whole)).toBe(Object.prototype);
    expect(structuredClone(first.whole)).toEqual({ ...big, key1: { k: "one" } });
    expect(first.one).toBe(big.key7);
    const rendered = renders;
    feed(store, [ev.textStart("m"), ev.text("m", "streaming, the state untouched")]);
    expect(renders).toBe(rendered);
    expect(result.current.whole).toBe(first.whole);
    feed(store, [ev.stateDelta([{ op: "replace", path: "/key2", value: 2 }])]);
    expect(result.current.whole.key2).toBe(2);
    expect(result.current.whole.key3).toBe(first.whole.key3);
    expect(result.current.one).toBe(first.one);
  });

  it("derives the agent status as a run goes", () => {
    const store = createThreadStore();
    const { result } = renderHook(() => useAgentRun().status, { wrapper: ({ children }) => <ParleyProvider store={store}>{children}</ParleyProvider> });
    feed(store, [ev.runStarted()]);
    expect(result.current).toBe("thinking");
    feed(store, [ev.toolStart("t1", "search")]);
    expect(result.current).toBe("acting");
    feed(store, [ev.toolEnd("t1"), ev.runFinished()]);
    expect(result.current).toBe("waiting");
    feed(store, [ev.runStarted("r2"), ev.runFinished("r2")]);
    expect(result.current).toBe("idle");
  });

  it("unmounting the provider stops its run; StrictMode's remount does not", async () => {
    const unsubscribed = vi.fn();
    const agent: AgentLike = { run: () => ({ subscribe: () => ({ unsubscribe: unsubscribed }) }) };
    let store: ReadonlyThreadStore | undefined;
    function Grab() {
      store = useThreadStoreForTest();
      return null;
    }
    const { unmount } = render(<StrictMode><ParleyProvider agent={agent}><Grab /></ParleyProvider></StrictMode>);
    act(() => void store!.getState().sendMessage("hi"));
    await Promise.resolve();
    expect(store!.getState().isRunning).toBe(true);
    unmount();
    await Promise.resolve();
    expect(unsubscribed).toHaveBeenCalledTimes(1);
    expect(store!.getState().isRunning).toBe(false);
  });

  it("a new agent prop is used from the next run, and agent={undefined} takes it away", () => {
    const first: AgentLike = { run: () => ({ subscribe: () => ({ unsubscribe() {} }) }) };
    const second: AgentLike = { run: () => ({ subscribe: () => ({ unsubscribe() {} }) }) };
    let store: ReadonlyThreadStore | undefined;
    function Grab() {
      store = useThreadStoreForTest();
      return null;
    }
    const { rerender } = render(<ParleyProvider agent={first}><Grab /></ParleyProvider>);
    act(() => void store!.getState().sendMessage("hi"));
    rerender(<ParleyProvider agent={second}><Grab /></ParleyProvider>);
    expect(store!.getState().isRunning).toBe(true);
    expect(store!.getState().agent).toBe(second);
    rerender(<ParleyProvider agent={undefined}><Grab /></ParleyProvider>);
    expect(store!.getState().agent).toBeUndefined();
  });

  it("warns that threadId is read once when it changes", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { rerender } = render(<ParleyProvider threadId="a"><span /></ParleyProvider>);
    rerender(<ParleyProvider threadId="b"><span /></ParleyProvider>);
    await vi.waitFor(() => expect(warn.mock.calls.some((c) => /key=\{threadId\}/.test(String(c[0])))).toBe(true));
    warn.mockRestore();
  });
});


import { memo, StrictMode, type ComponentType } from "react";
import { describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import {
  createThreadStore,
  ParleyProvider,
  ParleyUIProvider,
  MessageRenderer,
  ToolCallCard,
  InteractionQueue,
  AgentStatusIndicator,
  useAgentState,
  useMessageIds,
  useSetAgentState,
  useFrontendTool,
  useStateRenderer,
  useToolRenderer,
  type StateRendererProps,
  type ToolRendererProps,
} from "../../src";
import { foldEvents } from "../../src/core/fold";
import { ev } from "../support/events";
import { fakeAgent } from "../support/fakeAgent";
import { expectNoAxeViolations, renderKit, storeWith } from "./support";

/** The thread's rows without virtualization (jsdom has no layout). */
function Rows() {
  return <>{useMessageIds().map((id) => <MessageRenderer key={id} id={id} />)}</>;
}

/** Tool renderers (`tool:<name>`, `tool:*`), front-end tools with `render`, and state views in the thread. */

type Haiku = { japanese: string[]; english: string[] };
function HaikuCard({ args, status }: ToolRendererProps<Haiku>) {
  return (
    <figure data-testid="haiku" data-status={status}>
      {args?.english?.map((line, i) => <p key={i}>{line}</p>)}
    </figure>
  );
}
function Registered({ name, Component }: { name: string; Component: ComponentType<ToolRendererProps<any, any>> }) {
  useToolRenderer(name, Component);
  return null;
}

describe("useToolRenderer", () => {
  it("renders calls of the named tool with the app's component, filling in as the arguments stream", async () => {
    const store = storeWith([ev.runStarted(), ev.toolStart("c1", "generate_haiku"), ev.toolArgs("c1", '{"english":["An old pond"')]);
    const { container } = renderKit(<><Registered name="generate_haiku" Component={HaikuCard} /><ToolCallCard id="c1" /></>, store);
    expect(screen.getByTestId("haiku")).toHaveAttribute("data-status", "streaming-args");
    expect(screen.getByText("An old pond")).toBeInTheDocument();
    act(() => store.setState((s) => ({ thread: foldEvents(s.thread, [ev.toolArgs("c1", ',"A frog jumps in"]}'), ev.toolEnd("c1")]) })));
    expect(screen.getByText("A frog jumps in")).toBeInTheDocument();
    expect(screen.getByTestId("haiku")).toHaveAttribute("data-status", "waiting");
    await expectNoAxeViolations(container);
  });

  it("gets the parsed result and the status once the call completes", () => {
    const Card = ({ result, status }: ToolRendererProps<object, { ok: boolean }>) => <p>{`${status}:${String(result?.ok)}`}</p>;
    const store = storeWith([ev.runStarted(), ev.toolStart("c1", "lookup"), ev.toolArgs("c1", "{}"), ev.toolEnd("c1"), ev.toolResult("r1", "c1", '{"ok":true}')]);
    renderKit(<><Registered name="lookup" Component={Card} /><ToolCallCard id="c1" /></>, store);
    expect(screen.getByText("complete:true")).toBeInTheDocument();
  });

  it('"*" replaces the default card for every tool; a named renderer still wins; without them the default stays', () => {
    const Any = ({ name }: ToolRendererProps) => <p>any {name}</p>;
    const store = storeWith([ev.runStarted(), ...["a", "b"].flatMap((id) => [ev.toolStart(id, `tool_${id}`), ev.toolArgs(id, "{}"), ev.toolEnd(id)])]);
    const { rerender } = renderKit(<><ToolCallCard id="a" /></>, store);
    expect(document.querySelector("[data-slot=tool-call-name]")?.textContent).toBe("tool_a");
    rerender(
      <ParleyProvider store={store}>
        <ParleyUIProvider>
          <Registered name="*" Component={Any} />
          <Registered name="tool_b" Component={() => <p>just b</p>} />
          <ToolCallCard id="a" />
          <ToolCallCard id="b" />
        </ParleyUIProvider>
      </ParleyProvider>,
    );
    expect(screen.getByText("any tool_a")).toBeInTheDocument();
    expect(screen.getByText("just b")).toBeInTheDocument();
  });

  it("a renderer that throws is contained; the rest of the thread renders", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const Broken = () => {
      throw new Error("bad renderer");
    };
    const store = storeWith([ev.runStarted(), ev.toolStart("c1", "x"), ev.toolArgs("c1", "{}"), ev.toolEnd("c1")]);
    renderKit(<><Registered name="x" Component={Broken} /><ToolCallCard id="c1" /><p>still here</p></>, store);
    expect(screen.getByText("still here")).toBeInTheDocument();
    expect(document.querySelector("[data-slot=message-crashed]")).not.toBeNull();
    error.mockRestore();
  });
});

describe("<ParleyUIProvider toolRenderers>", () => {
  it("renders the named tool's calls with the app's card, \"*\" the rest; a useToolRenderer registration wins over either; a tool named like an Object member gets the default card", async () => {
    const Flights = ({ args, status }: ToolRendererProps<{ to: string }>) => <p data-status={status}>{`flights to ${args?.to ?? "…"}`}</p>;
    const Any = ({ name }: ToolRendererProps) => <p>{`any ${name}`}</p>;
    const store = storeWith([
      ev.runStarted(),
      ...[["a", "search_flights"], ["b", "lookup"], ["c", "constructor"], ["d", "override_me"]].flatMap(([id, name]) => [ev.toolStart(id!, name!), ev.toolArgs(id!, '{"to":"Lyon"}'), ev.toolEnd(id!)]),
    ]);
    const { container } = renderKit(
      <>
        <Registered name="override_me" Component={() => <p>registered wins</p>} />
        {["a", "b", "c", "d"].map((id) => <ToolCallCard key={id} id={id} />)}
      </>,
      store,
      { toolRenderers: { search_flights: Flights, override_me: Any } },
    );
    expect(screen.getByText("flights to Lyon")).toHaveAttribute("data-status", "waiting");
    expect(screen.getByText("registered wins")).toBeInTheDocument();
    // No "*" yet: other tools keep the kit's card, "constructor" included (no Object member is taken for a card).
    expect([...container.querySelectorAll("[data-slot=tool-call-name]")].map((n) => n.textContent)).toEqual(["lookup", "constructor"]);
    await expectNoAxeViolations(container);
  });

  it('"*" in toolRenderers covers every tool without its own, after a registered "*"', () => {
    const store = storeWith([ev.runStarted(), ev.toolStart("b", "lookup"), ev.toolArgs("b", "{}"), ev.toolEnd("b"), ev.toolStart("c", "toString"), ev.toolArgs("c", "{}"), ev.toolEnd("c")]);
    const Any = ({ name }: ToolRendererProps) => <p>{`any ${name}`}</p>;
    const { rerender } = renderKit(<><ToolCallCard id="b" /><ToolCallCard id="c" /></>, store, { toolRenderers: { "*": Any } });
    expect(screen.getByText("any lookup")).toBeInTheDocument();
    expect(screen.getByText("any toString")).toBeInTheDocument();
    rerender(
      <ParleyProvider store={store}>
        <ParleyUIProvider toolRenderers={{ "*": Any }}>
          <Registered name="*" Component={({ name }) => <p>{`registered ${name}`}</p>} />
          <ToolCallCard id="b" />
        </ParleyUIProvider>
      </ParleyProvider>,
    );
    expect(screen.getByText("registered lookup")).toBeInTheDocument();
  });
});

describe("useFrontendTool with render", () => {
  function Picker() {
    useFrontendTool<{ steps: string[] }>({
      name: "generate_task_steps",
      parameters: { type: "object", properties: { steps: { type: "array", items: { type: "string" } } } },
      render: ({ args, status, respond }) => (
        <div data-testid="picker" data-status={status}>
          {args?.steps?.map((step) => <span key={step}>{step}</span>)}
          {respond ? <button onClick={() => respond({ accepted: args?.steps ?? [] })}>Confirm</button> : null}
        </div>
      ),
    });
    return null;
  }

  it("declares the tool, shows the call inline, and respond answers it and starts the next run (in StrictMode)", async () => {
    const fake = fakeAgent();
    const store = createThreadStore({ agent: fake.agent, threadId: "t1", batch: "sync" });
    render(
      <StrictMode>
        <ParleyProvider store={store}>
          <ParleyUIProvider>
            <Picker />
            <Rows />
          </ParleyUIProvider>
        </ParleyProvider>
      </StrictMode>,
    );
    act(() => void store.getState().sendMessage("plan"));
    expect(fake.inputs[0]!.tools.filter((t) => t.name === "generate_task_steps")).toHaveLength(1);
    await act(async () => {
      fake.play([ev.toolStart("c1", "generate_task_steps"), ev.toolArgs("c1", '{"steps":["Buy flour","Bake"]}'), ev.toolEnd("c1")]);
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(await screen.findByText("Buy flour")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    expect(fake.inputs).toHaveLength(2);
    expect(fake.inputs[1]!.messages.at(-1)).toMatchObject({ role: "tool", toolCallId: "c1", content: '{"accepted":["Buy flour","Bake"]}' });
    expect(screen.queryByRole("button", { name: "Confirm" })).toBeNull();
  });
});

describe("a render tool waiting for the person is in the queue (issue 22)", () => {
  function Keep() {
    useFrontendTool<{ file: string }>({
      name: "keep_changes",
      parameters: { type: "object", properties: { file: { type: "string" } } },
      render: ({ args, respond }) => (
        <div data-testid="keep">
          {`Keep the changes to ${args?.file ?? "…"}?`}
          {respond ? <button onClick={() => respond({ keep: true })}>Keep</button> : null}
        </div>
      ),
    });
    return null;
  }

  it("is listed and counted while it waits on respond, answerable there, and leaves once answered", async () => {
    const fake = fakeAgent();
    const store = createThreadStore({ agent: fake.agent, threadId: "t1", batch: "sync" });
    render(
      <ParleyProvider store={store}>
        <ParleyUIProvider>
          <Keep />
          <InteractionQueue />
        </ParleyUIProvider>
      </ParleyProvider>,
    );
    act(() => void store.getState().sendMessage("edit"));
    await act(async () => {
      fake.play([ev.toolStart("k1", "keep_changes"), ev.toolArgs("k1", '{"file":"a.md"}'), ev.toolEnd("k1")]);
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    const queue = screen.getByRole("region", { name: "Waiting for you" });
    await waitFor(() => expect(queue).toHaveAttribute("data-state", "waiting"));
    expect(within(queue).queryByText("Nothing is waiting for you.")).toBeNull();
    expect(within(queue).getByLabelText("1 question waiting")).toBeInTheDocument();
    const item = within(queue).getByRole("listitem");
    expect(item).toHaveTextContent("keep_changes");
    fireEvent.click(within(item).getByRole("button", { name: "Answer here" }));
    fireEvent.click(within(item).getByRole("button", { name: "Keep" }));
    expect(fake.inputs[1]!.messages.at(-1)).toMatchObject({ role: "tool", toolCallId: "k1", content: '{"keep":true}' });
    expect(screen.getByRole("region", { name: "Waiting for you" })).toHaveAttribute("data-state", "empty");
  });
});

describe("useFrontendTool with a handler", () => {
  it("in StrictMode: declared once, the latest description goes out, the handler runs once per call, unmount removes it", async () => {
    const fake = fakeAgent();
    const store = createThreadStore({ agent: fake.agent, threadId: "t1", batch: "sync" });
    const handler = vi.fn(({ background }: { background: string }) => ({ background }));
    function Paint({ description }: { description: string }) {
      useFrontendTool({ name: "change_background", description, parameters: { type: "object", properties: { background: { type: "string" } } }, handler });
      return null;
    }
    const ui = (description: string, mounted = true) => (
      <StrictMode>
        <ParleyProvider store={store}>
          <ParleyUIProvider>{mounted ? <Paint description={description} /> : null}</ParleyUIProvider>
        </ParleyProvider>
      </StrictMode>
    );
    const { rerender } = render(ui("first"));
    rerender(ui("Paint the page"));
    act(() => void store.getState().sendMessage("paint"));
    expect(fake.inputs[0]!.tools.filter((t) => t.name === "change_background").map((t) => t.description)).toEqual(["Paint the page"]);
    await act(async () => {
      fake.play([ev.toolStart("c1", "change_background"), ev.toolArgs("c1", '{"background":"red"}'), ev.toolEnd("c1")]);
    });
    // The argument validator loads on first use: on a loaded machine that takes more than a few ticks.
    await waitFor(() => expect(handler).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(fake.inputs).toHaveLength(2));
    expect(fake.inputs).toHaveLength(2);
    act(() => fake.play([]));
    rerender(ui("gone", false));
    act(() => void store.getState().sendMessage("again"));
    expect(fake.inputs[2]!.tools.some((t) => t.name === "change_background")).toBe(false);
  });
});

describe("useSetAgentState", () => {
  it("edits the shared state the next run carries", () => {
    const fake = fakeAgent();
    const store = createThreadStore({ agent: fake.agent, threadId: "t1", batch: "sync", initialState: { recipe: { title: "Soup" } } });
    function Title() {
      const title = useAgentState((s: { recipe?: { title?: string } }) => s.recipe?.title);
      const setState = useSetAgentState();
      return <button onClick={() => setState((s: object) => ({ ...s, recipe: { title: "Pancakes" } }))}>{title}</button>;
    }
    render(<ParleyProvider store={store}><Title /></ParleyProvider>);
    fireEvent.click(screen.getByRole("button", { name: "Soup" }));
    expect(screen.getByRole("button", { name: "Pancakes" })).toBeInTheDocument();
    act(() => void store.getState().sendMessage("go"));
    expect(fake.inputs[0]!.state).toEqual({ recipe: { title: "Pancakes" } });
  });
});

describe("useStateRenderer", () => {
  type Step = { description: string; status: string };
  const renders: string[] = [];
  const StepItem = memo(function StepItem({ step }: { step: Step }) {
    renders.push(step.description);
    return <li data-status={step.status}>{step.description}</li>;
  });
  const Steps = ({ state }: StateRendererProps<Step[]>) => <ol>{state.map((s) => <StepItem key={s.description} step={s} />)}</ol>;
  function StepsView() {
    useStateRenderer((state: { steps?: Step[] }) => state.steps, Steps);
    return null;
  }

  it("shows the state's view in the thread after the message its run began at; only the changed step re-renders", async () => {
    const steps = [{ description: "Preheat", status: "pending" }, { description: "Mix", status: "pending" }];
    const store = storeWith([ev.runStarted(), ev.textStart("m0"), ev.text("m0", "Planning"), ev.textEnd("m0"), ev.stateSnapshot({ steps })]);
    renderKit(<><StepsView /><Rows /></>, store);
    await screen.findByText("Preheat");
    const view = document.querySelector("[data-slot=state-view]")!;
    // Right after the message the state's run began at.
    expect(view.previousElementSibling?.textContent).toContain("Planning");
    renders.length = 0;
    act(() => store.setState((s) => ({ thread: foldEvents(s.thread, [ev.stateDelta([{ op: "replace", path: "/steps/0/status", value: "completed" }])]) })));
    expect(renders).toEqual(["Preheat"]);
    expect(screen.getByText("Preheat")).toHaveAttribute("data-status", "completed");
    // A whole new snapshot that changes one step re-renders only that step too.
    renders.length = 0;
    act(() => store.setState((s) => ({ thread: foldEvents(s.thread, [ev.stateSnapshot({ steps: [{ description: "Preheat", status: "completed" }, { description: "Mix", status: "completed" }] })]) })));
    expect(renders).toEqual(["Mix"]);
  });
});

describe("the status while a front-end tool's handler runs", () => {
  it("says the app is acting on that tool, not that it waits for the person; then the next run", async () => {
    const fake = fakeAgent();
    const store = createThreadStore({ agent: fake.agent, batch: "sync" });
    let release!: (value: string) => void;
    store.getState().registerTool({ name: "fetch_weather", handler: () => new Promise<string>((resolve) => (release = resolve)) });
    renderKit(<AgentStatusIndicator />, store);
    act(() => {
      store.getState().sendMessage("weather?");
      fake.play([ev.toolStart("w1", "fetch_weather"), ev.toolArgs("w1", "{}"), ev.toolEnd("w1")]);
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    const status = screen.getByRole("status");
    expect(status).toHaveAttribute("data-status", "acting");
    expect(status).toHaveTextContent("fetch_weather");
    await act(async () => {
      release("sunny");
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(fake.inputs).toHaveLength(2);
    expect(screen.getByRole("status")).toHaveAttribute("data-status", "thinking");
  });
});

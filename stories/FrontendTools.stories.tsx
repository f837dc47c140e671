import { memo, useState } from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import {
  MessageRenderer,
  ParleyProvider,
  ParleyUIProvider,
  ToolCallCard,
  useFrontendTool,
  useMessageIds,
  useStateRenderer,
  useToolRenderer,
  type StateRendererProps,
  type ToolRendererProps,
} from "../src";
import { EventType, type BaseEvent } from "@ag-ui/core";
import { createPermissions, definePolicy } from "../src/core/policy";
import { e, Kit, storeFrom, user } from "./support/stores";

/**
 * Generative UI: a tool's calls rendered by the app's component (`useToolRenderer`), a front-end
 * tool waiting for the person (`useFrontendTool` with `render`), and a view of the shared state in
 * the thread (`useStateRenderer`).
 */
const meta = {
  title: "Parley/FrontendTools",
  component: ToolCallCard,
  tags: ["autodocs"],
  args: { id: "h1" },
} satisfies Meta<typeof ToolCallCard>;
export default meta;
type Story = StoryObj<typeof meta>;

type Haiku = { japanese: string[]; english: string[] };
function HaikuCard({ args, status }: ToolRendererProps<Haiku>) {
  return (
    <figure data-status={status} className="pl:m-0 pl:rounded-md pl:border pl:border-border pl:p-3 pl:text-foreground">
      {(args?.japanese ?? []).map((line, i) => (
        <p key={i} className="pl:my-1" lang="ja">
          {line} <span lang="en" className="pl:text-muted-foreground">{args?.english?.[i] ?? ""}</span>
        </p>
      ))}
      <figcaption className="pl:text-xs pl:text-muted-foreground">{status === "streaming-args" ? "Writing…" : "Haiku"}</figcaption>
    </figure>
  );
}
function WithHaikuRenderer({ id }: { id: string }) {
  useToolRenderer("generate_haiku", HaikuCard);
  return <ToolCallCard id={id} />;
}

const HAIKU = '{"japanese":["古池や","蛙飛び込む","水の音"],"english":["An old silent pond","A frog jumps into the pond","Splash! Silence again."]}';
const haikuStart = [e.runStarted(), e.textStart("a1"), e.textEnd("a1"), e.toolStart("h1", "generate_haiku", "a1")];

/** `useToolRenderer`: the haiku card fills in while the arguments stream (here cut mid-way). */
export const ToolRendererStreaming: Story = {
  render: (args) => <WithHaikuRenderer id={args.id} />,
  decorators: [(Story) => <Kit height="auto" make={() => storeFrom([...haikuStart, e.toolArgs("h1", HAIKU.slice(0, 70))])}><Story /></Kit>],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("古池や")).toBeInTheDocument();
    await expect(within(canvasElement).getByText("Writing…")).toBeInTheDocument();
  },
};

/** `useToolRenderer`: the finished call, with its result. */
export const ToolRendererComplete: Story = {
  render: (args) => <WithHaikuRenderer id={args.id} />,
  decorators: [(Story) => <Kit height="auto" make={() => storeFrom([...haikuStart, e.toolArgs("h1", HAIKU), e.toolEnd("h1"), e.toolResult("r1", "h1", '{"shown":true}'), e.runFinished()])}><Story /></Kit>],
};

/**
 * The same card from `<ParleyUIProvider toolRenderers={{ generate_haiku: HaikuCard }}>`: a map of
 * tool names to cards, no hook (`"*"` would take every other tool).
 */
export const ToolRenderersProp: Story = {
  render: (args) => <ToolCallCard id={args.id} />,
  decorators: [
    (Story) => {
      const [store] = useState(() => storeFrom([...haikuStart, e.toolArgs("h1", HAIKU), e.toolEnd("h1")]));
      return (
        <ParleyProvider store={store}>
          <ParleyUIProvider toolRenderers={{ generate_haiku: HaikuCard }} className="pl:rounded-lg pl:border pl:border-border">
            <Story />
          </ParleyUIProvider>
        </ParleyProvider>
      );
    },
  ],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("水の音")).toBeInTheDocument();
    await expect(within(canvasElement).getByText("Haiku")).toBeInTheDocument();
  },
};

type TaskStep = { description: string; status: "enabled" | "disabled" };
function StepPicker({ args, respond, result }: ToolRendererProps<{ steps: TaskStep[] }, { steps?: TaskStep[] }>) {
  const steps = result?.steps ?? args?.steps ?? [];
  return (
    <section aria-label="Task steps" className="pl:rounded-md pl:border pl:border-border pl:p-3 pl:text-foreground">
      <ul className="pl:my-1">
        {steps.map((step) => <li key={step.description}>{step.description}</li>)}
      </ul>
      {respond ? (
        <button type="button" className="pl:rounded-md pl:border pl:border-border pl:px-3 pl:py-1" onClick={() => respond({ steps })}>
          Confirm
        </button>
      ) : (
        <p className="pl:text-xs pl:text-muted-foreground">{result ? "Confirmed" : "Waiting for the plan…"}</p>
      )}
    </section>
  );
}
function WithWaitingTool({ id }: { id: string }) {
  useFrontendTool<{ steps: TaskStep[] }>({
    name: "generate_task_steps",
    render: (props) => <StepPicker {...(props as ToolRendererProps<{ steps: TaskStep[] }, { steps?: TaskStep[] }>)} />,
  });
  return <ToolCallCard id={id} />;
}
const STEPS = '{"steps":[{"description":"Pack oxygen","status":"enabled"},{"description":"Board the rocket","status":"enabled"}]}';

/** `useFrontendTool` with `render` and no `handler`: the run ended with the call open; it waits for the person. */
export const WaitingRenderTool: Story = {
  args: { id: "s1" },
  render: (args) => <WithWaitingTool id={args.id} />,
  decorators: [
    (Story) => (
      <Kit height="auto" make={() => storeFrom([e.runStarted(), e.textStart("a1"), e.textEnd("a1"), e.toolStart("s1", "generate_task_steps", "a1"), e.toolArgs("s1", STEPS), e.toolEnd("s1"), e.runFinished()])}>
        <Story />
      </Kit>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const confirm = await canvas.findByRole("button", { name: "Confirm" });
    confirm.click();
    await expect(await canvas.findByText("Confirmed")).toBeInTheDocument();
  },
};

/**
 * A front-end tool the app's policy wants a person to confirm: the call opens a permission card of
 * its own (origin `frontend-tool`) and the handler runs only once they approve — here after
 * typing the file name (`typed-confirm`).
 */
function DeleteFileTool() {
  const [deleted, setDeleted] = useState<string[]>([]);
  useFrontendTool<{ path: string }>({
    name: "delete_file",
    description: "Delete a file",
    handler: ({ path }) => {
      setDeleted((list) => [...list, path]);
      return { deleted: path };
    },
    permission: { summary: ({ path }) => `Delete ${path}`, categories: ["destructive"], confirmText: ({ path }) => path },
  });
  return (
    <div className="pl:flex pl:flex-col pl:gap-2 pl:p-2 pl:text-foreground">
      {useMessageIds().map((id) => <MessageRenderer key={id} id={id} />)}
      <p data-testid="deleted">{deleted.length ? `Deleted: ${deleted.join(", ")}` : "Nothing deleted yet"}</p>
    </div>
  );
}
const deleteCall = [e.runStarted(), e.textStart("a1"), e.text("a1", "I'll remove the old report."), e.textEnd("a1"), e.toolStart("d1", "delete_file", "a1"), e.toolArgs("d1", '{"path":"report_2024.pdf"}'), e.toolEnd("d1"), e.runFinished()];
const typedDelete = () => storeFrom(deleteCall, { permissions: createPermissions({ identity: "ana@example.com", policy: definePolicy([{ match: { name: "delete_file" }, decision: "typed-confirm", reason: "Deleting cannot be undone." }]) }) });

/** The policy says `typed-confirm`: the card asks for the file name; approving runs the handler once. */
export const ToolConfirmedByPolicy: Story = {
  render: () => <DeleteFileTool />,
  decorators: [(Story) => <Kit height="auto" make={typedDelete}><Story /></Kit>],
  play: async ({ canvasElement, userEvent }) => {
    const canvas = within(canvasElement);
    const card = (await canvas.findByText("Delete report_2024.pdf")).closest("[data-slot=interaction]") as HTMLElement;
    await expect(card).toHaveAttribute("data-origin", "frontend-tool");
    await expect(canvas.getByTestId("deleted")).toHaveTextContent("Nothing deleted yet");
    const approve = within(card).getByRole("button", { name: "Delete file" });
    await expect(approve).toBeDisabled();
    await userEvent.type(within(card).getByLabelText("Type “report_2024.pdf” to confirm"), "report_2024.pdf");
    await userEvent.click(approve);
    await expect(await canvas.findByText("Deleted: report_2024.pdf")).toBeInTheDocument();
    await expect(card).toHaveAttribute("data-state", "answered");
  },
};

/** Declined on the card: the handler never runs, and the call is answered as declined. */
export const ToolDeclinedOnCard: Story = {
  render: () => <DeleteFileTool />,
  decorators: [(Story) => <Kit height="auto" make={typedDelete}><Story /></Kit>],
  play: async ({ canvasElement, userEvent }) => {
    const canvas = within(canvasElement);
    const card = (await canvas.findByText("Delete report_2024.pdf")).closest("[data-slot=interaction]") as HTMLElement;
    await userEvent.click(within(card).getByRole("button", { name: "Don't delete file" }));
    await expect(card).toHaveAttribute("data-state", "declined");
    await expect(canvas.getByTestId("deleted")).toHaveTextContent("Nothing deleted yet");
  },
};

type PlanStep = { description: string; status: "pending" | "completed" };
const StepItem = memo(function StepItem({ step }: { step: PlanStep }) {
  return <li data-status={step.status}>{`${step.status === "completed" ? "✓" : "○"} ${step.description}`}</li>;
});
function PlanSteps({ state }: StateRendererProps<PlanStep[]>) {
  return (
    <section aria-label="Progress" className="pl:rounded-md pl:border pl:border-border pl:p-3 pl:text-foreground">
      <ol className="pl:my-0">{state.map((step) => <StepItem key={step.description} step={step} />)}</ol>
    </section>
  );
}
function Conversation() {
  useStateRenderer((state: { steps?: PlanStep[] }) => state.steps, PlanSteps);
  return <div className="pl:flex pl:flex-col pl:gap-2 pl:p-2">{useMessageIds().map((id) => <MessageRenderer key={id} id={id} />)}</div>;
}
const stateEvents: BaseEvent[] = [
  e.runStarted(),
  { type: EventType.STATE_SNAPSHOT, snapshot: { steps: [{ description: "Fuel the rocket", status: "pending" }, { description: "Check the weather", status: "pending" }, { description: "Seal the hatch", status: "pending" }] } },
  { type: EventType.STATE_DELTA, delta: [{ op: "replace", path: "/steps/0/status", value: "completed" }] },
  e.textStart("a1"),
  e.text("a1", "Working through the checklist."),
  e.textEnd("a1"),
];

/** `useStateRenderer`: the step list shows in the thread, after the message its run began at, ticking off. */
export const StateRenderer: Story = {
  render: () => <Conversation />,
  decorators: [(Story) => <Kit height="auto" make={() => storeFrom(stateEvents, { initialMessages: [user("u1", "Go through the launch checklist")] })}><Story /></Kit>],
  play: async ({ canvasElement }) => {
    const progress = await within(canvasElement).findByRole("region", { name: "Progress" });
    await expect(progress.querySelectorAll("li[data-status=completed]").length).toBe(1);
  },
};

export const StateRendererDark: Story = { ...StateRenderer, globals: { theme: "dark" } };

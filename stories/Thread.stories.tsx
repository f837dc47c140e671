import type { CSSProperties } from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { AgentStatusIndicator, Composer, RunError, Thread } from "../src";
import { ScriptedAgent } from "../src/testing";
import { e, fullTurn, Kit, REPLY, storeFrom, user } from "./support/stores";

const meta = {
  title: "Parley/Thread",
  component: Thread,
  tags: ["autodocs"],
} satisfies Meta<typeof Thread>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Empty: a welcome ("How can I help?") in the middle of the thread, instead of "No messages yet." */
export const Empty: Story = {
  render: () => (
    <Kit make={() => storeFrom([])}>
      <Thread />
    </Kit>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector("[data-slot=thread-empty-title]")).toHaveTextContent("How can I help?");
  },
};

/** Empty, with suggestions to start with under the welcome: a click sends one. */
export const EmptyWithStarters: Story = {
  render: () => (
    <Kit make={() => storeFrom([])}>
      <Thread starters={["Find me a train to Lyon", "Change my seat", "What can you do?"]} />
    </Kit>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll("[data-slot=thread-starter]")).toHaveLength(3);
  },
};

export const Streaming: Story = {
  render: () => (
    <Kit make={() => storeFrom([e.runStarted(), e.textStart("a1"), e.text("a1", "Looking at **tomorrow's** trains from Paris to Ly")], { initialMessages: [user("u1", "Trains to Lyon tomorrow?")] })}>
      <AgentStatusIndicator className="pl:px-3 pl:py-2" />
      <Thread />
    </Kit>
  ),
};

export const Complete: Story = {
  render: () => (
    <Kit make={() => storeFrom(fullTurn(), { initialMessages: [user("u1", "Trains to Lyon tomorrow?")] })}>
      <Thread />
    </Kit>
  ),
};

export const Error: Story = {
  render: () => (
    <Kit make={() => storeFrom([e.runStarted(), e.textStart("a1"), e.text("a1", "Let me check th"), e.runError("The model is overloaded. Try again in a minute.", "overloaded")], { initialMessages: [user("u1", "Trains to Lyon tomorrow?")] })}>
      <Thread />
      <RunError className="pl:m-3" />
    </Kit>
  ),
};

export const Long: Story = {
  render: () => (
    <Kit
      make={() =>
        storeFrom([], {
          initialMessages: Array.from({ length: 2000 }, (_, i) =>
            i % 2 === 0 ? user(`u${i}`, `Question number ${i}`) : { id: `a${i}`, role: "assistant" as const, content: i % 10 === 1 ? REPLY : `Answer number ${i}` },
          ),
        })
      }
    >
      <Thread />
    </Kit>
  ),
};

export const Chinese: Story = {
  render: () => (
    <Kit locale="zh-CN" make={() => storeFrom([e.runStarted(), e.textStart("a1"), e.text("a1", "明天从巴黎到里昂有三班火车。"), e.textEnd("a1"), e.runFinished()], { initialMessages: [user("u1", "明天去里昂的火车？")] })}>
      <Thread />
      <Composer />
    </Kit>
  ),
};

/** A scripted agent that streams a reply with pauses, a tool call and a plan: type and press Enter. */
export const Playground: Story = {
  render: () => (
    <Kit
      height={560}
      make={() =>
        storeFrom([], {
          agent: new ScriptedAgent({
            delayMs: 40,
            script: (input) => {
              const id = `${input.runId}`;
              return [
                { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId } as never,
                e.activity(`${id}-plan`, "PLAN", { steps: [{ title: "Search trains", status: "in_progress" }, { title: "Summarise", status: "pending" }] }),
                e.textStart(`${id}-a`, { name: "Travel agent" }),
                e.textEnd(`${id}-a`),
                e.toolStart(`${id}-t`, "search_trains", `${id}-a`),
                ...'{"from":"Paris","to":"Lyon"}'.match(/.{1,6}/g)!.map((chunk) => e.toolArgs(`${id}-t`, chunk)),
                e.toolEnd(`${id}-t`),
                { delay: 600 },
                e.toolResult(`${id}-r`, `${id}-t`, "2 trains"),
                e.textStart(`${id}-b`, { name: "Travel agent" }),
                ...REPLY.match(/[\s\S]{1,12}/g)!.map((chunk) => e.text(`${id}-b`, chunk)),
                e.textEnd(`${id}-b`),
                { type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId } as never,
              ];
            },
          }),
        })
      }
    >
      <AgentStatusIndicator className="pl:px-3 pl:py-2" />
      <Thread />
      <RunError className="pl:m-3" />
      <Composer />
    </Kit>
  ),
};

/**
 * Sized by `--parley-thread-height` on an ancestor: the box around it has no height of its own,
 * and the thread is 240 px tall (its rows scroll inside).
 */
export const SizedByVariable: Story = {
  render: () => (
    <Kit height="auto" make={() => storeFrom(fullTurn(), { initialMessages: [user("u1", "Trains to Lyon tomorrow?")] })}>
      {/* A plain block, not a flex column: the variable alone gives the thread its height. */}
      <div style={{ "--parley-thread-height": "240px" } as CSSProperties}>
        <Thread />
      </div>
    </Kit>
  ),
  play: async ({ canvasElement }) => {
    const thread = canvasElement.querySelector<HTMLElement>("[data-slot=thread]")!;
    await expect(thread.getBoundingClientRect().height).toBe(240);
  },
};

/** The variable set inside a taller flex column (420 px): the thread keeps its own 240 px. */
export const SizedByVariableInATallerBox: Story = {
  render: () => (
    <Kit make={() => storeFrom(fullTurn(), { initialMessages: [user("u1", "Trains to Lyon tomorrow?")] })}>
      <div style={{ "--parley-thread-height": "240px", display: "flex", flexDirection: "column", flex: 1 } as CSSProperties}>
        <Thread />
      </div>
    </Kit>
  ),
  play: async ({ canvasElement }) => {
    const thread = canvasElement.querySelector<HTMLElement>("[data-slot=thread]")!;
    await expect(thread.getBoundingClientRect().height).toBe(240);
  },
};

/** The complete turn in the dark theme (the a11y check runs contrast on it too). */
export const CompleteDark: Story = { ...Complete, globals: { theme: "dark" } };

export const ErrorDark: Story = { ...Error, globals: { theme: "dark" } };

export const EmptyDark: Story = { ...Empty, globals: { theme: "dark" } };

export const EmptyWithStartersDark: Story = { ...EmptyWithStarters, globals: { theme: "dark" } };

import type { Meta, StoryObj } from "@storybook/react-vite";
import { AgentStatusIndicator, Composer, RunError } from "../src";
import { ScriptedAgent } from "../src/testing";
import { e, Kit, storeFrom } from "./support/stores";

const meta = {
  title: "Parley/Controls",
  tags: ["autodocs"],
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const idleAgent = () => new ScriptedAgent({ script: [] });

export const ComposerNoAgent: Story = { render: () => <Kit height="auto" make={() => storeFrom([])}><Composer /></Kit> };

export const ComposerIdle: Story = { render: () => <Kit height="auto" make={() => storeFrom([], { agent: idleAgent() })}><Composer /></Kit> };

export const ComposerRunning: Story = {
  render: () => (
    <Kit height="auto" make={() => { const s = storeFrom([], { agent: idleAgent() }); s.setState({ isRunning: true }); return s; }}>
      <Composer />
    </Kit>
  ),
};

export const StatusIdle: Story = { render: () => <Kit height="auto" make={() => storeFrom([])}><AgentStatusIndicator /></Kit> };

export const StatusThinking: Story = { render: () => <Kit height="auto" make={() => storeFrom([e.runStarted()])}><AgentStatusIndicator /></Kit> };

export const StatusActing: Story = {
  render: () => (
    <Kit height="auto" make={() => storeFrom([e.runStarted(), e.textStart("a1"), e.textEnd("a1"), e.toolStart("t1", "search_trains", "a1")])}>
      <AgentStatusIndicator />
    </Kit>
  ),
};

export const StatusWaiting: Story = {
  render: () => (
    <Kit height="auto" make={() => storeFrom([e.runStarted(), e.textStart("a1"), e.textEnd("a1"), e.toolStart("t1", "confirm_booking", "a1"), e.toolArgs("t1", "{}"), e.toolEnd("t1"), e.runFinished()])}>
      <AgentStatusIndicator />
    </Kit>
  ),
};

export const RunErrorFromAgent: Story = {
  render: () => (
    <Kit height="auto" make={() => storeFrom([e.runStarted(), e.runError("The model is overloaded. Try again in a minute.", "overloaded")])}>
      <RunError />
    </Kit>
  ),
};

export const RunErrorNothingToShow: Story = {
  render: () => (
    <Kit height="auto" make={() => storeFrom([e.runStarted(), e.runFinished()])}>
      <RunError />
    </Kit>
  ),
};

export const ComposerNoAgentDark: Story = { ...ComposerNoAgent, globals: { theme: "dark" } };

export const StatusWaitingDark: Story = { ...StatusWaiting, globals: { theme: "dark" } };

import type { Meta, StoryObj } from "@storybook/react-vite";
import { AgentStatusIndicator, RunError, Thread, TransportError, type AgentLike } from "../src";
import { e, Kit, storeFrom } from "./support/stores";

/** The run as it streamed before the connection dropped. */
const partial = () => [e.runStarted(), e.textStart("a1"), e.text("a1", "Here are three trains from Paris to")];

const meta = {
  title: "Parley/Connection",
  tags: ["autodocs"],
  subcomponents: { AgentStatusIndicator, RunError },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** The stream dropped; the transport is on its second try to resume it (`Last-Event-ID`). */
export const Reconnecting: Story = {
  render: () => (
    <Kit
      height="auto"
      make={() => {
        const store = storeFrom(partial());
        store.setState({ isRunning: true, reconnecting: { attempt: 2, attempts: 4 } });
        return store;
      }}
    >
      <AgentStatusIndicator />
    </Kit>
  ),
};

export const ReconnectingChinese: Story = {
  render: () => (
    <Kit
      height="auto"
      locale="zh-CN"
      make={() => {
        const store = storeFrom(partial());
        store.setState({ isRunning: true, reconnecting: { attempt: 3, attempts: 4 } });
        return store;
      }}
    >
      <AgentStatusIndicator />
    </Kit>
  ),
};

/** An agent whose stream drops after a partial reply and cannot be resumed. */
const droppingAgent = (): AgentLike => ({
  run: (input) => ({
    subscribe(observer) {
      observer.next?.({ ...e.runStarted(), runId: input.runId });
      observer.next?.(e.textStart("a1"));
      observer.next?.(e.text("a1", "Here are three trains from Paris to"));
      observer.error?.(new TransportError("network", "The connection to the agent was lost; 4 attempts to reconnect failed."));
      return { unsubscribe() {} };
    },
  }),
});

/** Every attempt failed: the partial reply stays, the failure is said in words, Retry is offered. */
export const ConnectionLost: Story = {
  render: () => (
    <Kit
      make={() => {
        const store = storeFrom([], { agent: droppingAgent() });
        store.getState().sendMessage("Find me a train to Lyon");
        return store;
      }}
    >
      <Thread />
      <RunError />
    </Kit>
  ),
};

export const ReconnectingDark: Story = { ...Reconnecting, globals: { theme: "dark" } };

import type { Meta, StoryObj } from "@storybook/react-vite";
import { EventType, type BaseEvent } from "@ag-ui/core";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { createThreadStore, type ThreadStore } from "../src";
import { ErrorRecovery } from "../src/headless";
import { ScriptedAgent } from "../src/testing";
import { PlainErrorCard } from "./support/customCards";
import { e, Kit } from "./support/stores";

/** An error card rebuilt from `ErrorRecovery`'s headless parts with plain unstyled elements. */
const meta = {
  title: "Parley/Headless parts/ErrorRecovery",
  tags: ["autodocs"],
  subcomponents: { "ErrorRecovery.Root": ErrorRecovery.Root, "ErrorRecovery.Action": ErrorRecovery.Action, "ErrorRecovery.Dismiss": ErrorRecovery.Dismiss },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

let seq = 0;
const failed = { messageId: "err", messageType: "error", payload: { content: "The export failed.", code: "EXPORT_TIMEOUT", actions: ["retry", "undo"] } };
function heard(settle?: (store: ThreadStore) => void): () => ThreadStore {
  const events: BaseEvent[] = [e.runStarted("r1"), { type: EventType.CUSTOM, name: "parley.interaction", value: failed }, e.runFinished("r1")];
  return () => {
    const store = createThreadStore({ batch: "sync", threadId: "story", createId: () => `er${++seq}`, agent: new ScriptedAgent({ script: () => events }), autoContinue: false });
    store.getState().run();
    settle?.(store);
    return store;
  };
}

/** Open: the offered recovery is enabled, one the agent did not offer (report) is disabled. */
export const Pending: Story = {
  render: () => (
    <Kit height="auto" make={heard()}>
      <PlainErrorCard interactionId="err" />
    </Kit>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("group", { name: "Error" })).toHaveAttribute("data-state", "pending");
    await expect(canvas.getByRole("button", { name: "Try again" })).toHaveAttribute("data-state", "enabled");
    await expect(canvas.getByRole("button", { name: "Tell support" })).toBeDisabled();
  },
};

/** Try again answers `{ action: "retry" }`; the buttons disable themselves and focus lands on the card. */
export const Recovered: Story = {
  render: Pending.render,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "Try again" }));
    const card = canvas.getByRole("group", { name: "Error" });
    await expect(card).toHaveAttribute("data-state", "answered");
    await waitFor(() => expect(card).toHaveFocus());
    await expect(canvas.getByText(/chosen: retry/)).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Dismiss" })).toBeDisabled();
  },
};

/** Settled before it showed (dismissed): every part is disabled, the Root says declined. */
export const Dismissed: Story = {
  render: () => (
    <Kit height="auto" make={heard((store) => store.getState().decline("err"))}>
      <PlainErrorCard interactionId="err" />
    </Kit>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("group", { name: "Error" })).toHaveAttribute("data-state", "declined");
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeDisabled();
  },
};

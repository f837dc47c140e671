import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { createThreadStore, MessageFeedback, type ThreadStore } from "../src";
import { ScriptedAgent } from "../src/testing";
import { e, Kit } from "./support/stores";

/**
 * Thumbs up / down on an answer (`MessageFeedback`): nothing chosen, a thumbs up chosen (pressed
 * again, it is taken back), a thumbs down with its optional reason. The agent here takes the
 * feedback as a Meta event; one that cannot keeps it in the thread.
 */
const meta = {
  title: "Parley/MessageFeedback",
  component: MessageFeedback,
  tags: ["autodocs"],
  args: { messageId: "a1" },
} satisfies Meta<typeof MessageFeedback>;
export default meta;
type Story = StoryObj<typeof meta>;

let seq = 0;

/** A store holding one answer, "a1"; `rating` given beforehand, as the person gave it. */
function answered(rating?: "up" | "down", reason?: string): () => ThreadStore {
  return () => {
    const agent = new ScriptedAgent({ script: () => [e.runStarted(), e.textStart("a1"), e.text("a1", "The 18:40 to Lyon arrives at 20:36."), e.textEnd("a1"), e.runFinished()] });
    const store = createThreadStore({ batch: "sync", threadId: "story", createId: () => `f${++seq}`, agent: Object.assign(agent, { sendMeta: () => Promise.resolve() }), autoContinue: false });
    store.getState().run();
    if (rating) store.getState().dispatch({ type: "feedback", messageId: "a1", rating, ...(reason ? { reason } : {}), at: Date.now() });
    return store;
  };
}

export const NothingChosen: Story = {
  render: (args) => (
    <Kit make={answered()} height="auto">
      <MessageFeedback {...args} />
    </Kit>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("button", { name: "Good answer" })).toHaveAttribute("aria-pressed", "false");
    await expect(canvas.getByRole("button", { name: "Bad answer" })).toHaveAttribute("aria-pressed", "false");
  },
};

export const ThumbsUp: Story = {
  render: (args) => (
    <Kit make={answered("up")} height="auto">
      <MessageFeedback {...args} />
    </Kit>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const good = await canvas.findByRole("button", { name: "Good answer" });
    await expect(good).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(good);
    await waitFor(() => expect(good).toHaveAttribute("aria-pressed", "false"));
  },
};

export const ThumbsDownWithReason: Story = {
  render: (args) => (
    <Kit make={answered()} height={260}>
      <MessageFeedback {...args} />
    </Kit>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "Bad answer" }));
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.type(await body.findByLabelText("Tell us why (optional)"), "Wrong date");
    await expect(canvas.getByRole("button", { name: "Bad answer" })).toHaveAttribute("aria-pressed", "true");
  },
};

import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fireEvent, waitFor } from "storybook/test";
import { Composer, MessageRenderer, Thread } from "../src";
import { Kit, REPLY, storeFrom, user } from "./support/stores";

/**
 * A thread laid out from its parts, as a product team would: its own header and empty state, its
 * own rows around the kit's messages, its own "newest" pill. Inline styles use the kit's theme
 * variables (a story's own utility classes are not in the kit's stylesheet).
 */
const meta = {
  title: "Parley/Thread parts",
  component: Thread.Root,
  subcomponents: { Viewport: Thread.Viewport, Messages: Thread.Messages, Empty: Thread.Empty, JumpToLatest: Thread.JumpToLatest, Announcer: Thread.Announcer },
  tags: ["autodocs"],
} satisfies Meta<typeof Thread.Root>;
export default meta;
type Story = StoryObj<typeof meta>;

function SupportThread() {
  return (
    <Thread.Root asChild>
      <section aria-label="Support chat">
        <header style={{ padding: "0.5rem 0.75rem", borderBottom: "1px solid var(--parley-border)", fontWeight: 600 }}>Trip support</header>
        {/* Before the viewport, as the part asks: first in tab order, floating over the list. */}
        <Thread.JumpToLatest>Newest ↓</Thread.JumpToLatest>
        <Thread.Viewport>
          <Thread.Empty>
            <strong>No messages yet.</strong> Ask about a train, a seat or a refund.
          </Thread.Empty>
          <Thread.Messages
            renderRow={(id) => (
              <div style={{ borderInlineStart: "3px solid var(--parley-border)", paddingInlineStart: "0.5rem" }}>
                <MessageRenderer id={id} />
              </div>
            )}
          />
        </Thread.Viewport>
        <Thread.Announcer />
      </section>
    </Thread.Root>
  );
}

/** `data-state="empty"`: the team's own empty state. */
export const Empty: Story = {
  render: () => (
    <Kit make={() => storeFrom([])}>
      <SupportThread />
      <Composer />
    </Kit>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText(/Ask about a train/)).toBeVisible();
    await expect(canvasElement.querySelector("section[data-slot=thread]")).toHaveAttribute("data-state", "empty");
  },
};

const history = () =>
  storeFrom([], {
    initialMessages: Array.from({ length: 200 }, (_, i) =>
      i % 2 === 0 ? user(`u${i}`, `Question number ${i}`) : { id: `a${i}`, role: "assistant" as const, content: i % 10 === 1 ? REPLY : `Answer number ${i}` },
    ),
  });

/** `data-state="following"`: pinned to the newest message. */
export const Following: Story = {
  render: () => (
    <Kit make={history}>
      <SupportThread />
    </Kit>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByText("Answer number 199")).toBeVisible();
    await expect(canvasElement.querySelector("[data-slot=thread]")).toHaveAttribute("data-state", "following");
  },
};

/** `data-state="scrolled-up"`: the person turned the wheel up; the team's own pill brings them back. */
export const ScrolledUp: Story = {
  render: () => (
    <Kit make={history}>
      <SupportThread />
    </Kit>
  ),
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByText("Answer number 199");
    const viewport = canvas.getByRole("log");
    void fireEvent.wheel(viewport, { deltaY: -600 });
    viewport.scrollTop -= 600;
    await waitFor(() => expect(canvasElement.querySelector("[data-slot=thread]")).toHaveAttribute("data-state", "scrolled-up"));
    await expect(canvas.getByRole("button", { name: "Newest ↓" })).toBeVisible();
  },
};

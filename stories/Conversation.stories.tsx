import type { Meta, StoryObj } from "@storybook/react-vite";
import { EventType, type BaseEvent, type RunAgentInput } from "@ag-ui/core";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { AnswerActions, BranchPicker, Composer, CopyMessageButton, createThreadStore, EditableUserMessage, MessageExtraActions, SuggestionChips, SUGGESTIONS_EVENT, Thread, type ThreadStore } from "../src";
import { ScriptedAgent } from "../src/testing";
import { e, Kit, storeFrom } from "./support/stores";

const meta = {
  title: "Parley/Conversation",
  tags: ["autodocs"],
  // Rendered by the thread and the composer, as an app shows them; named here for the docs page.
  subcomponents: { EditableUserMessage, AnswerActions, BranchPicker, CopyMessageButton, SuggestionChips },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

let runs = 0;
/** An agent that answers each message with what it heard, and can offer quick replies. */
function echoAgent(suggest?: { label: string; value?: string }[]) {
  return new ScriptedAgent({
    delayMs: 0,
    script: (input: RunAgentInput) => {
      const id = `answer-${++runs}`;
      const last = input.messages[input.messages.length - 1];
      const heard = last && typeof last.content === "string" ? last.content : "";
      return [
        e.runStarted(input.runId),
        e.textStart(id),
        e.text(id, `For **${heard}**: the 8:05 (2 h 01) or the 9:10 (1 h 58).`),
        e.textEnd(id),
        ...(suggest ? [{ type: EventType.CUSTOM, name: SUGGESTIONS_EVENT, value: { suggestions: suggest } } as BaseEvent] : []),
        e.runFinished(input.runId),
      ];
    },
  });
}

function conversation(suggest?: { label: string; value?: string }[]): ThreadStore {
  const store = createThreadStore({ agent: echoAgent(suggest), batch: "sync", threadId: "story" });
  store.getState().sendMessage("Trains from Paris to Lyon tomorrow");
  return store;
}

function Chat() {
  return (
    <>
      <Thread />
      <Composer />
    </>
  );
}

/**
 * One row of icon actions per turn, outside the bubble: after the person's message Copy and Edit,
 * after the answer Copy and Regenerate. Named for screen readers, with tooltips; with a mouse they
 * show while the row is hovered or focused, on a touch screen always.
 */
export const MessageActions: Story = {
  render: () => (
    <Kit make={() => conversation()}>
      <Chat />
    </Kit>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("button", { name: "Edit" })).toBeEnabled();
    await expect(canvas.getByRole("button", { name: "Regenerate" })).toBeEnabled();
  },
};

/** With a mouse, a row's button says its name in a tooltip (`ActionTooltip`, loaded after the first paint). */
export const ActionTooltipOnHover: Story = {
  render: () => (
    <Kit make={() => conversation()}>
      <Chat />
    </Kit>
  ),
  play: async ({ canvasElement }) => {
    const regenerate = within(canvasElement).getByRole("button", { name: "Regenerate" });
    // The row's tooltip loads after the first row appears (in idle time, later on a busy machine);
    // a hover before it is there is not seen by it. Wait for its anchor, as a person's pointer
    // moving on would.
    await waitFor(() => expect(canvasElement.querySelector('[data-slot="action-tooltip-anchor"]')).not.toBeNull(), { timeout: 5_000 });
    await userEvent.hover(regenerate);
    const tooltip = await within(canvasElement.ownerDocument.body).findByRole("tooltip", {}, { timeout: 5_000 });
    await expect(tooltip).toHaveTextContent("Regenerate");
    await userEvent.unhover(regenerate);
  },
};

/** The app's own actions at the end of each row (`<MessageExtraActions>`): here, a "Good answer" button. */
export const ExtraActions: Story = {
  render: () => (
    <Kit make={() => conversation()}>
      <MessageExtraActions
        render={({ role }) =>
          role === "assistant" ? (
            <button type="button" aria-label="Good answer" style={{ width: 28, height: 28, borderRadius: 6 }}>
              <span aria-hidden>+1</span>
            </button>
          ) : null
        }
      >
        <Chat />
      </MessageExtraActions>
    </Kit>
  ),
  play: async ({ canvasElement }) => {
    // In the answer's action row (shown on hover with a mouse, so not asked to be visible here).
    await expect(within(canvasElement).getByRole("button", { name: "Good answer" }).closest("[data-slot=message-actions]")).not.toBeNull();
  },
};

/** Edit opens an inline editor with the message's text; Save and send forks the thread there. */
export const Editing: Story = {
  render: () => (
    <Kit make={() => conversation()}>
      <Chat />
    </Kit>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Edit" }));
    await expect(await canvas.findByRole("textbox", { name: "Edit your message" })).toHaveValue("Trains from Paris to Lyon tomorrow");
  },
};

function forked(): ThreadStore {
  const store = conversation();
  const [first] = store.getState().thread.messageIds;
  store.getState().editMessage(first!, "Trains from Paris to Marseille tomorrow");
  const answer = store.getState().thread.messageIds[1]!;
  store.getState().regenerate(answer);
  return store;
}

/** After an edit and a regeneration: "2 / 2" on both, with previous and next. */
export const Branches: Story = {
  render: () => (
    <Kit make={forked}>
      <Chat />
    </Kit>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const pickers = canvas.getAllByRole("group", { name: "Versions" });
    await expect(pickers).toHaveLength(2);
    await userEvent.click(within(pickers[0]!).getByRole("button", { name: "Previous version" }));
    await waitFor(() => expect(canvas.getAllByRole("group", { name: "Versions" })[0]).toHaveAttribute("data-index", "1"));
  },
};

/** While the agent answers, nothing can be edited or regenerated. */
export const WhileRunning: Story = {
  render: () => (
    <Kit make={() => storeFrom([e.runStarted(), e.textStart("a1"), e.text("a1", "Looking…"), e.textEnd("a1")], { initialMessages: [{ id: "u1", role: "user", content: "Trains to Lyon?" }] })}>
      <Chat />
    </Kit>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Edit" })).toBeDisabled();
  },
};

/** Quick replies the agent offered, as chips above the composer; a click sends one. */
export const Suggestions: Story = {
  render: () => (
    <Kit make={() => conversation([{ label: "The 8:05" }, { label: "The 9:10" }, { label: "Later", value: "Remind me tomorrow morning" }])}>
      <Chat />
    </Kit>
  ),
  play: async ({ canvasElement }) => {
    const chips = within(within(canvasElement).getByRole("group", { name: "Suggested replies" }));
    await expect(chips.getAllByRole("button")).toHaveLength(3);
  },
};

/** The same, in Chinese. */
export const Chinese: Story = {
  render: () => (
    <Kit locale="zh-CN" make={forked}>
      <Chat />
    </Kit>
  ),
};

const DOT = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/**
 * An image the agent links from another site (`//images.example/…`): it would load with no click,
 * telling that site the page was read, so it waits for the person. The button names the host.
 */
export const WithAnImageFromAnotherSite: Story = {
  render: () => (
    <Kit
      make={() =>
        storeFrom([], {
          initialMessages: [
            {
              id: "a1",
              role: "user",
              content: [
                { type: "text", text: "The chart from the report:" },
                { type: "image", source: { type: "url", value: "//images.example/chart.png?for=you", mimeType: "image/png" }, metadata: { filename: "chart.png" } },
              ],
            },
          ],
        })
      }
    >
      <Chat />
    </Kit>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("button", { name: /^Load image from images\.example/ })).toBeVisible();
    await expect(canvas.queryByRole("img", { name: "chart.png" })).toBeNull();
  },
};

/** A message with an image (inline) and documents (chips; a link only for a safe URL). */
export const WithAttachments: Story = {
  render: () => (
    <Kit
      make={() =>
        storeFrom([], {
          initialMessages: [
            {
              id: "u1",
              role: "user",
              content: [
                { type: "text", text: "Here is the floor plan and the contract." },
                { type: "image", source: { type: "data", value: DOT, mimeType: "image/png" }, metadata: { filename: "floor-plan.png" } },
                { type: "document", source: { type: "url", value: "https://example.com/contract.pdf", mimeType: "application/pdf" }, metadata: { filename: "contract.pdf" } },
                { type: "document", source: { type: "file", value: "file-123", mimeType: "text/csv" }, metadata: { filename: "budget.csv" } },
              ],
            },
          ],
        })
      }
    >
      <Chat />
    </Kit>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("img", { name: "floor-plan.png" })).toBeVisible();
    await expect(canvas.getByRole("link", { name: "Attachment: contract.pdf" })).toBeVisible();
  },
};

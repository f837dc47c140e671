import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { foldEvents, toAgUiMessages, ToolCallCard, type ThreadStore } from "../src";
import { e, Kit, storeFrom } from "./support/stores";

const meta = {
  title: "Parley/ToolCall",
  component: ToolCallCard,
  tags: ["autodocs"],
  args: { id: "t1", defaultOpen: true },
} satisfies Meta<typeof ToolCallCard>;
export default meta;
type Story = StoryObj<typeof meta>;

const start = [e.runStarted(), e.textStart("a1"), e.textEnd("a1"), e.toolStart("t1", "search_trains", "a1")];

function withStore(make: () => ThreadStore): Story["decorators"] {
  return [(Story) => <Kit height="auto" make={make}><Story /></Kit>];
}

export const StreamingArgs: Story = { decorators: withStore(() => storeFrom([...start, e.toolArgs("t1", '{"from":"Paris","to":"Ly')])) };

export const Waiting: Story = { decorators: withStore(() => storeFrom([...start, e.toolArgs("t1", '{"from":"Paris","to":"Lyon"}'), e.toolEnd("t1")])) };

export const Complete: Story = {
  decorators: withStore(() => storeFrom([...start, e.toolArgs("t1", '{"from":"Paris","to":"Lyon"}'), e.toolEnd("t1"), e.toolResult("r1", "t1", "07:04, 09:04")])),
  play: async ({ canvasElement }) => {
    // Radix's open / closed stays in data-state (style "open" as usual); the call's status is data-status.
    const root = canvasElement.querySelector("[data-slot=tool-call]");
    await expect(root).toHaveAttribute("data-state", "open");
    await expect(root).toHaveAttribute("data-status", "complete");
  },
};

export const Error: Story = {
  decorators: withStore(() => {
    // A failed tool result (AG-UI's ToolMessage.error) arrives in a messages snapshot.
    const store = storeFrom([...start, e.toolArgs("t1", '{"from":"Paris"}'), e.toolEnd("t1")]);
    store.setState((s) => ({
      thread: foldEvents(s.thread, [
        e.messagesSnapshot([
          ...toAgUiMessages(s.thread),
          { id: "r1", role: "tool", toolCallId: "t1", content: "", error: "The timetable service timed out." },
        ]),
      ]),
    }));
    return store;
  }),
};

/** The run failed (or was stopped) while the arguments were still streaming. */
export const Unfinished: Story = {
  decorators: withStore(() => storeFrom([...start, e.toolArgs("t1", '{"from":"Par'), e.runError("The connection dropped.")])),
};

export const CompleteDark: Story = { ...Complete, globals: { theme: "dark" } };

export const ErrorDark: Story = { ...Error, globals: { theme: "dark" } };

import type { Meta, StoryObj } from "@storybook/react-vite";
import { EventType, type BaseEvent } from "@ag-ui/core";
import { expect, userEvent, within } from "storybook/test";
import { createThreadStore, InteractionQueue, type ThreadStore } from "../src";
import { ScriptedAgent } from "../src/testing";
import { e, Kit } from "./support/stores";

/**
 * The interrupt queue: every question waiting for the person, oldest first. The questions come
 * from a scripted agent's run folded through the store, asked three ways (a Parley tool call, a
 * CUSTOM envelope, an AG-UI interrupt).
 */
const meta = {
  title: "Parley/InteractionQueue",
  component: InteractionQueue,
  tags: ["autodocs"],
} satisfies Meta<typeof InteractionQueue>;
export default meta;
type Story = StoryObj<typeof meta>;

let seq = 0;

/** A store that heard `events` in one run of a scripted agent; it does not run again by itself. */
function heard(events: BaseEvent[]): ThreadStore {
  const store = createThreadStore({ batch: "sync", threadId: "story", createId: () => `q${++seq}`, agent: new ScriptedAgent({ script: events }), autoContinue: false });
  store.getState().run();
  return store;
}

const advise: BaseEvent[] = [
  e.toolStart("adv", "parley_advise", "a1"),
  e.toolArgs("adv", JSON.stringify({ content: "Which train to Lyon tomorrow?", options: [{ id: "t0705", label: "07:05 → 09:01" }, { id: "t0904", label: "09:04 → 11:00" }, { id: "t1210", label: "12:10 → 14:20" }] })),
  e.toolEnd("adv"),
];

/** Three questions of three kinds; the error has four minutes left. */
const threeQuestions: BaseEvent[] = [
  e.runStarted(),
  e.textStart("a1"),
  e.text("a1", "A few things before I book."),
  e.textEnd("a1"),
  ...advise,
  {
    type: EventType.CUSTOM,
    name: "parley.interaction",
    value: { messageId: "err", messageType: "error", timeoutMs: 4 * 60_000, payload: { content: "The seat map did not load.", actions: ["retry", "undo", "report"] } },
  },
  {
    type: EventType.RUN_FINISHED,
    threadId: "story",
    runId: "r1",
    outcome: { type: "interrupt", interrupts: [{ id: "pay", reason: "confirmation", message: "Charge €49 to the card ending 4242?", metadata: { categories: ["money"] } }] },
  },
];

const queue = (make: () => ThreadStore): Story => ({
  render: () => (
    <Kit height="auto" make={make}>
      <InteractionQueue />
    </Kit>
  ),
});

export const Empty = queue(() => heard([e.runStarted(), e.runFinished()]));

export const One = queue(() => heard([e.runStarted(), e.textStart("a1"), e.textEnd("a1"), ...advise, e.runFinished()]));

export const ThreePending: Story = {
  ...queue(() => heard(threeQuestions)),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText("3 questions waiting")).toHaveTextContent("3");
    await expect(within(canvasElement).getAllByRole("listitem")).toHaveLength(3);
  },
};

/** "Answer here" opens the card inside the queue. */
export const AnswerHereOpened: Story = {
  ...ThreePending,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getAllByRole("button", { name: "Answer here" })[0]!);
    await expect(canvas.getByRole("radio", { name: "Option 2: 09:04 → 11:00" })).toBeVisible();
  },
};

export const EmptyDark: Story = { ...Empty, globals: { theme: "dark" } };
export const OneDark: Story = { ...One, globals: { theme: "dark" } };
export const ThreePendingDark: Story = { ...ThreePending, globals: { theme: "dark" } };
export const AnswerHereOpenedDark: Story = { ...AnswerHereOpened, globals: { theme: "dark" } };

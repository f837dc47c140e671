import type { Meta, StoryObj } from "@storybook/react-vite";
import { EventType, type BaseEvent } from "@ag-ui/core";
import { expect, within } from "storybook/test";
import { AgentStatusPanel, createThreadStore, type ThreadStore } from "../src";
import { ScriptedAgent } from "../src/testing";
import { e, Kit, storeFrom } from "./support/stores";

/**
 * The panels of the side bar: each is a hook plus a styled component, usable on its own. Panels
 * load on first render (`React.lazy`), so each story waits for its panel before checking it.
 */
const meta = {
  title: "Parley/Panels",
  tags: ["autodocs"],
  subcomponents: { AgentStatusPanel },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** A clock 65 seconds behind the status, so the elapsed time reads "1:05" at once. */
const started = Date.now();
const clock65 = () => Date.now() - started + 65_000;

let seq = 0;
function heard(events: BaseEvent[]): ThreadStore {
  const store = createThreadStore({ batch: "sync", threadId: "story", createId: () => `p${++seq}`, agent: new ScriptedAgent({ script: events }), autoContinue: false });
  store.getState().run();
  return store;
}

const status = (make: () => ThreadStore, locale?: string): Story => ({
  render: () => (
    <Kit height="auto" make={make} locale={locale}>
      <AgentStatusPanel />
    </Kit>
  ),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("status")).toBeVisible();
  },
});

export const StatusIdle = status(() => storeFrom([e.runStarted(), e.runFinished()]));

export const StatusThinkingInAStep = status(() => storeFrom([e.runStarted(), { type: EventType.STEP_STARTED, stepName: "plan_trip" }]));

export const StatusActingOnATool = status(() => storeFrom([e.runStarted(), e.textStart("a1"), e.textEnd("a1"), e.toolStart("t1", "search_trains", "a1"), e.toolArgs("t1", '{"to":"Lyon"')]));

export const StatusWaitingOnAQuestion = status(() =>
  heard([
    e.runStarted(),
    e.textStart("a1"),
    e.textEnd("a1"),
    e.toolStart("adv", "parley_advise", "a1"),
    e.toolArgs("adv", JSON.stringify({ content: "Which train to Lyon tomorrow?", options: [{ id: "a", label: "07:05" }, { id: "b", label: "09:04" }] })),
    e.toolEnd("adv"),
    e.runFinished(),
  ]),
);

export const StatusReconnecting = status(() => {
  const store = storeFrom([e.runStarted(), e.textStart("a1"), e.text("a1", "Hel")]);
  store.setState({ isRunning: true, reconnecting: { attempt: 2, attempts: 4 } });
  return store;
});

export const StatusActingChinese = status(() => storeFrom([e.runStarted(), e.textStart("a1"), e.textEnd("a1"), e.toolStart("t1", "search_trains", "a1")]), "zh-CN");

/** The elapsed time counts from when the status began ("for 1:05" with this story's clock). */
export const StatusElapsed: Story = {
  render: () => (
    <Kit height="auto" make={() => storeFrom([e.runStarted(), { type: EventType.STEP_STARTED, stepName: "plan_trip" }])}>
      <AgentStatusPanel now={clock65} />
    </Kit>
  ),
};

export const StatusActingDark: Story = { ...StatusActingOnATool, globals: { theme: "dark" } };

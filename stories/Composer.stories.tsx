import type { Meta, StoryObj } from "@storybook/react-vite";
import { EventType, type BaseEvent } from "@ag-ui/core";
import { expect, userEvent, within } from "storybook/test";
import { AgentStatusIndicator, Composer, createThreadStore, Thread, type SpeechInput, type ThreadStore } from "../src";
import { ScriptedAgent } from "../src/testing";
import { e, Kit } from "./support/stores";

/**
 * The composer answering: a numbered reply previews the option it picks, a number outside the
 * range is refused, words with a question open ask first, and while the agent runs it can be
 * paused. Each story's thread is a scripted agent's run folded through the store.
 */
const meta = {
  title: "Parley/Composer",
  component: Composer,
  tags: ["autodocs"],
} satisfies Meta<typeof Composer>;
export default meta;
type Story = StoryObj<typeof meta>;

let seq = 0;

/**
 * A store that heard `events` from a scripted agent; `open` leaves that run going (the agent is
 * still at work). Runs after the first only start and finish.
 */
function heard(events: BaseEvent[], { open = false } = {}): ThreadStore {
  let runs = 0;
  const agent = new ScriptedAgent({
    script: () => (++runs === 1 ? [...events, ...(open ? [{ delay: 3_600_000 }] : [])] : [e.runStarted(`next${runs}`), e.runFinished(`next${runs}`)]),
  });
  const store = createThreadStore({ batch: "sync", threadId: "story", createId: () => `c${++seq}`, agent, autoContinue: false });
  store.getState().run();
  return store;
}

const trains: BaseEvent[] = [
  e.runStarted(),
  e.textStart("a1"),
  e.text("a1", "Three trains fit your day."),
  e.textEnd("a1"),
  e.toolStart("adv", "parley_advise", "a1"),
  e.toolArgs("adv", JSON.stringify({ content: "Which train to Lyon tomorrow?", options: [{ id: "t0705", label: "07:05 → 09:01" }, { id: "t0904", label: "09:04 → 11:00" }, { id: "t1210", label: "12:10 → 14:20" }] })),
  e.toolEnd("adv"),
  e.runFinished(),
];

const searching: BaseEvent[] = [e.runStarted(), e.textStart("a1"), e.text("a1", "Searching trains from Paris to Lyon…")];

/** The thread, the status line (with Pause while the agent runs) and the composer, as an app lays them out. */
const withThread = (make: () => ThreadStore): Story => ({
  render: () => (
    <Kit height={520} make={make}>
      <Thread />
      <AgentStatusIndicator />
      <Composer />
    </Kit>
  ),
});

const box = (canvasElement: HTMLElement) => within(canvasElement).getByRole("textbox", { name: "Message" });

/** "3号" with options 1–3 open: the line under the box names the option it picks. */
export const NumberReplyPreview: Story = {
  ...withThread(() => heard(trains)),
  play: async ({ canvasElement }) => {
    await userEvent.type(box(canvasElement), "3号");
    await expect(within(canvasElement).getByText("→ 3 · 12:10 → 14:20")).toBeVisible();
  },
};

/** "9" is no option: refused, naming the range, and Send is disabled. */
export const NumberOutOfRange: Story = {
  ...withThread(() => heard(trains)),
  play: async ({ canvasElement }) => {
    await userEvent.type(box(canvasElement), "9");
    await expect(within(canvasElement).getByText("9 is not an option. Choose from 1–3.")).toBeVisible();
    await expect(within(canvasElement).getByRole("button", { name: "Send" })).toBeDisabled();
  },
};

/** Words while a question that takes no free text is open: decline it first? */
export const DeclineFirstConfirmation: Story = {
  ...withThread(() => heard(trains)),
  play: async ({ canvasElement }) => {
    await userEvent.type(box(canvasElement), "Actually, find me a bus instead{Enter}");
    await expect(within(canvasElement).getByRole("alertdialog", { name: "A question is still open. Decline it and send your message?" })).toBeVisible();
  },
};

export const RunningWithPause: Story = {
  ...withThread(() => heard(searching, { open: true })),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Pause" })).toBeEnabled();
  },
};

/** The agent asked not to be interrupted while it charges the card: Pause says why it cannot. */
export const PauseBlocked: Story = {
  ...withThread(() =>
    heard(
      [
        ...searching,
        e.textEnd("a1"),
        { type: EventType.CUSTOM, name: "parley.interaction", value: { messageId: "charging", messageType: "notification", allowInterrupt: false, payload: { content: "Charging your card — this takes a few seconds.", level: "info" } } },
      ],
      { open: true },
    ),
  ),
  play: async ({ canvasElement }) => {
    const pause = within(canvasElement).getByRole("button", { name: "Pause" });
    await expect(pause).toBeDisabled();
    await expect(pause).toHaveAccessibleDescription("The agent asked not to be interrupted right now.");
  },
};

/** Paused: what streamed stays, and the next message resumes. */
export const AfterPause: Story = {
  ...withThread(() => {
    const store = heard(searching, { open: true });
    store.getState().pause();
    return store;
  }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Paused — write to continue.")).toBeVisible();
  },
};

/**
 * A recognizer for the stories: it "hears" `said` a moment after listening starts, or refuses the
 * microphone (`refuse`), as a browser would.
 */
const storyRecognizer = ({ said, refuse = false }: { said?: string; refuse?: boolean }): SpeechInput => ({
  listen: (_lang, on) => {
    const timer = setTimeout(() => {
      if (refuse) {
        on.error({ kind: "not-allowed", message: "Permission denied" });
        on.end();
      } else if (said) {
        on.interim(said.slice(0, -1));
      }
    }, 50);
    return {
      stop: () => {
        clearTimeout(timer);
        if (said && !refuse) on.final(said);
        on.end();
      },
      abort: () => {
        clearTimeout(timer);
        on.end();
      },
    };
  },
});

const withDictation = (input: SpeechInput): Story => ({
  render: () => (
    <Kit height={520} make={() => heard(trains)}>
      <Thread />
      <Composer dictation={input} />
    </Kit>
  ),
});

/** The microphone in the field, idle. */
export const DictationIdle: Story = {
  ...withDictation(storyRecognizer({})),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("button", { name: "Dictate" }, { timeout: 5000 })).toHaveAttribute("aria-pressed", "false");
  },
};

/** Listening: the phrase being spoken shows under the box. */
export const DictationListening: Story = {
  ...withDictation(storyRecognizer({ said: "the third one" })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "Dictate" }, { timeout: 5000 }));
    await expect(await canvas.findByText("Listening… the third on")).toBeVisible();
  },
};

/** Stopped: what was said is in the box, planned like typing. */
export const DictationHeard: Story = {
  ...withDictation(storyRecognizer({ said: "3" })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const mic = await canvas.findByRole("button", { name: "Dictate" }, { timeout: 5000 });
    await userEvent.click(mic);
    await userEvent.click(mic);
    await expect(box(canvasElement)).toHaveValue("3");
    await expect(canvas.getByText("→ 3 · 12:10 → 14:20")).toBeVisible();
  },
};

/** The microphone refused: said in words, nothing left open. */
export const DictationRefused: Story = {
  ...withDictation(storyRecognizer({ refuse: true })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "Dictate" }, { timeout: 5000 }));
    await expect(await canvas.findByText("The microphone is not allowed for this page.")).toBeVisible();
  },
};

const dark = (story: Story): Story => ({ ...story, globals: { theme: "dark" } });

export const NumberReplyPreviewDark = dark(NumberReplyPreview);
export const NumberOutOfRangeDark = dark(NumberOutOfRange);
export const DeclineFirstConfirmationDark = dark(DeclineFirstConfirmation);
export const RunningWithPauseDark = dark(RunningWithPause);
export const PauseBlockedDark = dark(PauseBlocked);
export const AfterPauseDark = dark(AfterPause);
export const DictationListeningDark = dark(DictationListening);

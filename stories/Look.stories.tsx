import { useState } from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import type { BaseEvent } from "@ag-ui/core";
import { expect, within } from "storybook/test";
import { AgentStatusIndicator, Composer, createThreadStore, InteractionQueue, ParleyProvider, ParleyUIProvider, RunError, Thread, type ThreadStore } from "../src";
import { ScriptedAgent } from "../src/testing";
import { e, fullTurn, user } from "./support/stores";

/**
 * The default look, whole: a conversation with a short question, reasoning, a tool call (open,
 * its JSON indented), a reply with a table and a code block, a question the agent asks with
 * numbered options, the status, a failed run with Retry, and the composer — in light and dark,
 * at a phone's width (375) and a desktop's (1280). Every other story can be seen at these widths
 * and themes from the toolbar ("Theme", "Width"); these four are also run as tests, so axe
 * checks contrast and names in both themes at both widths.
 */
const meta = {
  title: "Parley/Look",
  parameters: { layout: "fullscreen" },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const ASK = {
  content: "Which train to Lyon tomorrow?",
  options: [
    { id: "t0705", label: "07:05 → 09:01", description: "Direct, €49" },
    { id: "t0904", label: "09:04 → 11:00", description: "Direct, €65" },
  ],
};

/** Two turns, then a question, then a run that failed: every part of the default look at once. */
function conversation(): ThreadStore {
  let runs = 0;
  const turns: BaseEvent[][] = [
    [
      ...fullTurn().slice(0, -1),
      e.toolStart("adv", "parley_advise", "a2"),
      e.toolArgs("adv", JSON.stringify(ASK)),
      e.toolEnd("adv"),
      e.runFinished(),
    ],
  ];
  const agent = new ScriptedAgent({
    script: () => turns[runs++] ?? [e.runStarted(`r${runs + 1}`), e.textStart(`late${runs}`), e.text(`late${runs}`, "Let me check th"), e.runError("The model is overloaded. Try again in a minute.", "overloaded")],
  });
  const store = createThreadStore({ batch: "sync", threadId: "look", agent, autoContinue: false, now: () => Date.UTC(2026, 5, 14, 9), initialMessages: [user("u0", "go"), user("u1", "Trains to Lyon tomorrow?")] });
  store.getState().run();
  return store;
}

function Chat({ failed = false }: { failed?: boolean }) {
  const [store] = useState(() => {
    const made = conversation();
    if (failed) made.getState().sendMessage("And on Sunday?");
    return made;
  });
  return (
    <ParleyProvider store={store}>
      <ParleyUIProvider style={{ height: 760 }}>
        <Thread />
        <AgentStatusIndicator />
        <RunError />
        <Composer />
        <div className="pl:mx-auto pl:w-full pl:max-w-column pl:px-4 pl:pb-3">
          <InteractionQueue />
        </div>
      </ParleyUIProvider>
    </ParleyProvider>
  );
}

function story(theme: "light" | "dark", width: "phone" | "desktop", failed = false): Story {
  return {
    globals: { theme, width },
    render: () => <Chat failed={failed} />,
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      const wrapper = canvasElement.querySelector("[data-testid=theme-wrapper]");
      await expect(wrapper?.classList.contains("dark")).toBe(theme === "dark");
      await expect(wrapper?.getBoundingClientRect().width).toBe(width === "phone" ? 375 : 1280);
      // The roles are named for screen readers even though they are not shown.
      await expect((await canvas.findAllByText("You")).length).toBeGreaterThan(0);
      await expect(canvas.getByRole("textbox", { name: "Message" })).toBeInTheDocument();
    },
  };
}

export const PhoneLight = story("light", "phone");
export const PhoneDark = story("dark", "phone");
export const DesktopLight = story("light", "desktop");
export const DesktopDark = story("dark", "desktop");
/** A failed run: the error and Retry, and no "Idle" above them. */
export const PhoneDarkFailed = story("dark", "phone", true);
export const DesktopLightFailed = story("light", "desktop", true);

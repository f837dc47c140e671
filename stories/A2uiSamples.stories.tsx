import { useState } from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { EventType, type BaseEvent } from "@ag-ui/core";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { createThreadStore, ParleyProvider, ParleyUIProvider, Thread, type ThreadStore } from "../src";
import { ScriptedAgent } from "../src/testing";
import samples from "../test/fixtures/a2ui/basic-catalog-samples.json";
import { e } from "./support/stores";

/**
 * A2UI's own samples (github.com/google/A2UI, specification/v0_10/catalogs/basic/examples at
 * ade478f; the fixture names each source) drawn by the kit at a phone's width, 375 px, in light and
 * dark, the axe check on each. The software purchase is acted on: a billing period picked, the
 * purchase confirmed.
 */
const meta = {
  title: "Parley/A2UI samples",
  component: Thread,
  tags: ["autodocs"],
  globals: { width: "phone" },
} satisfies Meta<typeof Thread>;
export default meta;
type Story = StoryObj<typeof meta>;

let seq = 0;
const list = samples as { name: string; messages: unknown[] }[];

function Sample({ name }: { name: string }) {
  const [store] = useState((): ThreadStore => {
    const content = { a2ui_operations: list.find((s) => s.name === name)!.messages };
    const event: BaseEvent = { type: EventType.ACTIVITY_SNAPSHOT, messageId: `a2ui-surface-${name}`, activityType: "a2ui-surface", content, replace: true };
    const agent = new ScriptedAgent({ script: () => [e.runStarted(), event, e.runFinished()] });
    const made = createThreadStore({ batch: "sync", threadId: "story", createId: () => `m${++seq}`, agent, autoContinue: false });
    made.getState().run();
    return made;
  });
  return (
    <ParleyProvider store={store}>
      <ParleyUIProvider className="pl:rounded-lg pl:border pl:border-border">
        <div style={{ height: 760, display: "flex", flexDirection: "column" }}>
          <Thread />
        </div>
      </ParleyUIProvider>
    </ParleyProvider>
  );
}

const ready = (canvasElement: HTMLElement) => waitFor(() => expect(canvasElement.querySelector('[data-slot="a2ui-surface"][data-state="ready"]')).not.toBeNull(), { timeout: 8_000 });
const story = (name: string, play?: Story["play"]): Story => ({ render: () => <Sample name={name} />, play: play ?? (({ canvasElement }) => ready(canvasElement)) });
const dark = (s: Story): Story => ({ ...s, globals: { theme: "dark", width: "phone" } });

export const MusicPlayer = story("Music Player");
export const TaskCard = story("Task Card");
export const CoffeeOrder = story("Coffee Order", async ({ canvasElement }) => {
  await ready(canvasElement);
  await expect(within(canvasElement).getByText("$11.66")).toBeVisible();
});
export const SoftwarePurchase = story("Software Purchase", async ({ canvasElement }) => {
  await ready(canvasElement);
  const canvas = within(canvasElement);
  await expect(canvas.getByText("$1,188.00/year")).toBeVisible();
  await userEvent.click(canvas.getByRole("radio", { name: "Monthly" }));
  await userEvent.click(canvas.getByRole("button", { name: /Confirm Purchase/ }));
  await waitFor(() => expect(canvasElement.textContent).toMatch(/→\s*Confirm Purchase/));
});
export const RecipeCard = story("Recipe Card");
export const MovieCard = story("Movie Card");
export const IncrementalDashboard = story("Incremental Dashboard");
export const AdvancedFormValidator = story("Advanced Form Validator");

export const MusicPlayerDark = dark(MusicPlayer);
export const TaskCardDark = dark(TaskCard);
export const CoffeeOrderDark = dark(CoffeeOrder);
export const SoftwarePurchaseDark = dark(SoftwarePurchase);
export const RecipeCardDark = dark(RecipeCard);
export const MovieCardDark = dark(MovieCard);
export const IncrementalDashboardDark = dark(IncrementalDashboard);
export const AdvancedFormValidatorDark = dark(AdvancedFormValidator);

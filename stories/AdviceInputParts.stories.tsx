import type { Meta, StoryObj } from "@storybook/react-vite";
import type { BaseEvent } from "@ag-ui/core";
import { expect, userEvent, within } from "storybook/test";
import { createThreadStore, type ThreadStore } from "../src";
import { Advice, InputRequest } from "../src/headless";
import { ScriptedAgent } from "../src/testing";
import { PlainAdviceCard, PlainInputCard } from "./support/customCards";
import { e, Kit } from "./support/stores";

/** Advice and input-request cards rebuilt from the headless parts with plain unstyled elements. */
const meta = {
  title: "Parley/Headless parts/Advice and InputRequest",
  tags: ["autodocs"],
  subcomponents: { "Advice.Root": Advice.Root, "Advice.Option": Advice.Option, "Advice.Submit": Advice.Submit, "InputRequest.Root": InputRequest.Root, "InputRequest.Field": InputRequest.Field, "InputRequest.Submit": InputRequest.Submit },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

let seq = 0;
function heard(id: string, tool: string, args: unknown): () => ThreadStore {
  const events: BaseEvent[] = [e.runStarted("r1"), e.toolStart(id, tool, `msg-${id}`), e.toolArgs(id, JSON.stringify(args)), e.toolEnd(id), e.runFinished("r1")];
  return () => {
    const store = createThreadStore({ batch: "sync", threadId: "story", createId: () => `ai${++seq}`, agent: new ScriptedAgent({ script: () => events }), autoContinue: false });
    store.getState().run();
    return store;
  };
}

const trains = { content: "Which train to Lyon?", options: [{ id: "a", label: "07:05" }, { id: "b", label: "09:04" }, { id: "c", label: "12:10" }] };

/** Options as plain radio buttons; the digit 3 picks the third; Book it answers. */
export const AdvicePlainElements: Story = {
  render: () => (
    <Kit height="auto" make={heard("adv", "parley_advise", trains)}>
      <PlainAdviceCard interactionId="adv" />
    </Kit>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("button", { name: "Book it" })).toBeDisabled();
    await userEvent.click(canvas.getByRole("radio", { name: "07:05" }));
    await userEvent.keyboard("3");
    await expect(canvas.getByRole("radio", { name: "12:10" })).toHaveAttribute("data-state", "checked");
    await userEvent.click(canvas.getByRole("button", { name: "Book it" }));
    await expect(canvas.getByRole("group", { name: "Advice" })).toHaveAttribute("data-state", "answered");
  },
};

/** One plain labelled field; Send answers with what was typed. */
export const InputPlainElements: Story = {
  render: () => (
    <Kit height="auto" make={heard("addr", "parley_request_input", { content: "Where to?", schema: { type: "object", properties: { city: { type: "string" } } } })}>
      <PlainInputCard interactionId="addr" />
    </Kit>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole("textbox", { name: "City" }), "Lyon");
    await userEvent.click(canvas.getByRole("button", { name: "Send" }));
    await expect(canvas.getByRole("group", { name: "Input" })).toHaveAttribute("data-state", "answered");
  },
};

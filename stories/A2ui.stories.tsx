import type { Meta, StoryObj } from "@storybook/react-vite";
import { EventType, type BaseEvent } from "@ag-ui/core";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { createThreadStore, Thread, type ThreadStore } from "../src";
import { ScriptedAgent } from "../src/testing";
import { BOOKING_SURFACE, bookingContent, bookingCreate, bookingData } from "../test/support/a2uiBooking";
import { e, Kit } from "./support/stores";

/**
 * A2UI surfaces in the thread (`parley-ui/a2ui`, loaded on first use): the agent's declarative
 * form rendered with the kit's tokens, its buttons a numbered question answered through the
 * person's door. The states: the form waiting, a check that refuses the press in words, the form
 * answered, a surface still being built, a component the catalog lacks (shown escaped), and an
 * A2UI 0.8 message (refused in words: Parley reads 0.9 and later).
 */
const meta = {
  title: "Parley/A2UI",
  component: Thread,
  tags: ["autodocs"],
} satisfies Meta<typeof Thread>;
export default meta;
type Story = StoryObj<typeof meta>;

let seq = 0;
const surface = (content: unknown): BaseEvent => ({ type: EventType.ACTIVITY_SNAPSHOT, messageId: `a2ui-surface-${BOOKING_SURFACE}`, activityType: "a2ui-surface", content, replace: true });

/** A store that heard one run showing `content` as the booking surface. */
function showing(content: unknown): () => ThreadStore {
  return () => {
    const agent = new ScriptedAgent({ script: () => [e.runStarted(), surface(content), e.runFinished()] });
    const store = createThreadStore({ batch: "sync", threadId: "story", createId: () => `s${++seq}`, agent, autoContinue: false });
    store.getState().run();
    return store;
  };
}

const inThread = (make: () => ThreadStore) => (
  <Kit make={make} height={560}>
    <Thread />
  </Kit>
);

export const BookingForm: Story = {
  render: () => inThread(showing(bookingContent())),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("Book a table", {}, { timeout: 8_000 })).toBeVisible();
    await expect(canvas.getByRole("button", { name: /Book/ })).toBeEnabled();
    await expect(canvas.getByRole("button", { name: /Cancel/ })).toBeEnabled();
  },
};

export const CheckRefusesThePress: Story = {
  render: () => inThread(showing(bookingContent())),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: /Book/ }, { timeout: 8_000 }));
    // The check is said once the door's resolution of a press has loaded (its own chunk, on first press).
    await expect(await canvas.findByText(/Say whose name the table is under/, {}, { timeout: 8_000 })).toBeVisible();
  },
};

export const Answered: Story = {
  render: () => inThread(showing(bookingContent())),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole("textbox", { name: /Name/ }, { timeout: 8_000 }), "Ana");
    await userEvent.click(canvas.getByRole("button", { name: /Book/ }));
    await waitFor(() => expect(canvasElement.textContent).toMatch(/→\s*Book/));
  },
};

export const StillBuilding: Story = {
  render: () => inThread(showing({ status: "building" })),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('[data-slot="thread-row"]')).not.toBeNull());
  },
};

export const UnknownComponent: Story = {
  render: () =>
    inThread(
      showing(
        bookingContent([
          bookingCreate,
          { version: "v0.9", updateComponents: { surfaceId: BOOKING_SURFACE, components: [{ id: "root", component: "Hologram", text: "<img src=x onerror=alert(1)>" }] } },
          bookingData,
        ]),
      ),
    ),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.textContent).toContain("Hologram"), { timeout: 8_000 });
    await expect(canvasElement.querySelector("img[src=x]")).toBeNull();
  },
};

export const EarlierVersionRefused: Story = {
  render: () =>
    inThread(
      showing(
        bookingContent([
          { beginRendering: { surfaceId: BOOKING_SURFACE, root: "root" } },
          { surfaceUpdate: { surfaceId: BOOKING_SURFACE, components: [{ id: "root", component: { Text: { text: { literalString: "Hello" } } } }] } },
        ]),
      ),
    ),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.textContent).toMatch(/An A2UI 0\.8 message \("beginRendering"\) was not read/), { timeout: 8_000 });
  },
};

const dark = (story: Story): Story => ({ ...story, globals: { theme: "dark" } });
export const BookingFormDark = dark(BookingForm);
export const CheckRefusesThePressDark = dark(CheckRefusesThePress);
export const AnsweredDark = dark(Answered);
export const StillBuildingDark = dark(StillBuilding);
export const UnknownComponentDark = dark(UnknownComponent);
export const EarlierVersionRefusedDark = dark(EarlierVersionRefused);

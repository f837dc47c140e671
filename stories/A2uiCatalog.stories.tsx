import { useState } from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { EventType, type BaseEvent } from "@ag-ui/core";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { createThreadStore, ParleyProvider, ParleyUIProvider, Thread, type ThreadStore } from "../src";
import { useA2uiSurface, type A2uiComponentProps } from "../src/a2ui";
import { ScriptedAgent } from "../src/testing";
import { e } from "./support/stores";

/**
 * Every component of A2UI's basic catalog as the kit draws it (`parley-ui/a2ui`), each in a
 * surface of its own, in light and dark: the Radix-based parts (Tabs, Dialog for Modal, Checkbox,
 * RadioGroup, ToggleGroup chips, Slider), the kit's tokens, the numbers on buttons, and a team's
 * own catalog entry (`a2ui:FlightCard`) registered through `components`.
 */
const meta = {
  title: "Parley/A2UI catalog",
  component: Thread,
  tags: ["autodocs"],
} satisfies Meta<typeof Thread>;
export default meta;
type Story = StoryObj<typeof meta>;

let seq = 0;
type Component = { id: string; component: string } & Record<string, unknown>;

/** A store that heard one run showing a surface whose root column holds `components` (the first `children` ids). */
function surface(children: string[], components: Component[], data: unknown = {}): () => ThreadStore {
  const content = {
    a2ui_operations: [
      { version: "v0.10", createSurface: { surfaceId: "catalog", catalogId: "https://a2ui.org/specification/v0_10/catalogs/basic/catalog.json" } },
      { version: "v0.10", updateComponents: { surfaceId: "catalog", components: [{ id: "root", component: "Column", children }, ...components] } },
      { version: "v0.10", updateDataModel: { surfaceId: "catalog", path: "/", value: data } },
    ],
  };
  return () => {
    const event: BaseEvent = { type: EventType.ACTIVITY_SNAPSHOT, messageId: "a2ui-surface-catalog", activityType: "a2ui-surface", content, replace: true };
    const agent = new ScriptedAgent({ script: () => [e.runStarted(), event, e.runFinished()] });
    const store = createThreadStore({ batch: "sync", threadId: "story", createId: () => `c${++seq}`, agent, autoContinue: false });
    store.getState().run();
    return store;
  };
}

function InThread({ make, components }: { make: () => ThreadStore; components?: Record<string, unknown> }) {
  const [store] = useState(make);
  return (
    <ParleyProvider store={store}>
      <ParleyUIProvider className="pl:rounded-lg pl:border pl:border-border" components={components as never}>
        <div style={{ height: 620, display: "flex", flexDirection: "column" }}>
          <Thread />
        </div>
      </ParleyUIProvider>
    </ParleyProvider>
  );
}

const shown = async (canvasElement: HTMLElement) => {
  await waitFor(() => expect(canvasElement.querySelector('[data-slot="a2ui-surface"][data-state="ready"]')).not.toBeNull(), { timeout: 8_000 });
  return within(canvasElement);
};
const label = (id: string, text: string): Component => ({ id, component: "Text", text });

export const Text: Story = {
  render: () => (
    <InThread
      make={surface(["h1", "h3", "h5", "body", "caption", "md", "bound"], [
        { id: "h1", component: "Text", variant: "h1", text: "Heading one" },
        { id: "h3", component: "Text", variant: "h3", text: "Heading three" },
        { id: "h5", component: "Text", variant: "h5", text: "Heading five" },
        { id: "body", component: "Text", text: "Body text, as most of a surface is written." },
        { id: "caption", component: "Text", variant: "caption", text: "A caption, quieter." },
        { id: "md", component: "Text", text: "Some **simple Markdown** with `code`." },
        { id: "bound", component: "Text", text: { call: "formatString", args: { value: "Hello, ${/user/name}." } } },
      ], { user: { name: "Ada" } })}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await expect(canvas.getByRole("heading", { name: "Heading one", level: 3 })).toBeVisible();
    await expect(canvas.getByText("Hello, Ada.")).toBeVisible();
  },
};

export const Image: Story = {
  render: () => (
    <InThread
      make={surface(["avatar", "feature"], [
        { id: "avatar", component: "Image", variant: "avatar", url: "https://images.example.com/ada.png", description: "Ada's portrait" },
        { id: "feature", component: "Image", variant: "mediumFeature", fit: "cover", url: "https://images.example.com/table.png", description: "The table by the window" },
      ])}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    // Another site's image waits for the person's click (the kit's URL policy).
    await expect(canvas.getAllByRole("button", { name: /images\.example\.com/ })).toHaveLength(2);
  },
};

const ICONS = ["accountCircle", "add", "calendarToday", "call", "check", "close", "delete", "edit", "event", "favorite", "home", "info", "locationOn", "lock", "mail", "payment", "person", "search", "send", "settings", "shoppingCart", "star", "warning", "unknownName"];
export const Icon: Story = {
  render: () => <InThread make={surface(["icons"], [{ id: "icons", component: "Row", children: ICONS }, ...ICONS.map((name) => ({ id: name, component: "Icon", name }))])} />,
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await expect(canvas.getByRole("img", { name: "shopping cart" })).toBeVisible();
    await expect(canvas.getByRole("img", { name: "unknown name" })).toBeVisible();
  },
};

export const VideoAndAudio: Story = {
  render: () => (
    <InThread
      make={surface(["video", "audio"], [
        { id: "video", component: "Video", url: "https://media.example.com/trailer.mp4" },
        { id: "audio", component: "AudioPlayer", url: "https://media.example.com/episode.mp3", description: "Episode 12" },
      ])}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    const buttons = canvas.getAllByRole("button", { name: /media\.example\.com/ });
    await expect(buttons).toHaveLength(2);
    await userEvent.click(buttons[1]!);
    await waitFor(() => expect(canvasElement.querySelector("audio[controls]")).not.toBeNull());
  },
};

export const RowColumnList: Story = {
  render: () => (
    <InThread
      make={surface(["row", "list"], [
        { id: "row", component: "Row", justify: "spaceBetween", align: "center", children: ["left", "right"] },
        { id: "left", component: "Text", text: "Weighted 2", weight: 2 },
        { id: "right", component: "Text", text: "Weighted 1", weight: 1 },
        { id: "list", component: "List", direction: "vertical", children: { path: "/items", componentId: "item" } },
        { id: "item", component: "Text", text: { path: "name" } },
      ], { items: [{ name: "First item" }, { name: "Second item" }, { name: "Third item" }] })}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await expect(canvas.getByRole("list")).toBeVisible();
    await expect(canvas.getByText("Third item")).toBeVisible();
  },
};

export const CardAndDivider: Story = {
  render: () => (
    <InThread
      make={surface(["card"], [
        { id: "card", component: "Card", child: "inside" },
        { id: "inside", component: "Column", children: ["title", "divider", "nested"] },
        label("title", "A card"),
        { id: "divider", component: "Divider" },
        { id: "nested", component: "Card", child: "nested-text" },
        label("nested-text", "A card inside it"),
      ])}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await expect(canvasElement.querySelectorAll('[data-slot="a2ui-card"]')).toHaveLength(2);
    await expect(canvas.getByText("A card inside it")).toBeVisible();
  },
};

export const Tabs: Story = {
  render: () => (
    <InThread
      make={surface(["tabs"], [
        { id: "tabs", component: "Tabs", tabs: [{ title: "Outbound", child: "out" }, { title: "Return", child: "back" }] },
        label("out", "Paris → Lyon, 08:05"),
        label("back", "Lyon → Paris, 18:40"),
      ])}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    const first = canvas.getByRole("tab", { name: "Outbound" });
    await userEvent.click(first);
    await userEvent.keyboard("{ArrowRight}");
    await waitFor(() => expect(canvas.getByRole("tab", { name: "Return" })).toHaveAttribute("aria-selected", "true"));
    await expect(canvas.getByText("Lyon → Paris, 18:40")).toBeVisible();
  },
};

export const Modal: Story = {
  render: () => (
    <InThread
      make={surface(["modal"], [
        { id: "modal", component: "Modal", trigger: "open", content: "details" },
        { id: "open", component: "Button", child: "open-text", action: { event: { name: "openModalEvent" } } },
        label("open-text", "Fare details"),
        label("details", "Refundable until the day before departure."),
      ])}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    const opener = canvas.getByRole("button", { name: "Fare details" });
    await userEvent.click(opener);
    const dialog = await within(document.body).findByRole("dialog", { name: "Fare details" });
    await expect(dialog).toHaveTextContent("Refundable");
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(opener).toHaveFocus());
  },
};

export const Buttons: Story = {
  render: () => (
    <InThread
      make={surface(["buttons"], [
        { id: "buttons", component: "Row", children: ["default", "primary", "borderless", "link"] },
        { id: "default", component: "Button", child: "t1", action: { event: { name: "later" } } },
        { id: "primary", component: "Button", variant: "primary", child: "t2", action: { event: { name: "book" } } },
        { id: "borderless", component: "Button", variant: "borderless", child: "t3", action: { event: { name: "details" } } },
        { id: "link", component: "Button", child: "t4", action: { functionCall: { call: "openUrl", args: { url: "https://example.com/terms" } } } },
        label("t1", "Later"),
        label("t2", "Book"),
        label("t3", "Details"),
        label("t4", "Terms"),
      ])}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    // Numbered in reading order, as "2" in the composer would press "Book".
    await expect(canvas.getByRole("button", { name: /Book/ })).toHaveAttribute("data-number", "2");
    await expect(canvas.getByRole("link", { name: "Terms" })).toHaveAttribute("rel", "noopener noreferrer");
  },
};

export const TextField: Story = {
  render: () => (
    <InThread
      make={surface(["short", "long", "number", "secret"], [
        { id: "short", component: "TextField", label: "Email", value: { path: "/email" }, placeholder: "you@example.com", checks: [{ condition: { call: "email", args: { value: { path: "/email" } } }, message: "That is not an email address." }] },
        { id: "long", component: "TextField", label: "Note", variant: "longText", value: { path: "/note" } },
        { id: "number", component: "TextField", label: "Guests", variant: "number", value: { path: "/guests" } },
        { id: "secret", component: "TextField", label: "Code", variant: "obscured", value: { path: "/code" } },
      ], { email: "", note: "", guests: 2, code: "" })}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    const email = canvas.getByRole("textbox", { name: "Email" });
    await userEvent.type(email, "ada");
    await waitFor(() => expect(email).toHaveAccessibleDescription("That is not an email address."));
    await userEvent.type(email, "@example.com");
    await waitFor(() => expect(email).not.toHaveAttribute("aria-invalid"));
  },
};

export const CheckBox: Story = {
  render: () => <InThread make={surface(["box"], [{ id: "box", component: "CheckBox", label: "Window seat", value: { path: "/window" } }], { window: false })} />,
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    const box = canvas.getByRole("checkbox", { name: "Window seat" });
    await userEvent.click(box);
    await expect(box).toHaveAttribute("aria-checked", "true");
  },
};

const SEATS = [{ label: "Inside", value: "inside" }, { label: "Terrace", value: "terrace" }, { label: "Bar", value: "bar" }];
export const ChoicePicker: Story = {
  render: () => (
    <InThread
      make={surface(["one", "many", "chips", "filter"], [
        { id: "one", component: "ChoicePicker", label: "Seating", options: SEATS, value: { path: "/one" } },
        { id: "many", component: "ChoicePicker", label: "Extras", variant: "multipleSelection", options: [{ label: "Cake", value: "cake" }, { label: "Flowers", value: "flowers" }], value: { path: "/many" } },
        { id: "chips", component: "ChoicePicker", label: "Course", displayStyle: "chips", options: [{ label: "Starter", value: "s" }, { label: "Main", value: "m" }], value: { path: "/chips" } },
        { id: "filter", component: "ChoicePicker", label: "City", filterable: true, options: [{ label: "Lyon", value: "lyon" }, { label: "Lille", value: "lille" }, { label: "Nantes", value: "nantes" }], value: { path: "/city" } },
      ], { one: ["inside"], many: [], chips: [], city: [] })}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await userEvent.click(canvas.getByRole("radio", { name: "Terrace" }));
    await expect(canvas.getByRole("radio", { name: "Terrace" })).toHaveAttribute("aria-checked", "true");
    await userEvent.click(canvas.getByRole("checkbox", { name: "Flowers" }));
    await expect(canvas.getByRole("checkbox", { name: "Flowers" })).toHaveAttribute("aria-checked", "true");
    await userEvent.type(canvas.getByRole("searchbox", { name: "Filter options" }), "l");
    await waitFor(() => expect(canvas.queryByRole("radio", { name: "Nantes" })).toBeNull());
  },
};

export const Slider: Story = {
  render: () => <InThread make={surface(["slider"], [{ id: "slider", component: "Slider", label: "Guests", min: 1, max: 8, value: { path: "/guests" } }], { guests: 2 })} />,
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    const thumb = canvas.getByRole("slider", { name: "Guests" });
    thumb.focus();
    await userEvent.keyboard("{ArrowRight}");
    await waitFor(() => expect(thumb).toHaveAttribute("aria-valuenow", "3"));
    await expect(canvas.getByText("Guests: 3")).toBeVisible();
  },
};

export const DateTimeInput: Story = {
  render: () => (
    <InThread
      make={surface(["date", "time", "both"], [
        { id: "date", component: "DateTimeInput", label: "Day", enableDate: true, value: { path: "/day" }, min: "2026-12-01" },
        { id: "time", component: "DateTimeInput", label: "Time", enableTime: true, value: { path: "/time" } },
        { id: "both", component: "DateTimeInput", label: "When", enableDate: true, enableTime: true, value: { path: "/when" } },
      ], { day: "2026-12-24", time: "19:30", when: "2026-12-24T19:30:00Z" })}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await expect(canvas.getByLabelText("Day")).toHaveValue("2026-12-24");
    await expect(canvas.getByLabelText("When")).toHaveValue("2026-12-24T19:30");
  },
};

/** A team's own catalog entry, from the kit's tokens, given the press of its action. */
function FlightCard({ component, text, action }: A2uiComponentProps) {
  const { pending } = useA2uiSurface();
  return (
    <div data-slot="flight-card" className="pl:flex pl:flex-col pl:gap-1 pl:rounded-lg pl:border pl:border-border pl:p-3">
      <strong>{text(component.flightNumber)}</strong>
      <span>{text(component.price)}</span>
      <button type="button" disabled={!action?.enabled || !pending} onClick={action?.press} className="pl:min-h-8 pl:rounded-md pl:border pl:border-border pl:px-3 pl:text-sm">
        {action?.number !== undefined ? `${action.number}. ` : ""}Book {text(component.flightNumber)}
      </button>
    </div>
  );
}

const FLIGHTS = { flights: [{ flightNumber: "UA 123", price: "$289" }, { flightNumber: "DL 456", price: "$315" }] };
export const TeamCatalogEntry: Story = {
  render: () => (
    <InThread
      components={{ "a2ui:FlightCard": FlightCard }}
      make={surface(["row"], [
        { id: "row", component: "Row", children: { componentId: "card", path: "/flights" } },
        { id: "card", component: "FlightCard", flightNumber: { path: "flightNumber" }, price: { path: "price" }, action: { event: { name: "book_flight", context: { flightNumber: { path: "flightNumber" } } } } },
      ], FLIGHTS)}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    // One action per item of the template, numbered in reading order.
    await expect(canvas.getByRole("button", { name: "2. Book DL 456" })).toBeEnabled();
    await userEvent.click(canvas.getByRole("button", { name: "2. Book DL 456" }));
    await waitFor(() => expect(canvasElement.textContent).toMatch(/→\s*book_flight: DL 456/));
  },
};

export const WithoutTheTeamEntry: Story = {
  render: () => (
    <InThread
      make={surface(["card"], [{ id: "card", component: "FlightCard", flightNumber: "UA 123", action: { event: { name: "book_flight" } } }])}
    />
  ),
  play: async ({ canvasElement }) => {
    await shown(canvasElement);
    // Escaped, never run: the catalog lacks it and no entry is registered.
    await waitFor(() => expect(canvasElement.querySelector('[data-slot="a2ui-unknown"]')).toHaveTextContent("FlightCard"));
  },
};

const dark = (story: Story): Story => ({ ...story, globals: { theme: "dark" } });
export const TextDark = dark(Text);
export const ImageDark = dark(Image);
export const IconDark = dark(Icon);
export const VideoAndAudioDark = dark(VideoAndAudio);
export const RowColumnListDark = dark(RowColumnList);
export const CardAndDividerDark = dark(CardAndDivider);
export const TabsDark = dark(Tabs);
export const ModalDark = dark(Modal);
export const ButtonsDark = dark(Buttons);
export const TextFieldDark = dark(TextField);
export const CheckBoxDark = dark(CheckBox);
export const ChoicePickerDark = dark(ChoicePicker);
export const SliderDark = dark(Slider);
export const DateTimeInputDark = dark(DateTimeInput);
export const TeamCatalogEntryDark = dark(TeamCatalogEntry);
export const WithoutTheTeamEntryDark = dark(WithoutTheTeamEntry);

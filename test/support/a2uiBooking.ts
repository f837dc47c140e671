/**
 * A table-booking surface in A2UI 0.9's shape, written for Parley's tests and stories: a card with
 * a heading, a guest count, a date, a name with checks, a seating choice and two buttons — "Book"
 * (which sends the form) and "Cancel".
 */
export const BOOKING_SURFACE = "booking";

export const bookingCreate = { version: "v0.9", createSurface: { surfaceId: BOOKING_SURFACE, catalogId: "https://a2ui.org/specification/v0_9/basic_catalog.json" } };

export const bookingComponents = [
  { id: "root", component: "Card", child: "form" },
  { id: "form", component: "Column", children: ["title", "guests", "date", "name", "seating", "actions"] },
  { id: "title", component: "Text", text: "Book a table", variant: "h2" },
  { id: "guests", component: "Slider", label: "Guests", min: 1, max: 8, value: { path: "/booking/guests" } },
  { id: "date", component: "DateTimeInput", label: "Date", enableDate: true, enableTime: true, value: { path: "/booking/when" } },
  {
    id: "name",
    component: "TextField",
    label: "Name",
    value: { path: "/booking/name" },
    checks: [{ condition: { call: "required", args: { value: { path: "/booking/name" } } }, message: "Say whose name the table is under." }],
  },
  {
    id: "seating",
    component: "ChoicePicker",
    label: "Seating",
    variant: "mutuallyExclusive",
    options: [
      { label: "Inside", value: "inside" },
      { label: "Terrace", value: "terrace" },
    ],
    value: { path: "/booking/seating" },
  },
  { id: "actions", component: "Row", children: ["book", "cancel"] },
  { id: "book-label", component: "Text", text: "Book" },
  {
    id: "book",
    component: "Button",
    child: "book-label",
    variant: "primary",
    action: { event: { name: "book_table", context: { guests: { path: "/booking/guests" }, name: { path: "/booking/name" }, when: { path: "/booking/when" }, seating: { path: "/booking/seating" }, source: "parley-test" } } },
  },
  { id: "cancel-label", component: "Text", text: "Cancel" },
  { id: "cancel", component: "Button", child: "cancel-label", action: { event: { name: "cancel_booking" } } },
];

export const bookingData = { version: "v0.9", updateDataModel: { surfaceId: BOOKING_SURFACE, path: "/booking", value: { guests: 2, when: "2026-12-24T19:30", name: "", seating: ["inside"] } } };

/** The messages in stream order. */
export const bookingMessages = [bookingCreate, { version: "v0.9", updateComponents: { surfaceId: BOOKING_SURFACE, components: bookingComponents } }, bookingData];

/** The activity content `@ag-ui/a2ui-middleware` sends for them. */
export const bookingContent = (messages: readonly unknown[] = bookingMessages) => ({ a2ui_operations: messages });

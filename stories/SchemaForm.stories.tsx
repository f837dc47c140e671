import type { Meta, StoryObj } from "@storybook/react-vite";
import type { ReactNode } from "react";
import { expect, waitFor } from "storybook/test";
import { ParleyUIProvider, SchemaForm, type SchemaFormProps } from "../src";

const meta = {
  title: "Parley/SchemaForm",
  tags: ["autodocs"],
  // The form loads on first use, as in an app: wait for it, so the a11y check sees the form.
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector("[data-slot=schema-form]")).not.toBeNull(), { timeout: 10_000 });
  },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const address = {
  type: "object",
  title: "Delivery address",
  required: ["street", "city", "postcode", "country"],
  properties: {
    street: { type: "string", title: "Street", minLength: 3 },
    city: { type: "string", title: "City" },
    postcode: { type: "string", title: "Postcode", pattern: "^\\d{5}$", description: "Five digits, like 75001." },
    country: {
      type: "string",
      title: "Country",
      oneOf: [
        { const: "FR", title: "France" },
        { const: "DE", title: "Germany" },
        { const: "IT", title: "Italy" },
      ],
    },
    leaveAtDoor: { type: "boolean", title: "Leave at the door if nobody answers", default: false },
  },
};

const addressZh = {
  ...address,
  properties: {
    street: { type: "string", title: "街道", minLength: 3 },
    city: { type: "string", title: "城市" },
    postcode: { type: "string", title: "邮编", pattern: "^\\d{6}$", description: "六位数字，例如 200001。" },
    country: { type: "string", title: "国家", oneOf: [{ const: "CN", title: "中国" }, { const: "SG", title: "新加坡" }] },
    leaveAtDoor: { type: "boolean", title: "无人应门时放在门口", default: false },
  },
  required: ["street", "city", "postcode", "country"],
};

const allKinds = {
  type: "object",
  required: ["name", "email", "guests", "terms"],
  properties: {
    name: { type: "string", title: "Full name", maxLength: 80 },
    email: { type: "string", format: "email", title: "Email" },
    website: { type: "string", format: "uri", title: "Website" },
    arrival: { type: "string", format: "date", title: "Arrival date" },
    checkIn: { type: "string", format: "time", title: "Check-in time" },
    pickup: { type: "string", format: "date-time", title: "Airport pickup" },
    guests: { type: "integer", title: "Guests", minimum: 1, maximum: 8, default: 2 },
    budget: { type: "number", title: "Budget per night (EUR)", exclusiveMinimum: 0, multipleOf: 0.01 },
    room: { type: "string", title: "Room", enum: ["Single", "Double", "Suite"], default: "Double" },
    floor: { type: "string", title: "Floor preference", enum: ["Ground", "1st", "2nd", "3rd", "4th", "5th", "Top"] },
    extras: { type: "array", title: "Extras", items: { enum: ["Breakfast", "Parking", "Late check-out"] }, maxItems: 2 },
    quiet: { type: "boolean", title: "Quiet room", "x-widget": "switch" },
    requests: { type: "string", title: "Special requests", maxLength: 1000, description: "Anything the hotel should know." },
    billing: {
      type: "object",
      title: "Billing address",
      required: ["line1"],
      properties: { line1: { type: "string", title: "Address line 1" }, vat: { type: "string", title: "VAT number" } },
    },
    terms: { type: "boolean", const: true, title: "I accept the booking terms" },
  },
};

const unsupported = {
  type: "object",
  properties: {
    note: { type: "string", title: "Note for the courier" },
    parcels: {
      type: "array",
      title: "Parcels",
      description: "One entry per parcel, with its weight in kg.",
      items: { type: "object", properties: { kg: { type: "number" } } },
      default: [{ kg: 1.5 }],
    },
    routing: { $ref: "https://example.com/routing.json", title: "Routing" },
  },
};

function Frame({ locale, children }: { locale?: string; children: ReactNode }) {
  return (
    // Inline width: the kit's stylesheet is generated from src/components, so a story's own utilities may not exist.
    <ParleyUIProvider locale={locale} className="pl:rounded-lg pl:border pl:border-border pl:p-4" >
      <div style={{ maxWidth: 560 }}>{children}</div>
    </ParleyUIProvider>
  );
}

const form = (props: Partial<SchemaFormProps> & { locale?: string } = {}) => {
  const { locale, ...rest } = props;
  return (
    <Frame locale={locale}>
      <SchemaForm schema={address} onSubmit={() => {}} onCancel={() => {}} {...rest} />
    </Frame>
  );
};

/** The address an agent asks for, being filled in. */
export const Address: Story = { render: () => form() };

/** A correction: the earlier answer with its errors shown from the start. */
export const WithErrors: Story = {
  render: () => form({ validateOnMount: true, defaultValues: { street: "12", city: "", postcode: "7500" } }),
};

/** Every kind of field the form can draw. */
export const AllFieldKinds: Story = { render: () => form({ schema: allKinds, submitLabel: "Book", cancelLabel: "Decline" }) };

/** The answered state: the values given, as a list. */
export const ReadOnly: Story = {
  render: () => form({ readOnly: true, defaultValues: { street: "12 rue de Rivoli", city: "Paris", postcode: "75001", country: "FR", leaveAtDoor: true } }),
};

/** The whole form in Simplified Chinese, errors included. */
export const ChineseLocale: Story = {
  render: () => form({ locale: "zh-CN", schema: addressZh, validateOnMount: true, defaultValues: { street: "南京路", postcode: "2000" } }),
};

/** What the form cannot draw as controls (an array of objects, an unresolvable $ref) as JSON text areas. */
export const Unsupported: Story = { render: () => form({ schema: unsupported }) };

export const WithErrorsDark: Story = { ...WithErrors, globals: { theme: "dark" } };

export const AllFieldKindsDark: Story = { ...AllFieldKinds, globals: { theme: "dark" } };

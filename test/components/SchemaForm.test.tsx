import { describe, expect, it, vi } from "vitest";
import { StrictMode } from "react";
import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ParleyUIProvider } from "../../src/components";
// The form itself, not the on-demand wrapper: these tests are about its fields.
import { SchemaFormView as SchemaForm, type SchemaFormProps } from "../../src/components/interactions/SchemaFormView";
import { expectNoAxeViolations } from "./support";

const address = {
  type: "object",
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
    leaveAtDoor: { type: "boolean", title: "Leave at the door", default: false },
    floor: { type: "integer", title: "Floor", minimum: 0 },
  },
};

function renderForm(props: Partial<SchemaFormProps> = {}, locale?: string) {
  const onSubmit = vi.fn();
  const utils = render(
    <ParleyUIProvider locale={locale}>
      <SchemaForm schema={address} onSubmit={onSubmit} {...props} />
    </ParleyUIProvider>,
  );
  const form = utils.container.querySelector("[data-slot=schema-form]")!;
  return { ...utils, form, onSubmit, user: userEvent.setup() };
}

describe("SchemaForm", () => {
  it("fills and submits an address: onSubmit gets typed values", async () => {
    const { user, onSubmit, form, container } = renderForm();
    expect(form).toHaveAttribute("data-state", "editing");
    await expectNoAxeViolations(container);

    await user.type(screen.getByRole("textbox", { name: "Street" }), "12 rue de Rivoli");
    await user.type(screen.getByRole("textbox", { name: "City" }), "Paris");
    await user.type(screen.getByRole("textbox", { name: "Postcode" }), "75001");
    await user.click(screen.getByRole("radio", { name: "France" }));
    await user.click(screen.getByRole("checkbox", { name: "Leave at the door" }));
    await user.type(screen.getByRole("textbox", { name: "Floor" }), "3");
    await user.click(screen.getByRole("button", { name: "Submit" }));

    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({ street: "12 rue de Rivoli", city: "Paris", postcode: "75001", country: "FR", leaveAtDoor: true, floor: 3 });
  });

  it("labels, marks required fields, and links help text", () => {
    renderForm();
    const postcode = screen.getByRole("textbox", { name: "Postcode" });
    expect(postcode).toHaveAttribute("aria-required", "true");
    expect(postcode).toHaveAccessibleDescription("Five digits, like 75001.");
    expect(screen.getByRole("radiogroup", { name: "Country" })).toHaveAttribute("aria-required", "true");
    expect(screen.getByRole("textbox", { name: "Floor" })).not.toHaveAttribute("aria-required");
    expect(screen.getAllByText("Required")).toHaveLength(4);
    for (const control of [...screen.getAllByRole("textbox"), ...screen.getAllByRole("radio"), ...screen.getAllByRole("checkbox")]) {
      expect(document.querySelector(`label[for="${control.id}"]`)).not.toBeNull();
    }
  });

  it("submit with errors: messages in words, focus on the first invalid field, onSubmit not called", async () => {
    const { user, onSubmit, form, container } = renderForm();
    await user.type(screen.getByRole("textbox", { name: "City" }), "Paris");
    await user.type(screen.getByRole("textbox", { name: "Postcode" }), "7500");
    await user.click(screen.getByRole("button", { name: "Submit" }));

    expect(onSubmit).not.toHaveBeenCalled();
    expect(form).toHaveAttribute("data-state", "invalid");
    const street = screen.getByRole("textbox", { name: "Street" });
    expect(street).toHaveFocus();
    expect(street).toHaveAttribute("aria-invalid", "true");
    expect(street).toHaveAccessibleDescription("This field is required.");
    expect(screen.getByRole("textbox", { name: "Postcode" })).toHaveAccessibleDescription("Five digits, like 75001. This does not match the expected format.");
    expect(screen.getByRole("radiogroup", { name: "Country" })).toHaveAccessibleDescription("This field is required.");
    expect(screen.getByRole("textbox", { name: "City" })).not.toHaveAttribute("aria-invalid");
    expect(container.querySelector("[data-slot=schema-field][data-key=street]")).toHaveAttribute("data-state", "invalid");
    expect(container.querySelector("[data-slot=schema-field][data-key=city]")).toHaveAttribute("data-state", "valid");
    expect(screen.getByRole("status")).toHaveTextContent("Please fix the 3 fields marked below.");
    await expectNoAxeViolations(container);

    // Then live: messages follow the fixes.
    await user.type(street, "ab");
    expect(street).toHaveAccessibleDescription("Enter at least 3 characters.");
    await user.type(street, "c");
    expect(street).not.toHaveAttribute("aria-invalid");
    expect(screen.getByRole("status")).toHaveTextContent("Please fix the 2 fields marked below.");
  });

  it("focuses the checked radio or the first one when the choice is the first invalid field", async () => {
    const { user } = renderForm({ defaultValues: { street: "Main", city: "Lyon", postcode: "69001" } });
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(screen.getByRole("radio", { name: "France" })).toHaveFocus();
  });

  it("Enter in a one-line input submits; not while an input method is composing", async () => {
    const { user, onSubmit } = renderForm({ defaultValues: { street: "Main", city: "Lyon", postcode: "69001", country: "DE" } });
    const city = screen.getByRole("textbox", { name: "City" });
    fireEvent.keyDown(city, { key: "Enter", isComposing: true });
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(city, "{Enter}");
    expect(onSubmit).toHaveBeenCalledWith({ street: "Main", city: "Lyon", postcode: "69001", country: "DE", leaveAtDoor: false });
  });

  it("shows messages in Chinese for zh-CN", async () => {
    const { user } = renderForm({}, "zh-CN");
    await user.type(screen.getByRole("textbox", { name: "Street" }), "ab");
    await user.type(screen.getByRole("textbox", { name: "Floor" }), "二");
    await user.click(screen.getByRole("button", { name: "提交" }));
    expect(screen.getByRole("textbox", { name: "Street" })).toHaveAccessibleDescription("请至少输入 3 个字符。");
    expect(screen.getByRole("textbox", { name: "City" })).toHaveAccessibleDescription("此项为必填项。");
    expect(screen.getByRole("textbox", { name: "Floor" })).toHaveAccessibleDescription("请输入数字。");
    expect(screen.getAllByText("必填").length).toBeGreaterThan(0);
    expect(document.body.textContent).not.toMatch(/required|Instance|String is/);
  });

  it("prefills from defaultValues over the schema defaults", () => {
    renderForm({ defaultValues: { street: "1 Main St", country: "IT", leaveAtDoor: true, floor: 2 } });
    expect(screen.getByRole("textbox", { name: "Street" })).toHaveValue("1 Main St");
    expect(screen.getByRole("radio", { name: "Italy" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Leave at the door" })).toBeChecked();
    expect(screen.getByRole("textbox", { name: "Floor" })).toHaveValue("2");
  });

  it("read-only shows the values given as a definition list", async () => {
    const { container, form } = renderForm({ readOnly: true, defaultValues: { street: "1 Main St", city: "Lyon", postcode: "69001", country: "FR", leaveAtDoor: true } });
    expect(form).toHaveAttribute("data-state", "read-only");
    expect(container.querySelector("input, textarea, select, button")).toBeNull();
    const rows = [...container.querySelectorAll("dl > div")].map((row) => [row.querySelector("dt")!.textContent, row.querySelector("dd")!.textContent]);
    expect(rows).toEqual([
      ["Street", "1 Main St"],
      ["City", "Lyon"],
      ["Postcode", "69001"],
      ["Country", "France"],
      ["Leave at the door", "Yes"],
      ["Floor", "Not given"],
    ]);
    await expectNoAxeViolations(container);
  });

  it("shows what it cannot render as a JSON text area, and parses it", async () => {
    const schema = {
      type: "object",
      properties: { note: { type: "string" }, parcels: { type: "array", title: "Parcels", items: { type: "object", properties: { kg: { type: "number" } } } } },
    };
    const { user, onSubmit, container } = renderForm({ schema });
    const json = screen.getByRole("textbox", { name: "Parcels" });
    expect(json.tagName).toBe("TEXTAREA");
    expect(json.closest("[data-slot=schema-field]")).toHaveAttribute("data-type", "json");
    expect(json).toHaveAccessibleDescription("Enter this as JSON.");
    await user.click(json);
    await user.paste("[{");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(json).toHaveFocus();
    expect(json).toHaveAccessibleDescription("Enter this as JSON. This is not valid JSON.");
    await user.clear(json);
    await user.paste('[{"kg": 2}]');
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(onSubmit).toHaveBeenCalledWith({ parcels: [{ kg: 2 }] });
    await expectNoAxeViolations(container);
  });

  it("renders every kind: select, checkbox group, switch, textarea, nested fieldset", async () => {
    const schema = {
      type: "object",
      properties: {
        size: { enum: ["xs", "s", "m", "l", "xl", "xxl"] },
        extras: { type: "array", items: { enum: ["gift wrap", "receipt"] }, maxItems: 1 },
        notify: { type: "boolean", "x-widget": "switch", title: "Text me" },
        note: { type: "string", maxLength: 500 },
        contact: { type: "object", title: "Contact", properties: { email: { type: "string", format: "email" } }, required: ["email"] },
      },
    };
    const { user, onSubmit, container } = renderForm({ schema });
    await user.selectOptions(screen.getByRole("combobox", { name: "Size" }), "m");
    const extras = screen.getByRole("group", { name: "Extras" });
    await user.click(within(extras).getByRole("checkbox", { name: "gift wrap" }));
    await user.click(within(extras).getByRole("checkbox", { name: "receipt" }));
    await user.click(screen.getByRole("switch", { name: "Text me" }));
    await user.type(screen.getByRole("textbox", { name: "Note" }), "Ring twice");
    const contact = screen.getByRole("group", { name: "Contact" });
    await user.type(within(contact).getByRole("textbox", { name: "Email" }), "nope");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(within(extras).getByRole("checkbox", { name: "gift wrap" })).toHaveFocus();
    expect(extras).toHaveAccessibleDescription("Choose at most 1.");
    expect(within(contact).getByRole("textbox", { name: "Email" })).toHaveAccessibleDescription("Enter a valid email address, like name@example.com.");
    await expectNoAxeViolations(container);
    await user.click(within(extras).getByRole("checkbox", { name: "receipt" }));
    const email = within(contact).getByRole("textbox", { name: "Email" });
    await user.clear(email);
    await user.type(email, "a@b.co");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(onSubmit).toHaveBeenCalledWith({ size: "m", extras: ["gift wrap"], notify: true, note: "Ring twice", contact: { email: "a@b.co" } });
  });

  it("shows errors on mount with validateOnMount, without taking focus", async () => {
    const { form, container } = renderForm({ validateOnMount: true, defaultValues: { street: "ab" } });
    expect(form).toHaveAttribute("data-state", "invalid");
    expect(screen.getByRole("textbox", { name: "Street" })).toHaveAccessibleDescription("Enter at least 3 characters.");
    expect(document.body).toHaveFocus();
    await expectNoAxeViolations(container);
  });

  it("offers Cancel when asked, with its own label; disabled blocks everything", async () => {
    const onCancel = vi.fn();
    const { user, rerender, onSubmit } = renderForm({ onCancel, cancelLabel: "Decline", submitLabel: "Send address" });
    await user.click(screen.getByRole("button", { name: "Decline" }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    rerender(
      <ParleyUIProvider>
        <SchemaForm schema={address} onSubmit={onSubmit} onCancel={onCancel} disabled />
      </ParleyUIProvider>,
    );
    expect(screen.getByRole("button", { name: "Submit" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Cancel" })).toBeDisabled();
    expect(screen.getByRole("textbox", { name: "Street" })).toBeDisabled();
    expect(screen.getByRole("radio", { name: "France" })).toBeDisabled();
  });

  it("keeps what was typed when the parent re-renders with an equal inline schema", async () => {
    const onSubmit = vi.fn();
    const ui = () => (
      <ParleyUIProvider>
        <SchemaForm schema={structuredClone(address)} onSubmit={onSubmit} />
      </ParleyUIProvider>
    );
    const { rerender } = render(ui());
    const user = userEvent.setup();
    await user.type(screen.getByRole("textbox", { name: "City" }), "Lyon");
    rerender(ui());
    expect(screen.getByRole("textbox", { name: "City" })).toHaveValue("Lyon");
  });

  it("two forms on a page never share ids", () => {
    const { container } = render(
      <StrictMode>
        <ParleyUIProvider>
          <SchemaForm schema={address} onSubmit={() => {}} />
          <SchemaForm schema={address} onSubmit={() => {}} idPrefix="second" />
          <SchemaForm schema={address} onSubmit={() => {}} />
        </ParleyUIProvider>
      </StrictMode>,
    );
    const ids = [...container.querySelectorAll("[id]")].map((el) => el.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.some((id) => id.startsWith("second-"))).toBe(true);
  });

  it("does not crash on a hostile schema", () => {
    const properties: Record<string, unknown> = JSON.parse('{"__proto__": {"type": "string"}}');
    for (let i = 0; i < 10_000; i++) properties[`p${i}`] = { type: "string", title: i % 2 ? { i } : i };
    const { container } = renderForm({ schema: { type: "object", properties } });
    expect(container.querySelectorAll("[data-slot=schema-field]")).toHaveLength(100);
    expect(screen.getByText("9900 more fields could not be shown.")).toBeInTheDocument();
  });
});

import { describe, expect, it } from "vitest";
import {
  MAX_FIELDS,
  UnparsedJson,
  coerceValues,
  fieldKey,
  humanize,
  initialFormState,
  schemaToFields,
  type FieldSpec,
} from "../../../src/core/forms/schemaFields";
import { validateValues } from "../../../src/core/forms/schemaValidation";
import { formEn, formZhCN } from "../../../src/i18n/formLabels";

const object = (properties: Record<string, unknown>, required: string[] = [], extra: object = {}) => ({ type: "object", properties, required, ...extra });
const only = (property: unknown, required = false): FieldSpec => {
  const { fields } = schemaToFields(object({ x: property }, required ? ["x"] : []));
  expect(fields).toHaveLength(1);
  return fields[0]!;
};

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

const address = object(
  {
    street: { type: "string", title: "Street", minLength: 3 },
    city: { type: "string" },
    postcode: { type: "string", pattern: "^\\d{5}$", description: "Five digits" },
    country: { type: "string", enum: ["FR", "DE", "IT"] },
    leaveAtDoor: { type: "boolean", default: false },
  },
  ["street", "city", "postcode", "country"],
);

describe("schemaToFields: each kind", () => {
  it("strings: title or humanised name, description, default, required, constraints", () => {
    const { fields, unsupported, omitted } = schemaToFields(address);
    expect(unsupported).toEqual([]);
    expect(omitted).toBe(0);
    expect(fields.map((f) => [f.key, f.kind, f.label, f.required])).toEqual([
      ["street", "string", "Street", true],
      ["city", "string", "City", true],
      ["postcode", "string", "Postcode", true],
      ["country", "enum", "Country", true],
      ["leaveAtDoor", "boolean", "Leave at door", false],
    ]);
    expect(fields[0]).toMatchObject({ inputType: "text", minLength: 3, multiline: false });
    expect(fields[2]).toMatchObject({ pattern: "^\\d{5}$", description: "Five digits" });
    expect(fields[4]).toMatchObject({ control: "checkbox", defaultValue: false });
  });

  it.each([
    ["email", "email"],
    ["uri", "url"],
    ["date", "date"],
    ["date-time", "datetime-local"],
    ["time", "time"],
    ["hostname", "text"],
  ])("format %s is an input of type %s", (format, inputType) => {
    expect(only({ type: "string", format })).toMatchObject({ kind: "string", inputType, format });
  });

  it("multiline above 200 characters, for format textarea, or x-multiline", () => {
    expect(only({ type: "string", maxLength: 200 })).toMatchObject({ multiline: false });
    expect(only({ type: "string", maxLength: 201 })).toMatchObject({ multiline: true, maxLength: 201 });
    expect(only({ type: "string", format: "textarea" })).toMatchObject({ multiline: true });
    expect(only({ type: "string", "x-multiline": true })).toMatchObject({ multiline: true });
  });

  it("numbers and integers with their bounds, draft 4 exclusive booleans included", () => {
    expect(only({ type: "number", minimum: 0, maximum: 10, multipleOf: 0.5, default: 2 })).toMatchObject({ kind: "number", integer: false, minimum: 0, maximum: 10, step: 0.5, defaultValue: 2 });
    expect(only({ type: "integer", exclusiveMinimum: 0, exclusiveMaximum: 9 })).toMatchObject({ integer: true, exclusiveMinimum: 0, exclusiveMaximum: 9, step: 1 });
    expect(only({ type: "number", minimum: 1, exclusiveMinimum: true })).toMatchObject({ minimum: undefined, exclusiveMinimum: 1 });
  });

  it("booleans: a checkbox, a switch on request, a box that must be ticked", () => {
    expect(only({ type: "boolean" })).toMatchObject({ kind: "boolean", control: "checkbox", mustBeTrue: false });
    expect(only({ type: "boolean", "x-widget": "switch" })).toMatchObject({ control: "switch" });
    expect(only({ type: "boolean", const: true }, true)).toMatchObject({ control: "checkbox", mustBeTrue: true });
  });

  it("enums: radios up to five options, a drop-down above; oneOf const/title gives labels", () => {
    expect(only({ type: "string", enum: ["a", "b", "c", "d", "e"] })).toMatchObject({ kind: "enum", control: "radio" });
    expect(only({ enum: [1, 2, 3, 4, 5, 6] })).toMatchObject({ kind: "enum", control: "select", options: [{ value: 1, label: "1" }, { value: 2, label: "2" }, { value: 3, label: "3" }, { value: 4, label: "4" }, { value: 5, label: "5" }, { value: 6, label: "6" }] });
    expect(only({ type: "string", oneOf: [{ const: "fr", title: "France" }, { const: "de", title: "Germany" }], default: "de" })).toMatchObject({
      kind: "enum",
      options: [{ value: "fr", label: "France" }, { value: "de", label: "Germany" }],
      defaultValue: "de",
    });
  });

  it("arrays of an enum are a checkbox group with bounds", () => {
    expect(only({ type: "array", items: { enum: ["a", "b", "c"] }, minItems: 1, maxItems: 2, default: ["b", "zz"] })).toMatchObject({
      kind: "multi-enum",
      minItems: 1,
      maxItems: 2,
      defaultValue: ["b"],
    });
  });

  it("one level of nested object is a group; deeper nesting and arrays of objects are JSON", () => {
    const { fields, unsupported } = schemaToFields(
      object({
        delivery: object({ window: { type: "string" }, deeper: object({ a: { type: "string" } }) }, ["window"], { title: "Delivery" }),
        parcels: { type: "array", items: object({ weight: { type: "number" } }) },
      }),
    );
    expect(fields[0]).toMatchObject({ kind: "object", label: "Delivery", fields: [{ key: "delivery.window", required: true, kind: "string" }, { key: "delivery.deeper", kind: "json", reason: "nested-object" }] });
    expect(fields[1]).toMatchObject({ kind: "json", reason: "array" });
    expect(unsupported).toEqual(["delivery.deeper", "parcels"]);
  });

  it("resolves local $refs (siblings win) and lists the ones it cannot resolve", () => {
    const { fields, unsupported } = schemaToFields({
      type: "object",
      $defs: { addr: object({ city: { type: "string" } }, ["city"]) },
      properties: { home: { $ref: "#/$defs/addr", title: "Home" }, remote: { $ref: "https://example.com/schema.json" } },
    });
    expect(fields[0]).toMatchObject({ kind: "object", label: "Home", fields: [{ key: "home.city", required: true }] });
    expect(fields[1]).toMatchObject({ kind: "json", reason: "unresolved-ref" });
    expect(unsupported).toEqual(["remote"]);
  });

  it("a non-object top-level schema becomes one JSON field, `value`", () => {
    expect(schemaToFields({ type: "string", title: "Note" })).toMatchObject({ wrapped: true, unsupported: ["value"], fields: [{ key: "value", label: "Note", kind: "json", reason: "not-an-object" }] });
  });

  it("humanises names and escapes keys", () => {
    expect(["postCode", "leave_at_door", "zipURL", "first-name", "城市"].map(humanize)).toEqual(["Post code", "Leave at door", "Zip URL", "First name", "城市"]);
    expect(fieldKey(["a.b", "c~d"])).toBe("a~1b.c~0d");
  });
});

describe("schemaToFields: hostile schemas", () => {
  it.each([null, undefined, 5, "object", [], true, false, { properties: 5 }, { type: ["object", "string"] }])("does not throw on %j", (schema) => {
    expect(() => schemaToFields(schema)).not.toThrow();
    expect(() => validateValues(schema, {}, formEn)).not.toThrow();
  });

  it("caps 10,000 properties at 100 fields, quickly", () => {
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < 10_000; i++) properties[`p${i}`] = { type: "string" };
    const start = performance.now();
    const { fields, omitted } = schemaToFields(object(properties, ["p0", "p9999"]));
    expect(fields).toHaveLength(MAX_FIELDS);
    expect(omitted).toBe(10_000 - MAX_FIELDS);
    expect(validateValues(object(properties, ["p0", "p9999"]), { p0: "x" }, formEn)).toEqual({ "": formEn.invalidForm });
    expect(performance.now() - start).toBeLessThan(2000);
  });

  it("ignores __proto__, constructor and prototype names and never pollutes prototypes", () => {
    const schema = JSON.parse('{"type":"object","required":["__proto__","a"],"properties":{"__proto__":{"type":"string"},"constructor":{"type":"string"},"prototype":{"type":"string"},"a":{"type":"string"}}}');
    const { fields } = schemaToFields(schema);
    expect(fields.map((f) => f.key)).toEqual(["a"]);
    const values = coerceValues(fields, JSON.parse('{"__proto__":{"polluted":true},"a":"x"}'));
    expect(values).toEqual({ a: "x" });
    expect(validateValues(schema, values, formEn)).toEqual({});
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("stringifies non-string titles and descriptions", () => {
    const { fields } = schemaToFields(object({ a: { type: "string", title: 42 }, b: { type: "string", title: { en: "B" }, description: ["x"] }, c: { type: "string", title: "" } }));
    expect(fields.map((f) => [f.label, f.description])).toEqual([["42", undefined], ['{"en":"B"}', '["x"]'], ["C", undefined]]);
  });

  it("survives $ref loops, self references and JS cycles without hanging", () => {
    const loops = { type: "object", $defs: { a: { $ref: "#/$defs/b" }, b: { $ref: "#/$defs/a" } }, properties: { x: { $ref: "#/$defs/a" }, me: { $ref: "#" } }, required: ["x"] };
    const parsed = schemaToFields(loops);
    expect(parsed.fields.map((f) => [f.key, f.kind])).toEqual([["x", "json"], ["me", "object"]]);
    expect(validateValues(loops, {}, formEn)).toEqual({ x: formEn.fieldRequired });
    const cyclic: Record<string, unknown> = { type: "object", properties: {} };
    (cyclic.properties as Record<string, unknown>).self = cyclic;
    expect(schemaToFields(cyclic).unsupported).toEqual(["self.self"]);
    expect(() => validateValues(cyclic, {}, formEn)).not.toThrow();
  });

  it("ignores keywords of the wrong shape; a pattern that does not compile is refused in words, not dropped", () => {
    const schema = object({ a: { type: "string", minLength: "3", pattern: "([" }, b: { type: "number", maximum: "ten" } }, 5 as never);
    expect(() => schemaToFields(schema)).not.toThrow();
    expect(validateValues(schema, { a: "x", b: 11 }, formEn)).toEqual({ a: formEn.patternRefused });
    expect(validateValues(schema, { b: 11 }, formEn)).toEqual({});
  });

  it("never mutates the agent's schema", () => {
    const schema = deepFreeze(structuredClone(address));
    expect(validateValues(schema, {}, formEn)).toMatchObject({ street: formEn.fieldRequired });
  });
});

describe("initialFormState and coerceValues", () => {
  const kinds = object(
    {
      name: { type: "string" },
      note: { type: "string", maxLength: 500 },
      age: { type: "integer" },
      price: { type: "number" },
      ok: { type: "boolean" },
      size: { enum: ["s", "m"] },
      count: { enum: [1, 2] },
      tags: { type: "array", items: { enum: ["a", "b", 3] } },
      when: { type: "string", format: "date" },
      at: { type: "string", format: "time" },
      extra: { type: "array", items: { type: "object" } },
      box: object({ a: { type: "string" }, flag: { type: "boolean" } }),
    },
    ["name"],
  );
  const { fields } = schemaToFields(kinds);

  it("types what the inputs hold and leaves empty optional fields out", () => {
    const raw = { name: "  Ada ", note: " line\n", age: "42", price: "1,5", ok: true, size: "m", count: "2", tags: ["a", "3"], when: "2025-03-01", at: "", extra: '[{"k":1}]', "box.a": "", "box.flag": false };
    expect(coerceValues(fields, raw)).toEqual({ name: "Ada", note: " line\n", age: 42, price: 1.5, ok: true, size: "m", count: 2, tags: ["a", 3], when: "2025-03-01", extra: [{ k: 1 }] });
  });

  it("keeps text that is not a number (for the validator to name) and marks JSON that does not parse", () => {
    const values = coerceValues(fields, { age: "forty", extra: "{oops" });
    expect(values.age).toBe("forty");
    expect(values.extra).toBeInstanceOf(UnparsedJson);
    expect(values.ok).toBe(false);
  });

  it("gives times the person's UTC offset", () => {
    expect(coerceValues(fields, { at: "09:30" }).at).toMatch(/^09:30:00[+-]\d\d:\d\d$/);
  });

  it("starts from earlier values, then schema defaults", () => {
    const { fields: withDefaults } = schemaToFields(object({ a: { type: "string", default: "A" }, b: { type: "string", default: "B" }, n: { type: "number" }, t: { type: "array", items: { enum: ["x", "y"] } }, j: { type: "array", items: {} } }));
    expect(initialFormState(withDefaults, { b: "given", n: 3, t: ["y", "nope"], j: [1] })).toEqual({ a: "A", b: "given", n: "3", t: ["y"], j: "[\n  1\n]" });
  });
});

describe("validateValues", () => {
  const schema = object(
    {
      street: { type: "string", minLength: 3, maxLength: 10 },
      postcode: { type: "string", pattern: "^\\d{5}$" },
      email: { type: "string", format: "email" },
      site: { type: "string", format: "uri" },
      day: { type: "string", format: "date" },
      age: { type: "integer", minimum: 18, maximum: 120 },
      score: { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 1 },
      half: { type: "number", multipleOf: 0.5 },
      country: { enum: ["FR", "DE"] },
      tags: { type: "array", items: { enum: ["a", "b", "c"] }, minItems: 2, maxItems: 2 },
      terms: { type: "boolean", const: true },
      extra: {},
      box: object({ line: { type: "string" } }, ["line"]),
    },
    ["street"],
  );

  it("valid values give no messages", () => {
    expect(validateValues(schema, { street: "Main St", postcode: "75001", age: 30, tags: ["a", "b"], terms: true }, formEn)).toEqual({});
  });

  it("reports every field at once, in English", () => {
    const values = { postcode: "7500", email: "nope", site: "not a url", day: "2025-02-30", age: 12.5, score: 1, half: 0.3, country: "IT", tags: ["a"], terms: false, extra: new UnparsedJson("{"), box: {} };
    expect(validateValues(schema, values, formEn)).toEqual({
      street: "This field is required.",
      postcode: "This does not match the expected format.",
      email: "Enter a valid email address, like name@example.com.",
      site: "Enter a valid web address, like https://example.com.",
      day: "Enter a valid date.",
      age: "Enter a whole number.",
      score: "Enter a number less than 1.",
      half: "Enter a multiple of 0.5.",
      country: "Choose one of the options.",
      tags: "Choose at least 2.",
      terms: "Tick this box to continue.",
      extra: "This is not valid JSON.",
      "box.line": "This field is required.",
    });
  });

  it("names numbers in the messages", () => {
    expect(validateValues(schema, { street: "ab", age: 12 }, formEn)).toEqual({ street: "Enter at least 3 characters.", age: "Enter 18 or more." });
    expect(validateValues(schema, { street: "abcdefghijk", age: 121, score: 0, tags: ["a", "b", "c"] }, formEn)).toEqual({
      street: "Enter at most 10 characters.",
      age: "Enter 120 or less.",
      score: "Enter a number greater than 0.",
      tags: "Choose at most 2.",
    });
    expect(validateValues(schema, { street: "abc", age: "old" }, formEn)).toEqual({ age: "Enter a number." });
  });

  it("speaks Chinese in the zh-CN dictionary, never the validator's English", () => {
    const values = { street: "ab", postcode: "x", email: "x", age: 12, country: "IT", tags: ["a", "b", "c"], extra: new UnparsedJson("{"), box: {} };
    const messages = validateValues(schema, values, formZhCN);
    expect(messages).toEqual({
      street: "请至少输入 3 个字符。",
      postcode: "格式不符合要求。",
      email: "请输入有效的电子邮件地址，例如 name@example.com。",
      age: "请输入不小于 18 的数。",
      country: "请从选项中选择。",
      tags: "最多只能选择 2 项。",
      extra: "这不是有效的 JSON。",
      "box.line": "此项为必填项。",
    });
  });

  it("localises what it has no message for, and what belongs to no field", () => {
    const odd = object({ a: { type: "string", not: { const: "x" } }, b: { oneOf: [{ type: "string" }, { type: "string" }] } }, [], { minProperties: 3 });
    for (const labels of [formEn, formZhCN]) {
      expect(validateValues(odd, { a: "x", b: "y" }, labels)).toEqual({ a: labels.invalidValue, b: labels.invalidValue, "": labels.invalidForm });
    }
  });

  it("checks the value alone when the schema was not an object", () => {
    const schema = { type: "string", minLength: 3 };
    expect(validateValues(schema, {}, formEn)).toEqual({ value: formEn.fieldRequired });
    expect(validateValues(schema, { value: "ab" }, formEn)).toEqual({ value: "Enter at least 3 characters." });
    expect(validateValues(schema, { value: "abc" }, formEn)).toEqual({});
  });

  it("follows draft 7 and draft 4 (boolean exclusive bounds)", () => {
    const draft4 = { $schema: "http://json-schema.org/draft-04/schema#", type: "object", properties: { n: { type: "number", minimum: 0, exclusiveMinimum: true } } };
    expect(validateValues(draft4, { n: 0 }, formEn)).toEqual({ n: "Enter a number greater than 0." });
    const draft7 = { $schema: "http://json-schema.org/draft-07/schema#", type: "object", definitions: { s: { type: "string", maxLength: 2 } }, properties: { s: { $ref: "#/definitions/s" } } };
    expect(validateValues(draft7, { s: "abc" }, formEn)).toEqual({ s: "Enter at most 2 characters." });
  });
});

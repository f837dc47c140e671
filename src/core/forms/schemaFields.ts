
/*
 * From a JSON Schema an agent sent to form fields, and from form state back to typed, validated
 * values. No React here: the schema comes off the wire, so every function takes `unknown`, never
 * throws, and bounds its work (fields, options, depth, nodes) whatever the schema holds.
 */

/** At most this many fields (groups included); the rest are counted in `omitted`. */
export const MAX_FIELDS = 100;
const MAX_OPTIONS = 200;
const MAX_LABEL = 200;
const MAX_DESCRIPTION = 2000;
const MAX_REF_HOPS = 8;
export const MAX_SCHEMA_DEPTH = 32;
export const MAX_SCHEMA_NODES = 50_000;
// Names that would reach Object.prototype if a consumer assigned them; never fields.
export const FORBIDDEN = new Set(["__proto__", "constructor", "prototype"]);

export type ChoiceValue = string | number;

export interface FieldOption {
  value: ChoiceValue;
  label: string;
}

interface FieldBase {
  /** Property names from the root to this field. */
  path: string[];
  /** `path` as one string (`address.city`); a `.` or `~` inside a name is escaped `~1` / `~0`. Keys form state and errors. */
  key: string;
  /** The property name. */
  name: string;
  label: string;
  description?: string;
  required: boolean;
}

export interface StringField extends FieldBase {
  kind: "string";
  inputType: "text" | "email" | "url" | "date" | "datetime-local" | "time";
  format?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  multiline: boolean;
  defaultValue?: string;
}

export interface NumberField extends FieldBase {
  kind: "number";
  integer: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  step?: number;
  defaultValue?: number;
}

export interface BooleanField extends FieldBase {
  kind: "boolean";
  control: "checkbox" | "switch";
  /** `const: true` (or `enum: [true]`): the box must be ticked. */
  mustBeTrue: boolean;
  defaultValue?: boolean;
}

export interface EnumField extends FieldBase {
  kind: "enum";
  options: FieldOption[];
  /** Radios up to five options, a drop-down above (`x-widget` can say which). */
  control: "radio" | "select";
  defaultValue?: ChoiceValue;
}

export interface MultiEnumField extends FieldBase {
  kind: "multi-enum";
  options: FieldOption[];
  minItems?: number;
  maxItems?: number;
  defaultValue?: ChoiceValue[];
}

/** A nested object, one level deep: a fieldset. */
export interface ObjectField extends FieldBase {
  kind: "object";
  fields: FieldSpec[];
}

/** What the form cannot show as controls: a JSON text area. */
export interface JsonField extends FieldBase {
  kind: "json";
  reason: "array" | "nested-object" | "unresolved-ref" | "union" | "untyped" | "not-an-object";
  defaultValue?: unknown;
}

export type FieldSpec = StringField | NumberField | BooleanField | EnumField | MultiEnumField | ObjectField | JsonField;
export type FieldKind = FieldSpec["kind"];

export interface SchemaFields {
  fields: FieldSpec[];
  /** Keys of the fields shown as JSON text areas. */
  unsupported: string[];
  /** Properties past the field cap, or not shown at all. */
  omitted: number;
  /**
   * The schema was not an object schema: its one field is `value`, and the answer is `{ value }`.
   * A caller that needs the bare value unwraps it.
   */
  wrapped: boolean;
}

/** Form state: the text of each input, a box's tick, the ticked options of a group. */
export type FormState = Record<string, string | boolean | string[]>;

export type Obj = Record<string, unknown>;

export const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null && !Array.isArray(value);
export const own = (obj: Obj, key: string): unknown => (Object.prototype.hasOwnProperty.call(obj, key) ? obj[key] : undefined);
export const finite = (value: unknown): number | undefined => (typeof value === "number" && Number.isFinite(value) ? value : undefined);
const count = (value: unknown): number | undefined => {
  const n = finite(value);
  return n !== undefined && n >= 0 ? Math.floor(n) : undefined;
};

/**
 * The key of a field in form state and errors: names joined by `.`, a `.` or `~` inside a name escaped.
 *
 * @example
 * fieldKey(["address", "city"]); // "address.city"
 */
export function fieldKey(path: readonly string[]): string {
  return path.map((name) => name.replace(/~/g, "~0").replace(/\./g, "~1")).join(".");
}

/** Any title or description as bounded text: agents send numbers, objects, nothing. */
function text(value: unknown, max: number): string | undefined {
  let out: string | undefined;
  if (typeof value === "string") out = value;
  else if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") out = String(value);
  else if (value !== null && value !== undefined) {
    try {
      out = JSON.stringify(value);
    } catch {
      out = undefined;
    }
  }
  out = out?.trim();
  if (!out) return undefined;
  return out.length > max ? `${out.slice(0, max - 1)}…` : out;
}

/**
 * A label from a property name, for a schema without `title`; acronyms stay.
 *
 * @example
 * humanize("leave_at_door"); // "Leave at door"
 */
export function humanize(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_\-\s]+/g, " ")
    .trim()
    .split(" ")
    .map((word, i) => (i > 0 && word !== word.toUpperCase() ? word.toLowerCase() : word));
  const out = words.join(" ");
  return out ? out.charAt(0).toUpperCase() + out.slice(1) : name || "—";
}

export function decodePointer(pointer: string): string[] | undefined {
  if (pointer === "" || pointer === "#") return [];
  const body = pointer.startsWith("#") ? pointer.slice(1) : pointer;
  if (!body.startsWith("/")) return undefined;
  try {
    return body
      .slice(1)
      .split("/")
      .map((segment) => decodeURIComponent(segment).replace(/~1/g, "/").replace(/~0/g, "~"));
  } catch {
    return undefined;
  }
}

/** Follows local `$ref`s (`#`, `#/$defs/x`) a few hops; siblings of a `$ref` win over the target. */
function resolveRefs(root: unknown, schema: unknown): unknown {
  let current = schema;
  for (let hop = 0; isObj(current) && typeof current.$ref === "string"; hop++) {
    if (hop >= MAX_REF_HOPS) return undefined;
    const target = pointerGet(root, current.$ref);
    if (target === undefined) return undefined;
    const { $ref: _ref, ...siblings } = current;
    current = isObj(target) ? { ...target, ...siblings } : target;
  }
  return current;
}

export function pointerGet(root: unknown, ref: string): unknown {
  const segments = ref.startsWith("#") ? decodePointer(ref) : undefined;
  if (!segments) return undefined;
  let node = root;
  for (const segment of segments) {
    if (FORBIDDEN.has(segment)) return undefined;
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isObj(node)) node = own(node, segment);
    else return undefined;
  }
  return node;
}

const typesOf = (schema: Obj): string[] => {
  const t = schema.type;
  const list = typeof t === "string" ? [t] : Array.isArray(t) ? t.filter((x): x is string => typeof x === "string") : [];
  return list.filter((x) => x !== "null");
};

const isObjectSchema = (schema: unknown): schema is Obj => {
  if (!isObj(schema)) return false;
  const types = typesOf(schema);
  return types.length === 1 ? types[0] === "object" : types.length === 0 && schema.type === undefined && isObj(schema.properties);
};

/** Options from `enum`, `const`, or `oneOf`/`anyOf` of `{ const, title }`; undefined when the schema is none of these. */
function optionsOf(schema: Obj): FieldOption[] | undefined {
  let raw: FieldOption[] | undefined;
  if (Array.isArray(schema.enum)) {
    raw = schema.enum.filter((v) => v !== null && v !== "").map((v) => ({ value: v as ChoiceValue, label: String(v) }));
  } else if (schema.const !== undefined && schema.const !== null && schema.const !== "") {
    const value = schema.const as ChoiceValue; // checked below: options that are not strings or numbers make no choice
    raw = [{ value, label: text(schema.title, MAX_LABEL) ?? String(value) }];
  } else {
    const list = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
    if (!list || list.length === 0 || !list.every((s) => isObj(s) && s.const !== undefined)) return undefined;
    raw = (list as Obj[]).filter((s) => s.const !== null && s.const !== "").map((s) => ({ value: s.const as ChoiceValue, label: text(s.title, MAX_LABEL) ?? String(s.const) }));
  }
  if (!raw.every((o) => typeof o.value === "string" || (typeof o.value === "number" && Number.isFinite(o.value)))) return undefined;
  // Options are told apart by their text (an input's value; "" is no choice), so "1" and 1 cannot both be offered.
  const seen = new Set<string>();
  return raw
    .filter((o) => !seen.has(String(o.value)) && seen.add(String(o.value)))
    .slice(0, MAX_OPTIONS)
    .map((o) => ({ value: o.value, label: o.label.length > MAX_LABEL ? `${o.label.slice(0, MAX_LABEL - 1)}…` : o.label }));
}

const INPUT_TYPES: Record<string, StringField["inputType"]> = {
  email: "email",
  "idn-email": "email",
  uri: "url",
  url: "url",
  iri: "url",
  date: "date",
  "date-time": "datetime-local",
  time: "time",
};

interface Walk {
  root: unknown;
  budget: number;
  omitted: number;
}

function buildFields(walk: Walk, schema: Obj, parent: string[], depth: number): FieldSpec[] {
  const properties = isObj(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.slice(0, 10_000).filter((x): x is string => typeof x === "string") : []);
  const names = Object.keys(properties);
  const fields: FieldSpec[] = [];
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    if (FORBIDDEN.has(name)) continue;
    if (walk.budget <= 0) {
      walk.omitted += names.slice(i).filter((n) => !FORBIDDEN.has(n)).length;
      break;
    }
    const field = buildField(walk, properties[name], [...parent, name], required.has(name), depth);
    if (field) fields.push(field);
  }
  return fields;
}

function buildField(walk: Walk, raw: unknown, path: string[], required: boolean, depth: number): FieldSpec | undefined {
  const name = path[path.length - 1]!;
  const resolved = resolveRefs(walk.root, raw);
  // `false`: the property must not be given, so there is nothing to ask.
  if (resolved === false) return undefined;
  walk.budget -= 1;
  const schema: Obj = isObj(resolved) ? resolved : {};
  const base = {
    path,
    key: fieldKey(path),
    name,
    label: text(schema.title, MAX_LABEL) ?? humanize(name),
    description: text(schema.description, MAX_DESCRIPTION),
    required,
  };
  const json = (reason: JsonField["reason"]): JsonField => ({ ...base, kind: "json", reason, defaultValue: schema.default });
  if (resolved === undefined) return json("unresolved-ref");
  if (!isObj(resolved)) return json("untyped");

  const widget = typeof schema["x-widget"] === "string" ? schema["x-widget"] : undefined;
  const types = typesOf(schema);
  const type = types.length === 1 ? types[0] : undefined;

  if (type === "boolean" || (type === undefined && (schema.const === true || (Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === "boolean"))))) {
    const mustBeTrue = schema.const === true || (Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === true);
    return {
      ...base,
      kind: "boolean",
      // A box to tick before going on (terms, consent) stays a checkbox: it is a statement, not a setting.
      control: widget === "switch" && !mustBeTrue ? "switch" : "checkbox",
      mustBeTrue,
      defaultValue: typeof schema.default === "boolean" ? schema.default : undefined,
    };
  }

  const options = optionsOf(schema);
  if (options && options.length > 0 && (type === undefined || type === "string" || type === "number" || type === "integer")) {
    const control = widget === "radio" || widget === "select" ? widget : options.length <= 5 ? "radio" : "select";
    const fallback = options.find((o) => o.value === schema.default)?.value;
    return { ...base, kind: "enum", options, control, defaultValue: fallback };
  }

  if (types.length > 1) return json("union");

  switch (type) {
    case "string": {
      const format = typeof schema.format === "string" ? schema.format : undefined;
      const maxLength = count(schema.maxLength);
      const multiline = format === "textarea" || widget === "textarea" || schema["x-multiline"] === true || (maxLength !== undefined && maxLength > 200);
      return {
        ...base,
        kind: "string",
        inputType: (format && INPUT_TYPES[format]) || "text",
        format,
        minLength: count(schema.minLength),
        maxLength,
        pattern: typeof schema.pattern === "string" ? schema.pattern : undefined,
        multiline: multiline && !(format && INPUT_TYPES[format]),
        defaultValue: typeof schema.default === "string" ? schema.default : undefined,
      };
    }
    case "number":
    case "integer": {
      const integer = type === "integer";
      // Draft 4 spells exclusive bounds as booleans beside minimum/maximum.
      const exMin = schema.exclusiveMinimum === true ? finite(schema.minimum) : finite(schema.exclusiveMinimum);
      const exMax = schema.exclusiveMaximum === true ? finite(schema.maximum) : finite(schema.exclusiveMaximum);
      const multipleOf = finite(schema.multipleOf);
      return {
        ...base,
        kind: "number",
        integer,
        minimum: schema.exclusiveMinimum === true ? undefined : finite(schema.minimum),
        maximum: schema.exclusiveMaximum === true ? undefined : finite(schema.maximum),
        exclusiveMinimum: exMin,
        exclusiveMaximum: exMax,
        step: multipleOf !== undefined && multipleOf > 0 ? multipleOf : integer ? 1 : undefined,
        defaultValue: finite(schema.default),
      };
    }
    case "array": {
      const items = resolveRefs(walk.root, schema.items);
      const itemOptions = isObj(items) ? optionsOf(items) : undefined;
      if (!itemOptions || itemOptions.length === 0) return json("array");
      const defaults = Array.isArray(schema.default) ? schema.default.filter((v) => itemOptions.some((o) => o.value === v)) : undefined;
      return { ...base, kind: "multi-enum", options: itemOptions, minItems: count(schema.minItems), maxItems: count(schema.maxItems), defaultValue: defaults };
    }
    case "object": {
      if (depth > 0) return json("nested-object");
      return { ...base, kind: "object", fields: buildFields(walk, schema, path, depth + 1) };
    }
    case undefined:
      if (isObj(schema.properties) && depth === 0) return { ...base, kind: "object", fields: buildFields(walk, schema, path, depth + 1) };
      return json(isObj(schema.properties) ? "nested-object" : "untyped");
    default:
      return json("untyped");
  }
}

/**
 * The fields of an object schema: one descriptor per property, one level of nested objects as
 * groups, and anything else (arrays of objects, deeper nesting, unresolvable `$ref`s) as a JSON
 * field listed in `unsupported`. Never throws; bounded to {@link MAX_FIELDS} fields.
 *
 * @example
 * const { fields } = schemaToFields({ type: "object", properties: { city: { type: "string" } }, required: ["city"] });
 * fields[0]; // { kind: "string", key: "city", label: "City", required: true, … }
 */
export function schemaToFields(schema: unknown): SchemaFields {
  const walk: Walk = { root: schema, budget: MAX_FIELDS, omitted: 0 };
  const root = resolveRefs(schema, schema);
  let fields: FieldSpec[];
  let wrapped = false;
  if (isObjectSchema(root)) {
    fields = buildFields(walk, root, [], 0);
  } else {
    wrapped = true;
    const rootObj = isObj(root) ? root : {};
    fields = [
      {
        path: ["value"],
        key: "value",
        name: "value",
        label: text(rootObj.title, MAX_LABEL) ?? humanize("value"),
        description: text(rootObj.description, MAX_DESCRIPTION),
        required: true,
        kind: "json",
        reason: "not-an-object",
        defaultValue: rootObj.default,
      },
    ];
  }
  const unsupported: string[] = [];
  forEachField(fields, (f) => {
    if (f.kind === "json") unsupported.push(f.key);
  });
  return { fields, unsupported, omitted: walk.omitted, wrapped };
}

/**
 * Visits every field in the order the form shows them, a group before its children.
 *
 * @example
 * forEachField(fields, (field) => console.log(field.key));
 */
export function forEachField(fields: readonly FieldSpec[], visit: (field: FieldSpec) => void): void {
  for (const field of fields) {
    visit(field);
    if (field.kind === "object") forEachField(field.fields, visit);
  }
}

export function getAt(values: unknown, path: readonly string[]): unknown {
  let node = values;
  for (const name of path) {
    if (!isObj(node)) return undefined;
    node = own(node, name);
  }
  return node;
}

const pad = (n: number, width = 2) => String(Math.trunc(Math.abs(n))).padStart(width, "0");

/** The person's offset, `+02:00`, for times the schema wants with a zone. */
function localOffset(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  return `${minutes >= 0 ? "+" : "-"}${pad(minutes / 60)}:${pad(minutes % 60)}`;
}

/** An RFC 3339 date-time as a `datetime-local` input's text, in the person's zone. */
function toLocalDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function toRaw(field: FieldSpec, value: unknown): string | boolean | string[] {
  switch (field.kind) {
    case "string":
      if (typeof value !== "string") return typeof value === "number" ? String(value) : "";
      if (field.inputType === "datetime-local") return toLocalDateTime(value);
      if (field.inputType === "time") return /^\d\d:\d\d(:\d\d)?/.exec(value)?.[0] ?? "";
      return value;
    case "number":
      return typeof value === "number" && Number.isFinite(value) ? String(value) : typeof value === "string" ? value : "";
    case "boolean":
      return value === true;
    case "enum":
      return field.options.some((o) => o.value === value) ? String(value) : "";
    case "multi-enum":
      return Array.isArray(value) ? field.options.filter((o) => value.includes(o.value)).map((o) => String(o.value)) : [];
    case "json":
      if (value === undefined) return "";
      try {
        return JSON.stringify(value, null, 2) ?? "";
      } catch {
        return "";
      }
    case "object":
      return "";
  }
}

/**
 * The starting form state: each field from `values` (an earlier answer) where it has one, else
 * from the schema's `default`.
 *
 * @example
 * const state = initialFormState(fields, { city: "Lyon" }); // { city: "Lyon", … }
 */
export function initialFormState(fields: readonly FieldSpec[], values?: unknown): FormState {
  const state: FormState = {};
  forEachField(fields, (field) => {
    if (field.kind === "object") return;
    const given = getAt(values, field.path);
    state[field.key] = toRaw(field, given !== undefined ? given : field.defaultValue);
  });
  return state;
}

/**
 * What {@link coerceValues} gives for a JSON field whose text does not parse; validation reports
 * it as invalid JSON, so it never reaches `onSubmit`.
 *
 * @example
 * coerceValues(fields, { parcels: "[{" }).parcels instanceof UnparsedJson; // true
 */
export class UnparsedJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

function coerceOne(field: Exclude<FieldSpec, ObjectField>, raw: string | boolean | string[] | undefined): unknown {
  switch (field.kind) {
    case "boolean":
      return raw === true;
    case "multi-enum": {
      const picked = Array.isArray(raw) ? raw : [];
      if (picked.length === 0 && !field.required) return undefined;
      return field.options.filter((o) => picked.includes(String(o.value))).map((o) => o.value);
    }
    case "enum": {
      if (typeof raw !== "string" || raw === "") return undefined;
      return field.options.find((o) => String(o.value) === raw)?.value ?? raw;
    }
    case "number": {
      const textValue = typeof raw === "string" ? raw.trim() : "";
      if (textValue === "") return undefined;
      // "1,5" is how half of the world writes one and a half.
      const normalised = /^-?\d+,\d+$/.test(textValue) ? textValue.replace(",", ".") : textValue;
      const n = Number(normalised);
      return Number.isFinite(n) ? n : textValue;
    }
    case "string": {
      if (typeof raw !== "string") return undefined;
      const value = field.multiline ? raw : raw.trim();
      if (value.trim() === "") return undefined;
      if (field.inputType === "time" && /^\d\d:\d\d$/.test(value)) return `${value}:00${localOffset(new Date())}`;
      if (field.inputType === "time" && /^\d\d:\d\d:\d\d$/.test(value)) return `${value}${localOffset(new Date())}`;
      if (field.inputType === "datetime-local" && /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?$/.test(value)) {
        const date = new Date(value);
        if (!Number.isNaN(date.getTime())) return `${value.length === 16 ? `${value}:00` : value}${localOffset(date)}`;
      }
      return value;
    }
    case "json": {
      const textValue = typeof raw === "string" ? raw.trim() : "";
      if (textValue === "") return undefined;
      try {
        return JSON.parse(textValue) as unknown;
      } catch {
        return new UnparsedJson(textValue);
      }
    }
  }
}

function coerceInto(fields: readonly FieldSpec[], raw: FormState, out: Obj): void {
  for (const field of fields) {
    if (field.kind === "object") {
      const child: Obj = {};
      coerceInto(field.fields, raw, child);
      // An optional group the person left alone (nothing but unticked boxes) is not answered.
      const touched = Object.values(child).some((v) => v !== false);
      if (field.required || touched) out[field.name] = child;
      continue;
    }
    const value = coerceOne(field, Object.prototype.hasOwnProperty.call(raw, field.key) ? raw[field.key] : undefined);
    if (value !== undefined) out[field.name] = value;
  }
}

/**
 * Typed values from form state: numbers parsed, boxes as booleans, ticked options as an array,
 * dates and times with the person's UTC offset, JSON parsed. Empty optional fields are left out.
 *
 * @example
 * coerceValues(fields, { age: "42", leaveAtDoor: true, note: "" }); // { age: 42, leaveAtDoor: true }
 */
export function coerceValues(fields: readonly FieldSpec[], raw: FormState): Record<string, unknown> {
  const out: Obj = {};
  coerceInto(fields, raw, out);
  return out;
}

import { Validator, type OutputUnit, type Schema, type SchemaDraft } from "@cfworker/json-schema";
import type { FormLabels } from "../../i18n/formLabels";
// Pure and loaded with this chunk only; the form's walk of the schema belongs with the core's.
import { REFUSED_PATTERN, SCHEMA_LISTS, SCHEMA_MAPS, SCHEMA_ONE, URL_CHECK, withLinearPatterns, type RefusedPattern } from "./linearSchema";
// The schema walking this shares with the field builder.
import {
  decodePointer,
  fieldKey,
  finite,
  FORBIDDEN,
  forEachField,
  getAt,
  isObj,
  MAX_SCHEMA_DEPTH,
  MAX_SCHEMA_NODES,
  own,
  pointerGet,
  schemaToFields,
  UnparsedJson,
  type FieldSpec,
  type Obj,
  type SchemaFields,
} from "./schemaFields";

/*
 * Validation of the values a form collected, against the agent's JSON Schema, with messages in the
 * person's language. The schema is cleaned and bounded first (the validator gets a copy, never the
 * agent's object); a schema the validator cannot take falls back to one rebuilt from the fields.
 */


const NUMBER_KEYWORDS = new Set(["minLength", "maxLength", "minimum", "maximum", "multipleOf", "minItems", "maxItems", "minProperties", "maxProperties", "minContains", "maxContains"]);
const TYPES = new Set(["array", "boolean", "integer", "null", "number", "object", "string"]);

/**
 * A bounded, plain copy of a schema the validator can take without throwing: forbidden names
 * dropped, keywords of the wrong shape dropped, and depth and size capped (a cut-off subschema
 * accepts anything; the agent validates its own answer too). Patterns stay, every one: each
 * validation runs them in linear time (`withLinearPatterns`), and one that cannot be is refused
 * in words, never dropped (dropped, it let any text through).
 */
function cleanSchema(node: unknown, depth: number, budget: { n: number }): unknown {
  if (typeof node === "boolean") return node;
  if (!isObj(node) || depth > MAX_SCHEMA_DEPTH || --budget.n < 0) return {};
  const out: Obj = {};
  for (const key of Object.keys(node)) {
    if (FORBIDDEN.has(key)) continue;
    const value = node[key];
    if (SCHEMA_MAPS.has(key)) {
      if (!isObj(value)) continue;
      const map: Obj = {};
      for (const name of Object.keys(value)) {
        if (FORBIDDEN.has(name)) continue;
        map[name] = cleanSchema(value[name], depth + 1, budget);
      }
      out[key] = map;
    } else if (SCHEMA_LISTS.has(key) || (key === "items" && Array.isArray(value))) {
      if (Array.isArray(value)) out[key] = value.slice(0, 1000).map((s) => cleanSchema(s, depth + 1, budget));
    } else if (SCHEMA_ONE.has(key)) {
      out[key] = cleanSchema(value, depth + 1, budget);
    } else if (key === "dependencies") {
      if (!isObj(value)) continue;
      const map: Obj = {};
      for (const name of Object.keys(value)) {
        if (FORBIDDEN.has(name)) continue;
        const dep = value[name];
        map[name] = Array.isArray(dep) ? dep.filter((x) => typeof x === "string") : cleanSchema(dep, depth + 1, budget);
      }
      out[key] = map;
    } else if (key === "dependentRequired") {
      if (!isObj(value)) continue;
      const map: Obj = {};
      for (const name of Object.keys(value)) {
        const dep = value[name];
        if (!FORBIDDEN.has(name) && Array.isArray(dep)) map[name] = dep.filter((x) => typeof x === "string");
      }
      out[key] = map;
    } else if (key === "uniqueItems") {
      if (typeof value === "boolean") out[key] = value;
    } else if (key === "required") {
      if (Array.isArray(value)) out[key] = value.filter((x) => typeof x === "string" && !FORBIDDEN.has(x));
    } else if (key === "type") {
      if (typeof value === "string" && TYPES.has(value)) out[key] = value;
      else if (Array.isArray(value) && value.every((t) => typeof t === "string" && TYPES.has(t))) out[key] = value;
    } else if (key === "enum") {
      if (Array.isArray(value)) out[key] = cleanData(value, 0, budget);
    } else if (NUMBER_KEYWORDS.has(key)) {
      if (finite(value) !== undefined) out[key] = value;
    } else if (key === "exclusiveMinimum" || key === "exclusiveMaximum") {
      if (finite(value) !== undefined || typeof value === "boolean") out[key] = value;
    } else if (key === "pattern") {
      if (typeof value === "string") out[key] = value;
    } else if (key === "$ref" || key === "$id" || key === "$schema" || key === "$anchor" || key === "format") {
      if (typeof value === "string") out[key] = value;
    } else if (key === "const") {
      out[key] = cleanData(value, 0, budget);
    }
    // Everything else (titles, descriptions, defaults, x- extensions) does not validate: left out.
  }
  return out;
}

function cleanData(value: unknown, depth: number, budget: { n: number }): unknown {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (depth > MAX_SCHEMA_DEPTH || --budget.n < 0) return null;
  if (Array.isArray(value)) return value.slice(0, 10_000).map((v) => cleanData(v, depth + 1, budget));
  if (isObj(value)) {
    const out: Obj = {};
    for (const key of Object.keys(value)) if (!FORBIDDEN.has(key)) out[key] = cleanData(value[key], depth + 1, budget);
    return out;
  }
  return null;
}

/** The schema the fields describe, for when the agent's own schema cannot be used to validate. */
function fieldsToSchema(fields: readonly FieldSpec[]): Obj {
  const properties: Obj = {};
  const required: string[] = [];
  for (const f of fields) {
    if (f.required) required.push(f.name);
    properties[f.name] = fieldSchema(f);
  }
  return { type: "object", properties, required };
}

function fieldSchema(f: FieldSpec): Obj {
  switch (f.kind) {
    case "string":
      return {
        type: "string",
        ...(f.minLength !== undefined && { minLength: f.minLength }),
        ...(f.maxLength !== undefined && { maxLength: f.maxLength }),
        ...(f.pattern !== undefined && { pattern: f.pattern }),
        ...(f.format !== undefined && { format: f.format }),
      };
    case "number":
      return {
        type: f.integer ? "integer" : "number",
        ...(f.minimum !== undefined && { minimum: f.minimum }),
        ...(f.maximum !== undefined && { maximum: f.maximum }),
        ...(f.exclusiveMinimum !== undefined && { exclusiveMinimum: f.exclusiveMinimum }),
        ...(f.exclusiveMaximum !== undefined && { exclusiveMaximum: f.exclusiveMaximum }),
      };
    case "boolean":
      return f.mustBeTrue ? { const: true } : { type: "boolean" };
    case "enum":
      return { enum: f.options.map((o) => o.value) };
    case "multi-enum":
      return {
        type: "array",
        items: { enum: f.options.map((o) => o.value) },
        ...(f.minItems !== undefined && { minItems: f.minItems }),
        ...(f.maxItems !== undefined && { maxItems: f.maxItems }),
      };
    case "object":
      return fieldsToSchema(f.fields);
    case "json":
      return {};
  }
}

function draftOf(schema: unknown): SchemaDraft {
  const tag = isObj(schema) && typeof schema.$schema === "string" ? schema.$schema : "";
  if (/draft-0[34]/.test(tag)) return "4";
  if (/draft-0[67]/.test(tag)) return "7";
  if (tag.includes("2019-09")) return "2019-09";
  return "2020-12";
}

interface Prepared {
  parsed: SchemaFields;
  byKey: Map<string, FieldSpec>;
  /** What the validator checks: the agent's (cleaned) schema, the value alone when wrapped. */
  target: unknown;
  draft: SchemaDraft;
  /** The validator could not take `target` (an unresolvable or looping $ref): the fields decide. */
  broken?: boolean;
}

// Keyed by the schema object, so live validation on each keystroke does not re-walk it.
const prepared = new WeakMap<object, Prepared>();

function prepare(schema: unknown): Prepared {
  const cached = typeof schema === "object" && schema !== null ? prepared.get(schema) : undefined;
  if (cached) return cached;
  const parsed = schemaToFields(schema);
  const byKey = new Map<string, FieldSpec>();
  forEachField(parsed.fields, (f) => byKey.set(f.key, f));
  const target = cleanSchema(schema, 0, { n: MAX_SCHEMA_NODES });
  const entry: Prepared = { parsed, byKey, target, draft: draftOf(schema) };
  if (typeof schema === "object" && schema !== null) prepared.set(schema, entry);
  return entry;
}

interface Checked {
  errors: OutputUnit[];
  /** The schema the validator ran, its patterns made linear for this instance. */
  ran: unknown;
  refused: RefusedPattern[];
}

/**
 * A validator per validation: its patterns are written for the instance's own strings (see
 * `withLinearPatterns`), so the native engine never meets one of the agent's.
 */
function check(schema: unknown, draft: SchemaDraft, instance: unknown): Checked {
  const { schema: ran, refused } = withLinearPatterns(schema, instance);
  return { errors: new Validator(ran as Schema, draft, false).validate(instance).errors, ran, refused };
}

function runValidator(entry: Prepared, instance: unknown): Checked {
  if (!entry.broken) {
    try {
      return check(entry.target, entry.draft, instance);
    } catch {
      // An unresolvable $ref, a $ref loop, a duplicate $id: check what the fields describe instead.
      entry.broken = true;
    }
  }
  try {
    return check(fieldsToSchema(entry.parsed.wrapped ? [] : entry.parsed.fields), "2020-12", entry.parsed.wrapped ? {} : instance);
  } catch {
    return { errors: [], ran: {}, refused: [] };
  }
}

// Keywords that only say "something below failed"; the error below is the one to show.
const WRAPPERS = new Set(["properties", "patternProperties", "additionalProperties", "unevaluatedProperties", "items", "prefixItems", "additionalItems", "unevaluatedItems", "contains", "allOf", "anyOf", "oneOf", "not", "if", "$ref", "$recursiveRef", "dependentSchemas", "dependencies", "propertyNames"]);

/** What a validator's keyword location points to in `root`, through `$ref`s. */
function nodeAt(root: unknown, location: string): unknown {
  let node = root;
  for (const segment of decodePointer(location) ?? []) {
    if (isObj(node) && typeof node.$ref === "string" && (segment === "$ref" || segment === "$recursiveRef")) {
      node = pointerGet(root, node.$ref);
      continue;
    }
    node = Array.isArray(node) ? node[Number(segment)] : isObj(node) ? own(node, segment) : undefined;
  }
  return node;
}

/** The subschema whose pattern failed, as the validator ran it: refused, the URL check, or the agent's. */
const ranPattern = (ran: unknown, unit: OutputUnit): Obj => {
  const node = unit.keyword === "pattern" ? nodeAt(ran, unit.keywordLocation.replace(/\/pattern$/, "")) : undefined;
  return isObj(node) ? node : {};
};

/** The number a keyword compared with: read from the schema, else from the validator's message. */
function limitOf(entry: Prepared, unit: OutputUnit, field: FieldSpec | undefined, fromField: number | undefined): number {
  const node = nodeAt(entry.target, unit.keywordLocation);
  if (typeof node === "number") return node;
  if (node === true && field?.kind === "number") {
    const bound = unit.keyword === "minimum" ? field.exclusiveMinimum : field.exclusiveMaximum;
    if (bound !== undefined) return bound;
  }
  const fromMessage = /(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)\)?\.?\s*$/i.exec(unit.error)?.[1];
  return fromMessage !== undefined ? Number(fromMessage) : (fromField ?? 0);
}

function message(entry: Prepared, ran: unknown, unit: OutputUnit, field: FieldSpec | undefined, value: unknown, labels: FormLabels): string {
  const num = field?.kind === "number" ? field : undefined;
  switch (unit.keyword) {
    case "required":
      return field ? labels.fieldRequired : labels.invalidForm;
    case "type":
      if (field?.kind === "number") return typeof value === "number" ? labels.notAnInteger : labels.notANumber;
      return labels.invalidValue;
    case "minLength":
      return labels.tooShort(limitOf(entry, unit, field, field?.kind === "string" ? field.minLength : undefined));
    case "maxLength":
      return labels.tooLong(limitOf(entry, unit, field, field?.kind === "string" ? field.maxLength : undefined));
    case "minimum": {
      // Draft 4: `exclusiveMinimum: true` beside `minimum` reports as `minimum`.
      const exclusive = / or equal to /.test(unit.error);
      const n = limitOf(entry, unit, field, exclusive ? num?.exclusiveMinimum : num?.minimum);
      return exclusive ? labels.notAbove(n) : labels.belowMinimum(n);
    }
    case "maximum": {
      const exclusive = / or equal to /.test(unit.error);
      const n = limitOf(entry, unit, field, exclusive ? num?.exclusiveMaximum : num?.maximum);
      return exclusive ? labels.notBelow(n) : labels.aboveMaximum(n);
    }
    case "exclusiveMinimum":
      return labels.notAbove(limitOf(entry, unit, field, num?.exclusiveMinimum));
    case "exclusiveMaximum":
      return labels.notBelow(limitOf(entry, unit, field, num?.exclusiveMaximum));
    case "multipleOf":
      return labels.notMultipleOf(limitOf(entry, unit, field, num?.step));
    case "pattern":
      return ranPattern(ran, unit).$comment === URL_CHECK ? labels.invalidUrl : labels.patternMismatch;
    case "format": {
      const format = /format "([^"]*)"/.exec(unit.error)?.[1] ?? (field?.kind === "string" ? field.format : undefined);
      if (format === "email" || format === "idn-email") return labels.invalidEmail;
      if (format === "uri" || format === "url" || format === "iri" || format === "uri-reference" || format === "iri-reference") return labels.invalidUrl;
      if (format === "date") return labels.invalidDate;
      if (format === "date-time") return labels.invalidDateTime;
      if (format === "time") return labels.invalidTime;
      return labels.patternMismatch;
    }
    case "enum":
    case "const":
      return field?.kind === "boolean" && field.mustBeTrue ? labels.mustAccept : labels.invalidChoice;
    case "minItems":
      return field?.kind === "multi-enum" ? labels.chooseAtLeast(limitOf(entry, unit, field, field.minItems)) : labels.invalidValue;
    case "maxItems":
      return field?.kind === "multi-enum" ? labels.chooseAtMost(limitOf(entry, unit, field, field.maxItems)) : labels.invalidValue;
    default:
      return field ? labels.invalidValue : labels.invalidForm;
  }
}

/** The field an instance location belongs to: the deepest field on its path (`tags/0` → `tags`). */
function nearestField(entry: Prepared, segments: readonly string[]): FieldSpec | undefined {
  for (let n = segments.length; n > 0; n--) {
    const field = entry.byKey.get(fieldKey(segments.slice(0, n)));
    if (field) return field;
  }
  return undefined;
}

/**
 * Validates typed values against the schema with `@cfworker/json-schema` (every error, not the
 * first), and returns one message per field key (`""` for what belongs to no field) in the
 * person's language. Empty when the values are valid.
 *
 * @example
 * validateValues(schema, { postcode: "7500" }, en.form); // { postcode: "This does not match the expected format.", city: "This field is required." }
 */
export function validateValues(schema: unknown, values: Record<string, unknown>, labels: FormLabels): Record<string, string> {
  const entry = prepare(schema);
  const out: Record<string, string> = {};
  let instance: Obj = { ...values };

  // JSON the person typed that does not parse: say so, and validate the rest without it.
  forEachField(entry.parsed.fields, (field) => {
    if (field.kind !== "json" || !(getAt(values, field.path) instanceof UnparsedJson)) return;
    out[field.key] = labels.invalidJson;
    instance = withoutPath(instance, field.path);
  });

  const wrapped = entry.parsed.wrapped;
  let checked: Checked;
  if (wrapped) {
    const value = instance.value;
    if (value === undefined) checked = { errors: [{ keyword: "required", instanceLocation: "#", keywordLocation: "#/required", error: 'Instance does not have required property "value".' }], ran: {}, refused: [] };
    else {
      checked = runValidator(entry, value);
      checked.errors = checked.errors.map((u) => ({ ...u, instanceLocation: u.instanceLocation.replace(/^#/, "#/value") }));
    }
  } else {
    checked = runValidator(entry, instance);
  }
  const { errors, ran } = checked;
  // A rule on property names that cannot be run is the form's, not a field's: it cannot be sent.
  if (checked.refused.some((r) => r.keyword === "patternProperties")) out[""] = labels.patternRefused;

  const place = (unit: OutputUnit): { key: string; field: FieldSpec | undefined; segments: string[] } => {
    let segments = decodePointer(unit.instanceLocation) ?? [];
    if (unit.keyword === "required") {
      const name = /required property "([\s\S]*)"\.$/.exec(unit.error)?.[1];
      if (name !== undefined) segments = [...segments, name];
    }
    const field = nearestField(entry, segments);
    return { key: field?.key ?? "", field, segments };
  };

  for (const unit of errors) {
    if (WRAPPERS.has(unit.keyword)) continue;
    const { key, field, segments } = place(unit);
    if (key in out) continue;
    const exact = field && fieldKey(segments) === field.key;
    // A refused pattern says so wherever it sits: the person must know why nothing they type fits.
    if (ranPattern(ran, unit).pattern === REFUSED_PATTERN) out[key] = labels.patternRefused;
    else out[key] = exact ? message(entry, ran, unit, field, getAt(instance, segments), labels) : message(entry, ran, { ...unit, keyword: "" }, field, undefined, labels);
  }
  // A wrapper with nothing more specific below it (say, a value that matches two `oneOf` branches).
  for (const unit of errors) {
    if (!WRAPPERS.has(unit.keyword)) continue;
    const { key, field } = place(unit);
    const covered = Object.keys(out).some((k) => k === key || key === "" || k.startsWith(`${key}.`));
    if (!covered) out[key] = field ? labels.invalidValue : labels.invalidForm;
  }
  return out;
}

function withoutPath(values: Obj, path: readonly string[]): Obj {
  const [head, ...rest] = path;
  if (head === undefined) return values;
  const copy: Obj = { ...values };
  if (rest.length === 0) delete copy[head];
  else if (isObj(copy[head])) copy[head] = withoutPath(copy[head], rest);
  return copy;
}

import { isRecord } from "../thread/guards";
import { readPath } from "./pointer";

/**
 * Dynamic values (A2UI's `DynamicString`, `DynamicNumber`, `DynamicBoolean` …): a literal, a data
 * binding `{ path }` read from the data model (relative paths inside a template's `scope`), or a
 * call of one of the basic catalog's functions. Nothing is ever executed from the wire: a function
 * this file does not define resolves to `undefined`.
 */

/** How deep calls may nest inside one value. */
const MAX_CALL_DEPTH = 16;
/** Longest regular expression a check may bring, and longest text one is run on. */
const MAX_PATTERN = 500;
const MAX_TESTED = 10_000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface BindingScope {
  data: unknown;
  /** The item path a template instance is bound to (`/employees/1`), or `""` at the root. */
  scope?: string;
  /** For number and date formatting. */
  locale?: string;
}

/**
 * The value `value` stands for now.
 *
 * @example
 * resolveDynamic({ path: "/user/name" }, { data: { user: { name: "Ada" } } }); // "Ada"
 * resolveDynamic({ call: "formatString", args: { value: "Hi ${/user/name}" } }, { data: { user: { name: "Ada" } } }); // "Hi Ada"
 */
export function resolveDynamic(value: unknown, at: BindingScope, depth = 0): unknown {
  if (!isRecord(value)) return value;
  if (typeof value.path === "string" && !("call" in value)) return readPath(at.data, value.path, at.scope);
  if (typeof value.call === "string") return depth >= MAX_CALL_DEPTH ? undefined : call(value.call, isRecord(value.args) ? value.args : {}, at, depth + 1);
  // 0.8-style literals some producers still send inside 0.9 messages.
  for (const key of ["literalString", "literalNumber", "literalBoolean"]) if (key in value) return value[key];
  return value;
}

/** The value as text, the way A2UI converts for display: `null`/`undefined` → "", objects → JSON. */
export function asText(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return "";
  }
}

/** Every `${…}` in `template` replaced by the value of the path (or expression) inside. */
export function interpolate(template: string, at: BindingScope): string {
  return template.replace(/\$\{([^}]{1,300})\}/g, (_, inner: string) => asText(readPath(at.data, inner.trim(), at.scope)));
}

function call(name: string, args: Record<string, unknown>, at: BindingScope, depth: number): unknown {
  const arg = (key: string): unknown => resolveDynamic(args[key], at, depth);
  switch (name) {
    case "required": {
      const v = arg("value");
      return !(v === undefined || v === null || v === "" || v === false || (Array.isArray(v) && v.length === 0));
    }
    case "regex": {
      const v = arg("value");
      const pattern = arg("pattern");
      if (typeof pattern !== "string" || pattern.length > MAX_PATTERN) return false;
      try {
        return new RegExp(pattern, "u").test(asText(v).slice(0, MAX_TESTED));
      } catch {
        return false;
      }
    }
    case "length": {
      const n = asText(arg("value")).length;
      const min = arg("min");
      const max = arg("max");
      return (typeof min !== "number" || n >= min) && (typeof max !== "number" || n <= max);
    }
    case "numeric": {
      const v = Number(arg("value"));
      const min = arg("min");
      const max = arg("max");
      return Number.isFinite(v) && (typeof min !== "number" || v >= min) && (typeof max !== "number" || v <= max);
    }
    case "email":
      return EMAIL.test(asText(arg("value")));
    case "and":
    case "or": {
      const values = Array.isArray(args.values) ? args.values.map((v) => resolveDynamic(v, at, depth) === true) : [];
      return name === "and" ? values.every(Boolean) : values.some(Boolean);
    }
    case "not":
      return arg("value") !== true;
    case "formatString": {
      const v = arg("value");
      return typeof v === "string" ? interpolate(v, at) : asText(v);
    }
    case "formatNumber":
    case "formatCurrency": {
      const v = Number(arg("value"));
      if (!Number.isFinite(v)) return "";
      const decimals = arg("decimals");
      const options: Intl.NumberFormatOptions = { useGrouping: arg("grouping") !== false };
      if (typeof decimals === "number" && decimals >= 0 && decimals <= 20) options.minimumFractionDigits = options.maximumFractionDigits = decimals;
      const currency = arg("currency");
      if (name === "formatCurrency" && typeof currency === "string" && /^[A-Za-z]{3}$/.test(currency)) Object.assign(options, { style: "currency", currency });
      try {
        return new Intl.NumberFormat(at.locale, options).format(v);
      } catch {
        return String(v);
      }
    }
    case "formatDate": {
      const v = arg("value");
      const date = typeof v === "string" || typeof v === "number" ? new Date(v) : undefined;
      if (!date || Number.isNaN(date.getTime())) return asText(v);
      try {
        return new Intl.DateTimeFormat(at.locale, { dateStyle: "medium", timeStyle: /T\d/.test(String(v)) ? "short" : undefined }).format(date);
      } catch {
        return date.toISOString();
      }
    }
    case "pluralize": {
      const count = Number(arg("value"));
      let rule: string = "other";
      try {
        rule = count === 0 && args.zero !== undefined ? "zero" : new Intl.PluralRules(at.locale).select(count);
      } catch {
        // An unreadable locale: "other".
      }
      const chosen = arg(rule);
      return typeof chosen === "string" ? chosen.replace(/#/g, String(count)) : asText(arg("other"));
    }
    default:
      return undefined;
  }
}

/**
 * The messages of a component's `checks` that fail now: each check is `{ condition, message }`
 * (or a call with its `message` inline, as the 0.9 text writes it). An empty list: all pass. A check
 * without a message says `otherwise` (the renderer passes it in the person's language).
 *
 * @example
 * failedChecks([{ call: "required", args: { value: { path: "/email" } }, message: "Email is required." }], { data: {} });
 * // ["Email is required."]
 */
export function failedChecks(checks: unknown, at: BindingScope, otherwise = "This value is not valid."): string[] {
  if (!Array.isArray(checks)) return [];
  const failed: string[] = [];
  for (const check of checks.slice(0, 50)) {
    if (!isRecord(check)) continue;
    const condition = "condition" in check ? check.condition : check;
    const ok = resolveDynamic(condition, at) === true;
    if (!ok) failed.push(typeof check.message === "string" && check.message ? check.message.slice(0, 300) : otherwise);
  }
  return failed;
}

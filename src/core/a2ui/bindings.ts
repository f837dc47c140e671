import { isRecord } from "../thread/guards";
import { setOwn } from "../ownKeys";
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

/**
 * `formatString`'s template: every `${…}` replaced by what it holds — a data path (`/user/name`, or
 * relative in a template's item), a literal (`'USD'`, `2`, `true`), or a call of a basic-catalog
 * function with named arguments that may nest (`${formatCurrency(value: ${/total}, currency: 'USD')}`).
 * `\${` is a literal `${`. What cannot be read is left as written; nothing is executed.
 *
 * @example
 * interpolate("Total: ${formatCurrency(value: ${/total}, currency: 'USD')}", { data: { total: 12 } }); // "Total: $12.00"
 */
export function interpolate(template: string, at: BindingScope, depth = 0): string {
  let out = "";
  let i = 0;
  const src = template.slice(0, 10_000);
  const space = () => {
    while (/\s/.test(src[i] ?? "")) i++;
  };
  // One expression at `i`; `undefined` with `i` unmoved past the end when it cannot be read.
  const expr = (level: number): unknown => {
    space();
    if (level > MAX_CALL_DEPTH) throw new SyntaxError("too deep");
    if (src.startsWith("${", i)) {
      i += 2;
      const value = expr(level + 1);
      space();
      if (src[i++] !== "}") throw new SyntaxError("}");
      return value;
    }
    const quote = src[i];
    if (quote === "'" || quote === '"') {
      const end = src.indexOf(quote, i + 1);
      if (end < 0) throw new SyntaxError("quote");
      const text = src.slice(i + 1, end);
      i = end + 1;
      return text;
    }
    const word = /^[^\s,(){}:]+/.exec(src.slice(i))?.[0] ?? "";
    i += word.length;
    space();
    if (src[i] === "(" && /^[A-Za-z_]\w*$/.test(word)) {
      i++;
      const args: Record<string, unknown> = {};
      for (space(); src[i] !== ")"; space()) {
        const name = /^\w+/.exec(src.slice(i))?.[0];
        if (!name) throw new SyntaxError("argument");
        i += name.length;
        space();
        if (src[i++] !== ":") throw new SyntaxError(":");
        setOwn(args, name, expr(level + 1));
        space();
        if (src[i] === ",") i++;
        else if (src[i] !== ")") throw new SyntaxError(")");
      }
      i++;
      return call(word, args, at, depth + level + 1);
    }
    if (word === "true" || word === "false") return word === "true";
    if (word === "null" || word === "") return word === "" ? undefined : null;
    if (/^-?\d+(\.\d+)?$/.test(word)) return Number(word);
    return readPath(at.data, word, at.scope);
  };
  while (i < src.length) {
    if (src.startsWith("\\${", i)) {
      out += "${";
      i += 3;
    } else if (src.startsWith("${", i)) {
      const start = i;
      try {
        out += asText(expr(0));
      } catch {
        out += src.slice(start);
        break;
      }
    } else out += src[i++];
  }
  return out;
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
      // The template itself is not resolved first: its `${…}` are this function's to read.
      const v = args.value;
      return typeof v === "string" ? interpolate(v, at, depth) : asText(resolveDynamic(v, at, depth));
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
        const format = arg("format");
        if (typeof format === "string") return tr35(date, format.slice(0, 100), at.locale);
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

/** Unicode TR35 date fields the catalog's `formatDate` uses, each as the person's locale writes it. */
const TR35: Record<string, Intl.DateTimeFormatOptions> = {
  yyyy: { year: "numeric" }, yy: { year: "2-digit" }, y: { year: "numeric" },
  MMMM: { month: "long" }, MMM: { month: "short" }, MM: { month: "2-digit" }, M: { month: "numeric" },
  dd: { day: "2-digit" }, d: { day: "numeric" }, EEEE: { weekday: "long" }, EEE: { weekday: "short" }, E: { weekday: "short" },
  HH: { hour: "2-digit", hourCycle: "h23" }, H: { hour: "numeric", hourCycle: "h23" }, hh: { hour: "2-digit", hourCycle: "h12" }, h: { hour: "numeric", hourCycle: "h12" },
  mm: { minute: "2-digit" }, m: { minute: "numeric" }, ss: { second: "2-digit" }, s: { second: "numeric" },
};

function tr35(date: Date, format: string, locale: string | undefined): string {
  return format.replace(/'([^']*)'|(y+|M+|d+|E+|H+|h+|m+|s+|a)/g, (_, quoted: string | undefined, field: string) => {
    if (quoted !== undefined) return quoted || "'";
    if (field === "a") return new Intl.DateTimeFormat(locale, { hour: "numeric", hour12: true }).formatToParts(date).find((p) => p.type === "dayPeriod")?.value ?? "";
    const options = TR35[field] ?? TR35[field.slice(0, 4)] ?? TR35[field[0]!];
    if (!options) return field;
    const [type] = Object.keys(options) as (keyof Intl.DateTimeFormatPartTypesRegistry)[];
    const part = new Intl.DateTimeFormat(locale, options).formatToParts(date).find((p) => p.type === type)?.value ?? "";
    // "2-digit" minutes and seconds alone come back unpadded in some engines.
    return /^(mm|ss)$/.test(field) ? part.padStart(2, "0") : part;
  });
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

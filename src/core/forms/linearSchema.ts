import { compilePattern } from "./safePattern";
import { isRecord } from "../thread/guards";

/**
 * A JSON Schema the validator (`@cfworker/json-schema`, which runs `new RegExp(pattern, "u")` on
 * the browser's backtracking engine) can check in time linear in the instance. The schema comes
 * from the agent (a form) or its arguments do (a front-end tool), so neither its patterns nor the
 * library's own `url` format regex (4 s for "http://" and 28 a's) may meet a backtracking engine.
 */

/** Keywords whose value is a map of names to subschemas, a list of subschemas, or one subschema. */
export const SCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);
export const SCHEMA_LISTS = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);
export const SCHEMA_ONE = new Set(["items", "additionalItems", "additionalProperties", "unevaluatedProperties", "unevaluatedItems", "propertyNames", "contains", "not", "if", "then", "else"]);

type Obj = Record<string, unknown>;

/** Matches no string at all: what a pattern no string of the instance meets becomes. */
const NOTHING = "[]";
/** Matches nothing either, and tells the form the agent's pattern was refused (`compilePattern`). */
export const REFUSED_PATTERN = "[](?:refused)";
/** Marks (`$comment`) the scheme check that stands for `format: "url"`, so a form can say "a web address". */
export const URL_CHECK = "parley:url";
const SYNTAX = /[\\^$.*+?()[\]{}|/]/g;
/** What `format: "url"` asks (an http(s) or ftp address with a host), run by `compilePattern` like any pattern. */
const URL_PATTERN = "^(?:[Hh][Tt][Tt][Pp][Ss]?|[Ff][Tt][Pp]):\\/\\/(?:[^\\s/?#@]+@)?[\\p{L}\\p{N}](?:[\\p{L}\\p{N}.\\-]*[\\p{L}\\p{N}])?(?::\\d{1,5})?(?:[/?#]\\S*)?$";

/** How many strings of an instance are collected; past it, patterns see only these. */
const MAX_STRINGS = 5_000;

/**
 * `schema` with every pattern (`pattern`, the keys of `patternProperties`) replaced by one the
 * native engine runs in linear time and that answers the same for every string of `instance`: the
 * alternation of the strings the agent's pattern matches (tested by `compilePattern`), written out
 * literally. A pattern `compilePattern` refuses matches nothing, and `refused` says why, in words.
 * `format: "url"` becomes `uri` plus a linear scheme check.
 *
 * @example
 * const { schema } = withLinearPatterns({ pattern: "^(a+)+$" }, "aaa!"); // { pattern: "[]" }
 */
export function withLinearPatterns(schema: unknown, instance: unknown): { schema: unknown; refused: RefusedPattern[] } {
  const strings = stringsOf(instance);
  const refused: RefusedPattern[] = [];
  const rewrite = (pattern: string, keyword: RefusedPattern["keyword"] = "pattern"): string => {
    const compiled = compilePattern(pattern);
    if (!compiled.ok) {
      refused.push({ keyword, pattern, problem: compiled.problem });
      return REFUSED_PATTERN;
    }
    const matching = strings.filter((s) => compiled.test(s));
    return matching.length ? `^(?:${matching.map((s) => s.replace(SYNTAX, "\\$&")).join("|")})$` : NOTHING;
  };
  const walk = (node: unknown): unknown => {
    if (!isRecord(node)) return node;
    const out: Obj = {};
    for (const key of Object.keys(node)) {
      const value = node[key];
      if (key === "__proto__") continue;
      if (key === "pattern" && typeof value === "string") out[key] = rewrite(value);
      else if (key === "patternProperties" && isRecord(value)) {
        const map: Obj = {};
        for (const pattern of Object.keys(value)) {
          const linear = rewrite(pattern, "patternProperties");
          const sub = walk(value[pattern]);
          // Two patterns that match the same names: each name is checked against both schemas.
          map[linear] = Object.hasOwn(map, linear) ? { allOf: [map[linear], sub] } : sub;
        }
        out[key] = map;
      } else if ((SCHEMA_MAPS.has(key) || key === "dependencies") && isRecord(value)) {
        out[key] = Object.fromEntries(Object.keys(value).map((name) => [name, Array.isArray(value[name]) ? value[name] : walk(value[name])]));
      } else if ((SCHEMA_LISTS.has(key) || key === "items") && Array.isArray(value)) out[key] = value.map(walk);
      else if (SCHEMA_ONE.has(key)) out[key] = walk(value);
      else out[key] = value;
    }
    if (out.format === "url") {
      out.format = "uri";
      out.allOf = [...(Array.isArray(out.allOf) ? (out.allOf as unknown[]) : []), { pattern: rewrite(URL_PATTERN), $comment: URL_CHECK }];
    }
    return out;
  };
  return { schema: walk(schema), refused };
}

/** A pattern `compilePattern` refused, and why in words. */
export interface RefusedPattern {
  keyword: "pattern" | "patternProperties";
  pattern: string;
  problem: string;
}

/** Every string value and key in `value`, once each (at most {@link MAX_STRINGS}). */
function stringsOf(value: unknown): string[] {
  const found = new Set<string>();
  const stack = [value];
  for (let visited = 0; stack.length && found.size < MAX_STRINGS && visited < 200_000; visited++) {
    const node = stack.pop();
    if (typeof node === "string") found.add(node);
    else if (Array.isArray(node)) for (const item of node as unknown[]) stack.push(item);
    else if (isRecord(node)) {
      for (const key of Object.keys(node)) {
        found.add(key);
        stack.push(node[key]);
      }
    }
  }
  return [...found];
}

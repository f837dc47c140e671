import { Validator } from "@cfworker/json-schema";
import type { ArgumentProblem } from "./frontendTools";
import { withLinearPatterns } from "../forms/linearSchema";

/**
 * Checks a front-end tool call's arguments against the tool's JSON Schema. Loaded on first use
 * (the store imports it lazily), so an app without front-end tools never ships the validator.
 * A schema the validator cannot take checks nothing: the handler is the app's, and may check too.
 * The arguments are the agent's: the schema's patterns run in linear time (`withLinearPatterns`),
 * and one that cannot be is a problem in words, so crafted arguments cannot freeze the page.
 *
 * @example
 * checkArguments({ type: "object", required: ["city"] }, {}); // [{ path: "", message: "…city…" }]
 */
export function checkArguments(schema: Record<string, unknown>, args: unknown): ArgumentProblem[] {
  const instance = args === undefined ? {} : args;
  const { schema: linear, refused } = withLinearPatterns(schema, instance);
  let validator: Validator;
  try {
    validator = new Validator(linear as Record<string, unknown>, "7", false);
  } catch {
    return [];
  }
  const result = validator.validate(instance);
  if (result.valid) return [];
  // A refused pattern matches nothing; when one failed, say why.
  const unsafe = result.errors.some((e) => e.keyword === "pattern")
    ? refused.map((r) => ({ path: "", message: `The tool's pattern ${JSON.stringify(r.pattern.slice(0, 80))} cannot be checked safely: ${r.problem}.` }))
    : [];
  // The deepest units say what is wrong; the outer ones only that a subschema failed.
  const leaves = result.errors.filter((e) => !/^(?:Property|Items|Item at index) /.test(e.error) || result.errors.length === 1);
  return [...unsafe, ...(leaves.length ? leaves : result.errors).map((e) => ({ path: e.instanceLocation.replace(/^#/, ""), message: e.error }))];
}

import { Validator } from "@cfworker/json-schema";
import type { ArgumentProblem } from "./frontendTools";

/**
 * Checks a front-end tool call's arguments against the tool's JSON Schema. Loaded on first use
 * (the store imports it lazily), so an app without front-end tools never ships the validator.
 * A schema the validator cannot take checks nothing: the handler is the app's, and may check too.
 *
 * @example
 * checkArguments({ type: "object", required: ["city"] }, {}); // [{ path: "", message: "…city…" }]
 */
export function checkArguments(schema: Record<string, unknown>, args: unknown): ArgumentProblem[] {
  let validator: Validator;
  try {
    validator = new Validator(schema, "7", false);
  } catch {
    return [];
  }
  const result = validator.validate(args === undefined ? {} : args);
  if (result.valid) return [];
  // The deepest units say what is wrong; the outer ones only that a subschema failed.
  const leaves = result.errors.filter((e) => !/^(?:Property|Items|Item at index) /.test(e.error) || result.errors.length === 1);
  return (leaves.length ? leaves : result.errors).map((e) => ({ path: e.instanceLocation.replace(/^#/, ""), message: e.error }));
}

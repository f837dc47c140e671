import { isRecord } from "../thread/guards";

/**
 * How an approval goes back to the agent's framework: exactly the fields it reads, never the
 * kit's own bookkeeping (scope, grant, typed confirmation), which stays in the thread and the
 * audit. Read once, when the question is derived, from what the framework sent with it.
 *
 * - `approval`: a boolean the framework reads — `approved` (AG-UI's shape, LangGraph graphs,
 *   Mastra) or `accepted` (Microsoft Agent Framework) — with the person's edits as `editedArgs`
 *   (whole) or as each changed argument under its own name (the schema lists them).
 * - `decisions`: LangChain's human-in-the-loop middleware, `{ decisions: [{ type: "approve" |
 *   "edit" | "reject" }] }`, one decision per action it asked about.
 */
export type AnswerShape =
  | { kind: "approval"; key: "approved" | "accepted"; edits?: "editedArgs" | ByName }
  | { kind: "decisions"; actions: readonly { name: string; args: unknown }[]; editable: boolean; camelCase?: boolean }
  /**
   * A question whose answer is one value, not an object: a bare LangGraph `interrupt("Which
   * name?")` (the words), or a `responseSchema` of another type than object (the one field's value).
   */
  | { kind: "text" }
  /** A `responseSchema` that is a string `enum` (CrewAI's `emit` outcomes): the answer is the chosen value. */
  | { kind: "choice" };

/** Edits by argument name: the names the schema lists, each with its JSON type when it gives one. */
export interface ByName {
  names: readonly string[];
  types: Readonly<Record<string, string>>;
}

/** AG-UI's own shape (docs/interactions.md), for an approval that came without a schema: no edits offered. */
export const DEFAULT_APPROVAL: Extract<AnswerShape, { kind: "approval" }> = { kind: "approval", key: "approved" };

/**
 * The approval a `responseSchema` describes: an object schema with a boolean `approved` or
 * `accepted` property. Edits go as `editedArgs` when the schema has it, else by name for every
 * other property (Microsoft Agent Framework lists the tool's arguments beside `accepted`, with
 * `additionalProperties: false`); `undefined` when the schema asks for something else (a form).
 *
 * @example
 * approvalShapeOf({ type: "object", properties: { accepted: { type: "boolean" }, path: { type: "string" } } });
 * // { kind: "approval", key: "accepted", edits: { names: ["path"], types: { path: "string" } } }
 */
export function approvalShapeOf(schema: unknown): Extract<AnswerShape, { kind: "approval" }> | undefined {
  const properties = isRecord(schema) && isRecord(schema.properties) ? schema.properties : undefined;
  if (!properties) return undefined;
  const isBoolean = (name: string) => Object.hasOwn(properties, name) && isRecord(properties[name]) && properties[name].type === "boolean";
  const key = isBoolean("approved") ? "approved" : isBoolean("accepted") ? "accepted" : undefined;
  if (!key) return undefined;
  if (Object.hasOwn(properties, "editedArgs")) return { kind: "approval", key, edits: "editedArgs" };
  const names = Object.keys(properties).filter((name) => name !== key);
  const types: Record<string, string> = {};
  for (const name of names) {
    const property = properties[name];
    if (isRecord(property) && typeof property.type === "string") types[name] = property.type;
  }
  return names.length ? { kind: "approval", key, edits: { names, types } } : { kind: "approval", key };
}

/**
 * LangChain's human-in-the-loop middleware interrupts with `{ action_requests: [{ name, args,
 * description }], review_configs: [...] }` (Python) or `{ actionRequests, reviewConfigs }` (JS); the
 * answer is written back in the same spelling.
 *
 * @example
 * decisionsShapeOf({ action_requests: [{ name: "delete_file", args: { path: "/tmp" } }], review_configs: [] });
 */
export function decisionsShapeOf(value: unknown): Extract<AnswerShape, { kind: "decisions" }> | undefined {
  if (!isRecord(value)) return undefined;
  const camelCase = Array.isArray(value.actionRequests);
  const requests = camelCase ? value.actionRequests : value.action_requests;
  if (!Array.isArray(requests) || requests.length === 0) return undefined;
  const actions: { name: string; args: unknown }[] = [];
  for (const request of requests as unknown[]) {
    if (!isRecord(request) || typeof request.name !== "string") return undefined;
    actions.push({ name: request.name, args: request.args });
  }
  const configs = (camelCase ? value.reviewConfigs : value.review_configs);
  const allows = (config: unknown, decision: string) => {
    if (!isRecord(config) || (camelCase ? config.actionName : config.action_name) !== actions[0]!.name) return false;
    const allowed = camelCase ? config.allowedDecisions : config.allowed_decisions;
    return Array.isArray(allowed) && allowed.includes(decision);
  };
  // Edits go to one action: with several in one question, the person approves or rejects them together.
  const editable = actions.length === 1 && Array.isArray(configs) && configs.some((c) => allows(c, "edit"));
  return { kind: "decisions", actions, editable, ...(camelCase ? { camelCase } : {}) };
}

/** Whether an answer shape lets the person edit the arguments before approving. */
export function allowsEdits(shape: AnswerShape): boolean {
  return shape.kind === "approval" ? shape.edits !== undefined : shape.kind === "decisions" && shape.editable;
}

/**
 * The value the framework reads for an approval or a refusal — nothing else.
 *
 * @example
 * approvalPayload({ kind: "approval", key: "accepted", edits: { names: ["path"], types: {} } }, true, { path: "/a" }, { path: "/b" });
 * // { accepted: true, path: "/b" }
 */
export function approvalPayload(shape: AnswerShape, approved: boolean, proposed: unknown, edited: unknown): Record<string, unknown> {
  if (shape.kind === "text" || shape.kind === "choice") return { approved };
  if (shape.kind === "decisions") {
    const only = shape.actions.length === 1 ? shape.actions[0] : undefined;
    if (approved && only && shape.editable && edited !== undefined) {
      return { decisions: [{ type: "edit", [shape.camelCase ? "editedAction" : "edited_action"]: { name: only.name, args: edited } }] };
    }
    return { decisions: shape.actions.map(() => ({ type: approved ? "approve" : "reject" })) };
  }
  const payload: Record<string, unknown> = { [shape.key]: approved };
  if (!approved || edited === undefined || shape.edits === undefined) return payload;
  if (shape.edits === "editedArgs") {
    payload.editedArgs = edited;
    return payload;
  }
  // By name: each argument the person changed, and only those the schema lists.
  if (!isRecord(edited)) return payload;
  const before = isRecord(proposed) ? proposed : {};
  for (const name of shape.edits.names) {
    if (Object.hasOwn(edited, name) && JSON.stringify(edited[name]) !== JSON.stringify(before[name])) payload[name] = edited[name];
  }
  return payload;
}

/**
 * Why edited arguments do not fit what the framework accepts, or `undefined` when they do: by
 * name, only the arguments the schema lists may change, each keeping its JSON type.
 *
 * @example
 * editsProblem(shape, { path: "/a", recursive: true }, { path: "/a", recursive: "yes" }); // "recursive must be a boolean."
 */
export function editsProblem(shape: AnswerShape, proposed: unknown, edited: unknown): string | undefined {
  if (shape.kind !== "approval" || typeof shape.edits !== "object") return undefined;
  if (!isRecord(edited)) return "The edited arguments must be an object.";
  const before = isRecord(proposed) ? proposed : {};
  const { names, types } = shape.edits;
  for (const name of new Set([...Object.keys(before), ...Object.keys(edited)])) {
    if (JSON.stringify(edited[name]) === JSON.stringify(before[name])) continue;
    if (!names.includes(name)) return `${name} cannot be changed here.`;
    const type = Object.hasOwn(types, name) ? types[name] : undefined;
    if (type && !hasJsonType(edited[name], type)) return `${name} must be ${type === "integer" || type === "array" || type === "object" ? "an" : "a"} ${type}.`;
  }
  return undefined;
}

function hasJsonType(value: unknown, type: string): boolean {
  switch (type) {
    case "string": return typeof value === "string";
    case "boolean": return typeof value === "boolean";
    case "number": return typeof value === "number" && Number.isFinite(value);
    case "integer": return Number.isInteger(value);
    case "array": return Array.isArray(value);
    case "object": return isRecord(value);
    case "null": return value === null;
    default: return true;
  }
}

import type { Tool } from "@ag-ui/core";
import type { ThreadState, ToolCallState } from "../thread/types";
import { isDevelopment } from "../dev";
import { isRecord } from "../thread/guards";

/**
 * Tools the app defines and runs itself (the "front-end tool" origin): declared in every run while
 * registered, called by the agent, answered here with a tool message. The pure parts live here;
 * running handlers (and aborting them) is the store's.
 */

/**
 * A tool's parameters: a JSON Schema, or a schema of a library that implements Standard JSON
 * Schema (`~standard.jsonSchema`, e.g. zod ≥ 4.2, ArkType, valibot through `toStandardJsonSchema`)
 * — converted by the library itself, so the kit depends on none of them.
 */
export type ToolParameters = Record<string, unknown> | { readonly "~standard": unknown };

/**
 * The JSON Schema a tool declares, from either form of {@link ToolParameters}. Anything else (or
 * nothing) declares an object that takes any arguments.
 *
 * @example
 * toolParametersSchema(z.object({ city: z.string() })); // { type: "object", properties: { city: … }, … }
 */
export function toolParametersSchema(parameters: unknown): Record<string, unknown> {
  const standard = isRecord(parameters) ? (parameters["~standard"] as { jsonSchema?: { input?: (o: { target: string }) => unknown } } | undefined) : undefined;
  if (typeof standard?.jsonSchema?.input === "function") {
    const converted = standard.jsonSchema.input({ target: "draft-07" });
    if (isRecord(converted)) return converted;
  }
  if (isRecord(parameters) && !("~standard" in parameters)) return parameters;
  // A validator without a JSON Schema converter (zod before 4.2): sending its internals would be no
  // schema at all, so the tool takes any object, and development says how to fix it.
  if (parameters !== undefined && isDevelopment()) console.warn("Parley: a tool's parameters are neither a JSON Schema nor a Standard JSON Schema; pass z.toJSONSchema(schema) (or a JSON Schema) instead.");
  return { type: "object", properties: {} };
}

/**
 * The AG-UI declaration of a front-end tool, as `RunAgentInput.tools` carries it.
 *
 * @example
 * declareTool({ name: "change_background", description: "Paint the page", parameters: { type: "object" } });
 */
export function declareTool(tool: { name: string; description?: string; parameters?: unknown }): Tool {
  return { name: tool.name, description: tool.description ?? "", parameters: toolParametersSchema(tool.parameters) };
}

/**
 * The calls of the last run that a front-end tool must answer: left without a result when the run
 * finished (`pendingToolCallIds`), of a tool `isFrontend` names, and not waiting on a question or
 * an interrupt about them. In call order.
 *
 * @example
 * pendingFrontendCalls(thread, (name) => name === "generate_task_steps");
 */
export function pendingFrontendCalls(thread: ThreadState, isFrontend: (name: string) => boolean): ToolCallState[] {
  const calls: ToolCallState[] = [];
  for (const id of thread.pendingToolCallIds) {
    const call = thread.toolCalls.get(id);
    if (!call || call.resultMessageId || call.status !== "waiting" || call.interactionId || !isFrontend(call.name)) continue;
    calls.push(call);
  }
  return calls;
}

/** What a handler returned or threw, or what the person answered, before it is written. */
export type ToolOutcome = { ok: true; value: unknown } | { ok: false; error: string };

/**
 * The tool message's `content` and `error` for an outcome: a string result as it is, anything else
 * as JSON; an error as `{"error": …}` with the message also in the AG-UI `error` field.
 *
 * @example
 * toolOutcomeMessage({ ok: true, value: { steps: 3 } }); // { content: '{"steps":3}' }
 * toolOutcomeMessage({ ok: false, error: "No network" }); // { content: '{"error":"No network"}', error: "No network" }
 */
export function toolOutcomeMessage(outcome: ToolOutcome): { content: string; error?: string } {
  if (!outcome.ok) return { content: JSON.stringify({ error: outcome.error }), error: outcome.error };
  if (typeof outcome.value === "string") return { content: outcome.value };
  if (outcome.value === undefined) return { content: "" };
  try {
    return { content: JSON.stringify(outcome.value) ?? "" };
  } catch (error) {
    const message = `The tool's result could not be sent as JSON: ${error instanceof Error ? error.message : String(error)}`;
    return { content: JSON.stringify({ error: message }), error: message };
  }
}

/** One way the arguments do not fit the tool's schema. */
export interface ArgumentProblem {
  /** JSON Pointer into the arguments (`""` for the whole). */
  path: string;
  message: string;
}

/**
 * The error outcome for arguments that fail the tool's schema: the handler is not called, and the
 * agent learns what to fix.
 *
 * @example
 * argumentsRejected("generate_haiku", [{ path: "/japanese", message: "must be an array" }]);
 */
export function argumentsRejected(toolName: string, problems: readonly ArgumentProblem[]): ToolOutcome {
  const listed = problems.slice(0, 10).map((p) => `${p.path || "(arguments)"}: ${p.message}`).join("; ");
  return { ok: false, error: `The arguments of ${toolName} do not fit its parameters: ${listed || "invalid"}.` };
}

/** The error outcome of a handler that threw (or rejected). */
export function handlerFailed(error: unknown): ToolOutcome {
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : JSON.stringify(error) ?? String(error);
  return { ok: false, error: message || "The tool failed." };
}


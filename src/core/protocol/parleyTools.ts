import type { Tool } from "@ag-ui/core";
import type { MessageType } from "./envelope";

/**
 * The front-end tools Parley declares in every `RunAgentInput.tools` (unless the app opts out):
 * one per semantic message type. An agent that calls one asks the person; the call stays
 * unanswered until the person answers, and the answer comes back as the tool's result:
 *
 * `{"status":"answered","response":…}` · `{"status":"declined"}` · `{"status":"timed_out"}` ·
 * `{"status":"withdrawn"}` (the app took the question back) · `{"status":"shown"}` (notifications).
 *
 * The parameter schemas are the envelope payloads of `envelope.ts`, plus the envelope's own
 * optional fields; `test/core/protocol/parleyTools.test.ts` keeps the two in step.
 */

const envelopeFields = {
  allowInterrupt: {
    type: "boolean",
    description: "Whether the person may pause you while this is open (default true).",
  },
  timeoutMs: {
    type: "number",
    exclusiveMinimum: 0,
    description: "Milliseconds the person has to answer; when it runs out the client declines for them.",
  },
  expiresAt: {
    type: "string",
    format: "date-time",
    description: "An absolute deadline (ISO 8601); when it passes the client declines for the person.",
  },
  extendable: {
    type: "object",
    description: "Lets the person ask for more time: each request moves the deadline byMs later, at most times times (default 1).",
    properties: { byMs: { type: "number", exclusiveMinimum: 0 }, times: { type: "number", exclusiveMinimum: 0 } },
    required: ["byMs"],
  },
  context: {
    type: "object",
    description: "Free-form context shown to developers: sessionId, relatedSkill, …",
    additionalProperties: {},
  },
} as const;

const optionSchema = {
  type: "object",
  properties: {
    id: { type: "string", minLength: 1, description: "A stable id; the answer names it." },
    label: { type: "string", description: "What the person reads." },
    description: { type: "string" },
    confidence: { type: "number", minimum: 0, maximum: 1, description: "How sure you are, 0–1." },
  },
  required: ["id", "label"],
} as const;

/** Tool name → the message type it asks with. */
export const PARLEY_TOOL_TYPES = {
  parley_notify: "notification",
  parley_advise: "advice",
  parley_request_permission: "permission_request",
  parley_request_input: "input_request",
  parley_report_error: "error",
} as const satisfies Record<string, MessageType>;

export type ParleyToolName = keyof typeof PARLEY_TOOL_TYPES;

/**
 * The tool definitions, ready for `RunAgentInput.tools`; back ends may reference them.
 *
 * @example
 * import { parleyTools } from "parley-ui/core";
 * parleyTools.map((tool) => tool.name); // ["parley_notify", "parley_advise", …]
 */
export const parleyTools: readonly Tool[] = [
  {
    name: "parley_notify",
    description: "Tell the person something that needs no answer (progress, a result, a warning).",
    parameters: {
      type: "object",
      properties: {
        content: { type: "string", description: "The message, in the person's language." },
        level: { type: "string", enum: ["info", "success", "warning"] },
        ...envelopeFields,
      },
      required: ["content"],
    },
  },
  {
    name: "parley_advise",
    description:
      "Offer the person options to choose from (or a suggestion to accept or reject). The client numbers the options; " +
      "the person may answer by clicking or by typing the number. The result names the chosen option ids.",
    parameters: {
      type: "object",
      properties: {
        content: { type: "string", description: "The question or suggestion." },
        options: { type: "array", items: optionSchema, maxItems: 50, description: "Leave empty for accept / reject." },
        multiple: { type: "boolean", description: "Several options may be chosen." },
        allowFreeText: { type: "boolean", description: "The person may answer in their own words instead." },
        ...envelopeFields,
      },
      required: ["content"],
    },
  },
  {
    name: "parley_request_permission",
    description:
      "Ask the person to allow an operation before you do it. Required before anything destructive, irreversible, " +
      "that spends money or that touches private data. Only the person can approve; the result says whether they did.",
    parameters: {
      type: "object",
      properties: {
        operation: { type: "string", description: "The operation, e.g. the tool you want to call." },
        summary: { type: "string", description: "One sentence: what will happen." },
        details: { description: "What exactly: recipients, files, amounts." },
        categories: { type: "array", items: { type: "string", enum: ["destructive", "irreversible", "money", "privacy"] } },
        confirmLabel: { type: "string" },
        cancelLabel: { type: "string" },
        confirmText: { type: "string", description: "Text the person must type to approve (e.g. the file name)." },
        args: { description: "The arguments of the operation, when it is a tool call; shown to the person." },
        editable: { type: "boolean", description: "The person may change args before approving; the answer then carries editedArgs." },
        scopes: {
          type: "array",
          items: { type: "string", enum: ["once", "batch", "session", "conditional"] },
          description: "Scopes the person may approve with beyond this one operation, e.g. batch for 100 similar ones; the app's policy bounds them.",
        },
        ...envelopeFields,
      },
      required: ["operation", "summary"],
    },
  },
  {
    name: "parley_request_input",
    description: "Ask the person to fill in values (an address, dates, preferences). The result carries the values.",
    parameters: {
      type: "object",
      properties: {
        content: { type: "string", description: "What you need and why." },
        schema: { type: "object", description: "A JSON Schema (type object) of the values to collect.", additionalProperties: {} },
        ...envelopeFields,
      },
      required: ["content", "schema"],
    },
  },
  {
    name: "parley_report_error",
    description: "Tell the person something failed and offer ways to recover; the result names the action they chose.",
    parameters: {
      type: "object",
      properties: {
        content: { type: "string", description: "What failed, in words." },
        code: { type: "string" },
        actions: { type: "array", items: { type: "string", enum: ["retry", "undo", "report"] } },
        ...envelopeFields,
      },
      required: ["content"],
    },
  },
];

/**
 * The message type a tool name asks with, if it is one of Parley's.
 *
 * @example
 * parleyToolType("parley_advise"); // "advice"
 */
export function parleyToolType(name: string): MessageType | undefined {
  return Object.prototype.hasOwnProperty.call(PARLEY_TOOL_TYPES, name) ? PARLEY_TOOL_TYPES[name as ParleyToolName] : undefined;
}

/** The envelope fields a tool call's arguments may carry beside the payload. */
const ENVELOPE_KEYS = new Set(["allowInterrupt", "timeoutMs", "context", "expiresAt", "extendable"]);

/**
 * The envelope a Parley tool call stands for: the call's id is the envelope's id, the arguments
 * are the payload, and `allowInterrupt` / `timeoutMs` / `context` lift into the envelope.
 *
 * @example
 * envelopeFromToolArgs("t1", "parley_notify", { content: "Saved" }); // { messageId: "t1", messageType: "notification", … }
 */
export function envelopeFromToolArgs(toolCallId: string, name: ParleyToolName, args: unknown): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  const envelope: Record<string, unknown> = { messageId: toolCallId, messageType: PARLEY_TOOL_TYPES[name], payload };
  if (args && typeof args === "object" && !Array.isArray(args)) {
    for (const [key, value] of Object.entries(args)) {
      // JSON.parse keeps "__proto__" as an own key; assigning it would swap the payload's prototype.
      if (key === "__proto__") continue;
      if (ENVELOPE_KEYS.has(key)) envelope[key] = value;
      else payload[key] = value;
    }
  }
  return envelope;
}

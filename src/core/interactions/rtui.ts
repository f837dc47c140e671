import { isRecord } from "../thread/guards";
import { RTUI_ACTION_TYPES } from "../protocol/envelope";

/**
 * Seed 001's RTUI frames, as the thread sees them. An RTUI connection hands each `rtui/action` to
 * the fold as a `CUSTOM` event of this name (the agent's door, like every other way of asking);
 * the fold derives the interaction from the envelope {@link envelopeFromRtuiAction} makes. A
 * `rtui/action_result` *from the server* is handed over too, only to be refused as a forged answer.
 */
export const RTUI_ACTION_EVENT = "rtui/action";
export const RTUI_RESULT_EVENT = "rtui/action_result";
/**
 * Parley's addition to seed 001: the server no longer waits for an action (another page or device
 * answered it, its own deadline passed, the agent gave up). The card is withdrawn — never answered:
 * a withdrawal approves nothing — and nothing is sent back for it.
 */
export const RTUI_CLOSED_EVENT = "rtui/action_closed";
/** What `deliveredInRunId` holds once the RTUI server has the answer, or closed the action itself (no run carried it). */
export const RTUI_DELIVERY = "rtui/action_result";
/** Whether a `CUSTOM` event's name is one of the RTUI frames (they come outside any run). */
export function isRtuiFrame(name: unknown): boolean {
  return name === RTUI_ACTION_EVENT || name === RTUI_RESULT_EVENT || name === RTUI_CLOSED_EVENT;
}
/** A one-field form for a `prompt` that brings no schema of its own. */
const PROMPT_SCHEMA = { type: "object", properties: { answer: { type: "string", title: "Answer" } }, required: ["answer"] };

/**
 * The envelope an `rtui/action`'s params stand for: `confirm` / `requestPermission` ask
 * permission (`title` is the operation unless `operation` names it, `description` the summary), `prompt` / `form` ask for
 * values (`schema`, or one text field), `notify` shows `title` and `description`. Values are
 * passed on unchecked: `parseEnvelope` refuses what does not fit, in words.
 *
 * @example
 * envelopeFromRtuiAction({ actionId: "act_1", type: "confirm", title: "Delete file", description: "report.pdf goes for good.", timeout: 300000 });
 * // { messageId: "act_1", messageType: "confirm", timeoutMs: 300000, context: { rtui: true },
 * //   payload: { operation: "Delete file", summary: "report.pdf goes for good." } }
 */
export function envelopeFromRtuiAction(params: Record<string, unknown>): Record<string, unknown> {
  const { actionId, type, title, description, timeout } = params;
  const text = typeof title === "string" && typeof description === "string" && title && description ? `${title}\n\n${description}` : typeof description === "string" && description ? description : title;
  const semantic = typeof type === "string" && Object.hasOwn(RTUI_ACTION_TYPES, type) ? RTUI_ACTION_TYPES[type] : undefined;
  let payload: unknown;
  if (semantic === "permission_request") {
    // The operation is what policies and grants match: the server's own name for it when it gives
    // one (`operation`, Parley's addition), else the title; the card's header says the rest.
    const named = typeof params.operation === "string" && params.operation !== "";
    const said = typeof description === "string" && description ? description : title;
    const request: Record<string, unknown> = {
      operation: named ? params.operation : title,
      summary: named && typeof title === "string" && title && said !== title ? `${title} — ${String(said)}` : said,
    };
    // Seed 001's labels, and what Parley's own permission request adds (typed confirmation, categories).
    for (const key of ["confirmLabel", "cancelLabel", "confirmText", "categories", "details"]) {
      if (params[key] !== undefined) request[key] = params[key];
    }
    payload = request;
  } else if (semantic === "input_request") {
    payload = { content: text ?? "", schema: isRecord(params.schema) ? params.schema : PROMPT_SCHEMA };
  } else if (semantic === "notification") {
    payload = { content: text ?? "", ...(params.level !== undefined ? { level: params.level } : {}) };
  } else {
    payload = params.payload;
  }
  const envelope: Record<string, unknown> = { messageId: actionId, messageType: type, context: { ...(isRecord(params.context) ? params.context : {}), rtui: true }, payload };
  if (timeout !== undefined) envelope.timeoutMs = timeout;
  return envelope;
}

import type { Draft } from "../thread/draft";
import type { ThreadState } from "../thread/types";
import { isOpen, isRecord } from "../thread/guards";
import { parseEnvelope, RTUI_ACTION_TYPES } from "../protocol/envelope";
import type { Interaction } from "../interactions/types";
import { selectInteractions } from "../interactions/select";
import { addAsked, editInteraction, invalidate, newInteraction, open, syncRow, wireResponse } from "./ask";
import type { DecisionRecord } from "../decisions/types";
import { needsDecisionRecord, recordDescribes } from "../decisions/record";

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
    // Seed 001's labels, and what Parley's own permission request adds (typed confirmation, categories,
    // the arguments the decision record's digest covers).
    for (const key of ["confirmLabel", "cancelLabel", "confirmText", "categories", "details", "args"]) {
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

/**
 * `CUSTOM rtui/action` (an RTUI connection's `rtui/action`): a card asked over its own connection,
 * outside any run. The answer goes back as `rtui/action_result` (see {@link rtuiOutbox}).
 */
export function rtuiActionInteraction(d: Draft, value: unknown, event: { timestamp?: unknown }): void {
  const fallbackId = `${RTUI_ACTION_EVENT}-${d.eventIndex}`;
  const raw = envelopeFromRtuiAction(isRecord(value) ? value : {});
  const parsed = parseEnvelope(raw);
  const id = typeof raw.messageId === "string" && raw.messageId ? raw.messageId.slice(0, 200) : fallbackId;
  const interaction = newInteraction(id, { kind: "rtui", actionId: id }, "notification", undefined);
  if (typeof event.timestamp === "number") interaction.createdAt = event.timestamp;
  if (!addAsked(d, d.adopt(interaction))) return;
  if (parsed.ok) open(d, interaction, parsed.envelope);
  else invalidate(d, interaction, `CUSTOM ${RTUI_ACTION_EVENT}: ${parsed.problem}`, value, event);
  syncRow(d, interaction);
}

/** How long a server's reason for closing an RTUI action may be, in characters. */
const MAX_CLOSE_REASON = 300;

/**
 * `CUSTOM rtui/action_closed` (an RTUI connection's `rtui/action_closed`): the server no longer
 * waits for the action — another page or device answered it, or it gave up. A card still waiting
 * is withdrawn with the server's reason and owes the server nothing (it has its answer, or wants
 * none). One the person already settled keeps its answer, which still goes out until the server
 * acknowledges it; an action the thread never had is ignored. Closing never answers: a withdrawn
 * question approves nothing.
 */
export function closeRtuiAction(d: Draft, value: unknown, event: { timestamp?: unknown }): void {
  const actionId = isRecord(value) && typeof value.actionId === "string" ? value.actionId : undefined;
  if (!actionId) return void d.error("malformed-event", "rtui/action_closed needs an actionId", event);
  const found = d.s.interactions.get(actionId);
  if (found?.origin.kind !== "rtui" || found.origin.actionId !== actionId) return;
  if (!isOpen(found)) return;
  const edited = editInteraction(d, found);
  edited.status = "withdrawn";
  const reason = isRecord(value) && typeof value.reason === "string" ? value.reason.trim().slice(0, MAX_CLOSE_REASON) : "";
  edited.problem = reason || "The agent no longer waits for this answer.";
  if (typeof event.timestamp === "number") edited.settledAt = event.timestamp;
  edited.deliveredInRunId = RTUI_DELIVERY;
  delete edited.draft;
}

/** The answer to an `rtui/action`, as `rtui/action_result` params. */
export interface RtuiResult {
  actionId: string;
  status: "approved" | "declined" | "timeout";
  data?: unknown;
  /** The decision record, when the action carried the server's proof (`params.context.parley`, `createRtuiAsk`): beside `data`, never in it. */
  decision?: DecisionRecord;
}

/**
 * The `rtui/action_result` for a settled RTUI interaction, or `undefined` while it waits (and
 * for a notification, which answers nothing). An approval, a filled form or a choice is
 * `approved` with the answer as `data`; a refusal, a decline or a withdrawal is `declined`; a
 * deadline passed is `timeout`.
 *
 * @example
 * rtuiResultFor(interaction); // { actionId: "act_1", status: "approved", data: { scope: "once" } }
 */
export function rtuiResultFor(interaction: Interaction): RtuiResult | undefined {
  if (interaction.origin.kind !== "rtui") return undefined;
  const actionId = interaction.origin.actionId;
  switch (interaction.status) {
    case "timed_out":
      return { actionId, status: "timeout" };
    case "declined":
    case "withdrawn":
      return interaction.problem ? { actionId, status: "declined", data: { reason: interaction.problem } } : { actionId, status: "declined" };
    case "answered": {
      const response = wireResponse(interaction.response);
      if (response && "approved" in response) {
        const { approved, ...rest } = response;
        return { actionId, status: approved ? "approved" : "declined", ...(Object.keys(rest).length ? { data: rest } : {}) };
      }
      if (response && "values" in response) return { actionId, status: "approved", data: response.values };
      if (response && "action" in response && response.action === "reject") return { actionId, status: "declined" };
      return { actionId, status: "approved", data: response && "value" in response ? response.value : response };
    }
    default:
      return undefined;
  }
}

/**
 * The RTUI answers the server has not acknowledged yet: what a connection sends, and sends again
 * after a reconnect (or a reload, once the thread is restored). An answer whose action carried the
 * server's proof waits for its decision record (the store writes it once the digests are made) and
 * goes with it, beside `data`; where the browser cannot make digests (no WebCrypto: an insecure
 * origin) it goes without, and the server's `verifyDecision` refuses it in words.
 *
 * @example
 * rtuiOutbox(thread).map((r) => r.actionId); // ["act_1"]
 */
export function rtuiOutbox(thread: ThreadState): RtuiResult[] {
  const results: RtuiResult[] = [];
  for (const interaction of selectInteractions(thread)) {
    if (interaction.deliveredInRunId || (needsDecisionRecord(interaction) && globalThis.crypto?.subtle)) continue;
    const result = rtuiResultFor(interaction);
    if (!result) continue;
    if (interaction.decision && recordDescribes(interaction, interaction.decision)) result.decision = interaction.decision;
    results.push(result);
  }
  return results;
}

/** The interaction an `rtui/action` became, if the thread has one (how a repeated action is recognised). */
export function rtuiInteraction(thread: ThreadState, actionId: string): Interaction | undefined {
  const direct = thread.interactions.get(actionId);
  if (direct?.origin.kind === "rtui" && direct.origin.actionId === actionId) return direct;
  return selectInteractions(thread).find((i) => i.origin.kind === "rtui" && i.origin.actionId === actionId);
}

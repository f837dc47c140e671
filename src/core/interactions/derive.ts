import type { Interrupt } from "@ag-ui/core";
import type { Draft } from "../thread/draft";
import type { ThreadMessage, ToolCallState } from "../thread/types";
import { isOpen, isRecord } from "../thread/guards";
import { addInteraction, editInteraction, interactionRowId } from "../thread/write";
import { parseArgs } from "../fold/parseArgs";
import { parseEnvelope, type Envelope, type InputRequestPayload, type PermissionCategory, PERMISSION_CATEGORIES } from "../protocol/envelope";
import { envelopeFromToolArgs, parleyToolType, type ParleyToolName } from "../protocol/parleyTools";
import type { Interaction, InteractionOrigin, InteractionRow } from "./types";
import { envelopeFromRtuiAction, RTUI_ACTION_EVENT, RTUI_DELIVERY } from "./rtui";
import { allowsEdits, type AnswerShape } from "./answerShape";
import { customValue, interruptOfCustomValue, readInterrupt, type InterruptReading } from "./interruptReading";
import { isKitInteractionId } from "./kitIds";

/**
 * How the fold (the agent's door) derives interactions from what the agent sent. Nothing here
 * answers or declines: statuses only move to `pending`, `shown`, `invalid` or `withdrawn`.
 */

/** The `CUSTOM` event names that carry an interaction. */
export const INTERACTION_EVENT = "parley.interaction";
export const LANGGRAPH_INTERRUPT_EVENT = "on_interrupt";

const INVALID_TYPE = "parley:invalid";

/** Adds a question the agent asked, under an id of its own and never twice. */
function addAsked(d: Draft, interaction: Interaction): Interaction | undefined {
  if (isKitInteractionId(interaction.id)) {
    // The kit's own namespace: the agent's question is still shown, under an id of its own, so it
    // can never stand in for a card the kit asks (its origin says whose it is, not its id).
    d.error("id-conflict", `Interaction "${interaction.id.slice(0, 80)}" uses an id reserved for the kit's own questions; renamed`, undefined);
    interaction.id = `${interaction.id}#agent`;
    interaction.rowId = interactionRowId(interaction.id);
  }
  if (d.s.interactions.get(interaction.id) || d.s.messages.get(interaction.rowId)) {
    d.error("duplicate-id", `Interaction "${interaction.id}" already exists; the second one is ignored`, undefined);
    return undefined;
  }
  addInteraction(d, interaction);
  return interaction;
}

function newInteraction(id: string, origin: InteractionOrigin, messageType: Interaction["messageType"], runId: string | undefined): Interaction {
  const interaction: Interaction = { id, rowId: interactionRowId(id), messageType, origin, status: "pending", numbers: [] };
  if (runId) interaction.runId = runId;
  return interaction;
}

/** Fills in a checked envelope: numbers for its respondable items, its deadline, its status. */
function open(d: Draft, interaction: Interaction, envelope: Envelope): void {
  interaction.envelope = envelope;
  interaction.messageType = envelope.messageType;
  delete interaction.draft;
  if (envelope.timestamp !== undefined && interaction.createdAt === undefined) interaction.createdAt = envelope.timestamp;
  if (envelope.expiresAt !== undefined) interaction.deadline = Date.parse(envelope.expiresAt);
  if (envelope.messageType === "notification") {
    interaction.status = "shown";
    return;
  }
  interaction.status = "pending";
  const count = envelope.messageType === "advice" ? envelope.payload.options.length : envelope.messageType === "error" ? envelope.payload.actions.length : 0;
  const start = d.s.nextNumber;
  interaction.numbers = Array.from({ length: count }, (_, i) => start + i);
  d.s.nextNumber = start + count;
}

function invalidate(d: Draft, interaction: Interaction, problem: string, raw: unknown, event: unknown): void {
  interaction.status = "invalid";
  interaction.messageType = INVALID_TYPE;
  interaction.problem = problem;
  interaction.raw = raw;
  delete interaction.draft;
  d.error("invalid-envelope", problem, event);
}

/** Keeps the thread row's registry key in step with its interaction's type. */
function syncRow(d: Draft, interaction: Interaction): void {
  const row = d.s.messages.get(interaction.rowId) as (ThreadMessage & Partial<InteractionRow>) | undefined;
  if (!row || row.messageType === interaction.messageType) return;
  const owned = d.own(row);
  owned.messageType = interaction.messageType;
  d.edit("messages").set(owned);
}

/**
 * Once per burst, for the tool calls that changed: a call of a Parley tool becomes (or updates)
 * its interaction. While the arguments stream, the card shows the draft; at the end they are
 * checked as an envelope. A call that arrives already answered (history) is left as a tool call.
 */
export function syncToolInteractions(d: Draft, callIds: Iterable<string>): void {
  for (const callId of callIds) {
    const call = d.s.toolCalls.get(callId);
    const type = call && parleyToolType(call.name);
    if (!call || !type) continue;
    // Its own interaction only: a CUSTOM envelope or an interrupt may have taken the same id.
    const own = (id: string | undefined) => {
      const found = id === undefined ? undefined : d.s.interactions.get(id);
      return found?.origin.kind === "tool" && found.origin.toolCallId === call.id ? found : undefined;
    };
    let interaction = own(call.interactionId) ?? own(call.id) ?? own(`${call.id}#tool`);
    if (!interaction) {
      if (call.resultMessageId) continue;
      const id = d.s.interactions.get(call.id) ? `${call.id}#tool` : call.id;
      const created = newInteraction(id, { kind: "tool", toolCallId: call.id, toolName: call.name }, type, call.runId);
      created.status = "streaming";
      interaction = addAsked(d, d.adopt(created));
      if (!interaction) continue;
    }
    linkCall(d, call, interaction.id);
    if (interaction.status !== "streaming") continue;
    const edited = editInteraction(d, interaction);
    if (call.status === "streaming-args") {
      edited.draft = call.args;
    } else if (call.status === "error") {
      edited.status = "withdrawn";
      edited.problem = "The run ended before the question was complete.";
      delete edited.draft;
    } else {
      // Parsed here, not read from `call.args`: that is brought up to date once per burst, and the
      // envelope must not depend on where the burst ended.
      const args = parseArgs(call.argsText);
      const raw = envelopeFromToolArgs(call.id, call.name as ParleyToolName, args);
      const parsed = args === undefined && call.argsText.trim() ? { ok: false as const, problem: "The tool call's arguments are not valid JSON" } : parseEnvelope(raw);
      if (parsed.ok) open(d, edited, parsed.envelope);
      else invalidate(d, edited, `${call.name}: ${parsed.problem}`, call.argsText, call);
    }
    syncRow(d, edited);
  }
}

function linkCall(d: Draft, call: ToolCallState, interactionId: string): void {
  if (call.interactionId === interactionId) return;
  const owned = d.own(call);
  owned.interactionId = interactionId;
  d.edit("toolCalls").set(owned);
}

/**
 * `RUN_FINISHED` with an interrupt outcome: one interaction per interrupt, at the end of the
 * thread — unless the same question already came in this run as an `on_interrupt` event (LangGraph
 * and Mastra send both by default): that card becomes this interrupt's, so the person answers once
 * and the answer goes back as the `resume` entry the protocol asks for.
 */
export function addInterruptInteractions(d: Draft, interrupts: readonly Interrupt[], runId: string, timestamp: number | undefined): void {
  const announced = announcedInterrupts(d, runId);
  for (const interrupt of interrupts) {
    const known = typeof interrupt.toolCallId === "string" ? d.s.toolCalls.get(interrupt.toolCallId) : undefined;
    // The arguments as streamed so far, whether or not this burst has parsed them yet.
    const call = known && { ...known, args: parseArgs(known.argsText) };
    const reading = readInterrupt(interrupt);
    const origin: InteractionOrigin = { kind: "interrupt", interruptId: interrupt.id, reason: String(interrupt.reason ?? "") };
    if (typeof interrupt.toolCallId === "string") origin.toolCallId = interrupt.toolCallId;
    const answer = answerOf(reading);
    if (answer) origin.answer = answer;
    const twin = takeTwin(announced, interrupt, reading);
    if (twin) {
      adoptAsInterrupt(d, twin, origin, interrupt, call, reading);
      if (known) linkCall(d, known, twin.id);
      continue;
    }
    const id = d.s.interactions.get(interrupt.id) ? `${interrupt.id}@${runId}` : interrupt.id;
    const interaction = newInteraction(id, origin, "permission_request", runId);
    if (timestamp !== undefined) interaction.createdAt = timestamp;
    const parsed = parseEnvelope(interruptEnvelope(interrupt, call, reading));
    if (!addAsked(d, d.adopt(interaction))) continue;
    if (parsed.ok) open(d, interaction, parsed.envelope);
    else invalidate(d, interaction, `Interrupt "${interrupt.id}": ${parsed.problem}`, interrupt, interrupt);
    syncRow(d, interaction);
    if (known) linkCall(d, known, interaction.id);
  }
}

function answerOf(reading: InterruptReading): AnswerShape | undefined {
  return reading.approval ?? (reading.choices ? { kind: "choice" } : reading.plain ? { kind: "text" } : undefined);
}

/** This run's `on_interrupt` questions not yet delivered: each may be announcing an interrupt of the outcome. */
function announcedInterrupts(d: Draft, runId: string): Interaction[] {
  const found: Interaction[] = [];
  for (let i = d.s.interactionIds.length - 1; i >= 0; i--) {
    const interaction = d.s.interactions.get(d.s.interactionIds[i]!);
    if (!interaction || interaction.runId !== runId) {
      // Interactions are kept in the order they were asked: earlier runs' are behind this run's.
      if (interaction?.runId !== undefined && interaction.runId !== runId) break;
      continue;
    }
    if (interaction.origin.kind === "custom" && interaction.origin.name === LANGGRAPH_INTERRUPT_EVENT && !interaction.deliveredInRunId) found.unshift(interaction);
  }
  return found;
}

/**
 * The `on_interrupt` card that announced `interrupt`: by the interrupt id the event carried
 * (LangGraph's `rawEvent.id`), by the tool call both name, by the same question — or, when one of
 * each is left, by being the one. Taken from the list, so no card stands for two interrupts.
 */
function takeTwin(announced: Interaction[], interrupt: Interrupt, reading: InterruptReading): Interaction | undefined {
  const question = (i: Interaction) => {
    const payload = i.envelope?.payload as { content?: unknown; summary?: unknown } | undefined;
    return typeof payload?.summary === "string" ? payload.summary : typeof payload?.content === "string" ? payload.content : undefined;
  };
  const matchers: ((i: Interaction) => boolean)[] = [
    (i) => i.origin.kind === "custom" && i.origin.interruptId === interrupt.id,
    (i) => i.origin.kind === "custom" && i.origin.toolCallId !== undefined && i.origin.toolCallId === interrupt.toolCallId,
    (i) => reading.message !== "" && question(i) === reading.message,
  ];
  for (const matches of matchers) {
    const index = announced.findIndex(matches);
    if (index !== -1) return announced.splice(index, 1)[0];
  }
  return announced.length === 1 ? announced.pop() : undefined;
}

/** An `on_interrupt` card becomes the interrupt's: same card, the interrupt's origin (answered by `resume`). */
function adoptAsInterrupt(d: Draft, twin: Interaction, origin: InteractionOrigin, interrupt: Interrupt, call: ToolCallState | undefined, reading: InterruptReading): void {
  const edited = editInteraction(d, twin);
  edited.origin = origin;
  // What the event showed stands (the person may be reading it); a card the event could not
  // describe takes the interrupt's, when that one is whole.
  if (edited.status !== "invalid") return;
  const parsed = parseEnvelope(interruptEnvelope(interrupt, call, reading));
  if (!parsed.ok) return;
  delete edited.problem;
  delete edited.raw;
  open(d, edited, parsed.envelope);
  syncRow(d, edited);
}

/**
 * The envelope an AG-UI interrupt stands for: an approval (`tool_call`, `confirmation`, or a
 * `responseSchema` whose boolean `approved` / `accepted` says yes or no, or LangChain's
 * human-in-the-loop `action_requests`) asks permission, showing the call's arguments — editable
 * when the framework takes edits; `input_required`, or any other schema, asks for the values the
 * schema describes; a bare LangGraph question asks for one answer; anything else is shown from its
 * `message` with accept / reject.
 *
 * @example
 * envelopeFromInterrupt({ id: "i1", reason: "input_required", message: "Address?", responseSchema: { type: "object" } });
 */
export function envelopeFromInterrupt(interrupt: Interrupt, call?: ToolCallState): Record<string, unknown> {
  return interruptEnvelope(interrupt, call, readInterrupt(interrupt));
}

function interruptEnvelope(interrupt: Interrupt, call: ToolCallState | undefined, reading: InterruptReading): Record<string, unknown> {
  const { metadata, message } = reading;
  const base: Record<string, unknown> = { messageId: interrupt.id, context: { reason: interrupt.reason, ...(isRecord(metadata.context) ? metadata.context : {}) } };
  if (typeof interrupt.expiresAt === "string") base.expiresAt = interrupt.expiresAt;
  if (reading.approval) {
    // Unknown when the interrupt names no tool call and no metadata.operation: left empty (the card
    // then shows the question alone), not filled with the reason ("confirmation" is no operation).
    const operation = call?.name || reading.toolName || (typeof metadata.operation === "string" ? metadata.operation : "");
    const categories = Array.isArray(metadata.categories)
      ? metadata.categories.filter((c): c is PermissionCategory => (PERMISSION_CATEGORIES as readonly unknown[]).includes(c))
      : [];
    const payload: Record<string, unknown> = { operation, summary: message || operation || String(interrupt.reason), categories };
    if (metadata.details !== undefined) payload.details = metadata.details;
    for (const key of ["confirmText", "confirmLabel", "cancelLabel"] as const) {
      if (typeof metadata[key] === "string") payload[key] = metadata[key];
    }
    const args = call ? call.args : reading.args;
    if (args !== undefined) payload.args = args;
    payload.editable = args !== undefined && allowsEdits(reading.approval);
    return { ...base, messageType: "permission_request", payload };
  }
  if (reading.choices) {
    return { ...base, messageType: "advice", payload: { content: message || String(interrupt.reason), options: reading.choices.map((value) => ({ id: value, label: value })) } };
  }
  if (interrupt.reason === "input_required" || reading.schema) {
    const payload: InputRequestPayload = { content: message, schema: reading.schema ?? { type: "object", properties: {} } };
    return { ...base, messageType: "input_request", payload };
  }
  if (reading.plain) return { ...base, messageType: "input_request", payload: oneAnswer(message) };
  return { ...base, messageType: "advice", payload: { content: message || String(interrupt.reason) } };
}

/** A question answered in words: one required text field. */
function oneAnswer(question: string): InputRequestPayload {
  return { content: question, schema: { type: "object", properties: { answer: { type: "string", title: "Answer" } }, required: ["answer"] } };
}

/**
 * `CUSTOM parley.interaction` (an envelope), LangGraph's and Mastra's `CUSTOM on_interrupt` (the
 * interrupt's value), and an RTUI connection's `rtui/action`.
 */
export function customInteraction(d: Draft, name: string, value: unknown, event: { timestamp?: unknown; rawEvent?: unknown }): void {
  const rtui = name === RTUI_ACTION_EVENT;
  // An RTUI action comes over its own connection, outside any run.
  const runId = rtui ? undefined : d.s.runs[d.s.runs.length - 1]?.runId;
  const fallbackId = `${name}-${d.eventIndex}`;
  const described = name === LANGGRAPH_INTERRUPT_EVENT ? interruptOfCustomValue(value, fallbackId, event.rawEvent) : undefined;
  const reading = described && readInterrupt(described);
  const raw = rtui
    ? envelopeFromRtuiAction(isRecord(value) ? value : {})
    : name === INTERACTION_EVENT ? value
    : described && reading ? interruptEnvelope(described, knownCall(d, described.toolCallId), reading)
    : envelopeFromLangGraph(customValue(value), fallbackId);
  const parsed = parseEnvelope(raw);
  const rawId = isRecord(raw) && typeof raw.messageId === "string" && raw.messageId ? raw.messageId.slice(0, 200) : fallbackId;
  const origin: InteractionOrigin = rtui ? { kind: "rtui", actionId: rawId } : { kind: "custom", name };
  if (origin.kind === "custom" && described && reading) {
    const answer = answerOf(reading);
    if (answer) origin.answer = answer;
    if (described.id !== fallbackId) origin.interruptId = described.id;
    if (described.toolCallId) origin.toolCallId = described.toolCallId;
  }
  // The id the event named is the interrupt's; a card of its own keeps the row id unique.
  const id = described && described.id !== fallbackId && d.s.interactions.get(described.id) ? `${described.id}@${fallbackId}` : rawId;
  const interaction = newInteraction(id, origin, "notification", runId);
  if (typeof event.timestamp === "number") interaction.createdAt = event.timestamp;
  if (!addAsked(d, d.adopt(interaction))) return;
  if (parsed.ok) open(d, interaction, parsed.envelope);
  else invalidate(d, interaction, `CUSTOM ${name}: ${parsed.problem}`, value, event);
  syncRow(d, interaction);
  const call = described?.toolCallId !== undefined ? d.s.toolCalls.get(described.toolCallId) : undefined;
  if (call) linkCall(d, call, interaction.id);
}

/** The tool call an interrupt names, with its arguments as streamed so far. */
function knownCall(d: Draft, toolCallId: string | undefined): ToolCallState | undefined {
  const known = toolCallId !== undefined ? d.s.toolCalls.get(toolCallId) : undefined;
  return known && { ...known, args: parseArgs(known.argsText) };
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

/**
 * An `on_interrupt` value that describes no interrupt (an envelope is used as it is; an object with
 * a `message` or `question` asks it; anything else is shown as JSON): a one-field question.
 */
function envelopeFromLangGraph(value: unknown, fallbackId: string): unknown {
  const inner = isRecord(value) && "value" in value && !("messageType" in value) ? value.value : value;
  if (isRecord(inner) && typeof inner.messageType === "string") return inner;
  const question =
    typeof inner === "string" ? inner
    : isRecord(inner) && typeof inner.message === "string" ? inner.message
    : isRecord(inner) && typeof inner.question === "string" ? inner.question
    : JSON.stringify(inner ?? null).slice(0, 2000);
  const id = isRecord(value) && typeof value.id === "string" && value.id ? value.id : fallbackId;
  return { messageId: id, messageType: "input_request", payload: oneAnswer(question) };
}

/** A new run began: interrupts it did not resume are moot (the protocol requires resuming them all). */
export function withdrawUnresumedInterrupts(d: Draft): void {
  for (const id of d.s.interactionIds) {
    const interaction = d.s.interactions.get(id);
    if (interaction?.origin.kind !== "interrupt" || !isOpen(interaction)) continue;
    const edited = editInteraction(d, interaction);
    edited.status = "withdrawn";
    edited.problem = "A new run started without answering it.";
  }
}

/**
 * True when a tool message from the wire would answer a question still waiting for the person:
 * only the person answers (through `applyClientAction`), so such a message is refused.
 */
export function answersOpenInteraction(d: Draft, message: { role?: unknown; toolCallId?: unknown }): boolean {
  if (message.role !== "tool" || typeof message.toolCallId !== "string") return false;
  const toolCallId = message.toolCallId;
  const call = d.s.toolCalls.get(toolCallId);
  const interaction = call?.interactionId ? d.s.interactions.get(call.interactionId) : undefined;
  if (interaction && isOpen(interaction)) return true;
  // An interrupt about a call the thread does not hold (run on the server), or whose link a
  // snapshot re-stating the call dropped, waits for the person all the same.
  for (const id of d.s.interactionIds) {
    const other = d.s.interactions.get(id);
    if (other?.origin.kind === "interrupt" && other.origin.toolCallId === toolCallId && isOpen(other)) return true;
  }
  // A Parley call's interaction is derived right after the event that started it, so a call
  // without one here came in this same event from history (a run input), answered or not.
  return false;
}

import type { Interrupt, ResumeEntry } from "@ag-ui/core";
import type { Draft } from "../thread/draft";
import type { ThreadState, ToolCallState } from "../thread/types";
import { isOpen, isRecord } from "../thread/guards";
import { parseArgs } from "../fold/parseArgs";
import { parseEnvelope, type InputRequestPayload, type PermissionCategory, PERMISSION_CATEGORIES } from "../protocol/envelope";
import type { Interaction, InteractionOrigin } from "../interactions/types";
import { selectInteractions } from "../interactions/select";
import { allowsEdits, approvalPayload, DEFAULT_APPROVAL, type AnswerShape } from "../interactions/answerShape";
import { readInterrupt, type InterruptReading } from "../interactions/interruptReading";
import { readAskProof, recordDescribes } from "../decisions/record";
import { addAsked, editInteraction, invalidate, LANGGRAPH_INTERRUPT_EVENT, linkCall, newInteraction, open, syncRow } from "./ask";

/**
 * An AG-UI interrupt: a run ends with `outcome: "interrupt"` and the questions it waits on. Each
 * becomes a card (or takes over the `on_interrupt` card that announced it); the answer goes back
 * as the `resume` entry the protocol asks for, shaped as the agent's framework reads it.
 */

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
    // The server's proof (`createInterruptAsk`): the person's decision goes back with a record it can verify.
    const proof = readAskProof(reading.metadata.parley);
    if (proof) origin.proof = proof;
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

export function answerOf(reading: InterruptReading): AnswerShape | undefined {
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

export function interruptEnvelope(interrupt: Interrupt, call: ToolCallState | undefined, reading: InterruptReading): Record<string, unknown> {
  const { metadata, message } = reading;
  const base: Record<string, unknown> = { messageId: interrupt.id, context: { reason: interrupt.reason, ...(isRecord(metadata.context) ? metadata.context : {}) } };
  if (typeof interrupt.expiresAt === "string") base.expiresAt = interrupt.expiresAt;
  // Another framework's metadata may use the name for something else: taken only in Parley's shape, else left out.
  if (isRecord(metadata.extendable) && typeof metadata.extendable.byMs === "number") base.extendable = metadata.extendable;
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
export function oneAnswer(question: string): InputRequestPayload {
  return { content: question, schema: { type: "object", properties: { answer: { type: "string", title: "Answer" } }, required: ["answer"] } };
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
 * The `resume` entry for an interrupt-origin interaction that was answered, declined or timed out,
 * shaped as its framework reads it (`origin.answer`, see `answerShape.ts`): an approval or a
 * refusal is `resolved` with the framework's own boolean (`{ approved }`, `{ accepted }`, LangChain's
 * `decisions`) and the person's edits the way it takes them — never the kit's scope or grant; an
 * answered form sends its values, a bare question its words; a declined form, or anything late,
 * is `cancelled` (an expired interrupt may only be cancelled).
 *
 * @example
 * resumeEntryFor(interaction); // { interruptId: "int-1", status: "resolved", payload: { approved: true } }
 */
export function resumeEntryFor(interaction: Interaction): ResumeEntry | undefined {
  const entry = resumeEntryOf(interaction);
  // The decision record rides in the slot AG-UI gave resume entries for signatures, beside the
  // payload the framework reads (which it never changes).
  return entry && interaction.decision && recordDescribes(interaction, interaction.decision) ? { ...entry, metadata: { parley: interaction.decision } } : entry;
}

function resumeEntryOf(interaction: Interaction): ResumeEntry | undefined {
  if (interaction.origin.kind !== "interrupt") return undefined;
  const interruptId = interaction.origin.interruptId;
  const shape = answerShape(interaction);
  // An invalid interrupt can never be answered, yet counts as covered: it is cancelled, or the run
  // would leave it unresumed (which the protocol rejects). LangChain's middleware fails on a
  // cancellation: a question it asked that the person could not answer is refused instead.
  if (interaction.status === "timed_out" || interaction.status === "withdrawn" || interaction.status === "invalid") {
    return shape?.kind === "decisions" && interaction.status !== "timed_out" ? { interruptId, status: "resolved", payload: approvalPayload(shape, false, undefined, undefined) } : { interruptId, status: "cancelled" };
  }
  if (interaction.status === "declined") {
    return shape?.kind === "approval" || shape?.kind === "decisions" ? { interruptId, status: "resolved", payload: approvalPayload(shape, false, undefined, undefined) } : { interruptId, status: "cancelled" };
  }
  if (interaction.status !== "answered") return undefined;
  const payload = answerPayload(interaction, shape);
  return payload === CANCELLED ? { interruptId, status: "cancelled" } : { interruptId, status: "resolved", payload };
}

export const CANCELLED = Symbol("cancelled");

/** How the interaction's framework reads its answer: what derivation found, or AG-UI's own approval for an approval reason. */
export function answerShape(interaction: Interaction): AnswerShape | undefined {
  const origin = interaction.origin;
  if ((origin.kind === "interrupt" || origin.kind === "custom") && origin.answer) return origin.answer;
  if (origin.kind === "interrupt" && (origin.reason === "tool_call" || origin.reason === "confirmation")) return DEFAULT_APPROVAL;
  return interaction.envelope?.messageType === "permission_request" ? DEFAULT_APPROVAL : undefined;
}

/** The answered value the framework reads: an approval in its own words, a form's values, a bare question's words. */
export function answerPayload(interaction: Interaction, shape: AnswerShape | undefined): unknown {
  const response = interaction.response;
  const proposed = interaction.envelope?.messageType === "permission_request" ? interaction.envelope.payload.args : undefined;
  const approvalShape = shape?.kind === "approval" || shape?.kind === "decisions" ? shape : undefined;
  if (response && "approved" in response) return approvalPayload(approvalShape ?? DEFAULT_APPROVAL, response.approved === true, proposed, response.editedArgs);
  if (response && "values" in response) {
    const values = response.values;
    return shape?.kind === "text" && Object.hasOwn(values, "answer") ? values.answer : values;
  }
  if (response && "action" in response && shape?.kind === "choice" && response.action === "choose") return response.optionIds[0];
  if (response && "action" in response) {
    if (approvalShape && (response.action === "accept" || response.action === "reject")) return approvalPayload(approvalShape, response.action === "accept", proposed, undefined);
    if (response.action === "reject") return CANCELLED;
    return response;
  }
  return response && "value" in response ? response.value : response;
}

export function resumeEntries(thread: ThreadState, given: readonly ResumeEntry[]): ResumeEntry[] {
  if (thread.pendingInterrupts.length === 0) return [...given];
  const byInterrupt = new Map(given.map((entry) => [entry.interruptId, entry]));
  const interactions = selectInteractions(thread);
  for (const interrupt of thread.pendingInterrupts) {
    if (byInterrupt.has(interrupt.id)) continue;
    // The newest interaction for this interrupt id (an id the agent reused gets a fresh interaction).
    for (let i = interactions.length - 1; i >= 0; i--) {
      const interaction = interactions[i]!;
      if (interaction.origin.kind !== "interrupt" || interaction.origin.interruptId !== interrupt.id) continue;
      const entry = resumeEntryFor(interaction);
      if (entry) byInterrupt.set(interrupt.id, entry);
      break;
    }
  }
  return thread.pendingInterrupts.flatMap((i) => byInterrupt.get(i.id) ?? []).concat(given.filter((e) => !thread.pendingInterrupts.some((i) => i.id === e.interruptId)));
}

import type { Draft } from "../thread/draft";
import type { ThreadMessage, ToolCallState } from "../thread/types";
import { addInteraction, editInteraction, interactionRowId } from "../thread/write";
import type { Envelope } from "../protocol/envelope";
import type { Interaction, InteractionOrigin, InteractionResponse, InteractionRow } from "../interactions/types";
import { isKitInteractionId } from "../interactions/kitIds";

/**
 * What every way of asking shares: a question is made, numbered, checked and placed in the
 * thread the same way whoever asked it (see the modules beside this one, one per origin). Nothing
 * here answers or declines: statuses only move to `pending`, `shown`, `invalid` or `withdrawn`.
 */

/** The `CUSTOM` event names that carry an interaction. */
export const INTERACTION_EVENT = "parley.interaction";

export const LANGGRAPH_INTERRUPT_EVENT = "on_interrupt";

const INVALID_TYPE = "parley:invalid";

/** Adds a question the agent asked, under an id of its own and never twice. */
export function addAsked(d: Draft, interaction: Interaction): Interaction | undefined {
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

export function newInteraction(id: string, origin: InteractionOrigin, messageType: Interaction["messageType"], runId: string | undefined): Interaction {
  const interaction: Interaction = { id, rowId: interactionRowId(id), messageType, origin, status: "pending", numbers: [] };
  if (runId) interaction.runId = runId;
  return interaction;
}

/** Fills in a checked envelope: numbers for its respondable items, its deadline, its status. */
export function open(d: Draft, interaction: Interaction, envelope: Envelope): void {
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

export function invalidate(d: Draft, interaction: Interaction, problem: string, raw: unknown, event: unknown): void {
  interaction.status = "invalid";
  interaction.messageType = INVALID_TYPE;
  interaction.problem = problem;
  interaction.raw = raw;
  delete interaction.draft;
  d.error("invalid-envelope", problem, event);
}

/** Keeps the thread row's registry key in step with its interaction's type. */
export function syncRow(d: Draft, interaction: Interaction): void {
  const row = d.s.messages.get(interaction.rowId) as (ThreadMessage & Partial<InteractionRow>) | undefined;
  if (!row || row.messageType === interaction.messageType) return;
  const owned = d.own(row);
  owned.messageType = interaction.messageType;
  d.edit("messages").set(owned);
}

export function linkCall(d: Draft, call: ToolCallState, interactionId: string): void {
  if (call.interactionId === interactionId) return;
  const owned = d.own(call);
  owned.interactionId = interactionId;
  d.edit("toolCalls").set(owned);
}

/**
 * What the agent is told of an answer: for an approval, `approved` and the person's `editedArgs`
 * alone — the typed confirmation, the scope, the grant and its limits are the kit's bookkeeping
 * (the thread, the audit, the grants' context entry), never keys of the answer.
 */
export function wireResponse(response: InteractionResponse | undefined): InteractionResponse | undefined {
  if (!response || !("approved" in response)) return response;
  return response.editedArgs === undefined ? { approved: response.approved } : { approved: response.approved, editedArgs: response.editedArgs };
}

export { editInteraction };

import type { Draft } from "../thread/draft";
import type { ThreadState } from "../thread/types";
import type { AuditRecord } from "../policy/types";
import { isRecord } from "../thread/guards";
import { interactionRowId } from "../thread/write";
import type { A2uiResponse, Interaction, InteractionResponse } from "../interactions/types";
import { selectInteractions } from "../interactions/select";
import type { A2uiUserAction } from "../a2ui/types";
import { readA2uiContent } from "../a2ui/surface";
import { surfaceActions, userActionFor, withEdits, type A2uiActionItem } from "../a2ui/actions";
import { actionOptionId } from "../a2ui/scan";
import type { A2uiPlan } from "./a2ui";
import { editInteraction } from "./ask";

/**
 * The person's door for A2UI surfaces (loaded on first use; see `a2uiDoor` in `a2ui.ts`): what a
 * press sends, resolved from the surface model with the person's edits and checked, or the
 * permission card it must pass first.
 */

const confirmId = (interactionId: string, n: number): string => `${interactionId}#confirm-${n}`;


/** A number reply ("2") chooses the second button: the same as pressing it, without edits. */
function asA2uiResponse(response: InteractionResponse): A2uiResponse | undefined {
  if (!isRecord(response)) return undefined;
  const r = response as Record<string, unknown>;
  if (r.action === "a2ui" && typeof r.optionId === "string") return r as unknown as A2uiResponse;
  if (r.action === "choose" && Array.isArray(r.optionIds) && r.optionIds.length === 1 && typeof r.optionIds[0] === "string") return { action: "a2ui", optionId: r.optionIds[0] };
  return undefined;
}

/**
 * How the person's door takes an answer to a surface's interaction. Pure: the thread is read,
 * not changed.
 *
 * @example
 * planA2uiAnswer(thread, interaction, { action: "a2ui", optionId: "booking/book", edits: { "/booking/name": "Ada" } }, Date.now());
 * // { kind: "send", response: { …, userAction: { name: "book_table", surfaceId: "booking", sourceComponentId: "book", context: { … } } } }
 */
export function planA2uiAnswer(thread: ThreadState, interaction: Interaction, response: InteractionResponse, at: number): A2uiPlan {
  if (interaction.origin.kind !== "a2ui" || interaction.origin.confirms) return { kind: "refused", message: "Not a surface's question." };
  const asked = asA2uiResponse(response);
  if (!asked) return { kind: "refused", message: "A surface is answered by pressing one of its buttons." };
  const owed = selectInteractions(thread).find((i) => i.origin.kind === "a2ui" && !i.origin.confirms && i.id !== interaction.id && i.status === "answered" && !i.deliveredInRunId);
  if (owed) return { kind: "refused", message: "The agent has not yet received the last action on a surface; try again when it answers." };
  const message = thread.messages.get(interaction.origin.messageId);
  if (message?.role !== "activity") return { kind: "refused", message: "The surface is gone." };
  const surfaces = readA2uiContent(message.content);
  // Only what the agent's door offered (and numbered) can be pressed; the full model resolves it.
  const offered = interaction.envelope?.messageType === "advice" && interaction.envelope.payload.options.some((o) => o.id === asked.optionId);
  const item = offered ? surfaceActions(surfaces).find((i) => actionOptionId(i.surfaceId, i.componentId, i.scope) === asked.optionId) : undefined;
  if (!item) return { kind: "refused", message: `"${asked.optionId}" is not one of the surface's actions.` };
  const surface = surfaces.surfaces[item.surfaceId]!;
  const edits = isRecord(asked.edits) ? asked.edits : undefined;
  const resolved = userActionFor(surface, item.componentId, withEdits(surface.dataModel, edits), new Date(at).toISOString(), item.scope);
  if (!resolved) return { kind: "refused", message: `"${asked.optionId}" sends nothing.` };
  if (!resolved.ok) return { kind: "refused", message: resolved.problems.join(" ") };
  if (item.consequential || asked.confirm === true) {
    const n = selectInteractions(thread).filter((i) => i.origin.kind === "a2ui" && i.origin.confirms?.interactionId === interaction.id).length + 1;
    return { kind: "confirm", card: confirmCard(interaction, item, resolved.action, n, at) };
  }
  const sent: A2uiResponse = { action: "a2ui", optionId: asked.optionId, userAction: resolved.action };
  if (edits) sent.edits = edits;
  return { kind: "send", response: sent };
}

function confirmCard(surface: Interaction, item: A2uiActionItem, userAction: A2uiUserAction, n: number, at: number): Interaction {
  const id = confirmId(surface.id, n);
  const interaction: Interaction = {
    id,
    rowId: interactionRowId(id),
    messageType: "permission_request",
    envelope: {
      messageId: id,
      messageType: "permission_request",
      timestamp: at,
      allowInterrupt: true,
      context: { a2ui: true },
      payload: { operation: userAction.name, summary: item.label === userAction.name ? `"${item.label}" on ${userAction.surfaceId}` : `${item.label} (${userAction.name}) on ${userAction.surfaceId}`, categories: [], args: userAction.context },
    },
    origin: { kind: "a2ui", messageId: surface.origin.kind === "a2ui" ? surface.origin.messageId : "", confirms: { interactionId: surface.id, optionId: actionOptionId(item.surfaceId, item.componentId, item.scope), userAction } },
    status: "pending",
    numbers: [],
    createdAt: at,
    receivedAt: at,
  };
  if (surface.runId) interaction.runId = surface.runId;
  return interaction;
}

/**
 * A confirmation card settled (`settled` in `a2ui.ts`): approved, it answers its surface with the
 * action it held, audited as the surface's own decision. Declined, the surface still waits.
 *
 * @example
 * confirmed(draft, card, "ana@acme.com");
 */
export function confirmed(d: Draft, interaction: Interaction, who: string): void {
  if (interaction.origin.kind !== "a2ui" || !interaction.origin.confirms) return;
  const { interactionId, optionId, userAction } = interaction.origin.confirms;
  const response = interaction.response;
  if (interaction.status !== "answered" || !response || !("approved" in response) || response.approved !== true) return;
  const surface = d.s.interactions.get(interactionId);
  if (!surface || surface.status !== "pending") return;
  const edited = editInteraction(d, surface);
  edited.status = "answered";
  edited.response = { action: "a2ui", optionId, userAction } satisfies A2uiResponse;
  edited.how = interaction.how ?? "click";
  const at = interaction.settledAt ?? 0;
  edited.settledAt = at;
  // The surface's own decision record: what says, after a reload, that the person took this action.
  const record: AuditRecord = { id: `${surface.id}:approved:${at}`, at, decision: "approved", how: edited.how, who, interactionId: surface.id, messageType: surface.messageType, operation: userAction.name };
  if (!d.s.audit.some((r) => r.id === record.id)) (d.edit("audit") as AuditRecord[]).push(record);
}


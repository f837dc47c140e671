import type { Draft } from "../thread/draft";
import type { ThreadMessage, ThreadState } from "../thread/types";
import { isRecord } from "../thread/guards";
import { interactionRowId } from "../thread/write";
import type { AdvicePayload, Envelope } from "../protocol/envelope";
import type { A2uiResponse, Interaction, InteractionResponse } from "../interactions/types";
import { selectInteractions } from "../interactions/select";
import type { A2uiUserAction } from "../a2ui/types";
import type { AuditRecord } from "../policy/types";
import { A2UI_ACTIVITY, readA2uiContent } from "../a2ui/surface";
import { actionOptionId, surfaceActions, userActionFor, withEdits, type A2uiActionItem } from "../a2ui/actions";
import { addAsked, editInteraction, newInteraction, syncRow } from "./ask";

/**
 * A2UI surfaces as a way of asking. The agent's door (`foldEvents`) derives, for every
 * `a2ui-surface` activity whose surfaces have buttons that send events, one interaction numbered
 * like advice — one option per button, so "2" in the composer or an IM reply presses the second.
 * The person's door resolves what a press sends (the event's context from the data model with the
 * person's edits, checks first), asks on a permission card first when the agent marked the action
 * consequential (or the app's policy asks for it), and audits it. `buildRunInput` carries it once,
 * as `forwardedProps.a2uiAction.userAction` — the shape `@ag-ui/a2ui-middleware` reads.
 */

/** The registry key of a surface's interaction row (the surface itself is drawn by its activity). */
export const A2UI_INTERACTION_TYPE = "a2ui:surface";
/** What `deliveredInRunId` holds for what owes the agent nothing: a confirmation card, a surface taken back. */
export const A2UI_NOTHING_OWED = "a2ui/nothing-owed";

/** The interaction id of the surfaces an activity message carries. */
export const a2uiInteractionId = (messageId: string): string => `a2ui:${messageId}`;
type ActivityMessage = Extract<ThreadMessage, { role: "activity" }>;
const confirmId = (interactionId: string, n: number): string => `${interactionId}#confirm-${n}`;

function currentRunId(d: Draft): string | undefined {
  const last = d.s.runs[d.s.runs.length - 1];
  return last?.status === "running" ? last.runId : undefined;
}

function adviceEnvelope(id: string, items: readonly A2uiActionItem[], title: string): Envelope {
  const payload: AdvicePayload = { content: title, options: items.map((i) => ({ id: actionOptionId(i.surfaceId, i.componentId), label: i.label })), multiple: false, allowFreeText: false };
  return { messageId: id, messageType: "advice", allowInterrupt: true, context: { a2ui: true }, payload };
}

/** The first heading-like text of a surface, else its id: what a channel says the surface is. */
function titleOf(message: ActivityMessage): string {
  const surfaces = readA2uiContent(message.content);
  for (const surfaceId of surfaces.surfaceIds) {
    const surface = surfaces.surfaces[surfaceId]!;
    for (const id of surface.componentIds) {
      const c = surface.components[id]!;
      if (c.component === "Text" && typeof c.text === "string" && typeof c.variant === "string" && /^h\d$/.test(c.variant)) return c.text.replace(/^#+\s*/, "").slice(0, 200);
    }
  }
  return surfaces.surfaceIds[0] ?? "A2UI surface";
}

/**
 * After an `a2ui-surface` activity changed (the agent's door): its interaction is made, follows the
 * buttons as the surface streams (numbers kept for buttons already offered), or — when no button
 * is left, or the activity changed type — is withdrawn, owing nothing. A settled one is left alone.
 */
export function a2uiSurfaceChanged(d: Draft, messageId: string): void {
  const message = d.s.messages.get(messageId);
  const id = a2uiInteractionId(messageId);
  const existing = d.s.interactions.get(id);
  const items = message?.role === "activity" && message.activityType === A2UI_ACTIVITY ? surfaceActions(readA2uiContent(message.content)) : [];
  if (existing && (existing.origin.kind !== "a2ui" || existing.status !== "pending")) return;
  if (items.length === 0) {
    if (!existing) return;
    const edited = editInteraction(d, existing);
    edited.status = "withdrawn";
    edited.problem = "The surface no longer offers an action.";
    edited.deliveredInRunId = A2UI_NOTHING_OWED;
    return;
  }
  const envelope = adviceEnvelope(id, items, titleOf(message as ActivityMessage));
  const options = (envelope.payload as AdvicePayload).options;
  if (!existing) {
    const interaction = newInteraction(id, { kind: "a2ui", messageId }, A2UI_INTERACTION_TYPE, currentRunId(d));
    if (!addAsked(d, d.adopt(interaction))) return;
    interaction.envelope = envelope;
    interaction.numbers = options.map((_, i) => d.s.nextNumber + i);
    d.s.nextNumber += options.length;
    syncRow(d, interaction);
    return;
  }
  const before = existing.envelope?.messageType === "advice" ? existing.envelope.payload.options : [];
  if (JSON.stringify(before) === JSON.stringify(options)) return;
  const edited = editInteraction(d, existing);
  edited.envelope = envelope;
  edited.numbers = options.map((o) => {
    const was = before.findIndex((b) => b.id === o.id);
    if (was !== -1 && existing.numbers[was] !== undefined) return existing.numbers[was];
    return d.s.nextNumber++;
  });
}

/** What the person's answer to a surface resolves to: the action to send, or a card to confirm it on first. */
export type A2uiPlan =
  | { kind: "send"; response: A2uiResponse }
  | { kind: "confirm"; card: Interaction }
  | { kind: "refused"; message: string };

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
  const item = surfaceActions(surfaces).find((i) => actionOptionId(i.surfaceId, i.componentId) === asked.optionId);
  if (!item) return { kind: "refused", message: `"${asked.optionId}" is not one of the surface's actions.` };
  const surface = surfaces.surfaces[item.surfaceId]!;
  const edits = isRecord(asked.edits) ? asked.edits : undefined;
  const resolved = userActionFor(surface, item.componentId, withEdits(surface.dataModel, edits), new Date(at).toISOString());
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
    origin: { kind: "a2ui", messageId: surface.origin.kind === "a2ui" ? surface.origin.messageId : "", confirms: { interactionId: surface.id, optionId: actionOptionId(item.surfaceId, item.componentId), userAction } },
    status: "pending",
    numbers: [],
    createdAt: at,
    receivedAt: at,
  };
  if (surface.runId) interaction.runId = surface.runId;
  return interaction;
}

/**
 * Settling (the person's door): a confirmation card owes the agent nothing itself; approved, it
 * answers its surface with the action it held. Declined, the surface still waits.
 */
export function settled(d: Draft, interaction: Interaction, who = "person"): void {
  if (interaction.origin.kind !== "a2ui" || !interaction.origin.confirms) return;
  interaction.deliveredInRunId = A2UI_NOTHING_OWED;
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

/** A surface taken back owes the agent nothing. */
export function withdrawn(_d: Draft, interaction: Interaction): void {
  interaction.deliveredInRunId = A2UI_NOTHING_OWED;
}

/**
 * The `forwardedProps.a2uiAction` of the next run: the oldest action on a surface the agent has not
 * received, or `undefined`. One per run — the person's door refuses a second until this one is delivered.
 *
 * @example
 * a2uiForwarded(thread); // { userAction: { name: "book_table", surfaceId: "booking", sourceComponentId: "book", timestamp: "…", context: { guests: 4 } } }
 */
export function a2uiForwarded(thread: ThreadState): { userAction: A2uiUserAction } | undefined {
  for (const interaction of selectInteractions(thread)) {
    if (interaction.origin.kind !== "a2ui" || interaction.origin.confirms || interaction.deliveredInRunId || interaction.status !== "answered") continue;
    const response = interaction.response;
    if (response && "action" in response && response.action === "a2ui" && response.userAction) return { userAction: response.userAction };
  }
  return undefined;
}

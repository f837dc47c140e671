import type { Draft } from "../thread/draft";
import type { ThreadState } from "../thread/types";
import type { AdvicePayload, Envelope } from "../protocol/envelope";
import type { A2uiResponse, Interaction, InteractionResponse } from "../interactions/types";
import { selectInteractions } from "../interactions/select";
import type { A2uiUserAction } from "../a2ui/types";
import { actionOptionId, scanA2ui, type ScannedAction } from "../a2ui/scan";
import { lazyModule } from "../lazyModule";
import { addAsked, editInteraction, newInteraction, syncRow } from "./ask";

/** The activity type `@ag-ui/a2ui-middleware` gives a surface. */
export const A2UI_ACTIVITY = "a2ui-surface";

/**
 * How the person's door resolves a press (the surface model, bindings and checks): loaded with the
 * renderer, or by importing `parley-ui/a2ui`; until then a press is refused, in words.
 */
export const a2uiDoor = lazyModule(() => import("./a2uiDoor"));
/** The refusal while the door's module is not there (the renderer or `parley-ui/a2ui` loads it). */
export const A2UI_LOADING = "The surface is still loading; send it again in a moment.";

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

function currentRunId(d: Draft): string | undefined {
  const last = d.s.runs[d.s.runs.length - 1];
  return last?.status === "running" ? last.runId : undefined;
}

function adviceEnvelope(id: string, items: readonly ScannedAction[], title: string): Envelope {
  const payload: AdvicePayload = { content: title, options: items.map((i) => ({ id: actionOptionId(i.surfaceId, i.componentId, i.scope), label: i.label })), multiple: false, allowFreeText: false };
  return { messageId: id, messageType: "advice", allowInterrupt: true, context: { a2ui: true }, payload };
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
  const scanned = message?.role === "activity" && message.activityType === A2UI_ACTIVITY ? scanA2ui(message.content) : { actions: [] };
  const items = scanned.actions;
  if (existing && (existing.origin.kind !== "a2ui" || existing.status !== "pending")) return;
  if (items.length === 0) {
    if (!existing) return;
    const edited = editInteraction(d, existing);
    edited.status = "withdrawn";
    edited.problem = "The surface no longer offers an action.";
    edited.deliveredInRunId = A2UI_NOTHING_OWED;
    return;
  }
  const envelope = adviceEnvelope(id, items, scanned.title ?? items[0]!.surfaceId);
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

/**
 * Settling (the person's door): a confirmation card owes the agent nothing itself; approved, it
 * answers its surface with the action it held (in the door's module: a card exists only once the
 * door made it, and `refusalOf` holds an approval until the door is there again after a reload).
 */
export function settled(d: Draft, interaction: Interaction, who = "person"): void {
  if (interaction.origin.kind !== "a2ui" || !interaction.origin.confirms) return;
  interaction.deliveredInRunId = A2UI_NOTHING_OWED;
  a2uiDoor.loaded()?.confirmed(d, interaction, who);
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
/**
 * The door's plan for an answer to a surface, or a refusal while the door's module is not loaded.
 *
 * @example
 * planA2uiAnswer(thread, interaction, { action: "a2ui", optionId: "booking/book", edits: { "/booking/name": "Ada" } }, Date.now());
 */
export function planA2uiAnswer(thread: ThreadState, interaction: Interaction, response: InteractionResponse, at: number): A2uiPlan {
  const door = a2uiDoor.loaded();
  return door ? door.planA2uiAnswer(thread, interaction, response, at) : { kind: "refused", message: A2UI_LOADING };
}

/** What the person's answer to a surface resolves to: the action to send, or a card to confirm it on first. */
export type A2uiPlan =
  | { kind: "send"; response: A2uiResponse }
  | { kind: "confirm"; card: Interaction }
  | { kind: "refused"; message: string };

export function a2uiForwarded(thread: ThreadState): { userAction: A2uiUserAction } | undefined {
  for (const interaction of selectInteractions(thread)) {
    if (interaction.origin.kind !== "a2ui" || interaction.origin.confirms || interaction.deliveredInRunId || interaction.status !== "answered") continue;
    const response = interaction.response;
    if (response && "action" in response && response.action === "a2ui" && response.userAction) return { userAction: response.userAction };
  }
  return undefined;
}

import type { ThreadState } from "../thread/types";
import { resolveReply } from "../enumeration/resolveReply";
import { formatRange, selectRespondable, type RespondableItem } from "../enumeration/range";
import { isPauseRequest } from "./pause";
import { selectPendingIds } from "./select";
import type { InteractionResponse } from "./types";

/**
 * What the person's message will do, decided before it is sent — by the kit, not the model:
 * - `answer`: a numbered reply ("3号") that answers an open question;
 * - `refuse`: a number outside the respondable range, or two where one is wanted — nothing is sent;
 * - `free-text`: words that answer open advice which accepts free text ("改成傍晚的");
 * - `decline-first`: other questions are open; sending means declining them (ask first);
 * - `pause`: "等一下" while the agent runs;
 * - `send`: an ordinary message; `busy`: the agent is running and this is not a pause; `empty`.
 */
export type ReplyPlan =
  | { kind: "answer"; interactionId: string; response: InteractionResponse; items: readonly RespondableItem[] }
  | { kind: "refuse"; reason: "out-of-range" | "ambiguous"; numbers: readonly number[]; range: string }
  | { kind: "free-text"; interactionId: string; text: string }
  | { kind: "decline-first"; pendingIds: readonly string[] }
  | { kind: "pause" }
  | { kind: "send" }
  | { kind: "busy" }
  | { kind: "empty" };

/**
 * Plans what sending `text` does to `thread`. With attachments, the words go with the files as a
 * message: never a numbered answer or a pause, and open questions are declined first.
 *
 * @example
 * planReply(thread, "3号", false); // { kind: "answer", interactionId: "t1", response: { action: "choose", … } }
 * planReply(thread, "9", false);   // { kind: "refuse", reason: "out-of-range", numbers: [9], range: "1–3" }
 */
export function planReply(thread: ThreadState, text: string, isRunning: boolean, withAttachments = false): ReplyPlan {
  if (!text.trim() && !withAttachments) return { kind: "empty" };
  if (isRunning) return !withAttachments && isPauseRequest(text) ? { kind: "pause" } : { kind: "busy" };
  const range = selectRespondable(thread);
  if (range.numbers.length && !withAttachments) {
    const resolved = resolveReply(text, { numbers: range.numbers, multiple: range.items.some((i) => i.multiple) });
    if (resolved.kind === "out-of-range") return { kind: "refuse", reason: "out-of-range", numbers: resolved.numbers, range: formatRange(range.numbers) };
    if (resolved.kind === "ambiguous") return { kind: "refuse", reason: "ambiguous", numbers: resolved.numbers, range: formatRange(range.numbers) };
    if (resolved.kind === "choice") {
      const items = resolved.numbers.map((n) => range.items.find((i) => i.number === n) as RespondableItem);
      const first = items[0] as RespondableItem;
      // Several numbers must all belong to one question that takes several.
      if (items.length > 1 && (!first.multiple || items.some((i) => i.interactionId !== first.interactionId))) {
        return { kind: "refuse", reason: "ambiguous", numbers: resolved.numbers, range: formatRange(range.numbers) };
      }
      const response: InteractionResponse = first.action
        ? { action: first.action }
        : { action: "choose", optionIds: items.map((i) => i.optionId as string), numbers: items.map((i) => i.number) };
      return { kind: "answer", interactionId: first.interactionId, response, items };
    }
  }
  const pending = selectPendingIds(thread);
  if (pending.length === 0) return { kind: "send" };
  for (let i = pending.length - 1; i >= 0; i--) {
    const interaction = thread.interactions.get(pending[i] as string);
    const envelope = interaction?.envelope;
    if (!withAttachments && envelope?.messageType === "advice" && envelope.payload.allowFreeText) return { kind: "free-text", interactionId: interaction!.id, text: text.trim() };
  }
  return { kind: "decline-first", pendingIds: pending };
}

import type { Context } from "@ag-ui/core";
import type { RecoveryAction } from "../protocol/envelope";
import type { ThreadState } from "../thread/types";
import type { Interaction } from "../interactions/types";

/** One numbered thing the person may answer with its number. */
export interface RespondableItem {
  number: number;
  interactionId: string;
  /** The advice option it stands for. */
  optionId?: string;
  /** The recovery action it stands for (an `error`). */
  action?: RecoveryAction;
  label: string;
  /** Several of this interaction's items may be chosen together. */
  multiple: boolean;
}

/** The respondable range: every number the person may answer with now, in order. */
export interface RespondableRange {
  numbers: readonly number[];
  items: readonly RespondableItem[];
}

const EMPTY: RespondableRange = { numbers: [], items: [] };
const cache = new WeakMap<object, RespondableRange>();

/**
 * The numbers the person may answer with now: the items of pending advice and errors. The same
 * thread gives the same object, so a hook may return it.
 *
 * @example
 * selectRespondable(thread).numbers; // [4, 5, 6]
 */
export function selectRespondable(thread: ThreadState): RespondableRange {
  const key = thread.interactions as object;
  const cached = cache.get(key);
  if (cached) return cached;
  const items: RespondableItem[] = [];
  for (const id of thread.interactionIds) {
    const interaction = thread.interactions.get(id);
    if (interaction?.status === "pending") items.push(...itemsOf(interaction));
  }
  const range = items.length ? { numbers: items.map((i) => i.number), items } : EMPTY;
  cache.set(key, range);
  return range;
}

function itemsOf(interaction: Interaction): RespondableItem[] {
  const envelope = interaction.envelope;
  if (envelope?.messageType === "advice") {
    return envelope.payload.options.flatMap((option, i) => {
      const number = interaction.numbers[i];
      return number === undefined ? [] : [{ number, interactionId: interaction.id, optionId: option.id, label: option.label, multiple: envelope.payload.multiple }];
    });
  }
  if (envelope?.messageType === "error") {
    return envelope.payload.actions.flatMap((action, i) => {
      const number = interaction.numbers[i];
      return number === undefined ? [] : [{ number, interactionId: interaction.id, action, label: action, multiple: false }];
    });
  }
  return [];
}

/**
 * Numbers as a person reads them: runs collapsed ("4–6", "1–3, 7").
 *
 * @example
 * formatRange([1, 2, 3, 7]); // "1–3, 7"
 */
export function formatRange(numbers: readonly number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === (sorted[j] as number) + 1) j++;
    parts.push(j > i ? `${sorted[i]}–${sorted[j]}` : `${sorted[i]}`);
    i = j + 1;
  }
  return parts.join(", ");
}

/**
 * The context entry every run carries (seed 000 §3.2): the respondable range, what each number
 * stands for, and the rules — the client resolves numbered replies; numbers outside the range are
 * refused; the agent never numbers items itself.
 *
 * @example
 * enumerationContext(thread, "zh-CN").value; // "可回复编号：4–6。4 = 08:05 …"
 */
export function enumerationContext(thread: ThreadState, locale = "en"): Context {
  const { numbers, items } = selectRespondable(thread);
  const zh = locale.toLowerCase().startsWith("zh");
  const range = formatRange(numbers);
  const list = items.map((item) => `${item.number} = ${item.label}`).join(zh ? "；" : "; ");
  const value = zh
    ? (numbers.length ? `当前可回复的编号范围：${range}（${list}）。` : "当前没有待回复的编号项。") +
      `用户用编号回复时，由客户端解析并以结构化结果告诉你，请勿自行重新解释编号；超出范围的编号会被客户端拒绝并提示用户重新选择。` +
      `需要用户选择时请调用 parley_advise，由客户端编号（下一个编号从 ${thread.nextNumber} 开始），不要在文字里自己编号。`
    : (numbers.length ? `Respondable numbers now: ${range} (${list}). ` : "No numbered items are waiting for an answer. ") +
      "When the person replies with a number, the client resolves it and tells you the structured choice; do not reinterpret numbers yourself. " +
      `Numbers outside the range are refused by the client, which asks the person to choose again. To offer choices, call parley_advise: the client numbers the options (the next number is ${thread.nextNumber}); never number options in your own text.`;
  return { description: zh ? "Parley：消息编号（可回复范围与规则）" : "Parley: numbered replies (respondable range and rules)", value };
}

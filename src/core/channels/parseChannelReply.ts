import type { Envelope } from "../protocol/envelope";
import type { InteractionResponse } from "../interactions/types";
import { parseNumeral, resolveReply } from "../enumeration/resolveReply";
import { formatRange } from "../enumeration/range";
import { formSteps, wordsFor, type ChannelStep } from "./renderForChannel";
import { setOwn } from "../ownKeys";

export interface ChannelReplyOptions {
  /** The numbers the thread gave the envelope's items (`interaction.numbers`); default from 1. */
  numbers?: readonly number[];
  locale?: string;
  /** A form asked one question at a time: what was answered so far (start with `{}`). */
  values?: Record<string, unknown>;
}

/**
 * What a text or spoken reply does to an open question, decided by the kit (never the model):
 * - `answer`: the response, the same one a click on the web card gives (`applyClientAction` it);
 * - `next`: a form in progress — the value was taken, `step` is the next question;
 * - `refused`: it looks like an answer but is not one this question takes (a number outside the
 *   range, a yes to a request that must be typed) — say `reason` and ask again;
 * - `text`: not an answer at all: ordinary words for the agent.
 */
export type ChannelReply =
  | { kind: "answer"; response: InteractionResponse }
  | { kind: "next"; values: Record<string, unknown>; step: ChannelStep }
  | { kind: "refused"; reason: string }
  | { kind: "text"; text: string };

// Whole replies only: "yes please" is a yes, "yes but later" is words for the agent.
const YES = ["yes", "y", "ok", "okay", "sure", "approve", "approved", "allow", "accept", "confirm", "go ahead", "好", "好的", "行", "可以", "同意", "批准", "允许", "确认", "是", "是的", "对", "嗯"];
const NO = ["no", "n", "nope", "decline", "deny", "reject", "cancel", "don't", "不", "不要", "不行", "不用", "否", "拒绝", "不同意", "取消", "算了"];
const SKIP = ["skip", "pass", "跳过", "不填", "略过"];
const ACTION_WORDS: Record<string, string[]> = {
  retry: ["retry", "try again", "重试", "再试一次"],
  undo: ["undo", "撤销", "撤回"],
  report: ["report", "报告", "报告问题", "反馈"],
};

/** Lower case, without the polite edges a chat adds ("please", "谢谢", "。", "!"). */
function plain(text: string): string {
  return text
    .normalize("NFKC")
    .trim()
    .toLowerCase()
    .replace(/^(please|请)\s*/, "")
    .replace(/[\s,.!。！，~]*(please|thanks|thank you|谢谢|吧|啊|呀)?[\s.!。！~]*$/u, "")
    .trim();
}

/**
 * Reads a reply given in IM or by voice to the question `envelope` asks, the way a click would
 * answer it. Numbered items go through `resolveReply` with the thread's numbers, so "3", "3号" and
 * "第三个" mean what they mean in the web composer; a permission takes yes / no in words (or the
 * exact target when it must be typed); a form takes its questions one at a time.
 *
 * @example
 * parseChannelReply("第三个", envelope, { numbers: [1, 2, 3] }); // { kind: "answer", response: { action: "choose", optionIds: ["c"], numbers: [3] } }
 * parseChannelReply("9", envelope, { numbers: [1, 2, 3] }); // { kind: "refused", reason: "9 is not one of the numbers you can answer with (1–3)." }
 */
export function parseChannelReply(text: string, envelope: Envelope, options: ChannelReplyOptions = {}): ChannelReply {
  const zh = wordsFor(options.locale) !== wordsFor("en");
  const words = plain(text);
  if (!words) return { kind: "text", text };
  const numbersFor = (count: number) => Array.from({ length: count }, (_, i) => options.numbers?.[i] ?? i + 1);
  const outOfRange = (picked: readonly number[], range: readonly number[]): ChannelReply => ({
    kind: "refused",
    reason: zh ? `${picked.join("、")} 不在可回复的编号范围内（${formatRange(range)}）。` : `${picked.join(", ")} is not one of the numbers you can answer with (${formatRange(range)}).`,
  });

  switch (envelope.messageType) {
    case "notification":
      return { kind: "text", text };
    case "advice": {
      const { options: list, multiple, allowFreeText } = envelope.payload;
      if (list.length === 0) {
        if (YES.includes(words)) return { kind: "answer", response: { action: "accept" } };
        if (NO.includes(words)) return { kind: "answer", response: { action: "reject" } };
        return allowFreeText ? { kind: "answer", response: { action: "text", text: text.trim() } } : { kind: "text", text };
      }
      const numbers = numbersFor(list.length);
      const resolved = resolveReply(text, { numbers, multiple });
      if (resolved.kind === "choice") {
        return { kind: "answer", response: { action: "choose", optionIds: resolved.numbers.map((n) => list[numbers.indexOf(n)]!.id), numbers: resolved.numbers } };
      }
      if (resolved.kind === "out-of-range") return outOfRange(resolved.numbers, numbers);
      if (resolved.kind === "ambiguous") return { kind: "refused", reason: zh ? "这里只能选一个编号。" : "Only one number can be chosen here." };
      // The label itself, typed out ("18:40 出发"), is a pick too.
      const byLabel = list.findIndex((o) => plain(o.label) === words);
      if (byLabel >= 0) return { kind: "answer", response: { action: "choose", optionIds: [list[byLabel]!.id], numbers: [numbers[byLabel]!] } };
      return allowFreeText ? { kind: "answer", response: { action: "text", text: text.trim() } } : { kind: "text", text };
    }
    case "permission_request": {
      const { confirmText } = envelope.payload;
      if (confirmText !== undefined) {
        if (text.trim() === confirmText.trim()) return { kind: "answer", response: { approved: true, typedConfirmation: text.trim() } };
        if (NO.includes(words)) return { kind: "answer", response: { approved: false } };
        if (YES.includes(words)) return { kind: "refused", reason: zh ? `请原样回复「${confirmText}」以确认。` : `To approve, reply with exactly: ${confirmText}` };
        return { kind: "text", text };
      }
      if (YES.includes(words)) return { kind: "answer", response: { approved: true } };
      if (NO.includes(words)) return { kind: "answer", response: { approved: false } };
      return { kind: "text", text };
    }
    case "error": {
      const { actions } = envelope.payload;
      if (actions.length === 0) return { kind: "text", text };
      const numbers = numbersFor(actions.length);
      const resolved = resolveReply(text, { numbers });
      if (resolved.kind === "choice") return { kind: "answer", response: { action: actions[numbers.indexOf(resolved.numbers[0]!)]! } };
      if (resolved.kind === "out-of-range") return outOfRange(resolved.numbers, numbers);
      const named = actions.find((action) => ACTION_WORDS[action]?.includes(words));
      return named ? { kind: "answer", response: { action: named } } : { kind: "text", text };
    }
    case "input_request":
      return formReply(text, words, formSteps(envelope.payload, wordsFor(options.locale)), options.values ?? {}, zh);
    default:
      return { kind: "text", text };
  }
}

/** One answer to the form's next unanswered question; the whole form once the last is taken. */
function formReply(text: string, words: string, steps: readonly ChannelStep[], values: Record<string, unknown>, zh: boolean): ChannelReply {
  // Own members: a field the agent named "constructor" is never answered already.
  const index = steps.findIndex((step) => !Object.hasOwn(values, step.name));
  const step = steps[index];
  if (!step) return { kind: "answer", response: { values: { ...values } } };
  const next = { ...values };
  if (SKIP.includes(words)) {
    if (step.required) return { kind: "refused", reason: zh ? "这一项是必填的。" : "This one is required." };
    setOwn(next, step.name, undefined);
  } else {
    const value = readValue(text.trim(), words, step);
    if (value === undefined) return { kind: "refused", reason: zh ? `没能读懂这个回答：${step.question}` : `That does not answer it: ${step.question}` };
    setOwn(next, step.name, value);
  }
  const following = steps.slice(index + 1).find((s) => !Object.hasOwn(next, s.name));
  if (following) return { kind: "next", values: next, step: following };
  // Skipped questions are left out of the answer, as an empty field of the web form is.
  return { kind: "answer", response: { values: Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)) } };
}

function readValue(raw: string, words: string, step: ChannelStep): unknown {
  switch (step.kind) {
    case "number": {
      const value = Number(raw.normalize("NFKC").replace(/,/g, ""));
      return Number.isFinite(value) && raw !== "" ? value : parseNumeral(raw);
    }
    case "boolean":
      return YES.includes(words) ? true : NO.includes(words) ? false : undefined;
    case "choice": {
      const options = step.options ?? [];
      const exact = options.find((o) => o.toLowerCase() === words);
      if (exact !== undefined) return exact;
      const n = parseNumeral(words);
      return n !== undefined && n >= 1 && n <= options.length ? options[n - 1] : undefined;
    }
    default:
      return raw;
  }
}

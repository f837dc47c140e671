import type { Envelope, InputRequestPayload, PermissionCategory, RecoveryAction } from "../protocol/envelope";
import { formatRange } from "../enumeration/range";
import { chineseNumber, speakChinese } from "./speech";
import { isRecord } from "../thread/guards";
import { surfaceLines, type SurfaceWords } from "./surfaceText";

/** Where the envelope is shown: buttons on the web, numbered text in IM, sentences in voice. */
export type Channel = "web" | "im" | "voice";

export interface ChannelOptions {
  channel: Channel;
  /** `en` or `zh-CN` (any `zh…` speaks Chinese); default `en`. */
  locale?: string;
  /**
   * The numbers the thread gave the envelope's respondable items (`interaction.numbers`): advice
   * options, then recovery actions, in order. Left out, they count from 1.
   */
  numbers?: readonly number[];
  /**
   * For the question of an A2UI surface (`interaction.origin.kind === "a2ui"`): the activity's
   * `content` (`thread.messages.get(interaction.origin.messageId).content`). What the surface says
   * and each input with its value now, in reading order, come before the numbered actions; without
   * it, the surface's heading and its actions.
   */
  surface?: unknown;
}

/** One answer the person may give by number (or, for a permission, by word). */
export interface ChannelChoice {
  /** The number it has in the thread; absent for a permission's approve / decline. */
  number?: number;
  /** The advice option id, recovery action, or `approve` / `decline`. */
  id: string;
  label: string;
}

/** One question of a form asked on its own, for channels without forms (IM, voice). */
export interface ChannelStep {
  /** The property name in the form's schema: the answer's key. */
  name: string;
  /** The question, in words. */
  question: string;
  required: boolean;
  kind: "text" | "number" | "boolean" | "choice";
  /** For `choice`: the allowed values, answered by their 1-based position or the value itself. */
  options?: readonly string[];
}

/** An envelope made for one channel. */
export interface ChannelRendering {
  channel: Channel;
  messageType: Envelope["messageType"];
  /** The message as the channel sends it: plain text (web's text fallback, IM) or sentences to speak (voice). */
  text: string;
  /** What may be answered, numbered as in the thread. */
  choices: readonly ChannelChoice[];
  /** How to answer, in words ("回复编号即可"); part of `text` already. */
  hint?: string;
  expectsReply: boolean;
  /** An `input_request` asked one question at a time (IM, voice): the questions in order. */
  steps?: readonly ChannelStep[];
}

interface Words {
  reply: (range: string, multiple: boolean, freeText: boolean) => string;
  say: (multiple: boolean, freeText: boolean) => string;
  spokenOption: (n: number, label: string) => string;
  acceptReject: string;
  sayAcceptReject: string;
  approve: string;
  decline: string;
  replyApprove: (approve: string, decline: string) => string;
  typeToConfirm: (target: string) => string;
  operation: string;
  category: Record<PermissionCategory, string>;
  action: Record<RecoveryAction, string>;
  replyAction: (range: string) => string;
  formIntro: (count: number) => string;
  required: string;
  optional: string;
  yesNo: string;
  choiceHint: string;
  level: { warning: string; success: string; info: string };
  surface: SurfaceWords;
}

const EN: Words = {
  reply: (range, multiple, freeText) => `Reply with ${multiple ? "one or more numbers" : "the number"} (${range})${freeText ? ", or write your own answer" : ""}.`,
  say: (multiple, freeText) => `Say the number${multiple ? "s" : ""} of your choice${freeText ? ", or say what you want instead" : ""}.`,
  spokenOption: (n, label) => `Number ${n}: ${label}.`,
  acceptReject: 'Reply "yes" to accept or "no" to reject.',
  sayAcceptReject: "Say yes to accept, or no to reject.",
  approve: "Approve",
  decline: "Decline",
  replyApprove: (approve, decline) => `Reply "${approve}" or "${decline}".`,
  typeToConfirm: (target) => `To approve, reply with exactly: ${target}`,
  operation: "Operation",
  category: { destructive: "destructive", irreversible: "irreversible", money: "money", privacy: "private data" },
  action: { retry: "Retry", undo: "Undo", report: "Report the problem" },
  replyAction: (range) => `Reply with the number (${range}).`,
  formIntro: (count) => `${count === 1 ? "One question" : `${count} questions`}, one at a time.`,
  required: "required",
  optional: 'optional: reply "skip" to leave it out',
  yesNo: 'reply "yes" or "no"',
  choiceHint: "reply with the number or the value",
  level: { warning: "Warning", success: "Done", info: "Note" },
  surface: { yes: "yes", no: "no", empty: "not filled in" },
};

const ZH: Words = {
  reply: (range, multiple, freeText) => `${multiple ? "可回复多个编号" : "回复编号即可"}（${range}）${freeText ? "，也可以直接写下你的想法" : ""}。`,
  say: (multiple, freeText) => `请说出${multiple ? "一个或几个" : ""}编号${freeText ? "，或者直接说出你的想法" : ""}。`,
  spokenOption: (n, label) => `第${chineseNumber(n)}项，${label}。`,
  acceptReject: "回复「好」接受，回复「不」拒绝。",
  sayAcceptReject: "说「好」表示接受，说「不」表示拒绝。",
  approve: "同意",
  decline: "拒绝",
  replyApprove: (approve, decline) => `回复「${approve}」或「${decline}」。`,
  typeToConfirm: (target) => `如需同意，请原样回复：${target}`,
  operation: "操作",
  category: { destructive: "破坏性", irreversible: "不可撤销", money: "涉及金钱", privacy: "涉及隐私" },
  action: { retry: "重试", undo: "撤销", report: "报告问题" },
  replyAction: (range) => `回复编号即可（${range}）。`,
  formIntro: (count) => `共 ${count} 个问题，我们一个一个来。`,
  required: "必填",
  optional: "选填，回复「跳过」可不填",
  yesNo: "回复「是」或「否」",
  choiceHint: "回复编号或选项",
  level: { warning: "注意", success: "完成", info: "通知" },
  surface: { yes: "是", no: "否", empty: "未填写" },
};

/** The words of a locale: Chinese for any `zh…`, English otherwise. */
export function wordsFor(locale: string | undefined): Words {
  return locale?.toLowerCase().startsWith("zh") ? ZH : EN;
}

/**
 * An envelope for a channel: IM gets plain text with numbered options and how to answer
 * ("回复编号即可"); voice gets sentences meant to be spoken ("第三项，十八点四十出发"); web gets the
 * same text as a fallback beside its buttons. What a channel cannot show degrades: a card becomes
 * text, a form becomes one question at a time (`steps`), an A2UI surface its words and inputs in
 * reading order before its actions, numbered as in the thread (pass the activity's content as
 * `surface`). Pure; text from the agent is passed
 * through as text, never markup.
 *
 * @example
 * renderForChannel(envelope, { channel: "im", locale: "zh-CN", numbers: interaction.numbers }).text;
 * // "请选择车次：\n3. 08:05 出发\n4. 12:30 出发\n5. 18:40 出发\n回复编号即可（3–5）。"
 */
export function renderForChannel(envelope: Envelope, options: ChannelOptions): ChannelRendering {
  // Exhaustive over the five types (a custom type has its own component, never a channel text).
  const w = wordsFor(options.locale);
  const voice = options.channel === "voice";
  const zh = w === ZH;
  const spoken = (text: string) => (voice && zh ? speakChinese(text) : text);
  const numberAt = (index: number) => options.numbers?.[index] ?? index + 1;
  const base = { channel: options.channel, messageType: envelope.messageType };

  switch (envelope.messageType) {
    case "notification": {
      const { content, level } = envelope.payload;
      const text = level === "info" ? content : `${w.level[level]}${zh ? "：" : ": "}${content}`;
      return { ...base, text: spoken(text), choices: [], expectsReply: false };
    }
    case "advice": {
      const { content, options: list, multiple, allowFreeText } = envelope.payload;
      if (list.length === 0) {
        const hint = voice ? w.sayAcceptReject : w.acceptReject;
        return { ...base, text: `${spoken(content)}\n${hint}`, choices: [], hint, expectsReply: true };
      }
      const choices = list.map((option, i) => ({ number: numberAt(i), id: option.id, label: option.label }));
      const hint = voice ? w.say(multiple, allowFreeText) : w.reply(formatRange(choices.map((c) => c.number)), multiple, allowFreeText);
      const lines = choices.map((c, i) => {
        const description = list[i]?.description;
        if (voice) return spoken(w.spokenOption(c.number, description ? `${c.label}${zh ? "，" : ", "}${description}` : c.label));
        return `${c.number}. ${c.label}${description ? ` — ${description}` : ""}`;
      });
      // A surface degrades to what it says and holds, then its actions as numbered choices.
      const said = envelope.context?.a2ui === true && options.surface !== undefined ? surfaceLines(options.surface, w.surface, options.locale).filter((line) => line !== content) : [];
      const sentence = (line: string) => (voice && !/[.!?。！？]$/.test(line) ? `${line}${zh ? "。" : "."}` : line);
      return { ...base, text: [spoken(content), ...said.map((line) => spoken(sentence(line))), ...lines, hint].join(voice ? " " : "\n"), choices, hint, expectsReply: true };
    }
    case "permission_request": {
      const p = envelope.payload;
      const approve = p.confirmLabel ?? w.approve;
      const decline = p.cancelLabel ?? w.decline;
      const hint = p.confirmText !== undefined ? w.typeToConfirm(p.confirmText) : w.replyApprove(approve, decline);
      const categories = p.categories.map((c) => w.category[c]).join(zh ? "、" : ", ");
      const lines = [spoken(p.summary)];
      if (!voice) lines.push(`${w.operation}${zh ? "：" : ": "}${p.operation}${categories ? ` (${categories})` : ""}`);
      else if (categories) lines.push(`(${categories})`);
      lines.push(hint);
      return {
        ...base,
        text: lines.join(voice ? " " : "\n"),
        choices: [{ id: "approve", label: approve }, { id: "decline", label: decline }],
        hint,
        expectsReply: true,
      };
    }
    case "input_request": {
      const steps = formSteps(envelope.payload, w);
      const intro = steps.length ? w.formIntro(steps.length) : "";
      const first = steps[0];
      const text = [spoken(envelope.payload.content), intro, first ? spoken(first.question) : ""].filter(Boolean).join(voice ? " " : "\n");
      return { ...base, text, choices: [], ...(first ? { hint: first.question } : {}), expectsReply: true, steps };
    }
    case "error": {
      const { content, code, actions } = envelope.payload;
      const choices = actions.map((action, i) => ({ number: numberAt(i), id: action, label: w.action[action] }));
      const hint = choices.length ? (voice ? w.say(false, false) : w.replyAction(formatRange(choices.map((c) => c.number)))) : undefined;
      const lines = [spoken(code && !voice ? `${content} (${code})` : content)];
      for (const c of choices) lines.push(voice ? spoken(w.spokenOption(c.number, c.label)) : `${c.number}. ${c.label}`);
      if (hint) lines.push(hint);
      return { ...base, text: lines.join(voice ? " " : "\n"), choices, ...(hint ? { hint } : {}), expectsReply: choices.length > 0 };
    }
    default:
      return { ...base, text: "", choices: [], expectsReply: false };
  }
}

/** The form's questions in the schema's order, each with how to answer it. */
export function formSteps(payload: InputRequestPayload, w: Words = EN): ChannelStep[] {
  const schema = payload.schema;
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === "string") : [];
  return Object.entries(properties).flatMap(([name, raw]) => {
    if (!isRecord(raw)) return [];
    const title = typeof raw.title === "string" && raw.title.trim() ? raw.title : name;
    const description = typeof raw.description === "string" && raw.description.trim() ? ` (${raw.description})` : "";
    const isRequired = required.includes(name);
    const values = Array.isArray(raw.enum) ? raw.enum.filter((v) => typeof v === "string" || typeof v === "number").map(String) : undefined;
    const kind: ChannelStep["kind"] = values?.length ? "choice" : raw.type === "number" || raw.type === "integer" ? "number" : raw.type === "boolean" ? "boolean" : "text";
    const how = kind === "boolean" ? w.yesNo : kind === "choice" ? `${values!.map((v, i) => `${i + 1}. ${v}`).join(" ")} — ${w.choiceHint}` : "";
    const question = `${title}${description}${w === ZH ? "？" : "?"} [${isRequired ? w.required : w.optional}${how ? `; ${how}` : ""}]`;
    return [{ name, question, required: isRequired, kind, ...(values?.length ? { options: values } : {}) }];
  });
}


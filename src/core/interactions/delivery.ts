import type { ResumeEntry } from "@ag-ui/core";
import type { AdviceResponse, ErrorResponse, Interaction, InteractionResponse } from "./types";

/**
 * How an answer goes back to the agent — the way the question came:
 * a Parley tool call gets its tool result, an AG-UI interrupt a `resume` entry, a `CUSTOM` event
 * a user message in words plus `forwardedProps.parley.responses`.
 */

/** One entry of `forwardedProps.parley.responses` (the answer to a `CUSTOM parley.interaction`). */
export interface ForwardedResponse {
  messageId: string;
  messageType: string;
  status: "answered" | "declined" | "timed_out";
  response?: InteractionResponse;
  /** ISO 8601. */
  at: string;
  how: string;
}

/** What the agent is told, without what only the person's side needs (the typed confirmation). */
export function wireResponse(response: InteractionResponse | undefined): InteractionResponse | undefined {
  if (!response || !("approved" in response) || response.typedConfirmation === undefined) return response;
  const { typedConfirmation: _typed, ...rest } = response;
  return rest;
}

type Outcome = "answered" | "declined" | "timed_out" | "withdrawn" | "shown";

/**
 * The `content` of the tool message that answers a Parley tool call.
 *
 * @example
 * toolResultContent("answered", { action: "choose", optionIds: ["b"], numbers: [2] });
 * // '{"status":"answered","response":{"action":"choose","optionIds":["b"],"numbers":[2]}}'
 */
export function toolResultContent(status: Outcome, response?: InteractionResponse): string {
  const wire = status === "answered" ? wireResponse(response) : undefined;
  return JSON.stringify(wire === undefined ? { status } : { status, response: wire });
}

/**
 * The `resume` entry for an interrupt-origin interaction that was answered, declined or timed out.
 * Approve and decline of `tool_call` / `confirmation` are `resolved` with `{ approved }` (what the
 * reference servers read); an answered form sends its values; anything declined or late is
 * `cancelled` (an expired interrupt may only be cancelled).
 *
 * @example
 * resumeEntryFor(interaction); // { interruptId: "int-1", status: "resolved", payload: { approved: true } }
 */
export function resumeEntryFor(interaction: Interaction): ResumeEntry | undefined {
  if (interaction.origin.kind !== "interrupt") return undefined;
  const interruptId = interaction.origin.interruptId;
  const approval = interaction.origin.reason === "tool_call" || interaction.origin.reason === "confirmation";
  // An invalid interrupt can never be answered, yet counts as covered: it is cancelled, or the run
  // would leave it unresumed (which the protocol rejects).
  if (interaction.status === "timed_out" || interaction.status === "withdrawn" || interaction.status === "invalid") return { interruptId, status: "cancelled" };
  if (interaction.status === "declined") {
    return approval ? { interruptId, status: "resolved", payload: { approved: false } } : { interruptId, status: "cancelled" };
  }
  if (interaction.status !== "answered") return undefined;
  const response = wireResponse(interaction.response);
  if (response && "approved" in response) return { interruptId, status: "resolved", payload: response };
  if (response && "values" in response) return { interruptId, status: "resolved", payload: response.values };
  if (response && "action" in response) {
    if (response.action === "reject") return approval ? { interruptId, status: "resolved", payload: { approved: false } } : { interruptId, status: "cancelled" };
    return { interruptId, status: "resolved", payload: approval && response.action === "accept" ? { approved: true } : response };
  }
  return { interruptId, status: "resolved", payload: response && "value" in response ? response.value : response };
}

/**
 * The `forwardedProps.parley.responses` entry for a `CUSTOM`-origin interaction.
 *
 * @example
 * forwardedResponseFor(interaction); // { messageId: "m1", messageType: "advice", status: "answered", … }
 */
export function forwardedResponseFor(interaction: Interaction): ForwardedResponse | undefined {
  if (interaction.origin.kind !== "custom") return undefined;
  const status = interaction.status;
  if (status !== "answered" && status !== "declined" && status !== "timed_out") return undefined;
  const entry: ForwardedResponse = {
    messageId: interaction.envelope?.messageId ?? interaction.id,
    messageType: interaction.messageType,
    status,
    at: new Date(interaction.settledAt ?? 0).toISOString(),
    how: interaction.how ?? "app",
  };
  const response = wireResponse(interaction.response);
  if (status === "answered" && response !== undefined) entry.response = response;
  return entry;
}

/** What LangGraph's `command.resume` carries for an `on_interrupt` answer. */
export function langGraphResume(interaction: Interaction): unknown {
  const response = wireResponse(interaction.response);
  if (interaction.status !== "answered" || !response) return null;
  if ("values" in response) {
    const values = response.values;
    // The one-field question Parley makes for a plain interrupt value answers with that field.
    return Object.keys(values).length === 1 && "answer" in values ? values.answer : values;
  }
  return "value" in response ? response.value : response;
}

type Words = { chose: (list: string) => string; accepted: string; rejected: string; said: (text: string) => string; approved: (op: string) => string; refused: (op: string) => string; filled: (values: string) => string; action: (a: string) => string; declined: (q: string) => string; timedOut: (q: string) => string; number: (n: number) => string };

const WORDS: Record<"en" | "zh", Words> = {
  en: {
    chose: (list) => `Chose ${list}`,
    accepted: "Accepted",
    rejected: "Rejected",
    said: (text) => text,
    approved: (op) => `Approved: ${op}`,
    refused: (op) => `Declined: ${op}`,
    filled: (values) => `Filled in: ${values}`,
    action: (a) => `Chose: ${a}`,
    declined: (q) => `Declined to answer: ${q}`,
    timedOut: (q) => `Did not answer in time: ${q}`,
    number: (n) => `${n}`,
  },
  zh: {
    chose: (list) => `选择了 ${list}`,
    accepted: "已接受",
    rejected: "已拒绝",
    said: (text) => text,
    approved: (op) => `已批准：${op}`,
    refused: (op) => `已拒绝：${op}`,
    filled: (values) => `已填写：${values}`,
    action: (a) => `选择了：${a}`,
    declined: (q) => `未回答：${q}`,
    timedOut: (q) => `超时未回答：${q}`,
    number: (n) => `${n}号`,
  },
};

const ACTION_WORDS: Record<"en" | "zh", Record<ErrorResponse["action"], string>> = {
  en: { retry: "Retry", undo: "Undo", report: "Report" },
  zh: { retry: "重试", undo: "撤销", report: "报告问题" },
};

/**
 * The answer as the person would say it, for the user message that carries a `CUSTOM`-origin
 * answer ("选择了 3号：18:40 出发").
 *
 * @example
 * answerInWords(interaction, "zh-CN"); // "选择了 3号：18:40 出发"
 */
export function answerInWords(interaction: Interaction, locale = "en"): string {
  const lang = locale.toLowerCase().startsWith("zh") ? "zh" : "en";
  const w = WORDS[lang];
  const envelope = interaction.envelope;
  const question = envelope && "payload" in envelope && isContentPayload(envelope.payload) ? envelope.payload.content : interaction.id;
  if (interaction.status === "declined") return w.declined(question);
  if (interaction.status === "timed_out") return w.timedOut(question);
  const response = interaction.response;
  if (!response) return question;
  if (envelope?.messageType === "advice" && "action" in response) {
    const advice = response as AdviceResponse;
    if (advice.action === "accept") return w.accepted;
    if (advice.action === "reject") return w.rejected;
    if (advice.action === "text") return w.said(advice.text);
    const parts = advice.optionIds.map((id, i) => {
      const label = envelope.payload.options.find((o) => o.id === id)?.label ?? id;
      const n = advice.numbers[i];
      return n === undefined ? label : `${w.number(n)}${lang === "zh" ? "：" : ": "}${label}`;
    });
    return w.chose(parts.join(lang === "zh" ? "、" : ", "));
  }
  if ("approved" in response) {
    const op = envelope?.messageType === "permission_request" ? envelope.payload.operation || envelope.payload.summary : interaction.id;
    return response.approved ? w.approved(op) : w.refused(op);
  }
  if ("values" in response) {
    const values = Object.entries(response.values)
      .map(([key, value]) => `${key} = ${typeof value === "string" ? value : JSON.stringify(value)}`)
      .join(lang === "zh" ? "；" : "; ");
    return w.filled(values);
  }
  if ("action" in response) return w.action(ACTION_WORDS[lang][(response as ErrorResponse).action] ?? String((response as ErrorResponse).action));
  return JSON.stringify("value" in response ? response.value : response);
}

function isContentPayload(payload: unknown): payload is { content: string } {
  return typeof payload === "object" && payload !== null && typeof (payload as { content?: unknown }).content === "string";
}

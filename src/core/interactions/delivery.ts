import type { ResumeEntry } from "@ag-ui/core";
import type { AdviceResponse, ErrorResponse, Interaction, InteractionResponse } from "./types";
import { approvalPayload, DEFAULT_APPROVAL, type AnswerShape } from "./answerShape";
import { isRecord } from "../thread/guards";

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

/**
 * What the agent is told of an answer: for an approval, `approved` and the person's `editedArgs`
 * alone — the typed confirmation, the scope, the grant and its limits are the kit's bookkeeping
 * (the thread, the audit, the grants' context entry), never keys of the answer.
 */
export function wireResponse(response: InteractionResponse | undefined): InteractionResponse | undefined {
  if (!response || !("approved" in response)) return response;
  return response.editedArgs === undefined ? { approved: response.approved } : { approved: response.approved, editedArgs: response.editedArgs };
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

const CANCELLED = Symbol("cancelled");

/** How the interaction's framework reads its answer: what derivation found, or AG-UI's own approval for an approval reason. */
function answerShape(interaction: Interaction): AnswerShape | undefined {
  const origin = interaction.origin;
  if ((origin.kind === "interrupt" || origin.kind === "custom") && origin.answer) return origin.answer;
  if (origin.kind === "interrupt" && (origin.reason === "tool_call" || origin.reason === "confirmation")) return DEFAULT_APPROVAL;
  return interaction.envelope?.messageType === "permission_request" ? DEFAULT_APPROVAL : undefined;
}

/** The answered value the framework reads: an approval in its own words, a form's values, a bare question's words. */
function answerPayload(interaction: Interaction, shape: AnswerShape | undefined): unknown {
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

/**
 * LangGraph's own cancellation, the value its AG-UI integration hands the graph for a `cancelled`
 * resume entry: a declined `on_interrupt` question resumes with it, so the graph reads one way of
 * saying no whichever way it asked (`null` would mean "no answer", and the graph asks again).
 */
export const LANGGRAPH_CANCELLED = { __agui_cancelled__: true } as const;

/**
 * What `forwardedProps.command.resume` carries for an `on_interrupt` answer — never `null`: an
 * approval or refusal in the framework's own words, a form's values, a bare question's words, and
 * for a declined (or timed-out) question LangGraph's cancellation.
 *
 * @example
 * langGraphResume(interaction); // { approved: false }
 */
export function langGraphResume(interaction: Interaction): unknown {
  const shape = answerShape(interaction);
  if (interaction.status === "declined" || interaction.status === "timed_out") {
    return shape?.kind === "approval" || shape?.kind === "decisions" ? approvalPayload(shape, false, undefined, undefined) : LANGGRAPH_CANCELLED;
  }
  if (interaction.status !== "answered") return LANGGRAPH_CANCELLED;
  const payload = answerPayload(interaction, shape);
  return payload === CANCELLED || payload === undefined ? LANGGRAPH_CANCELLED : payload;
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
  const question = envelope && "payload" in envelope && isRecord(envelope.payload) && typeof envelope.payload.content === "string" ? envelope.payload.content : interaction.id;
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


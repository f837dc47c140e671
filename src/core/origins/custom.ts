import type { Draft } from "../thread/draft";
import type { DecisionRecord } from "../decisions/types";
import { recordDescribes } from "../decisions/record";
import type { Message } from "@ag-ui/core";
import type { ThreadState, ToolCallState } from "../thread/types";
import { isRecord } from "../thread/guards";
import { parseArgs } from "../fold/parseArgs";
import { parseEnvelope } from "../protocol/envelope";
import type { AdviceResponse, ErrorResponse, Interaction, InteractionOrigin, InteractionResponse } from "../interactions/types";
import { selectInteractions, undeliveredIds } from "../interactions/select";
import { approvalPayload } from "../interactions/answerShape";
import { customValue, interruptOfCustomValue, readInterrupt } from "../interactions/interruptReading";
import { addAsked, INTERACTION_EVENT, invalidate, LANGGRAPH_INTERRUPT_EVENT, linkCall, newInteraction, open, syncRow, wireResponse } from "./ask";
import { answerOf, answerPayload, answerShape, CANCELLED, interruptEnvelope, oneAnswer } from "./interrupt";

/**
 * A `CUSTOM` event: `parley.interaction` (an envelope) or LangGraph's and Mastra's `on_interrupt`
 * (the interrupt's value). The answer goes back with the next run: a user message in words, and
 * `forwardedProps.parley.responses` (plus `command.resume` for `on_interrupt`).
 */

/** `CUSTOM parley.interaction` (an envelope), and LangGraph's and Mastra's `CUSTOM on_interrupt` (the interrupt's value). */
export function customInteraction(d: Draft, name: string, value: unknown, event: { timestamp?: unknown; rawEvent?: unknown }): void {
  const runId = d.s.runs[d.s.runs.length - 1]?.runId;
  const fallbackId = `${name}-${d.eventIndex}`;
  const described = name === LANGGRAPH_INTERRUPT_EVENT ? interruptOfCustomValue(value, fallbackId, event.rawEvent) : undefined;
  const reading = described && readInterrupt(described);
  const raw = name === INTERACTION_EVENT ? value
    : described && reading ? interruptEnvelope(described, knownCall(d, described.toolCallId), reading)
    : envelopeFromLangGraph(customValue(value), fallbackId);
  const parsed = parseEnvelope(raw);
  const rawId = isRecord(raw) && typeof raw.messageId === "string" && raw.messageId ? raw.messageId.slice(0, 200) : fallbackId;
  const origin: InteractionOrigin = { kind: "custom", name };
  if (described && reading) {
    const answer = answerOf(reading);
    if (answer) origin.answer = answer;
    if (described.id !== fallbackId) origin.interruptId = described.id;
    if (described.toolCallId) origin.toolCallId = described.toolCallId;
  }
  // The id the event named is the interrupt's; a card of its own keeps the row id unique.
  const id = described && described.id !== fallbackId && d.s.interactions.get(described.id) ? `${described.id}@${fallbackId}` : rawId;
  const interaction = newInteraction(id, origin, "notification", runId);
  if (typeof event.timestamp === "number") interaction.createdAt = event.timestamp;
  if (!addAsked(d, d.adopt(interaction))) return;
  if (parsed.ok) open(d, interaction, parsed.envelope);
  else invalidate(d, interaction, `CUSTOM ${name}: ${parsed.problem}`, value, event);
  syncRow(d, interaction);
  const call = described?.toolCallId !== undefined ? d.s.toolCalls.get(described.toolCallId) : undefined;
  if (call) linkCall(d, call, interaction.id);
}

/** The tool call an interrupt names, with its arguments as streamed so far. */
function knownCall(d: Draft, toolCallId: string | undefined): ToolCallState | undefined {
  const known = toolCallId !== undefined ? d.s.toolCalls.get(toolCallId) : undefined;
  return known && { ...known, args: parseArgs(known.argsText) };
}

/**
 * An `on_interrupt` value that describes no interrupt (an envelope is used as it is; an object with
 * a `message` or `question` asks it; anything else is shown as JSON): a one-field question.
 */
function envelopeFromLangGraph(value: unknown, fallbackId: string): unknown {
  const inner = isRecord(value) && "value" in value && !("messageType" in value) ? value.value : value;
  if (isRecord(inner) && typeof inner.messageType === "string") return inner;
  const question =
    typeof inner === "string" ? inner
    : isRecord(inner) && typeof inner.message === "string" ? inner.message
    : isRecord(inner) && typeof inner.question === "string" ? inner.question
    : JSON.stringify(inner ?? null).slice(0, 2000);
  const id = isRecord(value) && typeof value.id === "string" && value.id ? value.id : fallbackId;
  return { messageId: id, messageType: "input_request", payload: oneAnswer(question) };
}

/** One entry of `forwardedProps.parley.responses` (the answer to a `CUSTOM parley.interaction`). */
export interface ForwardedResponse {
  messageId: string;
  messageType: string;
  status: "answered" | "declined" | "timed_out";
  response?: InteractionResponse;
  /** ISO 8601. */
  at: string;
  how: string;
  /** The decision record its server asked for (`context.parley` on the envelope), to check with `verifyDecision`. */
  decision?: DecisionRecord;
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
  if (interaction.decision && recordDescribes(interaction, interaction.decision)) entry.decision = interaction.decision;
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

/**
 * The `forwardedProps` entries a run carries for the `CUSTOM` answers not yet delivered: the
 * `parley.responses` list, and LangGraph's `command.resume` for an `on_interrupt` answer.
 */
export function forwardedAnswers(thread: ThreadState): { responses: ForwardedResponse[]; langGraph: unknown } {
  const responses: ForwardedResponse[] = [];
  let langGraph: unknown;
  for (const interaction of selectInteractions(thread)) {
    if (interaction.deliveredInRunId || interaction.origin.kind !== "custom") continue;
    const entry = forwardedResponseFor(interaction);
    if (!entry) continue;
    responses.push(entry);
    if (interaction.origin.name === LANGGRAPH_INTERRUPT_EVENT) langGraph = langGraphResume(interaction);
  }
  return { responses, langGraph };
}

/**
 * The user message that says the `CUSTOM` answers not yet delivered, as the person would, or
 * undefined when there are none. An `on_interrupt` answer goes back as the graph's resume value,
 * so it is said in words only when the app asks (`interruptAnswers`). One message id per set of
 * answers, so a retried run does not say them twice.
 *
 * @example
 * const said = answersInWords(thread, "zh-CN"); // { role: "user", content: "选择了 3号：18:40 出发", … }
 */
export function answersInWords(thread: ThreadState, locale: string, options: { interruptAnswers?: boolean } = {}): Message | undefined {
  const custom = undeliveredIds(thread)
    .map((id) => thread.interactions.get(id)!)
    .filter((i) => i.origin.kind === "custom" && (i.origin.name !== LANGGRAPH_INTERRUPT_EVENT || options.interruptAnswers === true));
  if (custom.length === 0) return undefined;
  return { id: `parley-words:${custom.map((i) => i.id).join("+")}`, role: "user", content: custom.map((i) => answerInWords(i, locale)).join("\n") };
}

import type { Context, Message, ResumeEntry, RunAgentInput, Tool } from "@ag-ui/core";
import { callOrder, runMessages } from "../fold/toAgUiMessages";
import type { ThreadState } from "../thread/types";
import { enumerationContext } from "../enumeration/range";
import { resumeEntries } from "../origins/interrupt";
import { forwardedAnswers } from "../origins/custom";
import { a2uiForwarded } from "../origins/a2ui";
import { withDecisionRecords } from "../origins/parley-tool";
import { parleyTools } from "../protocol/parleyTools";
import { isRecord } from "../thread/guards";
import { contextLanguage, languageName } from "./languageName";

/** What the app may add to a run; the rest (`threadId`, `runId`, `messages`, `state`) comes from the thread. */
export interface RunOptions {
  tools?: Tool[];
  context?: Context[];
  forwardedProps?: unknown;
  /** Resume entries of the app's own; the person's answers are added for every other open interrupt. */
  resume?: ResumeEntry[];
}

export interface BuildRunInputOptions {
  runId: string;
  /** When the thread has none yet. */
  threadId?: string;
  /** Sent with every run (the provider's `runDefaults`). */
  defaults?: RunOptions;
  /** This run's own. */
  run?: RunOptions;
  /** Declare Parley's interaction tools (`parleyTools`); default true. */
  parleyTools?: boolean;
  /** The language of the context Parley writes (`en`, `zh-CN`). */
  locale?: string;
  /** The app's front-end tools registered now (`useFrontendTool`), declared after the run's own and the defaults. */
  frontendTools?: readonly Tool[];
  /** Tools and context the permissions engine adds (the revoke tool, the live grants). */
  extraTools?: readonly Tool[];
  extraContext?: readonly Context[];
  /** The person, the same across channels: sent as `forwardedProps.parley.identity`. */
  identity?: string;
  /** The run this one branches from (an edited message, a regenerated answer): `RunAgentInput.parentRunId`. */
  parentRunId?: string;
}

/**
 * The one place a run's input is made. Concatenates — never overwrites — the app's defaults, the
 * run's own options, Parley's interaction tools and the numbering rules; carries every answer not
 * yet delivered: interrupts as `resume`, `CUSTOM` questions in `forwardedProps.parley.responses`,
 * an action on an A2UI surface as `forwardedProps.a2uiAction` (Parley tool answers are already
 * tool messages, with their decision records in `metadata.parley`). Pure: the caller marks what it
 * delivered.
 *
 * @example
 * const input = buildRunInput(thread, { runId: crypto.randomUUID(), defaults: { context: [page] }, locale: "zh-CN" });
 * agent.run(input);
 */
export function buildRunInput(thread: ThreadState, options: BuildRunInputOptions): RunAgentInput {
  const { defaults = {}, run = {} } = options;
  const input: RunAgentInput = {
    threadId: thread.threadId ?? options.threadId ?? options.runId,
    runId: options.runId,
    messages: withDecisionRecords(thread, contextMessages(thread)),
    state: thread.state,
    tools: mergeTools(run.tools, defaults.tools, options.frontendTools, options.parleyTools === false ? undefined : parleyTools, options.extraTools),
    context: [...(defaults.context ?? []), ...(run.context ?? []), ...languageContext(options.locale), ...parleyContext(thread, options.locale), ...(options.extraContext ?? [])],
    forwardedProps: withIdentity(forwardedProps(thread, defaults.forwardedProps, run.forwardedProps), options.identity),
  };
  const resume = resumeEntries(thread, [...(defaults.resume ?? []), ...(run.resume ?? [])]);
  if (resume.length) input.resume = resume;
  if (options.parentRunId) input.parentRunId = options.parentRunId;
  return input;
}

/** The thread's messages from the truncation point on, never starting with an orphan tool result. */
function contextMessages(thread: ThreadState): Message[] {
  const { messages: all, inCallOrder: ordered } = runMessages(thread);
  // Every result after its call in the whole list is so in any part of it: a call has one message
  // holding it (the fold refuses a second), so cutting the list cannot move a result before it.
  const ordering = ordered ? (messages: Message[]) => messages : inCallOrder;
  if (!thread.contextFrom) return ordering(all);
  let start = all.findIndex((m) => m.id === thread.contextFrom);
  if (start === -1) {
    // The first message was an interaction row (not sent): start at the next message that is.
    const index = thread.messageIds.indexOf(thread.contextFrom);
    const kept = new Set(thread.messageIds.slice(Math.max(index, 0)));
    start = all.findIndex((m) => kept.has(m.id));
    if (start === -1) return [];
  }
  while (all[start]?.role === "tool") start++;
  return ordering(all.slice(start));
}

/**
 * Every tool message after the assistant message that holds its call — the order every model API
 * requires, whatever order a server's snapshots left the thread in. A result that comes before its
 * call moves to just after the call's other results; one whose call no message holds stays where
 * it is (there is nowhere right to put it).
 */
export function inCallOrder(messages: Message[]): Message[] {
  if (!resultBeforeCall(messages)) return messages;
  const ownerAt = new Map<string, number>();
  messages.forEach((m, i) => {
    if (m.role === "assistant") for (const call of m.toolCalls ?? []) if (!ownerAt.has(call.id)) ownerAt.set(call.id, i);
  });
  const late = new Map<number, Message[]>();
  for (const [i, m] of messages.entries()) {
    const owner = m.role === "tool" ? ownerAt.get(m.toolCallId) : undefined;
    if (owner !== undefined && owner > i) late.set(owner, [...(late.get(owner) ?? []), m]);
  }
  if (late.size === 0) return messages;
  const out: Message[] = [];
  let owed: Message[] = [];
  for (const [i, m] of messages.entries()) {
    const owner = m.role === "tool" ? ownerAt.get(m.toolCallId) : undefined;
    if (owner !== undefined && owner > i) continue;
    // The moved results go after the results already in place behind their call.
    if (owed.length && !(m.role === "tool" && owner !== undefined && owner < i)) {
      out.push(...owed);
      owed = [];
    }
    out.push(m);
    owed = owed.concat(late.get(i) ?? []);
  }
  out.push(...owed);
  return out;
}

/** Whether a tool result comes before the assistant message that first holds its call: one pass, stopping at the first. */
function resultBeforeCall(messages: readonly Message[]): boolean {
  const misordered = callOrder();
  return messages.some((m) => misordered(m));
}

/** Run tools first, then the defaults, then Parley's; a name already taken is not declared twice. */
function mergeTools(...lists: (readonly Tool[] | undefined)[]): Tool[] {
  const seen = new Set<string>();
  const tools: Tool[] = [];
  for (const list of lists) {
    for (const tool of list ?? []) {
      if (seen.has(tool.name)) continue;
      seen.add(tool.name);
      tools.push(tool);
    }
  }
  return tools;
}

function parleyContext(thread: ThreadState, locale = "en"): Context[] {
  const entries = [enumerationContext(thread, locale)];
  const last = thread.runs[thread.runs.length - 1];
  if (last?.status === "paused") {
    const zh = contextLanguage(locale) === "zh";
    entries.push({
      description: zh ? "Parley：上一轮被用户暂停" : "Parley: the last run was paused by the person",
      value: zh
        ? "用户让你先停下（例如说了“等一下”），上一条回复在中途被截断。请按用户接下来的消息继续，不要重复已经说过的内容。"
        : "The person asked you to wait (\"hold on\"), and your last reply was cut off there. Continue from the person's next message; do not repeat what you already said.",
    });
  }
  return entries;
}

/**
 * The person's language, when the app named one: the agent hears which language to answer in,
 * and the locale tag itself (for dates, numbers, its own tools).
 */
function languageContext(locale: string | undefined): Context[] {
  if (!locale) return [];
  const inLanguage = contextLanguage(locale);
  const name = languageName(locale, inLanguage);
  return inLanguage === "zh"
    ? [{ description: "Parley：用户的语言", value: `${locale}（${name}）。除非用户改用其他语言，请用这种语言回答。` }]
    : [{ description: "Parley: the person's language", value: `${locale} (${name}). Answer in this language unless the person writes in another.` }];
}

function forwardedProps(thread: ThreadState, ...layers: unknown[]): unknown {
  let merged: unknown = {};
  for (const layer of layers) {
    if (layer === undefined) continue;
    merged = isRecord(merged) && isRecord(layer) ? { ...merged, ...layer } : layer;
  }
  // An action on an A2UI surface, where @ag-ui/a2ui-middleware reads it; the kit's own keys never go in it.
  const a2uiAction = a2uiForwarded(thread);
  if (a2uiAction && isRecord(merged)) merged = { ...merged, a2uiAction };
  const { responses, langGraph } = forwardedAnswers(thread);
  if (responses.length === 0 || !isRecord(merged)) return merged;
  const parley = isRecord(merged.parley) ? merged.parley : {};
  const out: Record<string, unknown> = { ...merged, parley: { ...parley, responses } };
  if (langGraph !== undefined) out.command = { ...(isRecord(merged.command) ? merged.command : {}), resume: langGraph };
  return out;
}

function withIdentity(props: unknown, identity: string | undefined): unknown {
  if (identity === undefined || !isRecord(props)) return props;
  const parley = isRecord(props.parley) ? props.parley : {};
  return { ...props, parley: { ...parley, identity } };
}


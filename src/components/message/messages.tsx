import { lazy, Suspense, useId, useMemo, type ReactNode } from "react";
import { Collapsible } from "radix-ui";
import { useThread } from "../../react/hooks";
import { useLabels } from "../../i18n/LabelsContext";
import { LazyMarkdown as Markdown } from "../markdown/LazyMarkdown";
import { ToolCallCard } from "../tool-call/ToolCall";
import { Fallback } from "../registry/Fallback";
import type { MessageComponentProps } from "../registry/registry";
import { Message } from "./MessageParts";
import { AnswerActions, EditableUserMessage } from "../conversation/MessageActions";
import { useMessageSupport } from "../../react/support";
import { useShowsActions, useShowsAuthor } from "../thread/RowLayoutContext";
import { ConfidenceLabel } from "./ConfidenceLabel";
import { CheckIcon, ChevronRightIcon, CrossIcon } from "../lib/icons";
import { contentText } from "../../core/thread/messageContent";

// Loaded when an answer cites something: most answers do not.
const MessageSources = lazy(() => import("./MessageSources"));

/**
 * Who wrote the message. In a thread, the rows after the first of one agent's turn leave it out:
 * they read as the same turn (one role label, no second header).
 */
function Header() {
  if (!useShowsAuthor()) return null;
  return (
    <Message.Header data-role-label="">
      <Message.Author />
      <Message.Attribution />
    </Message.Header>
  );
}

/**
 * The person's message: plain text (never Markdown, never HTML).
 *
 * @example
 * <ParleyUIProvider components={{ user: UserMessage }} />
 */
export function UserMessage({ message }: MessageComponentProps) {
  if (message.role !== "user") return <Fallback message={message} />;
  return (
    <Message.Root message={message}>
      <Header />
      <EditableUserMessage message={message} />
    </Message.Root>
  );
}
UserMessage.displayName = "Parley.UserMessage";

/**
 * The agent's reply: its name (and sub-agent), Markdown text, then its tool calls; the last reply
 * of a turn ends with the turn's actions (Copy, Regenerate, versions) once it is complete.
 *
 * @example
 * <AssistantMessage message={message} />
 */
export function AssistantMessage({ message }: MessageComponentProps) {
  const callIds = message.role === "assistant" ? message.toolCallIds : undefined;
  // Calls the person is asked about are shown by their cards (the rows that follow), not here
  // (ToolCallCard), unless the app renders that tool itself.
  const shownCalls = useThread((t) => (callIds ?? []).filter((id) => {
    const call = t.toolCalls.get(id);
    const kind = call?.interactionId ? t.interactions.get(call.interactionId)?.origin.kind : undefined;
    // A front-end tool's call may be drawn by the app's renderer: counted as shown.
    return kind === undefined || kind === "frontend-tool";
  }).length);
  const support = useMessageSupport(message.id);
  const showsActions = useShowsActions();
  const prefix = useId();
  const citations = useMemo(
    () => (support?.sources.length ? { ids: support.sources.map((source) => source.id), elementId: (index: number) => `${prefix}source-${index}` } : undefined),
    [support, prefix],
  );
  if (message.role !== "assistant") return <Fallback message={message} />;
  const text = contentText(message.content);
  if (!text && shownCalls === 0 && callIds?.length && !support) return null;
  return (
    <Message.Root message={message}>
      <Header />
      {text ? (
        <Message.Body>
          <Markdown citations={citations}>{text}</Markdown>
        </Message.Body>
      ) : null}
      {support?.confidence ? <ConfidenceLabel score={support.confidence.score} /> : null}
      {citations && support ? (
        <Suspense fallback={null}>
          <MessageSources sources={support.sources} elementId={citations.elementId} />
        </Suspense>
      ) : null}
      {message.toolCallIds?.length ? (
        <div data-slot="message-tool-calls" className="pl:flex pl:flex-col pl:gap-2">
          {message.toolCallIds.map((id) => (
            <ToolCallCard key={id} id={id} />
          ))}
        </div>
      ) : null}
      {message.streaming || !showsActions ? null : <AnswerActions messageId={message.id} />}
    </Message.Root>
  );
}
AssistantMessage.displayName = "Parley.AssistantMessage";

/**
 * System and developer messages: small, muted, plain text.
 *
 * @example
 * <SystemMessage message={message} />
 */
export function SystemMessage({ message }: MessageComponentProps) {
  if (message.role !== "system" && message.role !== "developer") return <Fallback message={message} />;
  return (
    <Message.Root message={message}>
      <Header />
      <Message.Body className="pl:whitespace-pre-wrap">{contentText(message.content)}</Message.Body>
    </Message.Root>
  );
}
SystemMessage.displayName = "Parley.SystemMessage";

/**
 * A tool result. When the thread knows the call, its {@link ToolCallCard} already shows the
 * result, so this renders nothing; an orphan result is shown on its own.
 *
 * @example
 * <ToolMessage message={message} />
 */
export function ToolMessage({ message }: MessageComponentProps) {
  const toolCallId = message.role === "tool" ? message.toolCallId : "";
  const shownByCall = useThread((t) => toolCallId !== "" && t.toolCalls.get(toolCallId) !== undefined);
  if (message.role !== "tool") return <Fallback message={message} />;
  if (shownByCall) return null;
  return (
    <Message.Root message={message}>
      <Header />
      <Message.Body className="pl:whitespace-pre-wrap pl:font-mono">{message.error ?? contentText(message.content)}</Message.Body>
    </Message.Root>
  );
}
ToolMessage.displayName = "Parley.ToolMessage";

/**
 * The agent's visible thinking, folded away by default.
 *
 * @example
 * <ReasoningMessage message={message} />
 */
export function ReasoningMessage({ message }: MessageComponentProps) {
  const t = useLabels();
  if (message.role !== "reasoning") return <Fallback message={message} />;
  return (
    <Message.Root message={message}>
      <Collapsible.Root data-slot="reasoning">
        <Collapsible.Trigger
          data-slot="reasoning-trigger"
          className="pl:-mx-1.5 pl:flex pl:min-h-7 pl:items-center pl:gap-1.5 pl:rounded-md pl:px-1.5 pl:text-muted-foreground pl:hover:bg-muted pl:hover:text-foreground pl:focus-visible:outline-2 pl:focus-visible:outline-ring pl:data-[state=open]:[&>span]:rotate-90 pl:rtl:data-[state=open]:[&>span]:-rotate-90 pl:pointer-coarse:min-h-11"
        >
          <span aria-hidden className="pl:inline-flex pl:transition-transform pl:rtl:-scale-x-100">
            <ChevronRightIcon size={14} />
          </span>
          {message.streaming ? t.reasoningStreaming : t.reasoning}
          <Message.Attribution />
        </Collapsible.Trigger>
        <Collapsible.Content data-slot="reasoning-content">
          <Message.Body className="pl:mt-1 pl:whitespace-pre-wrap pl:border-s-2 pl:border-border pl:ps-2">{contentText(message.content)}</Message.Body>
        </Collapsible.Content>
      </Collapsible.Root>
    </Message.Root>
  );
}
ReasoningMessage.displayName = "Parley.ReasoningMessage";

type StepStatus = "pending" | "in-progress" | "completed" | "failed";
const STEP_STATUSES: readonly StepStatus[] = ["pending", "in-progress", "completed", "failed"];
// Drawn, not typed: a ring to do, a pulsing dot under way, a tick done, a cross failed.
const STEP_MARK: Record<StepStatus, ReactNode> = {
  pending: <span className="pl:size-2.5 pl:rounded-full pl:border-[1.5px] pl:border-current" />,
  "in-progress": <span className="pl:size-2.5 pl:animate-pulse pl:rounded-full pl:bg-primary" />,
  completed: <CheckIcon size={14} />,
  failed: <CrossIcon size={14} />,
};

function readSteps(content: unknown): { title: string; status: StepStatus }[] | undefined {
  const steps = (content as { steps?: unknown } | null)?.steps;
  if (!Array.isArray(steps)) return undefined;
  return steps.map((step) => {
    const s = (step ?? {}) as Record<string, unknown>;
    const raw = (typeof s.status === "string" ? s.status : "pending").replace("_", "-");
    const title = s.title ?? s.description ?? s.content ?? s.name ?? "";
    return { title: typeof title === "string" ? title : JSON.stringify(title), status: (STEP_STATUSES as readonly string[]).includes(raw) ? (raw as StepStatus) : "pending" };
  });
}

/**
 * The default activity view: a plan as a step list (`content.steps: { title, status }[]`).
 * Anything else falls back to the raw view.
 *
 * @example
 * <ParleyUIProvider components={{ "activity:PLAN": PlanActivity }} />
 */
export function PlanActivity({ message }: MessageComponentProps) {
  const t = useLabels();
  const steps = message.role === "activity" ? readSteps(message.content) : undefined;
  if (message.role !== "activity" || !steps) return <Fallback message={message} />;
  const title = typeof message.content.title === "string" ? message.content.title : t.planTitle;
  return (
    <Message.Root message={message}>
      <Message.Header>
        <span data-slot="plan-title">{title}</span>
        <Message.Attribution />
      </Message.Header>
      <ol data-slot="plan-steps" className="pl:m-0 pl:flex pl:list-none pl:flex-col pl:gap-1 pl:p-0">
        {steps.map((step, index) => (
          <li
            key={index}
            data-slot="plan-step"
            data-state={step.status}
            data-number={index + 1}
            className="pl:flex pl:items-baseline pl:gap-2 pl:data-[state=completed]:text-muted-foreground pl:data-[state=failed]:text-destructive"
          >
            <span aria-hidden className="pl:inline-flex pl:w-4 pl:shrink-0 pl:justify-center pl:self-center">{STEP_MARK[step.status]}</span>
            <span className="pl:flex-1">{step.title}</span>
            <span className="pl:sr-only">{t.stepStatus[step.status]}</span>
          </li>
        ))}
      </ol>
    </Message.Root>
  );
}
PlanActivity.displayName = "Parley.PlanActivity";

import { createContext, forwardRef, useContext, useMemo, type ComponentPropsWithoutRef } from "react";
import { Collapsible } from "radix-ui";
import type { ThreadMessage, ToolCallState } from "../../core/fold";
import { useMessage, useToolCall } from "../../react/hooks";
import { useInteraction } from "../../react/interactions";
import { useToolRendererFor } from "../registry/toolHooks";
import { RenderedToolCall } from "./RenderedToolCall";
import { useLabels } from "../../i18n/LabelsContext";
import { cn } from "../lib/cn";
import { ChevronRightIcon } from "../lib/icons";
import { contentText } from "../../core/thread/messageContent";

interface ToolCallContextValue {
  call: ToolCallState;
  result: ThreadMessage | undefined;
}

const ToolCallContext = createContext<ToolCallContextValue | null>(null);
ToolCallContext.displayName = "ParleyToolCall";

function useToolCallContext(part: string): ToolCallContextValue {
  const value = useContext(ToolCallContext);
  if (!value) throw new Error(`<ToolCall.${part}> must be used inside <ToolCall.Root call={…}>.`);
  return value;
}

/** Pretty JSON of the parsed args; the raw text while nothing parses yet. */
export function formatToolArgs(call: Pick<ToolCallState, "args" | "argsText">): string {
  if (call.args === undefined) return call.argsText;
  try {
    return JSON.stringify(call.args, null, 2);
  } catch {
    return call.argsText;
  }
}

/**
 * A tool result as a person reads it: JSON indented over lines (one line of JSON wraps mid-value),
 * anything else as it came.
 *
 * @example
 * formatToolResult('{"trains":[1,2]}'); // "{\n  \"trains\": [\n    1,\n    2\n  ]\n}"
 */
export function formatToolResult(text: string): string {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return text;
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2);
  } catch {
    return text;
  }
}

export interface ToolCallRootProps extends Omit<ComponentPropsWithoutRef<typeof Collapsible.Root>, "children"> {
  call: ToolCallState;
  /** The `tool` message that answered the call, if any. */
  result?: ThreadMessage;
  children?: React.ReactNode;
}

/**
 * A tool call, collapsible. `data-state` is Radix's `open` / `closed` (on the trigger and content
 * too); `data-status` is the call's status (`streaming-args`, `waiting`, `complete`, `error`).
 */
const Root = forwardRef<HTMLDivElement, ToolCallRootProps>(function ToolCallRoot({ call, result, className, ...props }, ref) {
  const value = useMemo(() => ({ call, result }), [call, result]);
  return (
    <ToolCallContext.Provider value={value}>
      <Collapsible.Root
        ref={ref}
        data-slot="tool-call"
        data-tool-call-id={call.id}
        data-tool-name={call.name}
        data-status={call.status}
        {...props}
        className={cn("pl:overflow-hidden pl:rounded-lg pl:border pl:border-border pl:bg-background pl:text-sm", className)}
      />
    </ToolCallContext.Provider>
  );
});
Root.displayName = "ToolCall.Root";

const Trigger = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<typeof Collapsible.Trigger>>(function ToolCallTrigger({ className, ...props }, ref) {
  useToolCallContext("Trigger");
  return (
    <Collapsible.Trigger
      ref={ref}
      data-slot="tool-call-trigger"
      {...props}
      className={cn(
        "pl:group/trigger pl:flex pl:min-h-10 pl:w-full pl:items-center pl:gap-2 pl:px-3 pl:py-1.5 pl:text-start pl:hover:bg-muted pl:focus-visible:outline-2 pl:focus-visible:-outline-offset-2 pl:focus-visible:outline-ring pl:pointer-coarse:min-h-11",
        className,
      )}
    />
  );
});
Trigger.displayName = "ToolCall.Trigger";

const Name = forwardRef<HTMLSpanElement, ComponentPropsWithoutRef<"span">>(function ToolCallName({ className, ...props }, ref) {
  const { call } = useToolCallContext("Name");
  return (
    <span ref={ref} data-slot="tool-call-name" {...props} className={cn("pl:shrink-0 pl:font-mono pl:font-medium", className)}>
      {call.name}
    </span>
  );
});
Name.displayName = "ToolCall.Name";

/**
 * How the call stands: a coloured dot, and the words (read aloud always; on screen unless it is
 * done, which the green dot says). `data-status` is the call's status, or `waiting-for-person`.
 */
const Status = forwardRef<HTMLSpanElement, ComponentPropsWithoutRef<"span">>(function ToolCallStatus({ className, ...props }, ref) {
  const { call } = useToolCallContext("Status");
  const t = useLabels();
  // A call that asks the person (a Parley tool, or the subject of an interrupt) waits for them, not for a result.
  const interaction = useInteraction(call.interactionId);
  const waitingForPerson = interaction?.status === "pending" && call.status !== "complete";
  return (
    <span
      ref={ref}
      data-slot="tool-call-status"
      data-status={waitingForPerson ? "waiting-for-person" : call.status}
      {...props}
      className={cn(
        "pl:group/status pl:ms-auto pl:inline-flex pl:shrink-0 pl:items-center pl:gap-1.5 pl:text-xs pl:text-muted-foreground pl:data-[status=error]:text-destructive pl:data-[status=waiting-for-person]:text-warning",
        className,
      )}
    >
      <span
        aria-hidden
        data-slot="tool-call-status-dot"
        className="pl:size-2 pl:rounded-full pl:bg-current pl:group-data-[status=complete]/status:bg-success pl:group-data-[status=streaming-args]/status:animate-pulse pl:group-data-[status=waiting]/status:animate-pulse"
      />
      <span className="pl:group-data-[status=complete]/status:sr-only">{waitingForPerson ? t.interaction.waitingForYou : t.toolStatus[call.status]}</span>
    </span>
  );
});
Status.displayName = "ToolCall.Status";

/** One value of the argument summary: strings as written, anything else as short JSON. */
function summaryValue(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * The arguments on one line (`paths: ["/tmp/cache"], force: true`), cut to 160 characters; the
 * raw text while nothing parses yet.
 *
 * @example
 * summarizeToolArgs({ args: { from: "Paris", to: "Lyon" }, argsText: "" }); // "from: Paris, to: Lyon"
 */
export function summarizeToolArgs(call: Pick<ToolCallState, "args" | "argsText">): string {
  const args = call.args;
  let text: string;
  if (args !== null && typeof args === "object" && !Array.isArray(args)) {
    const parts: string[] = [];
    let length = 0;
    for (const key of Object.keys(args)) {
      if (length > 160) break;
      const part = `${key}: ${summaryValue((args as Record<string, unknown>)[key])}`;
      parts.push(part);
      length += part.length + 2;
    }
    text = parts.join(", ");
  } else {
    text = args === undefined ? call.argsText : summaryValue(args);
  }
  // Bounded before any scan: streamed argument text can be long.
  text = text.slice(0, 400).replace(/\s+/g, " ").trim();
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}

/** The one-line summary of the arguments, beside the name; cut with an ellipsis where the row ends. */
const Summary = forwardRef<HTMLSpanElement, ComponentPropsWithoutRef<"span">>(function ToolCallSummary({ className, ...props }, ref) {
  const { call } = useToolCallContext("Summary");
  const summary = summarizeToolArgs(call);
  if (!summary) return null;
  return (
    <span ref={ref} data-slot="tool-call-summary" {...props} className={cn("pl:min-w-0 pl:flex-1 pl:truncate pl:text-xs pl:text-muted-foreground", className)}>
      {summary}
    </span>
  );
});
Summary.displayName = "ToolCall.Summary";

const Content = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof Collapsible.Content>>(function ToolCallContent({ className, ...props }, ref) {
  useToolCallContext("Content");
  return (
    <Collapsible.Content
      ref={ref}
      data-slot="tool-call-content"
      {...props}
      className={cn("pl:space-y-3 pl:border-t pl:border-border pl:px-3 pl:py-3", className)}
    />
  );
});
Content.displayName = "ToolCall.Content";

// Indented JSON keeps its lines (no wrapping mid-value); a long one scrolls, by keyboard too.
const blockClass = "pl:max-h-64 pl:overflow-auto pl:whitespace-pre pl:rounded-md pl:bg-muted pl:p-3 pl:font-mono pl:text-code pl:text-foreground pl:focus-visible:outline-2 pl:focus-visible:outline-ring";

/** The arguments, pretty-printed; while they stream, the best parse so far or the raw text. */
const Args = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<"div">>(function ToolCallArgs({ className, ...props }, ref) {
  const { call } = useToolCallContext("Args");
  const t = useLabels();
  return (
    <div ref={ref} data-slot="tool-call-args" {...props} className={className}>
      <div className="pl:mb-1 pl:text-xs pl:font-medium pl:text-muted-foreground">{t.toolArguments}</div>
      <pre role="group" tabIndex={0} aria-label={t.toolArguments} className={blockClass}>{formatToolArgs(call)}</pre>
    </div>
  );
});
Args.displayName = "ToolCall.Args";

/** The result content; renders nothing until the tool answered, or when it answered with an error. */
const Result = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<"div">>(function ToolCallResult({ className, ...props }, ref) {
  const { result } = useToolCallContext("Result");
  const t = useLabels();
  if (!result || result.role !== "tool" || result.error) return null;
  return (
    <div ref={ref} data-slot="tool-call-result" {...props} className={className}>
      <div className="pl:mb-1 pl:text-xs pl:font-medium pl:text-muted-foreground">{t.toolResult}</div>
      <pre role="group" tabIndex={0} aria-label={t.toolResult} className={blockClass}>{formatToolResult(contentText(result.content))}</pre>
    </div>
  );
});
Result.displayName = "ToolCall.Result";

/** The tool's error, when its result carries one. */
const ErrorPart = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<"div">>(function ToolCallError({ className, ...props }, ref) {
  const { call, result } = useToolCallContext("Error");
  const t = useLabels();
  const error = result?.role === "tool" ? result.error : undefined;
  if (!error && call.status !== "error") return null;
  return (
    <div ref={ref} role="alert" data-slot="tool-call-error" {...props} className={cn("pl:text-destructive", className)}>
      <span className="pl:font-medium">{t.toolError}: </span>
      {error ?? (result?.role === "tool" ? contentText(result.content) || t.toolUnfinished : t.toolUnfinished)}
    </div>
  );
});
ErrorPart.displayName = "ToolCall.Error";

/**
 * The parts of a tool call, over Radix Collapsible.
 *
 * @example
 * <ToolCall.Root call={call} result={result}>
 *   <ToolCall.Trigger><ToolCall.Name /><ToolCall.Summary /><ToolCall.Status /></ToolCall.Trigger>
 *   <ToolCall.Content><ToolCall.Args /><ToolCall.Result /><ToolCall.Error /></ToolCall.Content>
 * </ToolCall.Root>
 */
export const ToolCall = { Root, Trigger, Name, Summary, Status, Content, Args, Result, Error: ErrorPart };

export interface ToolCallCardProps {
  /** The tool call's id in the thread. */
  id: string;
  defaultOpen?: boolean;
  className?: string;
}

/**
 * A tool call of the thread, styled: a chevron, the name, the arguments on one line and a status
 * dot; open it for the arguments in full (streaming live), the result and any error. A call the
 * person is asked about shows as that question's card instead. Re-renders only when that call or its result changes.
 *
 * @example
 * {message.toolCallIds?.map((id) => <ToolCallCard key={id} id={id} />)}
 */
export function ToolCallCard({ id, defaultOpen, className }: ToolCallCardProps) {
  const call = useToolCall(id);
  const result = useMessage(call?.resultMessageId ?? "");
  const interaction = useInteraction(call?.interactionId);
  const Renderer = useToolRendererFor(call?.name);
  if (!call) return null;
  // A call of one of Parley's own tools is the question itself: its card (the next row) shows it.
  if (interaction?.origin.kind === "tool") return null;
  if (Renderer) return <RenderedToolCall call={call} result={result} Renderer={Renderer} />;
  // A call the agent asks the person about (an interrupt's subject) is shown by that card, once:
  // a row above it would repeat the name and say "waiting" a second time.
  if (interaction) return null;
  return (
    <ToolCall.Root call={call} result={result} defaultOpen={defaultOpen} className={className}>
      <ToolCall.Trigger>
        <span aria-hidden data-slot="tool-call-chevron" className="pl:inline-flex pl:text-muted-foreground pl:transition-transform pl:rtl:-scale-x-100 pl:group-data-[state=open]/trigger:rotate-90 pl:rtl:group-data-[state=open]/trigger:-rotate-90">
          <ChevronRightIcon size={14} />
        </span>
        <ToolCall.Name />
        <ToolCall.Summary />
        <ToolCall.Status />
      </ToolCall.Trigger>
      <ToolCall.Content>
        <ToolCall.Args />
        <ToolCall.Result />
        <ToolCall.Error />
      </ToolCall.Content>
    </ToolCall.Root>
  );
}

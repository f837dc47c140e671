import { useCallback, useLayoutEffect, useRef, useState, type ComponentType } from "react";
import { Collapsible } from "radix-ui";
import type { Interaction as InteractionRecord } from "../../core/interactions";
import { useAwaitingToolCallIds, useCountdown, useInteraction, useInteractionActions, usePendingInteractionIds } from "../../react/interactions";
import { useToolCall } from "../../react/hooks";
import { ToolCallCard } from "../tool-call/ToolCall";
import { useLabels } from "../../i18n/LabelsContext";
import { useRevealMessage } from "../thread/ThreadNavigation";
import { cn } from "../lib/cn";
import { buttonVariants } from "../lib/button";
import { formatLeft, QueueEmpty, queueClass, QueueTitle, type InteractionQueueProps } from "./InteractionParts";

/** A thread row by id: the registry's `MessageRenderer`, which the shell hands in. */
type Row = ComponentType<{ id: string }>;

/**
 * The queue itself, in the cards' chunk (loaded on first use): `InteractionQueue` (queueShell.tsx)
 * shows it once loaded. Every question waiting for the person, oldest first, with its numbers, its
 * countdown, a count badge, "show in conversation" and "answer here" — answerable in any order —
 * and after them the app's own tools waiting on the person's `respond`. "Decline the rest"
 * declines whatever is still open, so the agent can go on.
 */
export function InteractionQueueView({ className, empty, Row }: InteractionQueueProps & { Row: Row }) {
  const t = useLabels();
  const questions = usePendingInteractionIds();
  const toolCallIds = useAwaitingToolCallIds();
  const count = questions.length + toolCallIds.length;
  const { declineOpen } = useInteractionActions();
  const queueRef = useRef<HTMLElement>(null);
  // Read when called: an item's layout effect runs before this section's ref is attached.
  const focusQueue = useCallback(() => queueRef.current?.focus(), []);
  if (count === 0 && empty === null) return null;
  const declineRest = () => {
    // The button goes with the questions it declined: keep focus in the queue.
    queueRef.current?.focus();
    declineOpen("click");
  };
  return (
    <section
      ref={queueRef}
      tabIndex={-1}
      data-slot="interaction-queue"
      data-state={count ? "waiting" : "empty"}
      aria-label={t.interaction.queueTitle}
      className={cn(queueClass, className)}
    >
      <header className="pl:flex pl:items-center pl:gap-2">
        <QueueTitle count={count} />
        {count > 1 ? (
          <button type="button" data-slot="interaction-queue-decline-all" onClick={declineRest} className={cn(buttonVariants({ variant: "secondary", size: "sm" }), "pl:ms-auto pl:px-2")}>
            {t.interaction.declineAll}
          </button>
        ) : null}
      </header>
      {count === 0 ? (
        <QueueEmpty empty={empty} />
      ) : (
        <ol className="pl:m-0 pl:flex pl:list-none pl:flex-col pl:gap-2 pl:p-0">
          {questions.map((id) => <QueueItem key={id} id={id} focusQueue={focusQueue} Row={Row} />)}
          {toolCallIds.map((id) => <ToolQueueItem key={id} id={id} focusQueue={focusQueue} />)}
        </ol>
      )}
    </section>
  );
}
InteractionQueueView.displayName = "Parley.InteractionQueueView";

function summaryOf(interaction: InteractionRecord): string {
  const envelope = interaction.envelope;
  if (!envelope) return interaction.id;
  if (envelope.messageType === "permission_request") return envelope.payload.summary;
  const payload = envelope.payload as { content?: unknown };
  return typeof payload?.content === "string" ? payload.content : interaction.messageType;
}

/** Answered here, an item leaves the queue: focus stays in the queue instead of falling to <body>. */
function useFocusQueueOnLeave(focusQueue: () => void) {
  const itemRef = useRef<HTMLLIElement>(null);
  useLayoutEffect(() => {
    const item = itemRef.current;
    return () => {
      if (item?.contains(item.ownerDocument.activeElement)) focusQueue();
    };
  }, [focusQueue]);
  return itemRef;
}

function QueueItem({ id, focusQueue, Row }: { id: string; focusQueue: () => void; Row: Row }) {
  const t = useLabels();
  const interaction = useInteraction(id);
  const reveal = useRevealMessage();
  const [open, setOpen] = useState(false);
  const left = useCountdown(interaction?.deadline);
  const itemRef = useFocusQueueOnLeave(focusQueue);
  if (!interaction) return null;
  const typeName = t.interaction.typeName[interaction.messageType as keyof typeof t.interaction.typeName] ?? interaction.messageType;
  const numbers = interaction.numbers;
  return (
    <li ref={itemRef} data-slot="interaction-queue-item" data-interaction-id={id} data-type={interaction.messageType} className="pl:rounded-md pl:border pl:border-border pl:p-2">
      <Collapsible.Root open={open} onOpenChange={setOpen}>
        <div className="pl:flex pl:flex-wrap pl:items-center pl:gap-2">
          {numbers.length ? (
            <span data-slot="interaction-queue-numbers" className="pl:rounded-full pl:bg-muted pl:px-2 pl:text-xs pl:font-semibold pl:tabular-nums">
              {numbers.length > 1 ? `${numbers[0]}–${numbers[numbers.length - 1]}` : numbers[0]}
            </span>
          ) : null}
          <span className="pl:text-xs pl:text-muted-foreground">{typeName}</span>
          {left !== undefined ? (
            <span role="timer" data-slot="interaction-queue-countdown" className="pl:ms-auto pl:text-xs pl:tabular-nums pl:text-muted-foreground">
              {left > 0 ? t.interaction.timeLeft(formatLeft(left)) : t.interaction.deadlinePassed}
            </span>
          ) : null}
        </div>
        <p data-slot="interaction-queue-summary" className="pl:my-1 pl:line-clamp-2 pl:break-words">{summaryOf(interaction)}</p>
        <div className="pl:flex pl:flex-wrap pl:gap-2">
          <button
            type="button"
            data-slot="interaction-queue-jump"
            className={cn(buttonVariants({ variant: "secondary", size: "sm" }), "pl:px-2")}
            onClick={() => reveal(interaction.rowId, `[data-interaction-id="${interaction.id.replace(/["\\]/g, "\\$&")}"]`)}
          >
            {t.interaction.jumpTo}
          </button>
          <Collapsible.Trigger data-slot="interaction-queue-answer" className={cn(buttonVariants({ variant: "secondary", size: "sm" }), "pl:px-2")}>
            {t.interaction.answerHere}
          </Collapsible.Trigger>
        </div>
        <Collapsible.Content data-slot="interaction-queue-card" className="pl:mt-2">
          <Row id={interaction.rowId} />
        </Collapsible.Content>
      </Collapsible.Root>
    </li>
  );
}

/** One of the app's own tools waiting on the person's `respond`: its name, and its card to answer here. */
function ToolQueueItem({ id, focusQueue }: { id: string; focusQueue: () => void }) {
  const t = useLabels();
  const call = useToolCall(id);
  const reveal = useRevealMessage();
  const [open, setOpen] = useState(false);
  const itemRef = useFocusQueueOnLeave(focusQueue);
  if (!call) return null;
  return (
    <li ref={itemRef} data-slot="interaction-queue-item" data-tool-call-id={id} data-type="tool" className="pl:rounded-md pl:border pl:border-border pl:p-2">
      <Collapsible.Root open={open} onOpenChange={setOpen}>
        <p data-slot="interaction-queue-summary" className="pl:my-1 pl:break-words pl:font-mono pl:text-xs">{call.name}</p>
        <div className="pl:flex pl:flex-wrap pl:gap-2">
          <button
            type="button"
            data-slot="interaction-queue-jump"
            className={cn(buttonVariants({ variant: "secondary", size: "sm" }), "pl:px-2")}
            onClick={() => reveal(call.messageId, `[data-tool-call-id="${id.replace(/["\\]/g, "\\$&")}"]`)}
          >
            {t.interaction.jumpTo}
          </button>
          <Collapsible.Trigger data-slot="interaction-queue-answer" className={cn(buttonVariants({ variant: "secondary", size: "sm" }), "pl:px-2")}>
            {t.interaction.answerHere}
          </Collapsible.Trigger>
        </div>
        <Collapsible.Content data-slot="interaction-queue-card" className="pl:mt-2">
          <ToolCallCard id={id} defaultOpen />
        </Collapsible.Content>
      </Collapsible.Root>
    </li>
  );
}

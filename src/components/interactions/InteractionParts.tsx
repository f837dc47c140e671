import { createContext, forwardRef, useCallback, useContext, useId, useRef, type ComponentPropsWithoutRef, type ReactNode, type RefObject } from "react";
import { Slot } from "radix-ui";
import type { ThreadMessage } from "../../core/fold";
import { extensionsLeft, type Interaction as InteractionRecord } from "../../core/interactions";
import { useCountdown, useInteraction, useInteractionActions } from "../../react/interactions";
import { useFormatTime, useLabels } from "../../i18n/LabelsContext";
import { cn } from "../lib/cn";
import { buttonVariants } from "../lib/button";
import { UIContext } from "../registry/UIContext";

interface InteractionContextValue {
  interaction: InteractionRecord;
  titleId: string;
}

const InteractionContext = createContext<InteractionContextValue | null>(null);
InteractionContext.displayName = "ParleyInteraction";

/**
 * The interaction of the nearest `<InteractionCard.Root>`, for parts and custom cards.
 *
 * @example
 * const interaction = useInteractionContext("MyPart");
 */
export function useInteractionContext(part: string): InteractionRecord {
  const value = useContext(InteractionContext);
  if (!value) throw new Error(`<${part}> must be used inside <InteractionCard.Root interaction={…}>.`);
  return value.interaction;
}

/**
 * The interaction a thread row shows, for the components the registry picks by `messageType`.
 *
 * @example
 * function SeatMap({ message }: MessageComponentProps) {
 *   const interaction = useRowInteraction(message);
 * }
 */
export function useRowInteraction(message: ThreadMessage): InteractionRecord | undefined {
  return useInteraction(message.role === "interaction" ? message.interactionId : undefined);
}

/**
 * A ref for a card's `Root` and a function that focuses it. An answer removes the button that had
 * focus; moving focus to the card first keeps it there instead of letting it fall to `<body>`.
 *
 * @example
 * const [cardRef, focusCard] = useCardFocus();
 * <InteractionCard.Root ref={cardRef} …><button onClick={() => answer(…).ok && focusCard()} /></InteractionCard.Root>
 */
export function useCardFocus(): readonly [RefObject<HTMLElement | null>, () => void] {
  const ref = useRef<HTMLElement>(null);
  const focus = useCallback(() => ref.current?.focus(), []);
  return [ref, focus] as const;
}

/** `timed_out` as `timed-out`: data attributes use kebab case. */
export function interactionState(interaction: InteractionRecord): string {
  return interaction.status.replace("_", "-");
}

export interface InteractionRootProps extends ComponentPropsWithoutRef<"section"> {
  interaction: InteractionRecord;
  asChild?: boolean;
}

/**
 * One interaction card: a labelled `<section>` with `data-type`, `data-state`
 * (`streaming | pending | answered | declined | timed-out | withdrawn | shown | invalid`),
 * `data-origin` and `data-interaction-id`. Focusable (the queue's "show in conversation" lands here).
 * Its role is `group`, not a landmark: a thread holds many cards named alike ("Suggestion"), and
 * the queue shows a card the thread shows too; as regions they would crowd the landmarks and
 * repeat names.
 */
const Root = forwardRef<HTMLElement, InteractionRootProps>(function InteractionRoot({ interaction, asChild, className, children, ...props }, ref) {
  const titleId = useId();
  const Comp = asChild ? Slot.Root : "section";
  return (
    <InteractionContext.Provider value={{ interaction, titleId }}>
      <Comp
        ref={ref}
        data-slot="interaction"
        data-type={interaction.messageType}
        data-state={interactionState(interaction)}
        data-origin={interaction.origin.kind}
        data-interaction-id={interaction.id}
        role="group"
        aria-labelledby={titleId}
        aria-busy={interaction.status === "streaming" || undefined}
        tabIndex={-1}
        {...props}
        className={cn(
          // A neutral border; the meaning (`data-tone`: destructive, warning, info, success) is an accent at the start; only focus looks like focus.
          "pl:flex pl:flex-col pl:gap-3 pl:rounded-lg pl:border pl:border-border pl:bg-background pl:p-4 pl:text-sm pl:text-foreground pl:focus-visible:outline-2 pl:focus-visible:outline-ring pl:data-tone:border-s-4 pl:data-[tone=destructive]:border-s-destructive pl:data-[tone=warning]:border-s-warning pl:data-[tone=info]:border-s-primary pl:data-[tone=success]:border-s-success",
          className,
        )}
      >
        {children}
      </Comp>
    </InteractionContext.Provider>
  );
});
Root.displayName = "InteractionCard.Root";

/** The title line: its status, its deadline, and the title — `children`, the question, under a small type label; the type's name without. */
const Header = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<"div"> & { icon?: ReactNode }>(function InteractionHeader({ className, children, icon, ...props }, ref) {
  const context = useContext(InteractionContext);
  if (!context) throw new Error("<InteractionCard.Header> must be used inside <InteractionCard.Root interaction={…}>.");
  const t = useLabels();
  const { interaction, titleId } = context;
  const typeName = t.interaction.typeName[interaction.messageType as keyof typeof t.interaction.typeName] ?? interaction.messageType;
  return (
    <div ref={ref} data-slot="interaction-header" {...props} className={cn("pl:flex pl:flex-wrap pl:items-center pl:gap-2", className)}>
      {/* The kind of question as a small label above a title that is the question itself. */}
      {children ? <span data-slot="interaction-type" className="pl:basis-full pl:text-xs pl:text-muted-foreground">{typeName}</span> : null}
      {icon}
      <h3 id={titleId} data-slot="interaction-title" className="pl:m-0 pl:min-w-0 pl:break-words pl:text-sm pl:font-semibold">
        {children ?? typeName}
      </h3>
      {/* "Waiting for you" is said once on screen, by the status line above the composer: while the
          question is open the card says it only to a screen reader; once settled, it shows its state. */}
      <span data-slot="interaction-status" data-state={interactionState(interaction)} className="pl:ms-auto pl:text-xs pl:text-muted-foreground pl:data-[state=pending]:sr-only">
        {t.interaction.status[interaction.status]}
      </span>
      {interaction.status === "pending" ? <Countdown className="pl:ms-auto" /> : null}
    </div>
  );
});
Header.displayName = "InteractionCard.Header";

/** Time left as a clock reads it ("4:59", "1:02:03"); the card and the queue say it the same way. */
export function formatLeft(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return minutes >= 60 ? `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}:${String(seconds).padStart(2, "0")}` : `${minutes}:${String(seconds).padStart(2, "0")}`;
}

/**
 * Time left before the kit declines by itself; nothing without a deadline. `data-warning` from
 * `deadlineWarningMs` before it (default 30 s), with a line that says so, shown and announced
 * once; `data-urgent` in the last 10 s. Where the ask allows it (`extendable`), "More time".
 */
const Countdown = forwardRef<HTMLSpanElement, ComponentPropsWithoutRef<"span">>(function InteractionCountdown({ className, ...props }, ref) {
  const interaction = useInteractionContext("InteractionCard.Countdown");
  const t = useLabels();
  const warnMs = useContext(UIContext).deadlineWarningMs ?? 30_000;
  const left = useCountdown(interaction.status === "pending" ? interaction.deadline : undefined);
  if (left === undefined) return null;
  const warning = left > 0 && left <= warnMs;
  // Extensions still allowed (the door's own count): the last one moves focus to the card, as its button goes.
  const more = extensionsLeft(interaction, interaction.deadline! - left);
  return (
    <>
      <span
        ref={ref}
        role="timer"
        data-slot="interaction-countdown"
        data-warning={warning || undefined}
        data-urgent={left <= 10_000 || undefined}
        {...props}
        className={cn(
          "pl:rounded-full pl:bg-muted pl:px-2 pl:py-0.5 pl:text-xs pl:tabular-nums pl:text-foreground pl:data-urgent:bg-destructive pl:data-urgent:text-destructive-foreground",
          className,
        )}
      >
        {left > 0 ? t.interaction.timeLeft(formatLeft(left)) : t.interaction.deadlinePassed}
      </span>
      {more > 0 ? <MoreTime id={interaction.id} byMs={interaction.envelope!.extendable!.byMs} last={more === 1} /> : null}
      {/* A live region from the start (one that appears with its text is not read out); the words once the warning begins. */}
      <span role="status" data-slot="interaction-deadline-warning" className={warning ? "pl:basis-full pl:text-xs pl:text-warning" : "pl:sr-only"}>
        {warning ? t.interaction.deadlineWarning(formatLeft(warnMs)) : ""}
      </span>
    </>
  );
});

/** Asks for more time; the last time it may, focus moves to the card, as the button goes. */
function MoreTime({ id, byMs, last }: { id: string; byMs: number; last: boolean }) {
  const t = useLabels();
  const { extendDeadline } = useInteractionActions();
  return (
    <button
      type="button"
      data-slot="interaction-more-time"
      className={buttonVariants({ variant: "secondary", size: "sm" })}
      onClick={(event) => {
        const card = event.currentTarget.closest<HTMLElement>("[data-slot=interaction]");
        if (extendDeadline(id).ok && last) card?.focus();
      }}
    >
      {t.interaction.moreTime(formatLeft(byMs))}
    </button>
  );
}
Countdown.displayName = "InteractionCard.Countdown";

/** The question's text. */
const Content = forwardRef<HTMLParagraphElement, ComponentPropsWithoutRef<"p">>(function InteractionContent({ className, ...props }, ref) {
  useInteractionContext("InteractionCard.Content");
  return <p ref={ref} data-slot="interaction-content" {...props} className={cn("pl:m-0 pl:whitespace-pre-wrap pl:break-words", className)} />;
});
Content.displayName = "InteractionCard.Content";

/** The footer's answer buttons, end-aligned, in one order on every card: the others first, the primary last. */
const Actions = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<"div">>(function InteractionActions({ className, ...props }, ref) {
  useInteractionContext("InteractionCard.Actions");
  return <div ref={ref} data-slot="interaction-actions" {...props} className={cn("pl:flex pl:flex-wrap pl:items-center pl:justify-end pl:gap-2", className)} />;
});
Actions.displayName = "InteractionCard.Actions";

/**
 * For a settled card: what was decided, how and when ("Answered by number reply at 14:05"),
 * with `children` saying what was chosen. Nothing while the question is open.
 */
const Outcome = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<"div">>(function InteractionOutcome({ className, children, ...props }, ref) {
  const interaction = useInteractionContext("InteractionCard.Outcome");
  const t = useLabels();
  const formatTime = useFormatTime({ hour: "2-digit", minute: "2-digit", second: "2-digit" });
  if (interaction.status === "pending" || interaction.status === "streaming" || interaction.status === "shown") return null;
  const when = interaction.settledAt !== undefined ? formatTime(interaction.settledAt) : "";
  const status = t.interaction.status[interaction.status];
  // "Timed out at 14:05", not "Timed out by timeout at 14:05".
  const line = !when ? status : interaction.how && interaction.how !== "timeout" ? t.interaction.settled(status, t.interaction.how[interaction.how], when) : t.interaction.settledAt(status, when);
  return (
    <div ref={ref} data-slot="interaction-outcome" data-state={interactionState(interaction)} {...props} className={cn("pl:flex pl:flex-col pl:gap-1 pl:rounded-md pl:bg-muted pl:px-3 pl:py-2", className)}>
      {children ? <div data-slot="interaction-outcome-value" className="pl:font-medium">{children}</div> : null}
      <div data-slot="interaction-outcome-meta" className="pl:text-xs pl:text-muted-foreground">
        {line}
        {interaction.problem && interaction.status === "withdrawn" ? ` — ${interaction.problem}` : null}
      </div>
    </div>
  );
});
Outcome.displayName = "InteractionCard.Outcome";

/** A number badge for a respondable item (`data-number`). */
const NumberBadge = forwardRef<HTMLSpanElement, ComponentPropsWithoutRef<"span"> & { value: number }>(function InteractionNumber({ value, className, ...props }, ref) {
  return (
    <span
      ref={ref}
      data-slot="interaction-number"
      data-number={value}
      {...props}
      className={cn("pl:inline-flex pl:min-w-6 pl:items-center pl:justify-center pl:rounded-full pl:border pl:border-border pl:bg-muted pl:px-1.5 pl:text-xs pl:font-semibold pl:tabular-nums pl:text-foreground", className)}
    >
      {value}
    </span>
  );
});
NumberBadge.displayName = "InteractionCard.Number";

/**
 * The parts every interaction card is built from; compose them for a custom type.
 *
 * @example
 * <InteractionCard.Root interaction={interaction}>
 *   <InteractionCard.Header>Pick a seat</InteractionCard.Header>
 *   <InteractionCard.Content>{payload.content}</InteractionCard.Content>
 *   <InteractionCard.Actions>…</InteractionCard.Actions>
 *   <InteractionCard.Outcome>{chosenSeat}</InteractionCard.Outcome>
 * </InteractionCard.Root>
 */
export const InteractionCard = { Root, Header, Countdown, Content, Actions, Outcome, Number: NumberBadge };

// The queue's own pieces, shared by its shell (eager, queueShell.tsx) and its view (the cards'
// chunk): here, in a module both already load, rather than in a chunk of their own.

export interface InteractionQueueProps {
  className?: string;
  /** Shown when nothing is waiting; `null` hides the queue then. Default: a short note. */
  empty?: ReactNode;
}

/** The queue's frame, the same before and after its chunk has loaded. */
export const queueClass =
  "pl:flex pl:flex-col pl:gap-2 pl:rounded-lg pl:border pl:border-border pl:bg-background pl:p-3 pl:text-sm pl:text-foreground pl:focus-visible:outline-2 pl:focus-visible:outline-ring";

/** The queue's heading and its count badge. */
export function QueueTitle({ count }: { count: number }) {
  const t = useLabels();
  return (
    <>
      <h2 className="pl:m-0 pl:text-sm pl:font-semibold">{t.interaction.queueTitle}</h2>
      <span
        data-slot="interaction-queue-count"
        aria-label={t.interaction.queueCount(count)}
        className="pl:inline-flex pl:min-w-6 pl:items-center pl:justify-center pl:rounded-full pl:bg-primary pl:px-1.5 pl:text-xs pl:font-semibold pl:text-primary-foreground"
      >
        {count}
      </span>
    </>
  );
}

/** "Nothing is waiting for you." (or the app's own `empty`). */
export function QueueEmpty({ empty }: { empty: ReactNode }) {
  const t = useLabels();
  return <p data-slot="interaction-queue-empty" className="pl:m-0 pl:text-muted-foreground">{empty ?? t.interaction.queueEmpty}</p>;
}

import type { ReactNode } from "react";
import { useLabels } from "../../i18n/LabelsContext";
import { useAwaitingToolCallIds, usePendingInteractionIds } from "../../react/interactions";
import { useLazyChunk } from "../lib/lazyChunk";
import { cn } from "../lib/cn";
import { cardsUi } from "./cardsChunk";

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

/**
 * The interrupt queue (seed 002): every question waiting for the person, oldest first, with its
 * numbers, its countdown, a count badge, "show in conversation" and "answer here" — answerable in
 * any order — and after them the app's own tools waiting on the person's `respond`. "Decline the
 * rest" declines whatever is still open, so the agent can go on. `data-state` is `empty` or `waiting`.
 *
 * Its items load with the cards, on first use (`ParleyUIProvider` loads them when the browser is
 * idle); until then — and on the server, and while hydrating — the queue shows its heading and
 * count, marked busy while something waits, or its empty note.
 *
 * @example
 * <aside><InteractionQueue /></aside>
 */
export function InteractionQueue(props: InteractionQueueProps) {
  const ui = useLazyChunk(cardsUi);
  const count = usePendingInteractionIds().length + useAwaitingToolCallIds().length;
  const t = useLabels();
  if (ui) return <ui.InteractionQueueView {...props} />;
  if (count === 0 && props.empty === null) return null;
  return (
    <section
      tabIndex={-1}
      data-slot="interaction-queue"
      data-state={count ? "waiting" : "empty"}
      aria-label={t.interaction.queueTitle}
      aria-busy={count ? true : undefined}
      className={cn(queueClass, props.className)}
    >
      <header className="pl:flex pl:items-center pl:gap-2">
        <QueueTitle count={count} />
      </header>
      {count === 0 ? <QueueEmpty empty={props.empty} /> : null}
    </section>
  );
}
InteractionQueue.displayName = "Parley.InteractionQueue";

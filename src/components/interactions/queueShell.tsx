import { useLabels } from "../../i18n/LabelsContext";
import { useAwaitingToolCallIds, usePendingInteractionIds } from "../../react/interactions";
import { useLazyChunk } from "../lib/lazyChunk";
import { cn } from "../lib/cn";
import { cardsUi } from "./cardsChunk";
import { MessageRenderer } from "../registry/MessageRenderer";
import { QueueEmpty, queueClass, QueueTitle, type InteractionQueueProps } from "./InteractionParts";

export type { InteractionQueueProps } from "./InteractionParts";

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
  // The rows are drawn by the registry's renderer, handed in: the chunk does not import it back.
  if (ui) return <ui.InteractionQueueView {...props} Row={MessageRenderer} />;
  if (count === 0 && props.empty === null) return null;
  return (
    <section
      data-slot="interaction-queue"
      data-state={count ? "waiting" : "empty"}
      aria-label={t.interaction.queueTitle}
      aria-busy={count > 0 || undefined}
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

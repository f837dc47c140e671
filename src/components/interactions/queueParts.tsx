import type { ReactNode } from "react";
import { useLabels } from "../../i18n/LabelsContext";

/** The queue's own pieces, shared by its shell (eager) and its view (the cards' chunk). */

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

import { useId, useState } from "react";
import { Popover } from "radix-ui";
import { FEEDBACK_REASON_LIMIT } from "../../core/feedback";
import { useLabels } from "../../i18n/LabelsContext";
import { useFeedback } from "../../react/useFeedback";
import { Button } from "../lib/button";
import { cn } from "../lib/cn";

function ThumbIcon({ down = false }: { down?: boolean }) {
  return (
    <svg aria-hidden viewBox="0 0 20 20" width="16" height="16" className={cn("pl:size-4 pl:shrink-0", down && "pl:rotate-180")} fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round">
      <path d="M6 9v8H3.5V9H6Zm0 0 3.2-6.2c1.3 0 2.1 1 1.8 2.3L10.5 8h4.6c1.1 0 1.9 1 1.7 2.1l-1.1 5.6c-.2.8-.9 1.3-1.7 1.3H6" />
    </svg>
  );
}

/** Props of {@link MessageFeedback}. */
export interface MessageFeedbackProps {
  /** The answer the feedback is on. */
  messageId: string;
  className?: string;
}

/**
 * Thumbs up and down on one answer, and a reason after a thumbs down (a popover, optional). The
 * buttons say which is chosen (`aria-pressed`, `data-state`); pressing the chosen one takes it back.
 * Nothing shows when the agent declares it takes no feedback.
 *
 * @example
 * <MessageFeedback messageId={message.id} />
 */
export function MessageFeedbackView({ messageId, className }: MessageFeedbackProps) {
  const labels = useLabels().feedback;
  const { rating, reason, supported, give, clear } = useFeedback(messageId);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState("");
  const fieldId = useId();
  if (!supported) return null;
  const state = rating ?? "none";
  return (
    <div role="group" aria-label={labels.group} data-slot="message-feedback" data-state={state} className={cn("pl:inline-flex pl:items-center pl:gap-0.5", className)}>
      <Button type="button" variant="ghost" size="xs" aria-label={labels.good} aria-pressed={rating === "up"} data-state={rating === "up" ? "on" : "off"} onClick={() => (rating === "up" ? clear() : give("up"))}>
        <ThumbIcon />
      </Button>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <Button
            type="button"
            variant="ghost"
            size="xs"
            aria-label={labels.bad}
            aria-pressed={rating === "down"}
            data-state={rating === "down" ? "on" : "off"}
            onClick={(event) => {
              if (rating === "down") {
                event.preventDefault();
                clear();
                return;
              }
              give("down");
              setDraft(reason ?? "");
            }}
          >
            <ThumbIcon down />
          </Button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content data-slot="message-feedback-reason" aria-label={labels.bad} sideOffset={4} className="pl:z-50 pl:flex pl:w-64 pl:flex-col pl:gap-2 pl:rounded-md pl:border pl:border-border pl:bg-background pl:p-3 pl:text-foreground pl:shadow-md">
            <form
              className="pl:flex pl:flex-col pl:gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                give("down", draft);
                setOpen(false);
              }}
            >
              <label htmlFor={fieldId} className="pl:text-xs pl:font-medium">
                {labels.reason}
              </label>
              <textarea id={fieldId} value={draft} maxLength={FEEDBACK_REASON_LIMIT} rows={3} onChange={(event) => setDraft(event.target.value)} className="pl:rounded-md pl:border pl:border-border pl:bg-background pl:p-2 pl:text-sm" />
              <Button type="submit" size="sm" className="pl:self-end">
                {labels.send}
              </Button>
            </form>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      <span role="status" className="pl:sr-only">
        {rating ? labels.thanks : ""}
      </span>
    </div>
  );
}

import { useSuggestions } from "../../react/conversation";
import { useLabels } from "../../i18n/LabelsContext";
import { cn } from "../lib/cn";

/** A quick reply or a suggestion to start with: a rounded chip, 32 px, 44 px on a touch screen. */
export const chipClass =
  "pl:min-h-8 pl:rounded-full pl:border pl:border-border pl:bg-background pl:px-3 pl:py-1 pl:text-sm pl:text-foreground pl:hover:bg-muted pl:focus-visible:outline-2 pl:focus-visible:outline-ring pl:pointer-coarse:min-h-11";

/**
 * The quick replies the agent offered with its last run, as chips; a click sends one (a chip that
 * names a numbered option answers it by its number). Renders nothing when there are none.
 *
 * @example
 * <SuggestionChips />
 * <Composer />
 */
export function SuggestionChips({ className }: { className?: string }) {
  const t = useLabels().conversation;
  const { items, choose } = useSuggestions();
  if (items.length === 0) return null;
  return (
    <div role="group" aria-label={t.suggestions} data-slot="suggestion-chips" className={cn("pl:flex pl:flex-wrap pl:gap-2", className)}>
      {items.map((item, i) => (
        <button
          // Labels may repeat; the position keeps keys unique within one offer.
          key={`${i}:${item.label}`}
          type="button"
          data-slot="suggestion-chip"
          title={item.value && item.value !== item.label ? item.value : undefined}
          onClick={(event) => {
            const root = event.currentTarget.closest(".parley") ?? document;
            choose(item);
            // The chips go once the reply is sent: the person goes on from the composer.
            root.querySelector<HTMLElement>('[data-slot="composer-input"]')?.focus();
          }}
          className={chipClass}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
SuggestionChips.displayName = "Parley.SuggestionChips";

import type { ComponentPropsWithoutRef } from "react";
import { useLabels } from "../../i18n/LabelsContext";
import { useConfidenceReader } from "../../react/support";
import { cn } from "../lib/cn";

export interface ConfidenceLabelProps extends ComponentPropsWithoutRef<"span"> {
  /** The agent's confidence, 0–1; anything else renders nothing. */
  score: unknown;
}

/**
 * How sure the agent is, as words: "high confidence · 0.92" (`data-level="high|medium|low"` for
 * styling) — a label, never a colour alone.
 *
 * @example
 * <ConfidenceLabel score={0.92} />
 */
export function ConfidenceLabel({ score, className, ...props }: ConfidenceLabelProps) {
  const t = useLabels();
  const confidence = useConfidenceReader()(score);
  if (!confidence) return null;
  return (
    <span
      data-slot="confidence"
      data-level={confidence.level}
      {...props}
      className={cn("pl:inline-flex pl:w-fit pl:items-center pl:rounded-full pl:border pl:border-border pl:px-2 pl:text-xs pl:text-muted-foreground", className)}
    >
      {t.support.confidence(confidence.level, confidence.score.toFixed(2))}
    </span>
  );
}
ConfidenceLabel.displayName = "Parley.ConfidenceLabel";

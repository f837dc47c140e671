import { useAgentRun } from "../../react/hooks";
import { useLabels } from "../../i18n/LabelsContext";
import { cn } from "../lib/cn";

export interface RunErrorProps {
  className?: string;
}

/**
 * The last run's failure in plain words, with a Retry button; nothing when the last run did not
 * fail. `data-source` is `agent` (the agent reported an error) or `transport` (the connection).
 *
 * @example
 * <Thread />
 * <RunError />
 * <Composer />
 */
export function RunError({ className }: RunErrorProps) {
  const t = useLabels();
  // `error` is the last run's, and only a run that ended in error has one.
  const { error, isRunning, retry } = useAgentRun();
  if (!error || isRunning) return null;
  return (
    <div
      role="alert"
      data-slot="run-error"
      data-source={error.source}
      data-code={error.code}
      className={cn("pl:flex pl:items-start pl:gap-3 pl:rounded-md pl:border pl:border-destructive pl:bg-background pl:p-3 pl:text-sm", className)}
    >
      <div className="pl:flex-1">
        <p data-slot="run-error-title" className="pl:font-medium pl:text-destructive">
          {error.source === "transport" ? t.runFailedTransport : t.runFailed}
        </p>
        <p data-slot="run-error-message" className="pl:text-foreground">{error.message}</p>
      </div>
      <button
        type="button"
        data-slot="run-error-retry"
        onClick={() => retry()}
        className="pl:rounded-md pl:bg-destructive pl:px-3 pl:py-1 pl:font-medium pl:text-destructive-foreground pl:focus-visible:outline-2 pl:focus-visible:outline-offset-2 pl:focus-visible:outline-ring"
      >
        {t.retry}
      </button>
    </div>
  );
}
RunError.displayName = "Parley.RunError";

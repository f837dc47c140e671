import { useAgentRun } from "../../react/hooks";
import { useLabels } from "../../i18n/LabelsContext";
import { useFocusComposer } from "../composer/ComposerFocus";
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
  const focusComposer = useFocusComposer();
  if (!error || isRunning) return null;
  return (
    <div
      role="alert"
      data-slot="run-error"
      data-source={error.source}
      data-code={error.code}
      className={cn("pl:mx-auto pl:flex pl:w-[calc(100%-2rem)] pl:max-w-[calc(var(--parley-column)-2rem)] pl:items-start pl:gap-3 pl:rounded-lg pl:border pl:border-destructive pl:bg-background pl:p-3 pl:text-sm", className)}
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
        onClick={() => {
          retry();
          // Retry unmounts this card: focus goes to the text box, not to <body>.
          focusComposer();
        }}
        className="pl:min-h-8 pl:shrink-0 pl:rounded-md pl:bg-destructive pl:px-3 pl:font-medium pl:pointer-coarse:min-h-11 pl:text-destructive-foreground pl:focus-visible:outline-2 pl:focus-visible:outline-offset-2 pl:focus-visible:outline-ring"
      >
        {t.retry}
      </button>
    </div>
  );
}
RunError.displayName = "Parley.RunError";

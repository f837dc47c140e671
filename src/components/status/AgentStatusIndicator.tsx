import { useEffect, useId, useRef } from "react";
import { useAgentRun } from "../../react/hooks";
import { useCurrentActivity, usePause } from "../../react/interactions";
import { useReconnecting } from "../../react/connection";
import { useLabels } from "../../i18n/LabelsContext";
import { cn } from "../lib/cn";
import { buttonVariants } from "../lib/button";
import { PauseIcon } from "../lib/icons";
import { useFocusComposer } from "../composer/ComposerFocus";

export interface AgentStatusIndicatorProps {
  className?: string;
}

/**
 * What the agent is doing, in words, with `data-status` = `idle | thinking | acting | waiting`.
 * While a dropped stream is being resumed it says so instead ("Reconnecting… (attempt 2 of 4)",
 * `data-connection="reconnecting"`). Announced politely to screen readers. Idle says nothing (the
 * region stays mounted, empty and without height, so the next status is still announced).
 *
 * While the agent runs, the line ends with Pause (what streamed stays; the next message goes on);
 * where the agent asked not to be interrupted, Pause is disabled and the line says why. After
 * Pause, and when the run ends while Pause had focus, focus goes to the composer's text box.
 * It is the one place that says the agent is waiting for the person.
 *
 * @example
 * <AgentStatusIndicator />
 * <Composer />
 */
export function AgentStatusIndicator({ className }: AgentStatusIndicatorProps) {
  const t = useLabels();
  const { status, isRunning } = useAgentRun();
  const activity = useCurrentActivity();
  const reconnecting = useReconnecting();
  const { canPause, blockedBy, pause } = usePause();
  const focusComposer = useFocusComposer();
  const reasonId = useId();
  const text = reconnecting
    ? t.reconnecting(reconnecting.attempt, reconnecting.attempts)
    : status === "idle" ? "" : status === "acting" && activity ? t.actingOn(activity) : t.agentStatus[status];
  // Pause goes with the run: if it had focus then, the composer takes it, not <body>.
  const pauseFocused = useRef(false);
  useEffect(() => {
    if (isRunning || !pauseFocused.current) return;
    pauseFocused.current = false;
    if (!document.activeElement || document.activeElement === document.body) focusComposer();
  }, [isRunning, focusComposer]);
  return (
    <div data-slot="agent-status-line" className={cn("pl:mx-auto pl:flex pl:w-full pl:max-w-column pl:flex-wrap pl:items-center pl:gap-x-2 pl:px-4 pl:text-sm pl:text-muted-foreground", className)}>
      <div
        role="status"
        data-slot="agent-status"
        data-status={status}
        data-connection={reconnecting ? "reconnecting" : undefined}
        className="pl:flex pl:items-center pl:gap-2 pl:data-[status=waiting]:text-warning pl:data-[connection=reconnecting]:text-warning"
      >
        {text ? (
          <>
            <span
              aria-hidden
              data-slot="agent-status-dot"
              className="pl:size-2 pl:rounded-full pl:bg-muted-foreground pl:in-data-[status=acting]:animate-pulse pl:in-data-[status=acting]:bg-primary pl:in-data-[status=thinking]:animate-pulse pl:in-data-[status=thinking]:bg-primary pl:in-data-[status=waiting]:bg-warning pl:in-data-[connection=reconnecting]:animate-pulse pl:in-data-[connection=reconnecting]:bg-warning"
            />
            <span data-slot="agent-status-text">{text}</span>
          </>
        ) : null}
      </div>
      {isRunning ? (
        <>
          <button
            type="button"
            data-slot="agent-status-pause"
            onClick={() => {
              pause();
              focusComposer();
            }}
            disabled={!canPause}
            aria-describedby={blockedBy ? reasonId : undefined}
            onFocus={() => (pauseFocused.current = true)}
            onBlur={(event) => {
              if (event.relatedTarget) pauseFocused.current = false;
            }}
            className={cn(buttonVariants({ variant: "ghost", size: "xs" }), "pl:ms-auto pl:px-2")}
          >
            <PauseIcon size={14} />
            {t.interaction.pause}
          </button>
          {blockedBy ? (
            <p id={reasonId} data-slot="agent-status-pause-reason" className="pl:w-full pl:text-end pl:text-xs">
              {t.interaction.pauseBlocked}
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
AgentStatusIndicator.displayName = "Parley.AgentStatusIndicator";

import { useAgentRun } from "../../react/hooks";
import { useCurrentActivity } from "../../react/interactions";
import { useReconnecting } from "../../react/connection";
import { useLabels } from "../../i18n/LabelsContext";
import { cn } from "../lib/cn";

export interface AgentStatusIndicatorProps {
  className?: string;
}

/**
 * What the agent is doing, in words, with `data-status` = `idle | thinking | acting | waiting`.
 * While a dropped stream is being resumed it says so instead ("Reconnecting… (attempt 2 of 4)",
 * `data-connection="reconnecting"`). Announced politely to screen readers. Idle says nothing (the
 * region stays mounted, empty and without height, so the next status is still announced).
 *
 * @example
 * <AgentStatusIndicator />
 */
export function AgentStatusIndicator({ className }: AgentStatusIndicatorProps) {
  const t = useLabels();
  const { status } = useAgentRun();
  const activity = useCurrentActivity();
  const reconnecting = useReconnecting();
  const text = reconnecting
    ? t.reconnecting(reconnecting.attempt, reconnecting.attempts)
    : status === "idle" ? "" : status === "acting" && activity ? t.actingOn(activity) : t.agentStatus[status];
  return (
    <div
      role="status"
      data-slot="agent-status"
      data-status={status}
      data-connection={reconnecting ? "reconnecting" : undefined}
      className={cn("pl:mx-auto pl:flex pl:w-full pl:max-w-column pl:items-center pl:gap-2 pl:px-4 pl:text-sm pl:text-muted-foreground pl:data-[status=waiting]:text-warning pl:data-[connection=reconnecting]:text-warning", className)}
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
  );
}
AgentStatusIndicator.displayName = "Parley.AgentStatusIndicator";

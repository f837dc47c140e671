import { useAgentRun } from "../../react/hooks";
import { useCurrentActivity } from "../../react/interactions";
import { useLabels } from "../../i18n/LabelsContext";
import { cn } from "../lib/cn";

export interface AgentStatusIndicatorProps {
  className?: string;
}

/**
 * What the agent is doing, in words, with `data-status` = `idle | thinking | acting | waiting`.
 * Announced politely to screen readers.
 *
 * @example
 * <AgentStatusIndicator />
 */
export function AgentStatusIndicator({ className }: AgentStatusIndicatorProps) {
  const t = useLabels();
  const { status } = useAgentRun();
  const activity = useCurrentActivity();
  const text = status === "acting" && activity ? t.actingOn(activity) : t.agentStatus[status];
  return (
    <div
      role="status"
      data-slot="agent-status"
      data-status={status}
      className={cn("pl:flex pl:items-center pl:gap-2 pl:text-xs pl:text-muted-foreground pl:data-[status=waiting]:text-warning", className)}
    >
      <span
        aria-hidden
        data-slot="agent-status-dot"
        className="pl:size-2 pl:rounded-full pl:bg-muted-foreground pl:in-data-[status=acting]:animate-pulse pl:in-data-[status=acting]:bg-primary pl:in-data-[status=thinking]:animate-pulse pl:in-data-[status=thinking]:bg-primary pl:in-data-[status=waiting]:bg-warning"
      />
      <span data-slot="agent-status-text">{text}</span>
    </div>
  );
}
AgentStatusIndicator.displayName = "Parley.AgentStatusIndicator";

import type { Interaction } from "../../core/interactions";
import { useAgentStatusDetail } from "../../react/panels";
import { useLocale } from "../../i18n/LabelsContext";
import { panelLabelsFor, type PanelLabels } from "../../i18n/panelLabels";
import { useRevealMessage } from "../thread/ThreadNavigation";
import { cn } from "../lib/cn";
import { formatDuration, panelClass, panelTitleClass, smallButtonClass } from "./panelStyles";

export interface AgentStatusPanelProps {
  className?: string;
  /** Change a few of the panel's words. */
  labels?: Partial<PanelLabels>;
  /** The clock the elapsed time is measured with; `Date.now` by default. */
  now?: () => number;
}

function questionOf(interaction: Interaction): string {
  const envelope = interaction.envelope;
  if (envelope?.messageType === "permission_request") return envelope.payload.summary;
  const content = (envelope?.payload as { content?: unknown } | undefined)?.content;
  return typeof content === "string" ? content : interaction.messageType;
}

/**
 * The agent's status in detail: idle, thinking, working on which tool or step, or waiting on which
 * question (with a button that shows it in the conversation), and for how long. `data-status` is
 * `idle | thinking | acting | waiting`; `data-connection="reconnecting"` while a stream is resumed.
 *
 * @example
 * <aside><AgentStatusPanel /></aside>
 */
export default function AgentStatusPanel({ className, labels, now }: AgentStatusPanelProps) {
  const t = panelLabelsFor(useLocale(), labels);
  const detail = useAgentStatusDetail(now);
  const reveal = useRevealMessage();
  const { status, activity, waitingOn, reconnecting } = detail;
  const headline = reconnecting ? t.reconnecting(reconnecting.attempt, reconnecting.attempts) : activity && status === "acting" ? t.actingOn(activity) : t.status[status];
  return (
    <section
      data-slot="agent-status-panel"
      data-status={status}
      data-connection={reconnecting ? "reconnecting" : undefined}
      aria-label={t.statusTitle}
      className={cn(panelClass, className)}
    >
      <h2 className={panelTitleClass}>{t.statusTitle}</h2>
      <div role="status" className="pl:flex pl:flex-wrap pl:items-center pl:gap-2">
        <span
          aria-hidden
          className="pl:size-2 pl:rounded-full pl:bg-muted-foreground pl:in-data-[status=acting]:bg-primary pl:in-data-[status=thinking]:bg-primary pl:in-data-[status=waiting]:bg-warning pl:in-data-[connection=reconnecting]:bg-warning pl:motion-safe:in-data-[status=acting]:animate-pulse pl:motion-safe:in-data-[status=thinking]:animate-pulse"
        />
        <span data-slot="agent-status-panel-headline" className="pl:font-medium">{headline}</span>
        {status === "thinking" && activity ? <span data-slot="agent-status-panel-step" className="pl:text-muted-foreground">{activity}</span> : null}
      </div>
      {status !== "idle" ? (
        <p data-slot="agent-status-panel-elapsed" className="pl:m-0 pl:text-xs pl:tabular-nums pl:text-muted-foreground">
          <time dateTime={`PT${Math.floor(detail.elapsedMs / 1000)}S`}>{t.elapsed(formatDuration(detail.elapsedMs))}</time>
        </p>
      ) : null}
      {waitingOn ? (
        <div data-slot="agent-status-panel-waiting" data-interaction-id={waitingOn.id} className="pl:flex pl:flex-col pl:gap-1">
          <p className="pl:m-0 pl:line-clamp-2 pl:break-words">{t.waitingOn(questionOf(waitingOn))}</p>
          <button
            type="button"
            data-slot="agent-status-panel-jump"
            className={cn(smallButtonClass, "pl:self-start")}
            onClick={() => reveal(waitingOn.rowId, `[data-interaction-id="${waitingOn.id.replace(/["\\]/g, "\\$&")}"]`)}
          >
            {t.showQuestion}
          </button>
        </div>
      ) : null}
    </section>
  );
}

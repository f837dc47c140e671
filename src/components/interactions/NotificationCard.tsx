import type { MessageComponentProps } from "../registry/registry";
import { useLabels } from "../../i18n/LabelsContext";
import { InteractionFallback } from "./InteractionFallback";
import { InteractionCard, useRowInteraction } from "./InteractionParts";

const ICON = { info: "ℹ", success: "✓", warning: "!" } as const;

/**
 * A notification: something the agent tells the person that needs no answer (progress, a
 * result, a warning). `data-level` is `info`, `success` or `warning`.
 *
 * @example
 * <ParleyUIProvider components={{ notification: NotificationCard }} />
 */
export function NotificationCard({ message }: MessageComponentProps) {
  const t = useLabels();
  const interaction = useRowInteraction(message);
  if (!interaction) return null;
  if (interaction.envelope?.messageType !== "notification") return <InteractionFallback interaction={interaction} />;
  const { level, content } = interaction.envelope.payload;
  return (
    <InteractionCard.Root
      interaction={interaction}
      data-level={level}
      data-tone={level}
      className="pl:flex-row pl:items-start pl:gap-3 pl:p-3"
    >
      <span aria-hidden data-slot="notification-icon" className="pl:mt-0.5 pl:inline-flex pl:size-5 pl:shrink-0 pl:items-center pl:justify-center pl:rounded-full pl:bg-muted pl:text-xs pl:font-bold">
        {ICON[level]}
      </span>
      <div className="pl:flex pl:flex-col pl:gap-0.5">
        <InteractionCard.Header className="pl:sr-only">{`${t.interaction.typeName.notification}: ${t.interaction.level[level]}`}</InteractionCard.Header>
        <InteractionCard.Content className="pl:font-normal">{content}</InteractionCard.Content>
      </div>
    </InteractionCard.Root>
  );
}
NotificationCard.displayName = "Parley.NotificationCard";

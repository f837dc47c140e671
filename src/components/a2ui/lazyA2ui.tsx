import { useLabels } from "../../i18n/LabelsContext";
import { useInteraction } from "../../react/interactions";
import type { A2uiResponse } from "../../core/interactions";
import { useLazyChunk } from "../lib/lazyChunk";
import type { MessageComponentProps, MessageComponents } from "../registry/registry";
import { a2uiUi } from "./a2uiChunk";

/**
 * An `a2ui-surface` activity: drawn by the A2UI renderer once its chunk has loaded (on first use),
 * and until then — on the server and while hydrating too — a card marked busy.
 *
 * @example
 * <ParleyUIProvider components={{ "activity:a2ui-surface": A2uiActivity }} />
 */
export function A2uiActivity(props: MessageComponentProps) {
  const ui = useLazyChunk(a2uiUi);
  const t = useLabels();
  if (ui) return <ui.A2uiSurfaceView message={props.message} />;
  return (
    <div data-slot="a2ui" data-state="loading" aria-busy="true" className="pl:h-16 pl:animate-pulse pl:rounded-lg pl:bg-muted">
      <span className="pl:sr-only">{t.interaction.streaming}</span>
    </div>
  );
}
A2uiActivity.displayName = "Parley.A2uiActivity";

/**
 * The thread row of a surface's question. The surface itself (its activity) is where the person
 * acts, so while it waits this row shows nothing; once acted on, it says which action was sent.
 */
export function A2uiActionRow({ message }: MessageComponentProps) {
  const interaction = useInteraction(message.role === "interaction" ? message.interactionId : undefined);
  if (!interaction || interaction.status === "pending") return null;
  const response = interaction.response as A2uiResponse | undefined;
  const options = interaction.envelope?.messageType === "advice" ? interaction.envelope.payload.options : [];
  const label = options.find((o) => o.id === response?.optionId)?.label ?? response?.userAction?.name;
  return (
    <p data-slot="a2ui-action" data-state={interaction.status} className="pl:text-end pl:text-xs pl:text-muted-foreground">
      {interaction.status === "answered" && label ? `→ ${label}` : interaction.problem ?? ""}
    </p>
  );
}
A2uiActionRow.displayName = "Parley.A2uiActionRow";

/** The registry entries for A2UI, looked up after the kit's own defaults. */
export const a2uiComponents: MessageComponents = {
  "activity:a2ui-surface": A2uiActivity,
  "a2ui:surface": A2uiActionRow,
};

import { useLabels } from "../../i18n/LabelsContext";
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
 * acts, so while it waits this row shows nothing; once acted on, it says which action was sent
 * (`A2uiActionRowView`, with the renderer's chunk).
 */
export function A2uiActionRow(props: MessageComponentProps) {
  const ui = useLazyChunk(a2uiUi);
  return ui ? <ui.A2uiActionRowView {...props} /> : null;
}
A2uiActionRow.displayName = "Parley.A2uiActionRow";

/** The registry entries for A2UI, looked up after the kit's own defaults. */
export const a2uiComponents: MessageComponents = {
  "activity:a2ui-surface": A2uiActivity,
  "a2ui:surface": A2uiActionRow,
};

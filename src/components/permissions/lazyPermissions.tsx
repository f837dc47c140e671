import { forwardRef } from "react";
import { useLabels } from "../../i18n/LabelsContext";
import { cn } from "../lib/cn";
import { useLazyChunk } from "../lib/lazyChunk";
import type { MessageComponentProps } from "../registry/registry";
import { InteractionCard, useRowInteraction } from "../interactions/InteractionParts";
import type { AuditLogProps } from "./AuditLog";
import type { PermissionsPanelProps } from "./PermissionsPanel";
import type { PermissionScopeChoiceProps } from "./PermissionScopeChoice";
import { permissionsUi } from "./permissionsChunk";

/**
 * The permissions UI as the kit exports it: each part shows itself once its chunk has loaded
 * (`ParleyUIProvider` loads it when the browser is idle, so it is there before the agent asks), and
 * until then — and on the server, and while hydrating — a placeholder that holds its place.
 */

/**
 * A permission request: what the agent wants to do and why it asks, Approve / Decline, typed
 * confirmation, edits and the scope of the approval (see `PermissionRequestCardView`). Until the
 * card's code is there, the request's summary in a card marked busy; nothing can be approved.
 *
 * @example
 * <ParleyUIProvider components={{ permission_request: PermissionRequestCard }} />
 */
export function PermissionRequestCard(props: MessageComponentProps) {
  const ui = useLazyChunk(permissionsUi);
  const interaction = useRowInteraction(props.message);
  const t = useLabels();
  if (ui) return <ui.PermissionRequestCardView {...props} />;
  if (!interaction) return null;
  const envelope = interaction.envelope;
  const summary = envelope?.messageType === "permission_request" ? envelope.payload.summary : undefined;
  return (
    <InteractionCard.Root interaction={interaction} aria-busy="true">
      <InteractionCard.Header>{summary}</InteractionCard.Header>
      {summary ? null : <InteractionCard.Content>{t.interaction.streaming}</InteractionCard.Content>}
    </InteractionCard.Root>
  );
}
PermissionRequestCard.displayName = "Parley.PermissionRequestCard";

/**
 * How far an approval reaches ("allow once / these 10 / this session / only in test mode", for how
 * long), as the permission card shows it.
 *
 * @example
 * <PermissionScopeChoice scopes={["once", "session"]} scope={scope} onScopeChange={setScope} count="10" onCountChange={setCount} />
 */
export function PermissionScopeChoice(props: PermissionScopeChoiceProps) {
  const ui = useLazyChunk(permissionsUi);
  return ui ? <ui.PermissionScopeChoiceView {...props} /> : <div data-slot="permission-scope" aria-busy="true" className="pl:min-h-8" />;
}
PermissionScopeChoice.displayName = "Parley.PermissionScopeChoice";

const panelPlaceholder = "pl:min-h-8";

/**
 * The standing permissions the person gave in this thread, with Revoke (see `PermissionsPanelView`).
 *
 * @example
 * <aside><PermissionsPanel /><AuditLog /></aside>
 */
export const PermissionsPanel = forwardRef<HTMLElement, PermissionsPanelProps>(function PermissionsPanel(props, ref) {
  const ui = useLazyChunk(permissionsUi);
  if (ui) return <ui.PermissionsPanelBounded {...props} ref={ref} />;
  return <section ref={ref} data-slot="permissions-panel" aria-busy="true" className={cn(panelPlaceholder, props.className)} />;
});
PermissionsPanel.displayName = "Parley.PermissionsPanel";

/**
 * The audit log, newest first, with filters and JSON / CSV export (see `AuditLogView`).
 *
 * @example
 * <AuditLog defaultDecision="revoked" />
 */
export const AuditLog = forwardRef<HTMLElement, AuditLogProps>(function AuditLog(props, ref) {
  const ui = useLazyChunk(permissionsUi);
  if (ui) return <ui.AuditLogBounded {...props} ref={ref} />;
  return <section ref={ref} data-slot="audit-log" aria-busy="true" className={cn(panelPlaceholder, props.className)} />;
});
AuditLog.displayName = "Parley.AuditLog";

/**
 * Loads the permissions UI now and resolves when it is there (tests, screenshots, or an app that
 * wants it sooner than idle time).
 *
 * @example
 * await preloadPermissionsUi();
 */
export async function preloadPermissionsUi(): Promise<void> {
  await permissionsUi.load();
}

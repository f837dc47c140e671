/**
 * The permissions UI, a chunk of its own (`permissionsChunk.ts`): the permission card with its
 * scope choice (and Radix's radio group), the permissions panel and the audit log. A conversation
 * shows none of them until the agent asks permission or the app opens the panel.
 */
export { PermissionRequestCardView } from "../interactions/PermissionRequestCard";
export { PermissionScopeChoiceView } from "./PermissionScopeChoice";
export { PermissionsPanelBounded } from "./PermissionsPanel";
export { AuditLogBounded } from "./AuditLog";

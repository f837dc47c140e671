export { AuditLog, PermissionRequestCard, PermissionScopeChoice, PermissionsPanel, preloadPermissionsUi } from "./lazyPermissions";
export type { PermissionsPanelProps } from "./PermissionsPanel";
export type { AuditLogProps } from "./AuditLog";
export type { PermissionScopeChoiceProps } from "./PermissionScopeChoice";
export { batchLimit, BATCH_DEFAULT, BATCH_MAX, BATCH_MIN } from "../../react/batch";

export { PermissionsPanel, type PermissionsPanelProps } from "./PermissionsPanel";
export { AuditLog, type AuditLogProps } from "./AuditLog";
export { PermissionScopeChoice, batchLimit, BATCH_DEFAULT, BATCH_MAX, BATCH_MIN, type PermissionScopeChoiceProps } from "./PermissionScopeChoice";
export { downloadText } from "./download";

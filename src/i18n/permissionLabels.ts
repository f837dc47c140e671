/**
 * Strings of the permission scope choice, the permissions panel and the audit log. Reached as
 * `useLabels().permissions`.
 */
export interface PermissionLabels {
  panelTitle: string;
}

export const permissionsEn: PermissionLabels = {
  panelTitle: "Permissions",
};

export const permissionsZhCN: PermissionLabels = {
  panelTitle: "权限",
};

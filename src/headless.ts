/**
 * `parley-ui/headless`: the interaction cards' state and behaviour without their look — the hooks
 * (`usePermissionRequest`, `useAdvice`, `useInputRequest`, `useErrorRecovery`) and the compound parts
 * built on them (`PermissionRequest.{Root, Approve, Decline, TypedConfirm, Scope}`, `Advice.{Root,
 * Option, Submit, …}`, `InputRequest.{Root, Field, Submit, Decline}`, `ErrorRecovery.{Root, Action,
 * Dismiss}`), `asChild` everywhere, state in `data-*`. The kit's own cards are layouts over them
 * (loaded on first use); a team with its own design system builds its cards from these. An entry of its own, so the kit's first load does not carry them.
 * Also the grants page's and the audit log's hooks (`usePermissionsPanel`, `useAuditView`, the
 * refusals' and provenance's), which only the lazily loaded `PermissionsPanel` and `AuditLog` use.
 */
export { usePermissionRequest, type PermissionRequestState } from "./react/usePermissionRequest";
export { useAdvice, type AdviceState } from "./react/useAdvice";
export { useInputRequest, type InputRequestState } from "./react/useInputRequest";
export { useErrorRecovery, type ErrorRecoveryState } from "./react/useErrorRecovery";
export type { PartRootProps } from "./components/interactions/partRoot";
export {
  PermissionRequest,
  usePermissionRequestContext,
  type PermissionRequestRootProps,
  type PermissionRequestScopeProps,
  type PermissionRequestTypedConfirmProps,
} from "./components/interactions/PermissionRequest";
export { Advice, useAdviceContext, type AdviceOptionProps, type AdviceRootProps } from "./components/interactions/Advice";
export { InputRequest, useInputRequestContext, type InputRequestFieldProps, type InputRequestRootProps } from "./components/interactions/InputRequest";
export { ErrorRecovery, useErrorRecoveryContext, type ErrorRecoveryRootProps } from "./components/interactions/ErrorRecovery";
export { useAuditView, useNow, usePermissionsPanel, type AuditLogState, type AuditView, type GrantView, type PermissionsPanelState } from "./react/permissions";
export { useDecidingRefusal, useExecutionRecords, useRefusalOptions } from "./react/grantsPage";

export * from "./types";
export { decide, defaultPolicy, definePolicy, ruleMatches, nameMatches, categoriesOf, isDecision, operationFromRequest } from "./policy";
export {
  checkGrant,
  conditionsOffered,
  createGrant,
  grantCovers,
  grantStatus,
  isLive,
  liveGrants,
  revokeGrant,
  scopesOffered,
  spendGrant,
  usesLeft,
  type GrantInput,
  type GrantResult,
  type GrantStatus,
  type ScopeRequest,
} from "./grants";
export { auditRecord, auditToCsv, auditToJson, filterAudit, type AuditFilter } from "./audit";
export { grantsContext, type GrantsContextOptions } from "./context";
export { parleyRevokeTool, PARLEY_REVOKE_TOOL, revocationResult, revocationTargets } from "./revokeTool";
export { createMemoryPolicyStorage, type PolicyStorage } from "./storage";
export { createPermissions, DEFAULT_GRANT_EXPIRIES, type PermissionAssessment, type PermissionsEngine, type PermissionsOptions } from "./engine";

export * from "./types";
export { decide, defaultPolicy, definePolicy, ruleMatches, nameMatches, categoriesOf, isDecision, operationFromRequest } from "./policy";
export {
  checkGrant,
  refusalOf,
  createGrant,
  grantCovers,
  grantStatus,
  isLive,
  liveGrants,
  mergeGrant,
  revokeGrant,
  spendGrant,
  usesLeft,
  type GrantInput,
  type GrantResult,
  type GrantStatus,
} from "./grants";
export { conditionsOffered, scopesOffered, type ScopeRequest } from "./offers";
export { auditRecord, auditToCsv, auditToJson, filterAudit, type AuditFilter } from "./audit";
export { EXECUTED_EVENT, executionRecords } from "./provenance";
export { grantsContext, type GrantsContextOptions } from "./context";
export { parleyRevokeTool, PARLEY_REVOKE_TOOL, revocationResult, revocationTargets } from "./revokeTool";
export { appendToLog, createMemoryPolicyStorage, type PolicyStorage } from "./storage";
export { DEFAULT_AUDIT_LIMIT, mergeKeptGrants, readKeptAudit, readKeptGrants, standingGrants } from "./keptRecords";
export { createPermissions, DEFAULT_GRANT_EXPIRIES, type PermissionAssessment, type PermissionsEngine, type PermissionsOptions } from "./engine";

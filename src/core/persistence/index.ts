export { restoreThread, snapshotThread, SNAPSHOT_VERSION, type RestoreResult, type ThreadSnapshot } from "./threadSnapshot";
export { reattachDecision, readOpenRun, type OpenRun, type ReattachDecision } from "./reattach";
export { createMemoryThreadStorage, type ThreadStorage } from "./storage";
export { createIndexedDbThreadStorage } from "./indexedDb";
export { readTabMessage, settlementsBetween, TAB_MESSAGE_VERSION, type TabAction, type TabMessage } from "./tabMessages";
export { adoptable } from "./adoptable";
export { createIndexedDbPolicyStorage } from "./policyIndexedDb";

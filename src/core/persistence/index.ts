export { restoreThread, snapshotThread, SNAPSHOT_VERSION, type RestoreResult, type ThreadSnapshot } from "./threadSnapshot";
export { createMemoryThreadStorage, type ThreadStorage } from "./storage";
export { createIndexedDbThreadStorage } from "./indexedDb";
export { readTabMessage, settlementsBetween, TAB_MESSAGE_VERSION, type TabAction, type TabMessage } from "./tabMessages";
export { adoptable } from "./adoptable";
export { createIndexedDbPolicyStorage } from "./policyIndexedDb";

export { restoreThread, snapshotThread, SNAPSHOT_VERSION, type RestoreResult, type ThreadSnapshot } from "./threadSnapshot";
export { createMemoryThreadStorage, type ThreadStorage } from "./storage";
export { createIndexedDbThreadStorage } from "./indexedDb";
export { adoptable, readTabMessage, settlementsBetween, TAB_MESSAGE_VERSION, type TabAction, type TabMessage } from "./tabMessages";
export { createIndexedDbPolicyStorage } from "./policyIndexedDb";

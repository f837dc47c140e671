export { restoreThread, snapshotThread, SNAPSHOT_VERSION, type RestoreResult, type ThreadSnapshot } from "./threadSnapshot";
export { createMemoryThreadStorage, type ThreadStorage } from "./storage";
export { createIndexedDbThreadStorage } from "./indexedDb";

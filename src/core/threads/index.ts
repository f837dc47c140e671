export type { PushedSession, ThreadsAdapter, ThreadsChange, ThreadSummary } from "./types";
export { createMemoryThreadsAdapter, type MemoryThreadsAdapter, type MemoryThreadsOptions } from "./memoryThreads";
export { readSessionFrame, type SessionFrameResult } from "./sessionFrames";
export { connectSessions, type ConnectSessionsOptions, type SessionsConnectionStatus } from "./connectSessions";

export { createThreadStore, type ActionResult, type ReplyResult, type StateUpdate, type ThreadStore, type ReadonlyThreadStore, type StoreAction, type ThreadStoreOptions, type ThreadStoreState, type KeptPermissionsState } from "./createThreadStore";
export { createParley, type Parley, type ParleyOptions } from "./createParley";
export type { AuditDelivery, AuditSink } from "./auditSink";
export type { Turn } from "./turn";
export { createFrameBatcher, type BatchMode, type FrameBatcher } from "./frameBatcher";
export { describeRunFailure } from "./describeRunFailure";
export type { FrontendTool, ToolHandlerContext } from "./frontendTools";
export { createEventRecorder, type EventRecorder, type RecordedEvent, type TraceOption } from "./eventRecorder";
export { selectActivity, selectRunError, selectStatus, type Activity, type ActivitySource } from "../core/activity";

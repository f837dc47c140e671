import type { AgentCapabilities } from "@ag-ui/core";
import { agentSupports } from "../capabilities/supports";
import { isId, isRecord } from "../thread/guards";
import type { ThreadState } from "../thread/types";
import type { AgentLike, RunPosition } from "../transport/types";

/**
 * The run a snapshot was taken in the middle of: its request's identity (the thread and run ids
 * it was sent with) and the last event id folded into the snapshot's thread, when the transport
 * numbers its frames. What joining it again after a reload needs.
 */
export interface OpenRun {
  threadId: string;
  runId: string;
  lastEventId?: string;
}

/** Whether a restored thread's streaming run is joined again, and if not, why. */
export type ReattachDecision =
  | { reattach: true; position: RunPosition }
  | { reattach: false; reason: "not-running" | "no-position" | "not-resumable" };

/**
 * Whether a thread just restored joins its streaming run again: only when its last run was still
 * running, the snapshot says where the stream stood (an event id), and the agent can join a run
 * (`reattach`) — unless its capabilities say `transport.resumable: false`. Otherwise the run ends
 * as the reload cut it, with Retry. Pure.
 *
 * @example
 * const decision = reattachDecision(thread, snapshot.openRun, agent);
 * if (decision.reattach) agent.reattach!(decision.position);
 */
export function reattachDecision(thread: ThreadState, openRun: OpenRun | undefined, agent: Pick<AgentLike, "reattach"> | undefined, capabilities?: AgentCapabilities): ReattachDecision {
  if (thread.runs[thread.runs.length - 1]?.status !== "running") return { reattach: false, reason: "not-running" };
  if (!openRun || openRun.lastEventId === undefined) return { reattach: false, reason: "no-position" };
  if (typeof agent?.reattach !== "function" || !agentSupports(capabilities, "resume")) return { reattach: false, reason: "not-resumable" };
  return { reattach: true, position: { threadId: openRun.threadId, runId: openRun.runId, lastEventId: openRun.lastEventId } };
}

/** Event ids are SSE `id:` lines: any text without line breaks, kept short here. */
const EVENT_ID = /^[^\r\n]{1,1024}$/;

/**
 * A stored {@link OpenRun}, checked: ids that are ids, an event id that could be an SSE id. Anything
 * else is none (the run then ends as cut short).
 *
 * @example
 * readOpenRun({ threadId: "t1", runId: "r1", lastEventId: "41" }); // the same
 */
export function readOpenRun(value: unknown): OpenRun | undefined {
  if (!isRecord(value) || !isId(value.threadId) || !isId(value.runId)) return undefined;
  const open: OpenRun = { threadId: value.threadId, runId: value.runId };
  if (typeof value.lastEventId === "string" && EVENT_ID.test(value.lastEventId)) open.lastEventId = value.lastEventId;
  return open;
}

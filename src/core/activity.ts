import type { AgentStatus, RunFailure, ThreadState } from "./fold";

/**
 * What the agent's activity is read from: the thread, and the store's side of the turn (a request
 * going, handlers of front-end tools at work, runs chained by the store). The store's state has
 * these fields; anything with them will do.
 */
export interface ActivitySource {
  thread: ThreadState;
  /** A run's request is going (from `run()` until its stream ends). */
  isRunning: boolean;
  /** Between runs the store chains by itself: still busy, Stop still applies. */
  continuing: boolean;
  /** Calls whose front-end handlers are running now. */
  runningToolCallIds: readonly string[];
}

/** What the agent is doing, as the person sees it. */
export interface Activity {
  status: AgentStatus;
  isRunning: boolean;
  continuing: boolean;
  /** How the last run failed, if it did. */
  error: RunFailure | undefined;
}

/**
 * The agent's status as shown: the thread's own, except that a front-end tool's handler at work is
 * the app acting for the agent (not the person's turn), and a request sent before the agent's
 * `RUN_STARTED` is already the agent's turn. A string: safe as a selector.
 *
 * @example
 * const status = useStore(store, selectStatus); // "idle" | "thinking" | "acting" | "waiting"
 */
export function selectStatus(source: ActivitySource): AgentStatus {
  const status = source.thread.status;
  if (source.runningToolCallIds.length && status === "waiting") return "acting";
  return source.isRunning && status === "idle" ? "thinking" : status;
}

/**
 * How the thread's last run failed, if it did; the reference the thread holds (safe as a selector).
 *
 * @example
 * const error = selectRunError(store.getState());
 */
export function selectRunError(source: Pick<ActivitySource, "thread">): RunFailure | undefined {
  const runs = source.thread.runs;
  return runs[runs.length - 1]?.error;
}

/**
 * Everything the activity is, at once — a new object each call, so read it outside React (or
 * select its parts one by one, as `useAgentRun` does).
 *
 * @example
 * const { status, error } = selectActivity(store.getState());
 */
export function selectActivity(source: ActivitySource): Activity {
  return { status: selectStatus(source), isRunning: source.isRunning, continuing: source.continuing, error: selectRunError(source) };
}

import type { AgentStatus, ThreadState, ToolCallState } from "../thread/types";

/**
 * idle, thinking (a run is going), acting (a tool call or subagent is at work), waiting (the run
 * ended asking the person or the app for something).
 *
 * @example
 * deriveStatus(thread) === "waiting" // the last run ended with interrupts or tool calls to answer
 */
export function deriveStatus(state: ThreadState): AgentStatus {
  const run = state.runs[state.runs.length - 1];
  if (run?.status === "running") {
    if (toolCallAtWork(state)) return "acting";
    for (const id in state.subagents) if (state.subagents[id]?.status === "running") return "acting";
    return "thinking";
  }
  if (state.pendingInterrupts.length > 0 || state.pendingToolCallIds.length > 0) return "waiting";
  // Only between runs, so a streaming frame never pays for this scan.
  for (const id of state.interactionIds) if (state.interactions.get(id)?.status === "pending") return "waiting";
  return "idle";
}

/**
 * What the agent is acting on, for a status line: the newest tool call of the running run that
 * is still at work (streaming its arguments or waiting for its result), else the innermost step.
 *
 * @example
 * currentActivity(thread); // "search_trains"
 */
export function currentActivity(state: ThreadState): string | undefined {
  return toolCallAtWork(state)?.name ?? state.activeSteps[state.activeSteps.length - 1]?.name;
}

/** The newest tool call of the running run that has not finished. */
function toolCallAtWork(state: ThreadState): ToolCallState | undefined {
  const run = state.runs[state.runs.length - 1];
  if (run?.status !== "running") return undefined;
  for (let i = run.toolCallIds.length - 1; i >= 0; i--) {
    const call = state.toolCalls.get(run.toolCallIds[i] as string);
    if (call && (call.status === "streaming-args" || call.status === "waiting")) return call;
  }
  return undefined;
}

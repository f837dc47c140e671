import type { Draft } from "../thread/draft";
import { isRecord } from "../thread/guards";
import { ownValue } from "../fold/shared";
import { setMembers } from "../fold/jsonPatch";
import { runningRun } from "../thread/write";
import { parseArgs } from "../fold/parseArgs";
import { markStateRun } from "./stateRun";
import type { StatePrediction, StatePredictions } from "../thread/types";
export type { StatePrediction, StatePredictions };

/**
 * Predictive state updates (the AG-UI dojo's, as LangGraph and CopilotKit send them): a `CUSTOM`
 * event named `PredictState` whose value is `[{ state_key, tool, tool_argument? }]` says "while
 * `tool`'s arguments stream, show `tool_argument` (or all the arguments) as `state[state_key]`".
 * The prediction lasts for the run that announced it; the agent's own `STATE_SNAPSHOT` or
 * `STATE_DELTA` replaces it when it comes.
 */
export const PREDICT_STATE_EVENT = "PredictState";


/** The argument text length each call was last predicted from, per burst. */
const predictedAt = new WeakMap<Draft, Map<string, number>>();

/** `CUSTOM PredictState`: the entries replace the run's earlier ones; a malformed value is an error. */
export function setPredictions(d: Draft, value: unknown, event: unknown): void {
  const list = Array.isArray(value) ? value : [value];
  const entries: StatePrediction[] = [];
  for (const item of list) {
    if (!isRecord(item) || typeof item.state_key !== "string" || !item.state_key || typeof item.tool !== "string" || (item.tool_argument !== undefined && typeof item.tool_argument !== "string")) {
      return d.error("malformed-event", "PredictState: value must be [{ state_key, tool, tool_argument? }]", event);
    }
    entries.push({ stateKey: item.state_key, tool: item.tool, ...(item.tool_argument ? { toolArgument: item.tool_argument } : {}) });
  }
  d.s.predictions = { runId: runningRun(d)?.runId, entries };
}

/**
 * Writes the predicted keys from the streaming arguments of the calls touched in this burst whose
 * text grew since the last prediction. Called before the agent's own state is applied (so it wins)
 * and once at the end of the burst.
 */
export function predictFromToolCalls(d: Draft): void {
  const predictions = d.s.predictions;
  if (!predictions || d.touchedToolCalls.size === 0 || !isRecord(d.s.state)) return;
  let seen = predictedAt.get(d);
  for (const id of d.touchedToolCalls) {
    const call = d.s.toolCalls.get(id);
    if (!call || (predictions.runId !== undefined && call.runId !== predictions.runId)) continue;
    const matching = predictions.entries.filter((p) => p.tool === call.name);
    if (matching.length === 0 || seen?.get(id) === call.argsText.length) continue;
    if (!seen) predictedAt.set(d, (seen = new Map<string, number>()));
    seen.set(id, call.argsText.length);
    const args = parseArgs(call.argsText);
    for (const prediction of matching) {
      // Own members only, both ways: `tool_argument: "constructor"` read Object itself into the
      // state, and `state_key: "__proto__"` replaced the state's prototype.
      const value = prediction.toolArgument === undefined ? args : isRecord(args) ? ownValue(args, prediction.toolArgument) : undefined;
      if (value === undefined) continue;
      d.s.state = setMembers(d.s.state as object, [[prediction.stateKey, value]], d);
      markStateRun(d);
    }
  }
}

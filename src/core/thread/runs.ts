import type { Draft } from "./draft";
import type { RunFailure, RunRecord, RunStatus, ThreadState } from "./types";
import { closeMessage, editLastRun, editToolCall } from "./write";
import { syncToolInteractions } from "../origins/parley-tool";

/** Shared empty lane table, so "no chunk stream is open" is one reference check on the hot path. */
export const NO_LANES: ThreadState["chunkLanes"] = Object.freeze({});

/**
 * Ends the running run: closes whatever is still streaming (an aborted or failed run leaves
 * messages open; the partial text stays) and records how it ended.
 */
export function endRun(d: Draft, status: RunStatus, error?: RunFailure): RunRecord {
  for (const id of [...d.s.openMessageIds]) closeMessage(d, id);
  const run = editLastRun(d) as RunRecord;
  const ended: string[] = [];
  for (const id of run.toolCallIds) {
    const call = d.s.toolCalls.get(id);
    if (call?.status === "streaming-args") {
      editToolCall(d, call).status = status === "finished" || status === "interrupted" ? "waiting" : "error";
      d.touchedToolCalls.add(id);
      ended.push(id);
    }
  }
  // A Parley call cut off by the end of its run is asked (or withdrawn) now, before the run's
  // interrupts, as it came before them; the client's Stop and Pause end runs here too.
  if (ended.length) syncToolInteractions(d, ended);
  run.status = status;
  if (error) run.error = error;
  // A subagent still running when its run ends will never finish: left "running", it kept
  // deriveStatus at "acting" through every later run.
  for (const id in d.s.subagents) {
    const subagent = d.s.subagents[id];
    if (subagent?.status !== "running") continue;
    const ended = d.own(subagent);
    ended.status = "error";
    ended.error = { message: "The run ended before the subagent finished." };
    d.edit("subagents")[id] = ended;
  }
  d.s.chunkLanes = NO_LANES;
  d.s.activeSteps = [];
  d.s.openReasoning = [];
  return run;
}

import type { Message } from "@ag-ui/core";
import { Draft } from "./draft";
import { deriveStatus } from "./status";
import { endRun } from "./runs";
import { addMessage, isId, linkToolResult, takeMessage } from "./shared";
import type { RunFailure, RunRecord, ThreadState } from "./types";

/**
 * Changes that come from this side of the wire — the person's own message, a run the client
 * ended — applied with the same copy-on-write rules as the fold.
 */

/**
 * Appends a message written here (the person's turn). Ignored if the id is taken.
 *
 * @example
 * thread = appendMessage(thread, { id: crypto.randomUUID(), role: "user", content: "Book the 8:05" });
 */
export function appendMessage(state: ThreadState, message: Message): ThreadState {
  if (!isId(message.id) || state.messages.get(message.id)) return state;
  const d = new Draft(state);
  const taken = takeMessage(d, message);
  addMessage(d, taken);
  // An answer to a front-end tool call: the call completes and is no longer pending.
  linkToolResult(d, taken);
  d.s.status = deriveStatus(d.s);
  return d.s;
}

/**
 * Ends the run in progress from the client side: `cancelled` when the person pressed Stop,
 * `error` when the transport failed or the stream ended without `RUN_FINISHED`. What streamed so
 * far stays. With no run in progress (the request failed before `RUN_STARTED`) a failed run is
 * recorded so the UI has something to show and retry.
 *
 * @example
 * thread = endRunLocally(thread, "error", { message: "The agent answered HTTP 500.", source: "transport" });
 */
export function endRunLocally(
  state: ThreadState,
  status: "cancelled" | "error",
  failure?: RunFailure,
  runId = "",
): ThreadState {
  const d = new Draft(state);
  const last = d.s.runs[d.s.runs.length - 1];
  if (last?.status !== "running") {
    const run: RunRecord = { runId, threadId: d.s.threadId ?? "", status: "running", toolCallIds: [] };
    d.s.runs = [...d.s.runs, d.adopt(run)];
  }
  endRun(d, status, failure);
  d.s.status = deriveStatus(d.s);
  return d.s;
}

/**
 * Removes messages (and the tool calls they own), e.g. the partial reply of a failed run before
 * it is retried.
 *
 * @example
 * thread = removeMessages(thread, ["m-partial"]);
 */
export function removeMessages(state: ThreadState, ids: readonly string[]): ThreadState {
  const doomed = new Set(ids.filter((id) => state.messages.get(id)));
  if (doomed.size === 0) return state;
  const d = new Draft(state);
  const messages = d.edit("messages");
  const toolCalls = d.edit("toolCalls");
  for (const id of doomed) {
    const message = messages.get(id);
    if (message?.role === "assistant") for (const callId of message.toolCallIds ?? []) toolCalls.delete(callId);
    messages.delete(id);
  }
  d.s.messageIds = d.s.messageIds.filter((id) => !doomed.has(id));
  d.s.openMessageIds = d.s.openMessageIds.filter((id) => !doomed.has(id));
  return d.s;
}

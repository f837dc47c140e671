import { A2UI_ACTIVITY, a2uiInteractionId, a2uiSurfaceChanged } from "../origins/a2ui";
import { EventType, type Message } from "@ag-ui/core";
import { chunk, closeAllLanes, closeLane } from "./chunks";
import { NO_LANES } from "../thread/runs";
import { watchClaims } from "./claims";
import { Draft } from "../thread/draft";
import { IdTable } from "../thread/idTable";
import { applyJsonPatch, setMembers } from "./jsonPatch";
import { activityDelta, activitySnapshot, appendContent, describe, endMessage, messagesSnapshot, setEncryptedValue, startMessage } from "./messages";
import { reasoningSpan, runError, runFinished, runStarted, step, subagentEnded, subagentStarted } from "./runs";
import { addMessage, linkToolResult, takeMessage } from "../thread/write";
import { isClientOnlyRole, isId, isRecord } from "../thread/guards";
import { malformed, ownerOf } from "./shared";
import { parseArgs } from "./parseArgs";
import { closeRtuiAction } from "../origins/rtui";
import { customInteraction } from "../origins/custom";
import { INTERACTION_EVENT, LANGGRAPH_INTERRUPT_EVENT } from "../origins/ask";
import { syncToolInteractions } from "../origins/parley-tool";
import { isRtuiFrame, RTUI_ACTION_EVENT, RTUI_CLOSED_EVENT, rtuiActionInteraction } from "../origins/rtui";
import { appendToolCallArgs, endToolCall, startToolCall, toolCallResult } from "./tools";
import { deriveStatus } from "../thread/status";
import { TRANSPORT_SOURCE } from "../transport/types";
import type { ThreadState } from "../thread/types";
import { withoutHeldPaths } from "../state/heldEdits";
import { setSuggestions, SUGGESTIONS_EVENT } from "./suggestions";
import { CITATIONS_EVENT, setCitations } from "./citations";
import { predictFromToolCalls, PREDICT_STATE_EVENT, setPredictions } from "../state/predictState";
import { markStateRun } from "../state/stateRun";
import { measureValue, WIRE_LIMITS } from "../thread/limits";

/** What a thread starts from. */
export interface ThreadInit {
  threadId?: string;
  messages?: readonly Message[];
  state?: unknown;
}

/**
 * An empty thread, or one seeded with earlier messages and agent state.
 *
 * @example
 * const thread = createThreadState({ threadId: "t1", messages: [{ id: "u1", role: "user", content: "Hi" }] });
 */
export function createThreadState(init: ThreadInit = {}): ThreadState {
  const empty: ThreadState = {
    threadId: init.threadId,
    messageIds: [],
    messages: IdTable.empty(),
    toolCalls: IdTable.empty(),
    state: init.state ?? {},
    runs: [],
    activeSteps: [],
    subagents: {},
    pendingInterrupts: [],
    pendingToolCallIds: [],
    openMessageIds: [],
    openReasoning: [],
    chunkLanes: NO_LANES,
    customEvents: [],
    rawEvents: [],
    errors: [],
    errorCount: 0,
    eventCount: 0,
    status: "idle",
    interactions: IdTable.empty(),
    interactionIds: [],
    nextNumber: 1,
    grants: [],
    audit: [],
  };
  if (!init.messages?.length) return empty;
  const d = new Draft(empty);
  for (const message of init.messages) {
    if (!isRecord(message) || !isId(message.id) || d.s.messages.get(message.id) || isClientOnlyRole(message.role)) continue;
    const taken = takeMessage(d, message);
    addMessage(d, taken);
    linkToolResult(d, taken);
  }
  return finish(d);
}

/**
 * Folds a burst of AG-UI events into the thread in one pass. Pure: `state` is not changed, and
 * the result shares every object the events did not touch. Never throws: malformed or out-of-order
 * events are recorded in `errors` and the rest of the burst is applied.
 *
 * @example
 * const next = foldEvents(createThreadState(), events);
 * next.messageIds.map((id) => next.messages.get(id));
 */
export function foldEvents(state: ThreadState, events: Iterable<unknown>): ThreadState {
  const d = new Draft(state);
  for (const event of events) {
    try {
      applyEvent(d, event);
      if (d.toolCallsToDerive.size) {
        syncToolInteractions(d, d.toolCallsToDerive);
        d.toolCallsToDerive.clear();
      }
    } catch (error) {
      // A bug of ours must not take the stream down with it: record it and go on.
      d.error("malformed-event", `The event could not be applied: ${describe(error)}`, event);
    }
    d.eventIndex += 1;
  }
  return finish(d);
}

/**
 * Folds one event. For a stream, prefer {@link foldEvents} per burst: it copies each touched
 * object once per burst instead of once per event.
 *
 * @example
 * const next = foldEvent(thread, { type: EventType.TEXT_MESSAGE_CONTENT, messageId: "m1", delta: "Hi" });
 */
export function foldEvent(state: ThreadState, event: unknown): ThreadState {
  return foldEvents(state, [event]);
}

/**
 * The events that carry only ids and a string delta: their text is bounded where it is appended
 * (`WIRE_LIMITS.text`), and measuring each of them would cost the stream's hot path.
 */
const DELTAS = new Set<string>([EventType.TEXT_MESSAGE_CONTENT, EventType.TEXT_MESSAGE_CHUNK, EventType.TOOL_CALL_ARGS, EventType.TOOL_CALL_CHUNK, EventType.REASONING_MESSAGE_CONTENT, EventType.REASONING_MESSAGE_CHUNK]);
/** A tool result is text sent back with every later run: held to the text limit. */
const RESULT_LIMITS = { ...WIRE_LIMITS, chars: WIRE_LIMITS.text };

/** The events that could claim an answer for the person without being a tool result or a message. */
const CLAIM_CARRIERS = new Set<string>([EventType.CUSTOM, EventType.STATE_SNAPSHOT, EventType.STATE_DELTA, EventType.ACTIVITY_SNAPSHOT, EventType.ACTIVITY_DELTA]);

function applyEvent(d: Draft, raw: unknown): void {
  if (!isRecord(raw) || typeof raw.type !== "string" || !raw.type) {
    return d.error("malformed-event", "An event must be an object with a string type", raw);
  }
  const type = raw.type as EventType;
  // Handlers take the event typed as the protocol says, and check every field before trusting it.
  const event = raw as never;
  // Bounded at the door, before anything reads it: a state nested 10,000 levels deep broke every
  // later run and save; a 1,000,000-key one cost seconds a delta. The thread keeps what it had.
  let weight = 0;
  if (!DELTAS.has(type) || raw.metadata !== undefined) {
    const measured = measureValue(raw, type === EventType.TOOL_CALL_RESULT ? RESULT_LIMITS : WIRE_LIMITS);
    // The refused event is kept as its type and why: walking it again for a summary cost as much
    // as measuring it (a 1,000,000-key object is listed in full just to count its keys).
    if (typeof measured === "string") return d.error("too-large", `${type} is ${measured}; refused (docs/security.md lists the limits)`, { type, cut: measured });
    weight = measured;
  }

  if (d.s.chunkLanes !== NO_LANES) closeLanesFor(d, type, raw);
  if (CLAIM_CARRIERS.has(type)) watchClaims(d, type, raw);
  // RUN_FINISHED says it itself when no run is going; the rest is applied but noted.
  // An RTUI frame comes over its own connection, never inside a run.
  if (type !== EventType.RUN_STARTED && type !== EventType.RUN_ERROR && type !== EventType.RUN_FINISHED && !(type === EventType.CUSTOM && isRtuiFrame(raw.name))) {
    const last = d.s.runs[d.s.runs.length - 1];
    if (last && last.status !== "running") {
      d.error("outside-run", `${type} after run "${last.runId}" ended; applied anyway`, event);
    }
  }

  switch (type) {
    case EventType.TEXT_MESSAGE_START:
      return startMessage(d, event, false);
    case EventType.TEXT_MESSAGE_CONTENT:
      return appendContent(d, event);
    case EventType.TEXT_MESSAGE_END:
      return endMessage(d, event);
    case EventType.TEXT_MESSAGE_CHUNK:
      return chunk(d, event, "text");
    case EventType.TOOL_CALL_START:
      return startToolCall(d, event);
    case EventType.TOOL_CALL_ARGS:
      return appendToolCallArgs(d, event);
    case EventType.TOOL_CALL_END:
      return endToolCall(d, event);
    case EventType.TOOL_CALL_CHUNK:
      return chunk(d, event, "tool");
    case EventType.TOOL_CALL_RESULT:
      return toolCallResult(d, event);
    case EventType.REASONING_START:
      return reasoningSpan(d, event, true);
    case EventType.REASONING_END:
      return reasoningSpan(d, event, false);
    case EventType.REASONING_MESSAGE_START:
      return startMessage(d, event, true);
    case EventType.REASONING_MESSAGE_CONTENT:
      return appendContent(d, event);
    case EventType.REASONING_MESSAGE_END:
      return endMessage(d, event);
    case EventType.REASONING_MESSAGE_CHUNK:
      return chunk(d, event, "reasoning");
    case EventType.REASONING_ENCRYPTED_VALUE:
      return setEncryptedValue(d, event);
    case EventType.ACTIVITY_SNAPSHOT:
    case EventType.ACTIVITY_DELTA: {
      if (type === EventType.ACTIVITY_SNAPSHOT) activitySnapshot(d, event);
      else activityDelta(d, event);
      // A surface's buttons are a question of the person's (origins/a2ui.ts).
      const { messageId } = event as { messageId?: unknown };
      const shown = typeof messageId === "string" ? d.s.messages.get(messageId) : undefined;
      if (shown && ((shown.role === "activity" && shown.activityType === A2UI_ACTIVITY) || d.s.interactions.get(a2uiInteractionId(shown.id)))) a2uiSurfaceChanged(d, shown.id);
      return;
    }
    case EventType.STATE_SNAPSHOT:
      // Predictions first, so the agent's own state wins over them.
      predictFromToolCalls(d);
      markStateRun(d);
      d.s.state = withHeld(d, (event as { snapshot?: unknown }).snapshot);
      return;
    case EventType.STATE_DELTA:
      return stateDelta(d, event);
    case EventType.MESSAGES_SNAPSHOT:
      return messagesSnapshot(d, event);
    case EventType.STEP_STARTED:
      return step(d, event, true);
    case EventType.STEP_FINISHED:
      return step(d, event, false);
    case EventType.RUN_STARTED:
      return runStarted(d, event);
    case EventType.RUN_FINISHED:
      return runFinished(d, event);
    case EventType.RUN_ERROR:
      return runError(d, event);
    case EventType.SUBAGENT_STARTED:
      return subagentStarted(d, event);
    case EventType.SUBAGENT_FINISHED:
    case EventType.SUBAGENT_ERROR:
      return subagentEnded(d, event);
    case EventType.RAW: {
      // A frame the transport could not read: a protocol error in its place in the stream.
      if ((event as { source?: unknown }).source === TRANSPORT_SOURCE) {
        const { message } = ((event as { event?: unknown }).event ?? {}) as { message?: unknown };
        return d.error("invalid-frame", typeof message === "string" ? message : "A frame could not be read; skipped.", event);
      }
      const entry: ThreadState["rawEvents"][number] = { event: (event as { event?: unknown }).event, eventIndex: d.eventIndex };
      const source = (event as { source?: unknown }).source;
      if (typeof source === "string") entry.source = source;
      return d.log("rawEvents", entry, weight);
    }
    case EventType.CUSTOM: {
      const { name, value } = event as { name?: unknown; value?: unknown };
      if (typeof name !== "string") return malformed(d, event, "name", "a string");
      d.log("customEvents", { name, value, eventIndex: d.eventIndex }, weight);
      if (name === INTERACTION_EVENT || name === LANGGRAPH_INTERRUPT_EVENT) customInteraction(d, name, value, event);
      else if (name === RTUI_ACTION_EVENT) rtuiActionInteraction(d, value, event);
      else if (name === RTUI_CLOSED_EVENT) closeRtuiAction(d, value, event);
      else if (name === PREDICT_STATE_EVENT) setPredictions(d, value, event);
      else if (name === SUGGESTIONS_EVENT) setSuggestions(d, value, event);
      else if (name === CITATIONS_EVENT) setCitations(d, value, event);
      return;
    }
    default: {
      const unknown: never = type;
      return d.error("unknown-event-type", `Unknown event type "${String(unknown)}"; ignored`, event);
    }
  }
}

/**
 * Any non-chunk event closes its owner's chunk stream, and run boundaries and message snapshots
 * close them all — the SDK's `transformChunks` rules.
 */
function closeLanesFor(d: Draft, type: EventType, event: { subagentRunId?: unknown }): void {
  switch (type) {
    case EventType.TEXT_MESSAGE_CHUNK:
    case EventType.TOOL_CALL_CHUNK:
    case EventType.REASONING_MESSAGE_CHUNK:
    case EventType.RAW:
    case EventType.ACTIVITY_SNAPSHOT:
    case EventType.ACTIVITY_DELTA:
    case EventType.REASONING_ENCRYPTED_VALUE:
    case EventType.SUBAGENT_STARTED:
      return;
    case EventType.RUN_STARTED:
    case EventType.RUN_FINISHED:
    case EventType.RUN_ERROR:
    case EventType.MESSAGES_SNAPSHOT:
      return closeAllLanes(d);
    default:
      return closeLane(d, ownerOf(event));
  }
}

function stateDelta(d: Draft, event: { type?: unknown; delta?: unknown }): void {
  if (!Array.isArray(event.delta)) return malformed(d, event, "delta", "an array of JSON Patch operations");
  predictFromToolCalls(d);
  markStateRun(d);
  const held = d.s.stateEdits;
  try {
    // The held keys are put back: a patch of the whole document ("") replaced them too.
    d.s.state = withHeld(d, applyJsonPatch(d.s.state, held ? withoutHeldPaths(event.delta, held) : event.delta, d, true));
  } catch (error) {
    // The old state is kept whole (a patch applies entirely or not at all) and the error is kept.
    d.error("patch-failed", `STATE_DELTA did not apply: ${describe(error)}`, event);
  }
}

/**
 * The person's held edits put back over what the agent sent (see `state/heldEdits.ts`). A state
 * that is not a plain object is replaced whole, and nothing is held.
 */
function withHeld(d: Draft, state: unknown): unknown {
  const held = d.s.stateEdits;
  return held && isRecord(state) ? setMembers(state, Object.entries(held), d) : state;
}

/** Streaming tool-call arguments longer than this (characters) are parsed once, when they end. */
export const LIVE_ARGS_PARSE_LIMIT = 64 * 1024;

/** Once per burst: parse the argument text of the tool calls that changed, and derive the status. */
function finish(d: Draft): ThreadState {
  for (const id of d.touchedToolCalls) {
    const call = d.s.toolCalls.get(id);
    if (!call || !d.isOwned(call)) continue;
    // Re-parsing a growing text every frame is quadratic; past this size the preview waits for
    // the END (the UI shows `argsText` meanwhile). A function of the call alone, not of bursts.
    const ended = call.status !== "streaming-args";
    call.args = !ended && call.argsText.length > LIVE_ARGS_PARSE_LIMIT
      ? undefined
      : parseArgs(call.argsText, (why) => ended && d.error("too-large", `Tool call "${id.slice(0, 80)}": its arguments are ${why}; not read`, undefined));
  }
  if (d.touchedToolCalls.size) syncToolInteractions(d, d.touchedToolCalls);
  if (d.s.predictions) predictFromToolCalls(d);
  d.s.eventCount = d.eventIndex;
  d.s.status = deriveStatus(d.s);
  return d.done();
}

import type {
  Interrupt,
  RunErrorEvent,
  RunFinishedEvent,
  RunStartedEvent,
  SubagentErrorEvent,
  SubagentFinishedEvent,
  SubagentStartedEvent,
} from "@ag-ui/core";
import { EventType } from "@ag-ui/core";
import type { Draft } from "../thread/draft";
import { addInterruptInteractions, withdrawUnresumedInterrupts } from "../origins/interrupt";
import { answersOpenInteraction } from "./shared";
import { AN_ID, refusedReservedId, malformed, ownerOf } from "./shared";
import { addMessage, linkToolResult, runningRun, takeMessage } from "../thread/write";
import { isClientOnlyRole, isId, isRecord } from "../thread/guards";
import type { RunFailure, RunRecord, RunStatus, StepRecord, SubagentRecord } from "../thread/types";
import { endRun } from "../thread/runs";

/** `RUN_STARTED`: a new run; the pending interrupts and tool calls of the last one are now answered or moot. */
export function runStarted(d: Draft, event: RunStartedEvent): void {
  if (!isId(event.runId)) return malformed(d, event, "runId", AN_ID);
  if (typeof event.threadId !== "string") return malformed(d, event, "threadId", "a string");
  const previous = runningRun(d);
  if (previous) {
    d.error("already-open", `RUN_STARTED: run "${previous.runId}" had not finished; it is ended as failed`, event);
    endRun(d, "error", { message: "A new run started before this one finished.", source: "agent" });
  }
  const run: RunRecord = { runId: event.runId, threadId: event.threadId, status: "running", toolCallIds: [] };
  if (isId(event.parentRunId)) run.parentRunId = event.parentRunId;
  if (typeof event.timestamp === "number") run.startedAt = event.timestamp;
  (d.edit("runs") as RunRecord[]).push(d.adopt(run));
  d.s.threadId = event.threadId;

  d.s.pendingToolCallIds = [];
  d.s.activeSteps = [];
  d.s.openReasoning = [];

  const inputMessages = isRecord(event.input) ? event.input.messages : undefined;
  if (Array.isArray(inputMessages)) {
    for (const message of inputMessages as unknown[]) {
      if (!isRecord(message) || !isId(message.id) || typeof message.role !== "string") continue;
      if (d.s.messages.get(message.id)) continue;
      if (isClientOnlyRole(message.role) || refusedReservedId(d, message.id, event)) continue;
      if (answersOpenInteraction(d, message)) {
        d.error("forged-answer", `RUN_STARTED: input answering "${String(message.toolCallId)}", which waits for the person, was refused`, event);
        continue;
      }
      const taken = takeMessage(d, message as never, event);
      addMessage(d, taken);
      linkToolResult(d, taken);
    }
  }
  // Only after the input is read: a tool result in it for a call an open interrupt is about is
  // refused as forged above, while the interrupt still waits for the person.
  if (d.s.pendingInterrupts.length) withdrawUnresumedInterrupts(d);
  d.s.pendingInterrupts = [];
}

/** `RUN_FINISHED` with its outcome: success (maybe with tool calls left to answer), interrupt, or cancelled. */
export function runFinished(d: Draft, event: RunFinishedEvent): void {
  const run = runningRun(d);
  if (!run) return d.error("outside-run", "RUN_FINISHED: no run is in progress", event);
  const outcome = event.outcome;
  if (outcome !== undefined && (!isRecord(outcome) || typeof outcome.type !== "string")) {
    return malformed(d, event, "outcome", "an object with a type");
  }
  // Every interrupt must be an object: a null one made the run end throw half-way (after the
  // unclosed-at-finish check, before the run was ended), recorded only as "could not be applied".
  if (outcome?.type === "interrupt" && (!Array.isArray(outcome.interrupts) || !outcome.interrupts.every(isRecord))) {
    return malformed(d, event, "outcome.interrupts", "an array of interrupt objects");
  }
  // pendingToolCallIds must be a list of ids: a string was spread into one "id" per character.
  const named: unknown = outcome?.type === "success" ? outcome.pendingToolCallIds : undefined;
  if (named !== undefined && (!Array.isArray(named) || !named.every(isId))) {
    return malformed(d, event, "outcome.pendingToolCallIds", "an array of tool call ids");
  }
  const unclosed = openThings(d);
  if (unclosed) d.error("unclosed-at-finish", `RUN_FINISHED while ${unclosed} still open; closed now`, event);

  const status: RunStatus =
    outcome?.type === "interrupt" ? "interrupted" : outcome?.type === "cancelled" ? "cancelled" : "finished";
  if (status === "finished") {
    d.s.pendingToolCallIds = Array.isArray(named) && named.length > 0
      ? [...named]
      : run.toolCallIds.filter((id) => !d.s.toolCalls.get(id)?.resultMessageId);
  }
  if (outcome?.type === "interrupt") {
    // An interrupt without an id can never be resumed, and would block every later run.
    d.s.pendingInterrupts = outcome.interrupts.filter((interrupt) => {
      if (isId(interrupt.id)) return true;
      d.error("malformed-event", "RUN_FINISHED: an interrupt without an id was dropped", event);
      return false;
    }).map(withoutNullAttribution);
  }
  const edited = endRun(d, status);
  if (outcome?.type === "interrupt") {
    addInterruptInteractions(d, d.s.pendingInterrupts, run.runId, typeof event.timestamp === "number" ? event.timestamp : undefined);
  }
  if (outcome !== undefined) edited.outcome = outcome;
  if (event.result !== undefined) edited.result = event.result;
  if (Array.isArray(event.usage)) edited.usage = event.usage;
  if (typeof event.timestamp === "number") edited.finishedAt = event.timestamp;
}

/** `RUN_ERROR`: a terminal error for the run, even though the SDK's `runAgent` resolves on it. */
export function runError(d: Draft, event: RunErrorEvent): void {
  const message = typeof event.message === "string" && event.message ? event.message : "The agent reported an error.";
  const failure: RunFailure = { message, source: "agent" };
  if (typeof event.code === "string") failure.code = event.code;
  if (!runningRun(d)) {
    // The protocol allows RUN_ERROR as the very first event (the run never started); keep a record.
    (d.edit("runs") as RunRecord[]).push(
      d.adopt({ runId: "", threadId: d.s.threadId ?? "", status: "running", toolCallIds: [] }),
    );
  }
  const edited = endRun(d, "error", failure);
  if (Array.isArray(event.usage)) edited.usage = event.usage;
  if (typeof event.timestamp === "number") edited.finishedAt = event.timestamp;
}


function openThings(d: Draft): string | undefined {
  const parts: string[] = [];
  if (d.s.openMessageIds.length) parts.push(`message(s) ${d.s.openMessageIds.join(", ")}`);
  const run = runningRun(d);
  const calls = run?.toolCallIds.filter((id) => d.s.toolCalls.get(id)?.status === "streaming-args") ?? [];
  if (calls.length) parts.push(`tool call(s) ${calls.join(", ")}`);
  if (d.s.activeSteps.length) parts.push(`step(s) ${d.s.activeSteps.map((s) => s.name).join(", ")}`);
  if (d.s.openReasoning.length) parts.push(`reasoning span(s) ${d.s.openReasoning.join(", ")}`);
  const subagents = Object.values(d.s.subagents).filter((s) => s.status === "running");
  if (subagents.length) parts.push(`subagent(s) ${subagents.map((s) => s.subagentRunId).join(", ")}`);
  return parts.length ? `${parts.join("; ")} ${parts.length > 1 ? "were" : "was"}` : undefined;
}

function withoutNullAttribution(interrupt: Interrupt): Interrupt {
  if ((interrupt as { subagentRunId?: unknown }).subagentRunId !== null) return interrupt;
  const copy = { ...interrupt } as Interrupt & { subagentRunId?: unknown };
  delete copy.subagentRunId;
  return copy;
}

/** `STEP_STARTED` / `STEP_FINISHED`, keyed by step name and owner (subagent). */
export function step(d: Draft, event: { type?: unknown; stepName?: unknown; subagentRunId?: unknown }, started: boolean): void {
  if (typeof event.stepName !== "string" || !event.stepName) {
    return malformed(d, event, "stepName", AN_ID);
  }
  const owner = ownerOf(event);
  const index = d.s.activeSteps.findIndex((s) => s.name === event.stepName && (s.subagentRunId ?? "") === owner);
  if (started) {
    if (index !== -1) return d.error("already-open", `STEP_STARTED: step "${event.stepName}" is already running`, event);
    const record: StepRecord = { name: event.stepName };
    if (owner) record.subagentRunId = owner;
    (d.edit("activeSteps") as StepRecord[]).push(record);
  } else {
    if (index === -1) return d.error("not-open", `STEP_FINISHED: step "${event.stepName}" was not started`, event);
    (d.edit("activeSteps") as StepRecord[]).splice(index, 1);
  }
}

/** `REASONING_START` / `REASONING_END`: a reasoning span, distinct from the reasoning message inside it. */
export function reasoningSpan(d: Draft, event: { type?: unknown; messageId?: unknown }, started: boolean): void {
  if (!isId(event.messageId)) return malformed(d, event, "messageId", AN_ID);
  const index = d.s.openReasoning.indexOf(event.messageId);
  if (started) {
    if (index !== -1) return d.error("already-open", `REASONING_START: span "${event.messageId}" is already open`, event);
    (d.edit("openReasoning") as string[]).push(event.messageId);
  } else {
    if (index === -1) return d.error("not-open", `REASONING_END: span "${event.messageId}" was not started`, event);
    (d.edit("openReasoning") as string[]).splice(index, 1);
  }
}

export function subagentStarted(d: Draft, event: SubagentStartedEvent): void {
  if (!isId(event.subagentRunId)) return malformed(d, event, "subagentRunId", AN_ID);
  if (typeof event.name !== "string") return malformed(d, event, "name", "a string");
  if (d.s.subagents[event.subagentRunId]) {
    return d.error("duplicate-id", `SUBAGENT_STARTED: subagent run "${event.subagentRunId}" already exists`, event);
  }
  const record: SubagentRecord = { subagentRunId: event.subagentRunId, name: event.name, status: "running" };
  if (typeof event.description === "string") record.description = event.description;
  if (isId(event.parentSubagentRunId)) record.parentSubagentRunId = event.parentSubagentRunId;
  if (isId(event.parentToolCallId)) record.parentToolCallId = event.parentToolCallId;
  if (isId(event.parentMessageId)) record.parentMessageId = event.parentMessageId;
  d.edit("subagents")[event.subagentRunId] = d.adopt(record);
}

export function subagentEnded(d: Draft, event: SubagentFinishedEvent | SubagentErrorEvent): void {
  if (!isId(event.subagentRunId)) return malformed(d, event, "subagentRunId", AN_ID);
  const existing = d.s.subagents[event.subagentRunId];
  if (!existing || existing.status !== "running") {
    return d.error("not-open", `${event.type}: subagent run "${event.subagentRunId}" is not running`, event);
  }
  const subagents = d.edit("subagents");
  const record = d.own(existing);
  subagents[record.subagentRunId] = record;
  // By type, not by `"message" in event`: a SUBAGENT_FINISHED carrying a stray `message` field was
  // recorded as an error, and a SUBAGENT_ERROR without one as a success.
  if (event.type === EventType.SUBAGENT_ERROR) {
    record.status = "error";
    const message: unknown = event.message;
    record.error = { message: typeof message === "string" && message ? message : "The subagent reported an error." };
    if (typeof event.code === "string") record.error.code = event.code;
    return;
  }
  const outcome = event.outcome;
  record.status = outcome?.type === "suspended" ? "suspended" : "finished";
  if (outcome?.type === "suspended" && Array.isArray(outcome.interruptIds)) record.interruptIds = outcome.interruptIds;
  if (event.result !== undefined) record.result = event.result;
}

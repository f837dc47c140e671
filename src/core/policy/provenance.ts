import { parseArgs } from "../fold/parseArgs";
import type { Interaction, PermissionResponse } from "../interactions/types";
import { selectInteractions } from "../interactions/select";
import type { ThreadState } from "../thread/types";
import { isRecord } from "../thread/guards";
import { dataEquals } from "./data";
import type { AuditRecord } from "./types";

/**
 * The name of the `CUSTOM` event with which an agent's server reports what it ran after a decision
 * (`executedEvent` of `parley-ui/server` makes it): `{ decisionId?, interactionId?, toolCallId?, args, at? }`.
 */
export const EXECUTED_EVENT = "parley.executed";

/** What says which arguments ran: the agent's own report, or a tool call's result. */
interface Evidence {
  args: unknown;
  at?: number;
  source: string;
}

/**
 * The third column of provenance: for every approved permission request, the arguments the agent
 * ran, as it says — its `CUSTOM parley.executed` report (matched by the decision's id, the
 * question's id or its tool call's id), or else the result of the tool call the approval was about
 * (an interrupt's `toolCallId`, the app's own tool), with the arguments that call last carried (a
 * re-sent call's, when the agent restated it after the approval). Each is an `executed` audit
 * record in the agent's name, with the approved and the executed arguments; when they differ it is
 * flagged (`argsMismatch`, `suspicious`). Derived from the thread, never written into it: what the
 * agent reports is its word, not a decision; the audit log and the `AuditSink` show it beside the
 * person's. Its time is the report's `at`, else the start of the run that carried the answer (when
 * the tool ran is not known to the browser), else the decision's.
 *
 * @example
 * executionRecords(thread).filter((r) => r.argsMismatch); // approvals whose tool ran other arguments
 */
export function executionRecords(thread: ThreadState): AuditRecord[] {
  const reported = new Map<string, Evidence>();
  for (const event of thread.customEvents) {
    if (event.name !== EXECUTED_EVENT || !isRecord(event.value) || !("args" in event.value)) continue;
    const { value } = event;
    const at = typeof value.at === "number" && Number.isFinite(value.at) ? value.at : undefined;
    for (const key of ["decisionId", "interactionId", "toolCallId"] as const) {
      const id = value[key];
      if (typeof id === "string" && id) reported.set(`${key}:${id}`, { args: value.args, ...(at !== undefined ? { at } : {}), source: `${EXECUTED_EVENT} (${key})` });
    }
  }
  const records: AuditRecord[] = [];
  for (const interaction of selectInteractions(thread)) {
    const envelope = interaction.envelope;
    const response = interaction.response as PermissionResponse | undefined;
    if (interaction.status !== "answered" || envelope?.messageType !== "permission_request" || response?.approved !== true) continue;
    const decision = thread.audit.findLast((r) => r.interactionId === interaction.id && (r.decision === "approved" || r.decision === "approved_by_grant"));
    if (!decision) continue;
    const callId = toolCallOf(interaction);
    const evidence =
      reported.get(`decisionId:${decision.id}`) ?? reported.get(`interactionId:${interaction.id}`) ?? (callId ? reported.get(`toolCallId:${callId}`) ?? resultOf(thread, callId) : undefined);
    if (!evidence) continue;
    const approved = response.editedArgs ?? envelope.payload.args;
    const record: AuditRecord = {
      id: `${decision.id}:executed`,
      at: evidence.at ?? runStart(thread, interaction) ?? decision.at,
      decision: "executed",
      how: "agent",
      who: "agent",
      interactionId: interaction.id,
      messageType: interaction.messageType,
      operation: envelope.payload.operation,
      decisionId: decision.id,
      detail: evidence.source,
      executedArgs: evidence.args,
    };
    if (approved !== undefined) record.approvedArgs = approved;
    if (!dataEquals(approved, evidence.args)) {
      record.argsMismatch = true;
      record.suspicious = true;
    }
    records.push(record);
  }
  return records;
}

/** The tool call an approval was about, when it names one. */
function toolCallOf(interaction: Interaction): string | undefined {
  const { origin } = interaction;
  return origin.kind === "interrupt" || origin.kind === "custom" || origin.kind === "frontend-tool" ? origin.toolCallId : undefined;
}

/** A call that has its result ran with the arguments it last carried. */
function resultOf(thread: ThreadState, callId: string): Evidence | undefined {
  const call = thread.toolCalls.get(callId);
  if (!call?.resultMessageId || call.status === "streaming-args") return undefined;
  return { args: parseArgs(call.restatedArgsText ?? call.argsText), source: call.restatedArgsText === undefined ? "tool result" : "tool result (call re-sent)" };
}

function runStart(thread: ThreadState, interaction: Interaction): number | undefined {
  const runId = interaction.deliveredInRunId;
  return runId === undefined ? undefined : thread.runs.find((run) => run.runId === runId)?.startedAt;
}

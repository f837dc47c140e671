import { Draft } from "../thread/draft";
import { deriveStatus } from "../thread/status";
import { endRun } from "../thread/runs";
import { addMessage, linkToolResult, takeMessage } from "../thread/write";
import { isClientOnlyRole, isId, isRecord } from "../thread/guards";
import type { RunRecord, ThreadState } from "../thread/types";
import { isSettled } from "../thread/guards";
import { type AnswerMethod, type Interaction, type InteractionResponse } from "../interactions/types";
import { toolPermissionInteraction } from "../origins/frontend-tool";
import { continueCard } from "../interactions/continueCard";
import { selectInteractions } from "../interactions/select";
import type { AuditRecord, Grant } from "../policy/types";
import { grantStatus, mergeGrant } from "../policy/grants";
import { holdChangedKeys } from "../state/heldEdits";
import { forkAt, switchAt } from "../branches";
import { addInteraction, addRowlessInteraction, answerMessageId, editInteraction, writeToolResult } from "../thread/write";
import { planA2uiAnswer } from "../origins/a2ui";
import { mcpAppDoor } from "../origins/mcp-app";
import { ORIGINS } from "../origins";
import * as parleyTool from "../origins/parley-tool";
import type { ClientAction } from "./clientAction";
import { refusalOf } from "./refusalOf";

export type { ActionRefusal, ClientAction, ClientActionType } from "./clientAction";
export { refusalOf } from "./refusalOf";

/**
 * Applies what the person or the app did. Pure, like the fold: the thread passed in is not
 * changed, and a refused action returns it as it is (see {@link refusalOf} for why).
 *
 * @example
 * thread = applyClientAction(thread, { type: "append-message", message: { id: "u2", role: "user", content: "3号" } });
 * thread = applyClientAction(thread, { type: "answer", interactionId: "t1", response: { approved: true }, how: "click", at: Date.now() });
 */
export function applyClientAction(thread: ThreadState, action: ClientAction): ThreadState {
  if (refusalOf(thread, action)) return thread;
  const d = new Draft(thread);
  switch (action.type) {
    case "append-message": {
      const { message } = action;
      if (!isRecord(message) || !isId(message.id) || thread.messages.get(message.id) || isClientOnlyRole(message.role)) return thread;
      const taken = takeMessage(d, message);
      addMessage(d, taken);
      // An answer to a front-end tool call: the call completes and is no longer pending.
      linkToolResult(d, taken);
      break;
    }
    case "end-run":
    case "pause": {
      const last = d.s.runs[d.s.runs.length - 1];
      if (action.type === "pause" && last?.status !== "running") return thread;
      if (last?.status !== "running") {
        const run: RunRecord = { runId: action.runId ?? "", threadId: d.s.threadId ?? "", status: "running", toolCallIds: [] };
        d.s.runs = [...d.s.runs, d.adopt(run)];
      }
      if (action.type === "pause") endRun(d, "paused");
      else endRun(d, action.status, action.failure);
      break;
    }
    case "remove-messages":
      if (!removeMessagesIn(d, action.ids)) return thread;
      break;
    case "receive":
      if (!receive(d, action.at)) return thread;
      break;
    case "answer": {
      const asked = thread.interactions.get(action.interactionId)!;
      if (asked.origin.kind === "a2ui" && !asked.origin.confirms) {
        const plan = planA2uiAnswer(thread, asked, action.response, action.at);
        if (plan.kind === "confirm") addInteraction(d, plan.card);
        else if (plan.kind === "send") settle(d, action.interactionId, "answered", action.at, action.how, plan.response, action.who);
        break;
      }
      const response = action.grant && "approved" in action.response ? { ...action.response, grantId: action.grant.id } : action.response;
      settle(d, action.interactionId, "answered", action.at, action.how, response, action.who);
      if (action.grant) {
        putGrant(d, action.grant);
        // A standing refusal ("never allow") is the person's grant of the opposite effect.
        audit(d, { at: action.at, decision: action.grant.effect ? "refused" : "granted", how: action.how, who: action.grant.grantedBy, interactionId: action.interactionId, operation: action.grant.operation, grantId: action.grant.id, detail: action.grant.scope, decisionId: d.s.audit.at(-1)!.id });
      }
      break;
    }
    case "correct":
      settle(d, action.interactionId, "answered", action.at, action.how, action.response, undefined, false);
      // A record of the first answer would vouch for arguments no longer approved: written anew.
      if (d.s.interactions.get(action.interactionId)?.decision) delete editInteraction(d, d.s.interactions.get(action.interactionId)!).decision;
      break;
    case "decline":
      settle(d, action.interactionId, "declined", action.at, action.how, undefined, action.who);
      break;
    case "timeout":
      settle(d, action.interactionId, "timed_out", action.at, "timeout");
      break;
    case "extend": {
      const edited = editInteraction(d, d.s.interactions.get(action.interactionId)!);
      edited.deadline = edited.deadline! + edited.envelope!.extendable!.byMs;
      edited.extended = (edited.extended ?? 0) + 1;
      edited.extendedAt = action.at;
      break;
    }
    case "ask-for-tool": {
      const call = d.s.toolCalls.get(action.toolCallId)!;
      addInteraction(d, toolPermissionInteraction(call.id, call.name, action.request, { at: action.at, runId: call.runId, timeoutMs: action.timeoutMs }));
      break;
    }
    case "ask-to-continue": {
      const n = selectInteractions(thread).filter((i) => i.origin.kind === "kit").length + 1;
      const card = continueCard(n, action.runs, d.s.nextNumber, { at: action.at, ...(action.locale ? { locale: action.locale } : {}) });
      d.s.nextNumber += card.numbers.length;
      addInteraction(d, card);
      break;
    }
    case "app-call": {
      // What an MCP App asked, as its host's gate decided it (origins/mcp-app.ts): a grant's counted
      // use, the card — no row of its own: the app's row shows it — or the audit record.
      const plan = mcpAppDoor.loaded?.planAppCall(action);
      if (plan?.grant) putGrant(d, plan.grant);
      if (plan?.ask) addRowlessInteraction(d, plan.ask);
      if (plan?.record) audit(d, plan.record, plan.record.id);
      break;
    }
    case "approve-by-grant":
      putGrant(d, action.grant);
      if ("toolCallId" in action) {
        audit(d, { at: action.at, decision: "approved_by_grant", how: "grant", who: action.grant.grantedBy, operation: action.grant.operation, grantId: action.grant.id }, `${action.toolCallId}:approved_by_grant:${action.at}`);
        break;
      }
      settle(d, action.interactionId, "answered", action.at, "grant", { approved: true, scope: action.grant.scope, grantId: action.grant.id }, action.grant.grantedBy);
      break;
    case "deny-by-policy":
      if (action.grant) putGrant(d, action.grant);
      if ("toolCallId" in action) {
        const name = d.s.toolCalls.get(action.toolCallId)?.name ?? "";
        writeToolResult(d, action.toolCallId, JSON.stringify({ error: action.reason }), action.reason);
        audit(d, { at: action.at, decision: "denied_by_policy", how: "policy", who: action.who ?? "policy", operation: name, detail: action.reason, ...(action.grant ? { grantId: action.grant.id } : {}) }, `${action.toolCallId}:denied_by_policy:${action.at}`);
      } else {
        settle(d, action.interactionId, "declined", action.at, "policy", undefined, action.who ?? "policy", true, action.reason, action.grant?.id);
      }
      break;
    case "tool-result":
      writeToolResult(d, action.toolCallId, action.content, action.error);
      break;
    case "set-state": {
      const held = action.hold ? holdChangedKeys(thread.state, action.state, d.s.stateEdits) : undefined;
      if (action.state === thread.state && held === thread.stateEdits) return thread;
      d.s.state = action.state;
      if (held) d.s.stateEdits = held;
      else delete d.s.stateEdits;
      break;
    }
    case "record-decision": {
      const edited = editInteraction(d, thread.interactions.get(action.interactionId)!);
      edited.decision = action.record;
      break;
    }
    case "record-forgery":
      audit(d, { at: action.at, decision: "refused_forgery", how: "agent", who: "agent", detail: action.detail, suspicious: true }, `forgery:${action.eventIndex}`);
      break;
    case "feedback": {
      const who = action.who ?? "person";
      const all = { ...d.s.feedback };
      const reason = action.reason?.trim();
      if (action.rating === null) delete all[action.messageId];
      else all[action.messageId] = { messageId: action.messageId, rating: action.rating, at: action.at, who, ...(reason ? { reason } : {}) };
      d.s.feedback = all;
      audit(d, { at: action.at, decision: "feedback", how: "click", who, detail: `${action.rating ?? "cleared"} on ${action.messageId}${reason && action.rating ? `: ${reason}` : ""}` }, `feedback:${action.messageId}:${action.at}`);
      break;
    }
    case "feedback-sent": {
      const given = d.s.feedback?.[action.messageId];
      if (!given || given.sentAt !== undefined) return thread;
      d.s.feedback = { ...d.s.feedback, [action.messageId]: { ...given, sentAt: action.at } };
      break;
    }
    case "revoke": {
      const grant = d.s.grants.find((g) => g.id === action.grantId) as Grant;
      putGrant(d, { ...grant, revokedAt: action.at, revokedBy: action.by });
      audit(d, { at: action.at, decision: "revoked", how: action.how, who: action.by, operation: grant.operation, grantId: grant.id });
      break;
    }
    case "adopt-grants": {
      let changed = false;
      for (const grant of Array.isArray(action.grants) ? (action.grants as readonly Grant[]) : []) {
        const status = grantStatus(grant, action.at);
        if (status === "invalid") continue;
        const local = d.s.grants.find((g) => g.id === grant.id);
        const next = local ? mergeGrant(local, grant) : status === "live" ? grant : local;
        if (next === local) continue;
        putGrant(d, next!);
        changed = true;
      }
      if (!changed) return thread;
      break;
    }
    case "withdraw": {
      const edited = editInteraction(d, d.s.interactions.get(action.interactionId)!);
      edited.status = "withdrawn";
      edited.settledAt = action.at;
      if (action.reason) edited.problem = action.reason;
      ORIGINS[edited.origin.kind].withdrawn?.(d, edited);
      break;
    }
    case "deliver": {
      let changed = false;
      for (const id of action.interactionIds) {
        const interaction = d.s.interactions.get(id);
        // Only an answer can have gone to the agent: a question still open marked delivered would never send the person's answer.
        if (!interaction || interaction.deliveredInRunId || !isSettled(interaction)) continue;
        editInteraction(d, d.s.interactions.get(id)!).deliveredInRunId = action.runId;
        changed = true;
      }
      if (!changed) return thread;
      break;
    }
    case "truncate":
      truncate(d, action.fromMessageId);
      break;
    case "fork":
    case "switch-branch": {
      const next = action.type === "fork" ? forkAt(thread, action.fromMessageId, []) : switchAt(thread, action.at, action.index);
      if (!next) return thread;
      Object.assign(d.s, next);
      if (action.type === "fork" && action.message) addMessage(d, takeMessage(d, action.message));
      if (d.s.contextFrom !== undefined && !d.s.messageIds.includes(d.s.contextFrom)) delete d.s.contextFrom;
      break;
    }
    default: {
      const unknown: never = action;
      void unknown;
      return thread;
    }
  }
  d.s.status = deriveStatus(d.s);
  return d.done();
}

/**
 * Answer, decline or time out; a Parley tool call gets (or, on correction, changes) its result
 * message; the decision goes into the audit log (a correction is the same decision, not a new one).
 */
function settle(d: Draft, id: string, status: "answered" | "declined" | "timed_out", at: number, how: AnswerMethod, response?: InteractionResponse, who = "person", audited = true, reason?: string, grantId?: string): void {
  const edited = editInteraction(d, d.s.interactions.get(id)!);
  edited.status = status;
  edited.settledAt = at;
  edited.how = how;
  if (reason !== undefined) edited.problem = reason;
  if (response !== undefined) edited.response = normaliseResponse(edited, response);
  else delete edited.response;
  const approved = edited.response && "approved" in edited.response ? edited.response.approved : undefined;
  ORIGINS[edited.origin.kind].settled?.(d, edited, who);
  if (!audited) return;
  const envelope = edited.envelope;
  const decision: AuditRecord["decision"] =
    how === "grant" ? "approved_by_grant"
    : how === "policy" ? "denied_by_policy"
    : status === "timed_out" ? "timed_out"
    : status === "declined" || approved === false ? "declined"
    : "approved";
  const record: Omit<AuditRecord, "id"> = { at, decision, how, who, interactionId: id, messageType: edited.messageType };
  if (envelope?.messageType === "permission_request") {
    const { operation, args } = envelope.payload;
    record.operation = operation;
    // Provenance: what was asked, and exactly what was approved (the person's edits, when made).
    if (args !== undefined) record.proposedArgs = args;
    if (approved) record.approvedArgs = (edited.response as { editedArgs?: unknown }).editedArgs ?? args;
  }
  grantId ??= edited.response && "grantId" in edited.response ? edited.response.grantId : undefined;
  if (grantId) record.grantId = grantId;
  if (reason !== undefined) record.detail = reason;
  audit(d, record);
}

/** Appends one audit record; its id says what it records, so the same decision is never logged twice. */
function audit(d: Draft, record: Omit<AuditRecord, "id">, id = `${record.interactionId ?? record.grantId ?? "thread"}:${record.decision}:${record.at}`): void {
  if (d.s.audit.some((r) => r.id === id)) return;
  (d.edit("audit") as AuditRecord[]).push({ id, ...record });
}

function putGrant(d: Draft, grant: Grant): void {
  const grants = d.edit("grants") as Grant[];
  const index = grants.findIndex((g) => g.id === grant.id);
  if (index === -1) grants.push(grant);
  else grants[index] = grant;
}

/** The numbers of a choice come from the options chosen, never from the caller. */
function normaliseResponse(interaction: Interaction, response: InteractionResponse): InteractionResponse {
  const envelope = interaction.envelope;
  if (envelope?.messageType !== "advice" || !("action" in response) || response.action !== "choose") return response;
  const ids = [...new Set(response.optionIds)];
  const numbers = ids.map((optionId) => interaction.numbers[envelope.payload.options.findIndex((o) => o.id === optionId)] as number);
  return { action: "choose", optionIds: ids, numbers };
}

function receive(d: Draft, at: number): boolean {
  let changed = false;
  for (const id of d.s.interactionIds) {
    const interaction = d.s.interactions.get(id);
    if (!interaction || interaction.receivedAt !== undefined || interaction.status === "streaming") continue;
    const edited = editInteraction(d, d.s.interactions.get(id)!);
    edited.receivedAt = at;
    const timeoutMs = edited.envelope?.timeoutMs;
    if (timeoutMs !== undefined && edited.deadline === undefined && edited.status === "pending") edited.deadline = at + timeoutMs;
    // A notification asked through a tool call still owes the agent its result: it was shown.
    if (edited.status === "shown" && edited.origin.kind === "tool" && !d.s.messages.get(answerMessageId(edited.origin.toolCallId))) {
      parleyTool.settled(d, edited);
    }
    changed = true;
  }
  return changed;
}

function truncate(d: Draft, fromMessageId: string): void {
  d.s.contextFrom = fromMessageId;
  let next = 1;
  for (const id of d.s.interactionIds) {
    const interaction = d.s.interactions.get(id);
    if (interaction?.status !== "pending" || interaction.numbers.length === 0) continue;
    const edited = editInteraction(d, d.s.interactions.get(id)!);
    edited.numbers = edited.numbers.map(() => next++);
  }
  d.s.nextNumber = next;
}

/** Removes messages, the tool calls they own and the interactions they show. */
function removeMessagesIn(d: Draft, ids: readonly string[]): boolean {
  const doomed = new Set(ids.filter((id) => d.s.messages.get(id)));
  if (doomed.size === 0) return false;
  const messages = d.edit("messages");
  const toolCalls = d.edit("toolCalls");
  const gone = new Set<string>();
  for (const id of doomed) {
    const message = messages.get(id);
    if (message?.role === "assistant") for (const callId of message.toolCallIds ?? []) toolCalls.delete(callId);
    if (message?.role === "interaction") gone.add(message.interactionId);
    messages.delete(id);
  }
  if (gone.size) {
    const interactions = d.edit("interactions");
    for (const id of gone) interactions.delete(id);
    d.s.interactionIds = d.s.interactionIds.filter((id) => !gone.has(id));
  }
  d.s.messageIds = d.s.messageIds.filter((id) => !doomed.has(id));
  d.s.openMessageIds = d.s.openMessageIds.filter((id) => !doomed.has(id));
  return true;
}

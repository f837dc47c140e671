import type { Message } from "@ag-ui/core";
import { Draft } from "../thread/draft";
import { deriveStatus } from "../thread/status";
import { endRun } from "../thread/runs";
import { addMessage, linkToolResult, takeMessage } from "../thread/write";
import { isClientOnlyRole, isId, isRecord } from "../thread/guards";
import type { RunFailure, RunRecord, ThreadState } from "../thread/types";
import { isSettled } from "../thread/guards";
import { type AnswerMethod, type Interaction, type InteractionResponse, type InteractionRow } from "../interactions/types";
import { toolPermissionId, toolPermissionInteraction } from "../origins/frontend-tool";
import { continueCard } from "../interactions/continueCard";
import { selectInteractions } from "../interactions/select";
import type { PermissionRequestPayload } from "../protocol/envelope";
import type { AuditRecord, Grant } from "../policy/types";
import { grantStatus, mergeGrant } from "../policy/grants";
import { holdChangedKeys } from "../state/heldEdits";
import { checkResponse } from "./checkResponse";
import { forkAt, switchAt } from "../branches";
import { isUserContent } from "../attachments/userContent";
import { needsDecisionRecord, recordDescribes } from "../decisions/record";
import type { DecisionRecord } from "../decisions/types";
import { FEEDBACK_REASON_LIMIT, type FeedbackRating } from "../feedback";
import { addInteraction, answerMessageId, editInteraction, writeToolResult } from "../thread/write";
import { planA2uiAnswer } from "../origins/a2ui";
import { ORIGINS } from "../origins";
import * as parleyTool from "../origins/parley-tool";

/**
 * The person's door. Everything this side of the wire does to a thread — the person's message,
 * Stop, Pause, an answer, a decline, a timeout, a correction — is one of these, applied by
 * {@link applyClientAction}. What the agent sends goes through `foldEvents`, which can never
 * answer or decline: that is what makes "the agent cannot approve itself" hold by structure.
 */
export type ClientAction =
  /** The person's own message — text, or content parts with its attachments (see `userContent`) — or a tool result the app computed. */
  | { type: "append-message"; message: Message }
  /** The run ended on this side: `cancelled` (Stop) or `error` (the transport failed). */
  | { type: "end-run"; status: "cancelled" | "error"; failure?: RunFailure; runId?: string }
  /** The person said "wait": the request is aborted and the run marked paused. */
  | { type: "pause"; runId?: string }
  /** Messages removed (the partial reply of a failed run, before it is retried). */
  | { type: "remove-messages"; ids: readonly string[] }
  /** The client saw the thread's new interactions at `at`: relative deadlines start counting. */
  | { type: "receive"; at: number }
  /** `grant`: the grant a wider approval makes (`scope` other than once), made by the permissions engine. */
  | { type: "answer"; interactionId: string; response: InteractionResponse; how: AnswerMethod; at: number; who?: string; grant?: Grant }
  | { type: "decline"; interactionId: string; how: AnswerMethod; at: number; who?: string }
  /** A permission request a live grant of the person's covers: approved citing it (`grant` as used now). */
  | { type: "approve-by-grant"; interactionId: string; grant: Grant; at: number }
  /** A front-end tool call a live grant covers: its handler may run, and the use is counted and audited. */
  | { type: "approve-by-grant"; toolCallId: string; grant: Grant; at: number }
  /**
   * A front-end tool call the app's policy wants a person to confirm: a permission card of its own
   * (origin `frontend-tool`) waits for them; the handler runs only on approval.
   */
  | { type: "ask-for-tool"; toolCallId: string; request: PermissionRequestPayload; at: number; timeoutMs?: number }
  /**
   * The store stopped continuing by itself after `runs` runs in a row that no person started: the
   * kit asks the person whether to go on (`continueCard.ts`), numbered like any advice.
   */
  | { type: "ask-to-continue"; runs: number; at: number; locale?: string }
  /** A permission request the app's policy forbids: declined without asking. */
  | { type: "deny-by-policy"; interactionId: string; reason: string; at: number; who?: string }
  /** A front-end tool call the app's policy forbids: answered with a refusal, without running. */
  | { type: "deny-by-policy"; toolCallId: string; reason: string; at: number; who?: string }
  /**
   * The result of a call of the app's own (front-end) tool: what its handler returned or threw, or
   * what the person answered in its `render`. `error` marks a failed call.
   */
  | { type: "tool-result"; toolCallId: string; content: string; error?: string; at: number }
  /**
   * The person's (or the app's) edit of the shared state. `hold` (while a run streams): the keys it
   * changes win over the agent's state until the next run starts; without it, nothing is held.
   */
  | { type: "set-state"; state: unknown; hold?: boolean }
  /** Something from the agent tried to answer for the person and the fold refused it: audited as suspicious. */
  | { type: "record-forgery"; eventIndex: number; detail: string; at: number }
  /** A grant ends: by the person (click), the app, or the agent's revoke tool on the person's word. */
  | { type: "revoke"; grantId: string; by: string; how: "click" | "app" | "agent-revoke"; at: number }
  /**
   * The person's grants as kept elsewhere (their storage, another tab): a live grant this thread
   * lacks is added; one it has takes the other's revocation and use count (`mergeGrant`), never a
   * wider reach. Not a decision: nothing is audited (it was where it was made).
   */
  | { type: "adopt-grants"; grants: readonly Grant[]; at: number }
  /** The deadline passed: the kit declines for the person (default-deny). */
  | { type: "timeout"; interactionId: string; at: number }
  /** The app takes a question back; nothing is sent for it. */
  | { type: "withdraw"; interactionId: string; at: number; reason?: string }
  /** A changed answer, allowed until the run that carries it starts. */
  | { type: "correct"; interactionId: string; response: InteractionResponse; how: AnswerMethod; at: number }
  /**
   * The decision record of a settled ask whose server asked for one (`decisionRecordFor`): the
   * store writes it once the digests are computed, before the answer goes out.
   */
  | { type: "record-decision"; interactionId: string; record: DecisionRecord }
  /** These answers went out with run `runId`: never sent again, no longer correctable (a question not settled is left as it is). */
  | { type: "deliver"; interactionIds: readonly string[]; runId: string }
  /** Messages before `fromMessageId` leave the agent's context; open items are numbered anew from 1. */
  | { type: "truncate"; fromMessageId: string }
  /**
   * Edit or regenerate: the conversation from `fromMessageId` on is kept as a version of its own
   * and replaced by `message` (an edited message), or by nothing (the answer is asked for again).
   */
  | { type: "fork"; fromMessageId: string; message?: Message }
  /** Show version `index` (0-based) of the versions after message `at` (`""`: from the start). */
  | { type: "switch-branch"; at: string; index: number }
  /** Thumbs up or down (and a reason) on an answer of the agent's; `rating: null` takes it back. Audited. */
  | { type: "feedback"; messageId: string; rating: FeedbackRating | null; reason?: string; at: number; who?: string }
  /** The agent took the feedback on `messageId` (a Meta event): it is not sent again. */
  | { type: "feedback-sent"; messageId: string; at: number };

export type ClientActionType = ClientAction["type"];

/** Why an action did nothing, in words (answering twice, a number outside the range …). */
export interface ActionRefusal {
  code: "not-found" | "not-open" | "not-answerable" | "invalid-response" | "already-delivered" | "not-due" | "not-running" | "unknown-message" | "busy";
  message: string;
}

/**
 * Why `action` would do nothing to `thread`, or `undefined` when it applies.
 *
 * @example
 * refusalOf(thread, { type: "answer", interactionId: "i1", response, how: "click", at: Date.now() });
 * // { code: "not-open", message: "This question was already answered." }
 */
export function refusalOf(thread: ThreadState, action: ClientAction): ActionRefusal | undefined {
  switch (action.type) {
    case "revoke": {
      const grant = thread.grants.find((g) => g.id === action.grantId);
      if (!grant) return { code: "not-found", message: `There is no grant "${action.grantId}".` };
      return grant.revokedAt !== undefined ? { code: "not-open", message: "This grant was already revoked." } : undefined;
    }
    case "tool-result":
      return toolCallRefusal(thread, action.toolCallId);
    case "ask-for-tool":
      if (thread.interactions.get(toolPermissionId(action.toolCallId))) return { code: "not-open", message: "This tool call was already asked about." };
      return toolCallRefusal(thread, action.toolCallId);
    case "ask-to-continue":
      return selectInteractions(thread).some((i) => i.origin.kind === "kit" && i.status === "pending") ? { code: "busy", message: "The person is already asked whether to go on." } : undefined;
    case "answer":
    case "decline":
    case "timeout":
    case "withdraw":
    case "correct":
    case "approve-by-grant":
    case "deny-by-policy": {
      if ("toolCallId" in action) return toolCallRefusal(thread, action.toolCallId);
      const interaction = thread.interactions.get(action.interactionId);
      if (!interaction) return { code: "not-found", message: `There is no question "${action.interactionId}".` };
      if (action.type === "correct") {
        if (interaction.origin.kind === "a2ui") return { code: "not-answerable", message: "An action on a surface cannot be changed once taken." };
        if (interaction.status !== "answered") return { code: "not-open", message: `Only an answer can be corrected; this question is ${describeStatus(interaction)}.` };
        if (interaction.deliveredInRunId) return { code: "already-delivered", message: "The agent already has this answer; it can no longer be changed." };
        return checkResponse(interaction, action.response);
      }
      if (interaction.status !== "pending") return { code: "not-open", message: `This question is ${describeStatus(interaction)}; nothing was changed.` };
      if (action.type === "timeout" && (interaction.deadline === undefined || action.at < interaction.deadline)) {
        return { code: "not-due", message: "The question's deadline has not passed." };
      }
      if (action.type === "answer" && interaction.origin.kind === "a2ui" && !interaction.origin.confirms) {
        const plan = planA2uiAnswer(thread, interaction, action.response, action.at);
        return plan.kind === "refused" ? { code: "invalid-response", message: plan.message } : undefined;
      }
      if (action.type === "answer") return checkResponse(interaction, action.response);
      if ((action.type === "approve-by-grant" || action.type === "deny-by-policy") && interaction.envelope?.messageType !== "permission_request") {
        return { code: "not-answerable", message: "Only permission requests are decided by grants or policy." };
      }
      return undefined;
    }
    case "pause": {
      const last = thread.runs[thread.runs.length - 1];
      return last?.status === "running" ? undefined : { code: "not-running", message: "No run is going; there is nothing to pause." };
    }
    case "record-decision": {
      const interaction = thread.interactions.get(action.interactionId);
      if (!interaction) return { code: "not-found", message: `There is no question "${action.interactionId}".` };
      if (!needsDecisionRecord(interaction)) return { code: "not-open", message: "This question takes no decision record now (not settled, already recorded or delivered, or its ask carried no proof)." };
      return recordDescribes(interaction, action.record) ? undefined : { code: "invalid-response", message: "This decision record does not describe how the question was settled." };
    }
    case "end-run":
      return undefined;
    case "feedback": {
      const message = thread.messages.get(action.messageId);
      if (!message || message.role !== "assistant") return { code: "unknown-message", message: `There is no answer "${action.messageId}" to give feedback on.` };
      if (action.rating !== null && action.rating !== "up" && action.rating !== "down") return { code: "invalid-response", message: "Feedback is a thumbs up or down." };
      if (action.reason !== undefined && (typeof action.reason !== "string" || action.reason.length > FEEDBACK_REASON_LIMIT)) return { code: "invalid-response", message: `The reason is longer than ${FEEDBACK_REASON_LIMIT} characters.` };
      if (action.rating === null && !thread.feedback?.[action.messageId]) return { code: "not-found", message: "There is no feedback on this answer to take back." };
      return undefined;
    }
    case "feedback-sent":
      return thread.feedback?.[action.messageId] ? undefined : { code: "not-found", message: "There is no feedback on this answer." };
    case "append-message":
      // The person's message with attachments: each part must be one the agent can read.
      return action.message?.role === "user" && !isUserContent(action.message.content) ? { code: "invalid-response", message: "The message has content parts of an unknown form." } : undefined;
    case "truncate":
      return thread.messages.get(action.fromMessageId) ? undefined : { code: "unknown-message", message: `There is no message "${action.fromMessageId}".` };
    case "fork":
    case "switch-branch": {
      if (thread.runs[thread.runs.length - 1]?.status === "running") return { code: "busy", message: "The agent is answering; wait for it to finish (or stop it) first." };
      if (thread.status === "waiting") return { code: "busy", message: "Answer or decline the open questions first." };
      if (action.type === "switch-branch") return switchAt(thread, action.at, action.index) ? undefined : { code: "not-found", message: "There is no such version of the conversation." };
      if (!thread.messageIds.includes(action.fromMessageId)) return { code: "unknown-message", message: `There is no message "${action.fromMessageId}".` };
      const { message } = action;
      if (message && (!isRecord(message) || !isId(message.id) || thread.messages.get(message.id) || isClientOnlyRole(message.role))) return { code: "invalid-response", message: "The new message needs an id of its own." };
      return undefined;
    }
    default:
      return undefined;
  }
}

/** Why a front-end tool call cannot take a result now, or `undefined` when it can. */
function toolCallRefusal(thread: ThreadState, toolCallId: string): ActionRefusal | undefined {
  const call = thread.toolCalls.get(toolCallId);
  if (!call) return { code: "not-found", message: `No tool call "${toolCallId}".` };
  if (call.resultMessageId || call.status === "streaming-args") return { code: "not-open", message: `Tool call "${toolCallId}" is not waiting for a result.` };
  if (call.interactionId) return { code: "not-answerable", message: "This call asks a question: answer the question." };
  return undefined;
}

function describeStatus(interaction: Interaction): string {
  switch (interaction.status) {
    case "answered": return "already answered";
    case "declined": return "already declined";
    case "timed_out": return "closed: its time ran out";
    case "withdrawn": return "withdrawn";
    case "shown": return "a notification, with nothing to answer";
    case "invalid": return "malformed and cannot be answered";
    case "streaming": return "still arriving";
    default: return interaction.status;
  }
}

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
        audit(d, { at: action.at, decision: "granted", how: action.how, who: action.grant.grantedBy, interactionId: action.interactionId, operation: action.grant.operation, grantId: action.grant.id, detail: action.grant.scope });
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
    case "ask-for-tool": {
      const call = d.s.toolCalls.get(action.toolCallId)!;
      const interaction = toolPermissionInteraction(call.id, call.name, action.request, { at: action.at, runId: call.runId, timeoutMs: action.timeoutMs });
      addMessage(d, d.adopt({ id: interaction.rowId, role: "interaction", interactionId: interaction.id, messageType: "permission_request" } satisfies InteractionRow));
      d.edit("interactions").set(d.adopt(interaction));
      (d.edit("interactionIds") as string[]).push(interaction.id);
      break;
    }
    case "ask-to-continue": {
      const n = selectInteractions(thread).filter((i) => i.origin.kind === "kit").length + 1;
      const card = continueCard(n, action.runs, d.s.nextNumber, { at: action.at, ...(action.locale ? { locale: action.locale } : {}) });
      d.s.nextNumber += card.numbers.length;
      addMessage(d, d.adopt({ id: card.rowId, role: "interaction", interactionId: card.id, messageType: card.messageType } satisfies InteractionRow));
      d.edit("interactions").set(d.adopt(card));
      (d.edit("interactionIds") as string[]).push(card.id);
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
      if ("toolCallId" in action) {
        const name = d.s.toolCalls.get(action.toolCallId)?.name ?? "";
        writeToolResult(d, action.toolCallId, JSON.stringify({ error: action.reason }), action.reason);
        audit(d, { at: action.at, decision: "denied_by_policy", how: "policy", who: action.who ?? "policy", operation: name, detail: action.reason }, `${action.toolCallId}:denied_by_policy:${action.at}`);
      } else {
        settle(d, action.interactionId, "declined", action.at, "policy", undefined, action.who ?? "policy", true, action.reason);
      }
      break;
    case "tool-result":
      writeToolResult(d, action.toolCallId, action.content, action.error);
      break;
    case "set-state": {
      const held = action.hold ? holdChangedKeys(d.s.state, action.state, d.s.stateEdits) : undefined;
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
  return d.s;
}

/**
 * Answer, decline or time out; a Parley tool call gets (or, on correction, changes) its result
 * message; the decision goes into the audit log (a correction is the same decision, not a new one).
 */
function settle(d: Draft, id: string, status: "answered" | "declined" | "timed_out", at: number, how: AnswerMethod, response?: InteractionResponse, who = "person", audited = true, reason?: string): void {
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
  if (envelope?.messageType === "permission_request") record.operation = envelope.payload.operation;
  if (edited.response && "grantId" in edited.response && edited.response.grantId) record.grantId = edited.response.grantId;
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

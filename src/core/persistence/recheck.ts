import { answerMessageId } from "../thread/write";
import { applyClientAction, type ClientAction } from "../actions/applyClientAction";
import { checkResponse } from "../actions/checkResponse";
import { Draft } from "../thread/draft";
import { deriveStatus } from "../thread/status";
import type { ProtocolErrorCode, ThreadState } from "../thread/types";
import { toolPermissionId } from "../origins/frontend-tool";
import { isSettled } from "../thread/guards";
import { type Interaction, type InteractionResponse } from "../interactions/types";
import { recordedBy } from "../policy/recordedBy";
import { dataEquals } from "../policy/data";
import type { AuditRecord, Grant } from "../policy/types";

/**
 * A thread or an action that comes back from storage, another tab or a server-side thread store
 * is data anyone with that storage may have written — the agent's side, where it keeps the
 * threads. Its shape proves nothing, so it is re-checked against what the kit itself writes
 * before it counts: grants the kit could have made for this person, answers with their audit
 * record, deliveries only of what is settled. What fails is dropped (a question is opened again)
 * and reported in `thread.errors`; nothing here throws.
 */

/** What the store knows to re-check with: whose decisions, and which grants its engine could have made. */
export interface Trust {
  /** The person's identity, which their decisions' audit records name (`"person"` without permissions). */
  who: string;
  /** Why a grant is not one the kit could have made here (without permissions, none is). */
  grantProblem(grant: unknown): string | undefined;
  /** The grant this store makes for such an approval, if any: what a grant another tab sends must equal. */
  grantFor(thread: ThreadState, interactionId: string, response: InteractionResponse, at: number): Grant | undefined;
}

/** The decisions that may stand behind a question answered or declined (an answer may be corrected to a refusal). */
const SETTLED_BY = new Map<unknown, readonly unknown[]>([
  ["answered", ["approved", "declined", "approved_by_grant"]],
  ["declined", ["declined", "denied_by_policy"]],
]);

/**
 * A thread from storage or another tab with what the kit could not have written taken out:
 * grants it could not have made are dropped; audit records that name someone other than the
 * kit writes for their decision are dropped; an open question marked delivered is not (its answer
 * would never be sent); a question answered or declined without a matching record of that
 * decision (or with an answer its door would refuse, or citing a grant it does not hold) is open
 * again — its answer and the tool message carrying it removed, so nothing is sent for it; a card in the kit's own namespace (`<call id>#policy`) that is not the kit's card for
 * that call is marked `invalid`, never answerable. Each is reported as a `code` entry of
 * `thread.errors`. Returns `thread` itself when everything holds.
 *
 * @example
 * const thread = recheckThread(restored.thread, trust, "untrusted-storage");
 */
export function recheckThread(thread: ThreadState, trust: Trust, code: ProtocolErrorCode): ThreadState {
  const problems: [string, unknown][] = [];
  const grants = thread.grants.filter((grant) => {
    const problem = trust.grantProblem(grant);
    if (problem) problems.push([`${problem} It was dropped.`, { grantId: grant.id }]);
    return !problem;
  });
  const audit = thread.audit.filter((record) => {
    const expected = recordedBy(record.decision, trust.who);
    if (expected !== undefined && record.who === expected) return true;
    problems.push([`The audit record "${shown(record.id)}" names "${shown(record.who)}" for "${shown(record.decision)}", which the kit records ${expected === undefined ? "as no decision" : `in the name of ${expected}`}. It was dropped.`, { auditId: record.id }]);
    return false;
  });
  const decisions = new Map<string, AuditRecord[]>();
  for (const record of audit) {
    const list = decisions.get(record.interactionId as string) ?? [];
    list.push(record);
    decisions.set(record.interactionId as string, list);
  }

  const d = new Draft(thread);
  if (grants.length !== thread.grants.length) d.s.grants = grants;
  if (audit.length !== thread.audit.length) d.s.audit = audit;
  for (const id of thread.interactionIds) {
    const interaction = thread.interactions.get(id);
    if (!interaction) continue;
    if (!ownCard(thread, interaction)) {
      const edited = edit(d, interaction);
      edited.status = "invalid";
      edited.problem = "A card in the kit's own namespace that the kit did not make.";
      problems.push([`The question "${shown(id)}" is not the kit's card for the tool call it names; it can no longer be answered.`, { interactionId: id }]);
      continue;
    }
    if (interaction.deliveredInRunId !== undefined && !isSettled(interaction)) {
      // Only an answer goes to the agent: an open question marked delivered would never send the person's.
      delete edit(d, interaction).deliveredInRunId;
      problems.push([`The question "${shown(id)}" is still open but was marked delivered; it no longer is.`, { interactionId: id }]);
      continue;
    }
    const unaudited = settlementProblem(interaction, decisions.get(id) ?? [], grants);
    if (!unaudited) continue;
    reopen(d, interaction);
    problems.push([`The question "${shown(id)}" was marked ${interaction.status} ${unaudited}; it is open again and nothing was sent for it.`, { interactionId: id }]);
  }
  if (problems.length === 0) return thread;
  for (const [message, event] of problems) d.error(code, message, event);
  d.s.status = deriveStatus(d.s);
  return d.done();
}

/**
 * `actions` from another tab applied to `thread` through the person's door, each re-checked first
 * (in order, so a claim of delivery follows the answers sent with it): an answer or decline in the
 * name of someone other than this person, a grant that differs from the one this tab makes for
 * the same approval, an approval citing a grant this tab does not hold for that operation, a
 * revocation by someone else, a delivery of a question still open — each is dropped and reported
 * (`code`). An answer comes with the grant made here, never the one sent.
 *
 * @example
 * const thread = applyTabActions(store.getState().thread, message.actions, trust, "untrusted-tab-message");
 */
export function applyTabActions(thread: ThreadState, actions: readonly ClientAction[], trust: Trust, code: ProtocolErrorCode): ThreadState {
  const problems: [string, unknown][] = [];
  let next = thread;
  for (const action of actions) {
    let checked: ReturnType<typeof recheckTabAction>;
    try {
      checked = recheckTabAction(next, action, trust);
    } catch {
      // The question it answers came from storage and cannot be read as one: nothing is taken.
      checked = { problem: `Another tab's ${shown(action.type)} could not be checked against this thread.` };
    }
    if (checked.problem) problems.push([checked.problem, action]);
    if (checked.action) next = applyClientAction(next, checked.action);
  }
  if (problems.length === 0) return next;
  const d = new Draft(next);
  for (const [message, event] of problems) d.error(code, message, event);
  return d.done();
}

function recheckTabAction(thread: ThreadState, action: ClientAction, trust: Trust): { action?: ClientAction; problem?: string } {
  switch (action.type) {
    case "answer":
    case "decline": {
      const id = shown(action.interactionId);
      const who = action.how === "policy" ? "policy" : trust.who;
      if (action.who !== undefined && action.who !== who) return { problem: `Another tab's ${action.type} of "${id}" names "${shown(action.who)}", not ${who}.` };
      if (action.type === "decline") return { action: { ...action, who } };
      const asked = thread.interactions.get(action.interactionId);
      if (action.how === "grant" && !(asked && heldGrant(asked, action.response, thread.grants))) return { problem: `Another tab's answer to "${id}" cites a grant this tab does not hold for it.` };
      if (action.grant === undefined) return { action: { ...action, who } };
      const made = trust.grantFor(thread, action.interactionId, action.response, action.at);
      if (!made || !dataEquals(made, action.grant)) return { problem: `Another tab's answer to "${id}" came with a grant this tab would not have made.` };
      return { action: { ...action, who, grant: made } };
    }
    case "revoke":
      return action.by === trust.who ? { action } : { problem: `Another tab's revocation of "${shown(action.grantId)}" names "${shown(action.by)}", not ${trust.who}.` };
    case "deliver": {
      const open = action.interactionIds.filter((id) => {
        const interaction = thread.interactions.get(id);
        return interaction !== undefined && !isSettled(interaction);
      });
      if (open.length === 0) return { action };
      return {
        action: { ...action, interactionIds: action.interactionIds.filter((id) => !open.includes(id)) },
        problem: `Another tab said ${open.map((id) => `"${shown(id)}"`).join(", ")} went to the agent, but nothing is settled there yet; not marked delivered.`,
      };
    }
    case "timeout":
    case "extend":
    case "withdraw":
    case "correct":
    case "record-decision":
      return { action };
    default:
      return { problem: `Another tab sent a "${shown(action.type)}", which tabs do not share.` };
  }
}

/**
 * Why a settled question's answer is not the person's, or `undefined` when it is: a record of the
 * decision on it (made by the time it settled, in the name the kit writes), an answer its door
 * accepts, and — approved by a grant — that grant among those kept.
 */
function settlementProblem(interaction: Interaction, records: readonly AuditRecord[], grants: readonly Grant[]): string | undefined {
  const decisions = SETTLED_BY.get(interaction.status);
  if (!decisions) return undefined;
  const at = interaction.settledAt;
  if (typeof at !== "number" || !records.some((r) => decisions.includes(r.decision) && r.at <= at)) return "without an audit record of the decision";
  if (interaction.status !== "answered") return undefined;
  try {
    if (checkResponse(interaction, interaction.response as InteractionResponse)) return "with an answer the person could not have given";
    if (interaction.how === "grant" && !heldGrant(interaction, interaction.response, grants)) return "by a grant the person does not hold";
  } catch {
    // An envelope that is not one (the door reads what the kit derived; storage may hold anything).
    return "with a question or an answer that cannot be read";
  }
  return undefined;
}

/** The grant an approval by grant cites is held, and is for the operation asked about. */
function heldGrant(interaction: Interaction, response: unknown, grants: readonly Grant[]): boolean {
  const grant = grants.find((g) => g.id === grantIdOf(response));
  return grant !== undefined && interaction.envelope?.messageType === "permission_request" && grant.operation === interaction.envelope.payload.operation;
}

/** A front-end tool's card is the one the kit asked for that call; no other question sits at a call's card id. */
function ownCard(thread: ThreadState, interaction: Interaction): boolean {
  const origin = interaction.origin;
  if (origin.kind === "frontend-tool") return interaction.id === toolPermissionId(origin.toolCallId) && thread.toolCalls.get(origin.toolCallId)?.name === origin.toolName;
  return !(interaction.id.endsWith("#policy") && thread.toolCalls.has(interaction.id.slice(0, -"#policy".length)));
}

/** The question waits for the person again; what its answer wrote into the conversation goes with it. */
function reopen(d: Draft, interaction: Interaction): void {
  const edited = edit(d, interaction);
  edited.status = "pending";
  for (const key of ["response", "settledAt", "how", "deliveredInRunId", "problem"] as const) delete edited[key];
  const origin = interaction.origin;
  if (origin.kind !== "tool" && origin.kind !== "frontend-tool") return;
  const messageId = answerMessageId(origin.toolCallId);
  if (!d.s.messages.has(messageId)) return;
  d.edit("messages").delete(messageId);
  d.s.messageIds = d.s.messageIds.filter((id) => id !== messageId);
  if (d.s.contextFrom === messageId) delete d.s.contextFrom;
  const call = d.s.toolCalls.get(origin.toolCallId);
  if (call?.resultMessageId === messageId) {
    const owned = d.own(call);
    delete owned.resultMessageId;
    owned.status = "waiting";
    d.edit("toolCalls").set(owned);
  }
}

function edit(d: Draft, interaction: Interaction): Interaction {
  const owned = d.own(d.s.interactions.get(interaction.id) ?? interaction);
  d.edit("interactions").set(owned);
  return owned;
}

function grantIdOf(response: unknown): unknown {
  return typeof response === "object" && response !== null && "grantId" in response ? response.grantId : undefined;
}

/** A value from storage, for a message: short text, or what kind of thing it is. */
function shown(value: unknown): string {
  return typeof value === "string" ? value.slice(0, 80) : typeof value;
}

import type { ThreadState } from "../core/fold";
import { answerMessageId, applyClientAction, type ActionRefusal } from "../core/actions";
import { selectInteractions, type PermissionResponse } from "../core/interactions";
import type { PermissionsEngine } from "../core/policy/engine";
import type { Grant } from "../core/policy/types";
import type { Trust } from "../core/persistence/recheck";

/**
 * The store's permission steps, as pure functions of the thread: each asks the engine and writes
 * what it decided through the person's door (`applyClientAction`). `acted` tells the store the
 * agent is owed a run.
 */

/**
 * Permission requests that have just become pending: the policy may decline one, or a live grant
 * of the person's approve it — citing why; otherwise it waits for the person.
 *
 * @example
 * const { thread, acted } = decideByPermissions(engine, before, after, Date.now());
 */
export function decideByPermissions(engine: PermissionsEngine, before: ThreadState, thread: ThreadState, at: number): { thread: ThreadState; acted: boolean } {
  let acted = false;
  for (const interaction of selectInteractions(thread)) {
    const envelope = interaction.envelope;
    if (interaction.status !== "pending" || envelope?.messageType !== "permission_request") continue;
    if (before.interactions.get(interaction.id)?.status === "pending") continue;
    const assessment = engine.assess(envelope.payload, thread.grants, { now: at, ...(interaction.runId ? { runId: interaction.runId } : {}) });
    if (assessment.kind === "ask") continue;
    thread = applyClientAction(
      thread,
      assessment.kind === "deny"
        ? { type: "deny-by-policy", interactionId: interaction.id, reason: assessment.reason, at, ...(assessment.refusal ? { grant: assessment.refusal } : {}) }
        : { type: "approve-by-grant", interactionId: interaction.id, grant: assessment.grant, at },
    );
    acted = true;
  }
  return { thread, acted };
}

/**
 * The agent's revoke tool calls of the last run (the person said "stop doing that"): the grants they
 * name end at once, audited; each call gets its result. It can only revoke — no tool grants.
 *
 * @example
 * const { thread, acted } = answerRevokeCalls(engine, thread, Date.now(), "ana@example.com");
 */
export function answerRevokeCalls(engine: PermissionsEngine, thread: ThreadState, at: number, who: string): { thread: ThreadState; acted: boolean } {
  let acted = false;
  const run = thread.runs[thread.runs.length - 1];
  for (const callId of run?.toolCallIds ?? []) {
    const call = thread.toolCalls.get(callId);
    if (call?.name !== engine.revokeToolName || call.resultMessageId || call.status === "streaming-args") continue;
    const targets = engine.revocationTargets(thread.grants, call.args, at);
    for (const grant of targets) thread = applyClientAction(thread, { type: "revoke", grantId: grant.id, by: who, how: "agent-revoke", at });
    thread = applyClientAction(thread, { type: "append-message", message: { id: answerMessageId(call.id), role: "tool", toolCallId: call.id, content: engine.revocationResult(targets) } });
    acted = true;
  }
  return { thread, acted };
}

/**
 * The grant an approval makes when its scope reaches beyond this one operation, or the standing
 * refusal a decline with `never` makes; nothing for `once` (or any other answer); a refusal when
 * the scope needs an engine or the engine refuses it.
 *
 * @example
 * const made = grantForApproval(engine, thread, "p1", { approved: true, scope: "session" }, Date.now());
 */
export function grantForApproval(
  engine: PermissionsEngine | undefined,
  thread: ThreadState,
  interactionId: string,
  response: PermissionResponse,
  at: number,
): { ok: true; grant?: Grant } | { ok: false; refusal: ActionRefusal } {
  const envelope = thread.interactions.get(interactionId)?.envelope;
  if (!response.approved && response.never !== undefined) {
    // "Never allow": the decline makes a standing refusal.
    if (envelope?.messageType !== "permission_request") return { ok: true };
    if (!engine) return { ok: false, refusal: { code: "invalid-response", message: "Never allowing an operation needs the provider's permissions (createPermissions)." } };
    const refused = engine.refusalFor(envelope.payload, response.never, { id: `refusal:${interactionId}`, now: at, interactionId });
    return refused.ok ? { ok: true, grant: refused.grant } : { ok: false, refusal: { code: "invalid-response", message: refused.problem } };
  }
  const scope = response.approved ? response.scope : undefined;
  if (!scope || scope === "once" || envelope?.messageType !== "permission_request") return { ok: true };
  if (!engine) return { ok: false, refusal: { code: "invalid-response", message: `A ${scope} permission needs the provider's permissions (createPermissions).` } };
  const made = engine.grantFor(envelope.payload, scope, {
    id: `grant:${interactionId}`,
    now: at,
    interactionId,
    ...(response.limit !== undefined ? { limit: response.limit } : {}),
    ...(response.condition !== undefined ? { condition: response.condition } : {}),
    ...(response.expiresIn !== undefined ? { expiresAt: at + response.expiresIn } : {}),
  });
  return made.ok ? { ok: true, grant: made.grant } : { ok: false, refusal: { code: "invalid-response", message: made.problem } };
}

/**
 * What the fold refused as an answer from the agent goes into the audit log too, as suspicious.
 *
 * @example
 * thread = auditForgeries(before, thread, Date.now());
 */
export function auditForgeries(before: ThreadState, thread: ThreadState, at: number): ThreadState {
  if (thread.errorCount === before.errorCount) return thread;
  for (const error of thread.errors.slice(-(thread.errorCount - before.errorCount))) {
    if (error.code === "forged-answer") thread = applyClientAction(thread, { type: "record-forgery", eventIndex: error.eventIndex, detail: error.message, at });
  }
  return thread;
}

/**
 * What the store re-checks a thread or an action from storage or another tab with: the person's
 * identity, and the grants its engine could have made — none without one.
 *
 * @example
 * const thread = recheckThread(saved, trustOf(engine, "ana@example.com", Date.now), "untrusted-storage");
 */
export function trustOf(engine: PermissionsEngine | undefined, who: string, now: () => number): Trust {
  return {
    who,
    grantProblem: (grant) => (engine ? engine.grantProblem(grant, now()) : "This thread has no permissions (createPermissions), so the kit made no grant in it."),
    grantFor(thread, interactionId, response, at) {
      const made = "approved" in response ? grantForApproval(engine, thread, interactionId, response, at) : undefined;
      return made?.ok ? made.grant : undefined;
    },
  };
}

import { foldEvents, type ThreadState } from "../core/fold";
import { applyClientAction } from "../core/actions";
import type { PermissionsEngine } from "../core/policy/engine";
import { auditForgeries, decideByPermissions } from "./permissionSteps";
import type { Turn } from "./turn";

/**
 * The agent's door as the store takes it, pure: the events folded, new questions received (their
 * relative deadlines start now), the permission policy deciding what it may, forged answers
 * audited, and the answers in flight delivered once the agent started the run that carries them.
 * The turn says what that leaves owed.
 *
 * @example
 * const next = reduceEvents(state.thread, state.turn, events, { at: Date.now(), permissions });
 */
export function reduceEvents(thread: ThreadState, turn: Turn, events: readonly unknown[], env: { at: number; permissions: PermissionsEngine | undefined }): { thread: ThreadState; turn: Turn } {
  const folded = foldEvents(thread, events);
  let next = folded;
  let owes = false;
  if (folded.interactions !== thread.interactions) {
    next = applyClientAction(folded, { type: "receive", at: env.at });
    if (next.messageIds !== folded.messageIds) owes = true; // a notification's "shown" result
    if (env.permissions) {
      const decided = decideByPermissions(env.permissions, thread, next, env.at);
      if (decided.acted) owes = true;
      next = decided.thread;
    }
  }
  next = auditForgeries(thread, next, env.at);
  let nextTurn = owes && !turn.owesRun ? { ...turn, owesRun: true } : turn;
  const { inFlight, active } = nextTurn;
  // A RUN_STARTED names its run; a RUN_ERROR sent instead of starting leaves a record without one.
  if (inFlight && active?.runId === inFlight.runId && next.runs.slice(active.runsBefore).some((run) => run.runId !== "")) {
    next = applyClientAction(next, { type: "deliver", interactionIds: inFlight.ids, runId: inFlight.runId });
    nextTurn = { ...nextTurn, inFlight: undefined };
  }
  return { thread: next, turn: nextTurn };
}

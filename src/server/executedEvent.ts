import type { DecisionRecord } from "../core/decisions/types";

/**
 * The `CUSTOM` event that tells the person's audit log which arguments the tool actually ran with,
 * after `verifyDecision` accepted the decision: send it in the run that executes (any time before
 * the run ends). The browser puts it beside the approval as an `executed` record — proposed,
 * approved, executed — and flags it when the arguments differ from the ones approved.
 *
 * @example
 * const verified = await verifyDecision(entry.metadata?.parley, { ask, args, seen });
 * if (verified.ok) {
 *   await deleteFile(args.path);
 *   res.write(encoder.encodeSSE(executedEvent(verified.decision, args)));
 * }
 */
export function executedEvent(decision: Pick<DecisionRecord, "decisionId" | "answers">, args: unknown, at: number = Date.now()) {
  const value: { decisionId: string; interactionId: string; toolCallId?: string; args: unknown; at: number } = { decisionId: decision.decisionId, interactionId: decision.answers.id, args, at };
  if (decision.answers.kind === "tool-call") value.toolCallId = decision.answers.id;
  return { type: "CUSTOM" as const, name: "parley.executed", value };
}

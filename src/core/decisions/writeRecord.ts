import type { Interaction } from "../interactions/types";
import type { ThreadState } from "../thread/types";
import { digestOf } from "./digest";
import { askProofOf, decisionSubjectOf, needsDecisionRecord, outcomeOf, permissionResponse } from "./record";
import type { DecisionRecord } from "./types";

/** The audit decisions that settle a question: the one naming this interaction last is its decision. */
const SETTLING: readonly string[] = ["approved", "declined", "timed_out", "approved_by_grant", "denied_by_policy"];

/**
 * The decision record of a settled ask whose server asked for one (its proof): what it answers,
 * the digests of the arguments proposed and of the exact arguments approved (the person's edits,
 * when they made some), the scope and the grant used, who and when, and the ask's nonce — what
 * `verifyDecision` of `parley-ui/server` checks before the tool runs. Asynchronous: the digests are
 * WebCrypto's SHA-256. `undefined` for an ask without a proof — and for an approval that awaits the
 * person's passkey (`awaitsPasskey`), unless `signing`: the step-up writes that record itself, signed.
 *
 * Given the `thread`, the record's `decisionId` is the id of the decision's audit record (so the
 * audit log and the server name one decision alike, in every tab), and an approval made or covered
 * by a grant names it with its uses and limit (the server counts uses past it as `grant-exhausted`).
 *
 * @example
 * const record = await decisionRecordFor(interaction, { who: "ada@example.com", decisionId: crypto.randomUUID(), thread });
 */
export async function decisionRecordFor(interaction: Interaction, by: { who: string; decisionId: string; signing?: boolean; thread?: ThreadState }): Promise<DecisionRecord | undefined> {
  const proof = askProofOf(interaction);
  const answers = decisionSubjectOf(interaction);
  if (!proof || !answers || (!by.signing && awaitsPasskey(interaction))) return undefined;
  const decision = outcomeOf(interaction);
  const payload = interaction.envelope?.messageType === "permission_request" ? (interaction.envelope.payload as { args?: unknown }) : undefined;
  const proposed = payload?.args;
  const response = permissionResponse(interaction);
  const audited = by.thread?.audit.findLast((r) => r.interactionId === interaction.id && SETTLING.includes(r.decision));
  const record: DecisionRecord = { v: 1, decisionId: audited?.id ?? by.decisionId, answers, decision, who: by.who, at: interaction.settledAt ?? 0, nonce: proof.nonce };
  if (proposed !== undefined) record.proposedDigest = await digestOf(proposed);
  if (decision === "approved" || decision === "approved_by_grant") {
    const approved = response && "editedArgs" in response && response.editedArgs !== undefined ? response.editedArgs : proposed;
    if (approved !== undefined) record.approvedDigest = approved === proposed ? record.proposedDigest : await digestOf(approved);
    if (response && typeof response.scope === "string") record.scope = response.scope;
    const grant = response?.grantId === undefined ? undefined : by.thread?.grants.find((g) => g.id === response.grantId);
    if (grant) {
      record.grant = { id: grant.id, scope: grant.scope, uses: grant.uses };
      if (grant.limit !== undefined) record.grant.limit = grant.limit;
      if (grant.expiresAt !== undefined) record.grant.expiresAt = grant.expiresAt;
    }
  }
  return record;
}

/**
 * Approved, its ask requires a passkey, and no record yet: the store leaves the record to the
 * passkey step-up (`signDecision` of `parley-ui/passkey`, which the permission card calls), which
 * writes it signed; the answer waits for it, or for the person to change their answer.
 *
 * @example
 * if (awaitsPasskey(interaction)) await signDecision(store, interaction.id);
 */
export function awaitsPasskey(interaction: Interaction): boolean {
  // Only an answer has a response: approved means answered.
  return needsDecisionRecord(interaction) && !!askProofOf(interaction)!.stepUp && permissionResponse(interaction)?.approved === true;
}

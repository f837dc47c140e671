import type { Interaction } from "../interactions/types";
import { digestOf } from "./digest";
import { askProofOf, decisionSubjectOf, outcomeOf, permissionResponse } from "./record";
import type { DecisionRecord } from "./types";

/**
 * The decision record of a settled ask whose server asked for one (its proof): what it answers,
 * the digests of the arguments proposed and of the exact arguments approved (the person's edits,
 * when they made some), the scope, who and when, and the ask's nonce — what `verifyDecision` of
 * `parley-ui/server` checks before the tool runs. Asynchronous: the digests are WebCrypto's SHA-256.
 * `undefined` for an ask without a proof.
 *
 * @example
 * const record = await decisionRecordFor(interaction, { who: "ada@example.com", decisionId: crypto.randomUUID() });
 */
export async function decisionRecordFor(interaction: Interaction, by: { who: string; decisionId: string }): Promise<DecisionRecord | undefined> {
  const proof = askProofOf(interaction);
  const answers = decisionSubjectOf(interaction);
  if (!proof || !answers) return undefined;
  const decision = outcomeOf(interaction);
  const payload = interaction.envelope?.messageType === "permission_request" ? (interaction.envelope.payload as { args?: unknown }) : undefined;
  const proposed = payload?.args;
  const response = permissionResponse(interaction);
  const record: DecisionRecord = { v: 1, decisionId: by.decisionId, answers, decision, who: by.who, at: interaction.settledAt ?? 0, nonce: proof.nonce };
  if (proposed !== undefined) record.proposedDigest = await digestOf(proposed);
  if (decision === "approved" || decision === "approved_by_grant") {
    const approved = response && "editedArgs" in response && response.editedArgs !== undefined ? response.editedArgs : proposed;
    if (approved !== undefined) record.approvedDigest = approved === proposed ? record.proposedDigest : await digestOf(approved);
    if (response && typeof response.scope === "string") record.scope = response.scope;
  }
  return record;
}

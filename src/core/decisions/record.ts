import type { Interaction, PermissionResponse } from "../interactions/types";
import { isRecord } from "../thread/guards";
import type { AskProof, DecisionOutcome, DecisionSubject } from "./types";

/**
 * The server's proof an ask carries (`createAsk` of `parley-ui/server`): on an interrupt its
 * `metadata.parley`, kept on the interaction's origin; on an envelope (`CUSTOM parley.interaction`,
 * Parley's tools) its `context.parley`. `undefined` when the ask carried none, or one of another shape.
 *
 * @example
 * askProofOf(interaction)?.nonce;
 */
export function askProofOf(interaction: Interaction): AskProof | undefined {
  if (interaction.origin.kind === "interrupt") return interaction.origin.proof;
  return readAskProof(interaction.envelope?.context?.parley);
}

/** A proof as the server writes it, or `undefined`: a nonce and an expiry, strings; the rest optional and typed. */
export function readAskProof(value: unknown): AskProof | undefined {
  if (!isRecord(value) || typeof value.nonce !== "string" || !value.nonce || typeof value.expiresAt !== "string") return undefined;
  const proof: AskProof = { nonce: value.nonce, expiresAt: value.expiresAt };
  if (typeof value.argsDigest === "string") proof.argsDigest = value.argsDigest;
  // The step-up's other fields (RP id, credential ids, fallback) are kept as sent and checked where
  // they are used, by the step-up itself (parley-ui/passkey); the door has bounded their size.
  if (isRecord(value.stepUp) && typeof value.stepUp.challenge === "string") proof.stepUp = { ...value.stepUp } as AskProof["stepUp"];
  return proof;
}

/** What a decision record answers: the interrupt, the (Parley) tool call, the envelope, or the RTUI action. */
export function decisionSubjectOf(interaction: Interaction): DecisionSubject | undefined {
  const { origin } = interaction;
  if (origin.kind === "interrupt") return { kind: "interrupt", id: origin.interruptId };
  if (origin.kind === "tool") return { kind: "tool-call", id: origin.toolCallId };
  if (origin.kind === "custom") return { kind: "envelope", id: interaction.envelope?.messageId ?? interaction.id };
  if (origin.kind === "rtui") return { kind: "rtui", id: origin.actionId };
  return undefined;
}

/** Settled, its ask carried a proof, not yet on its way, and no record yet: the store writes one before the answer goes. */
export function needsDecisionRecord(interaction: Interaction): boolean {
  return (
    (interaction.status === "answered" || interaction.status === "declined" || interaction.status === "timed_out") &&
    interaction.decision === undefined &&
    !interaction.deliveredInRunId &&
    askProofOf(interaction) !== undefined &&
    decisionSubjectOf(interaction) !== undefined
  );
}

/** The response as a permission's (`approved`, `editedArgs`, `scope`), or `undefined` for another kind. */
export function permissionResponse(interaction: Interaction): Partial<PermissionResponse> | undefined {
  const response = interaction.response;
  return isRecord(response) && "approved" in response ? (response as Partial<PermissionResponse>) : undefined;
}

export function outcomeOf(interaction: Interaction): DecisionOutcome {
  if (interaction.status === "timed_out") return "timed_out";
  if (interaction.status === "declined") return interaction.how === "policy" ? "denied_by_policy" : "declined";
  const response = permissionResponse(interaction);
  if (response && typeof response.approved === "boolean") {
    if (!response.approved) return "declined";
    return interaction.how === "grant" ? "approved_by_grant" : "approved";
  }
  return "answered";
}

/**
 * Whether `record` describes how `interaction` was settled: its subject, its ask's nonce, and an
 * approval exactly when the question was approved. A record that does not (a forged or stale one
 * from storage or another tab) never travels.
 *
 * @example
 * if (interaction.decision && recordDescribes(interaction, interaction.decision)) entry.metadata = { parley: interaction.decision };
 */
export function recordDescribes(interaction: Interaction, record: unknown): boolean {
  const subject = decisionSubjectOf(interaction);
  const proof = askProofOf(interaction);
  if (!isRecord(record) || record.v !== 1 || !subject || !proof || !isRecord(record.answers)) return false;
  const approved = record.decision === "approved" || record.decision === "approved_by_grant";
  const isApproval = interaction.status === "answered" && permissionResponse(interaction)?.approved === true;
  return record.answers.kind === subject.kind && record.answers.id === subject.id && record.nonce === proof.nonce && approved === isApproval;
}

import { browserSupportsWebAuthn, platformAuthenticatorIsAvailable, startAuthentication, WebAuthnError } from "@simplewebauthn/browser";
import { decisionDigest, stepUpChallenge } from "../core/decisions/binding";
import { askProofOf } from "../core/decisions/record";
import { awaitsPasskey, decisionRecordFor } from "../core/decisions/writeRecord";
import type { DecisionRecord } from "../core/decisions/types";
import type { Interaction } from "../core/interactions/types";
import type { ThreadStoreState } from "../store/types";

/** What `signDecision` and `confirmWithoutPasskey` need of the store: its state, and the person's door. */
export interface PasskeyStore {
  getState(): Pick<ThreadStoreState, "thread" | "dispatch" | "permissions">;
}

/** Why a step-up did not sign, each a case the card says in the person's words. */
export type PasskeyProblem =
  /** The question needs no passkey now (not approved, already recorded, or on its way). */
  | "not-needed"
  /** This browser has no WebAuthn at all (or no platform authenticator, for the typed fallback). */
  | "unsupported"
  /** The person cancelled, the time ran out, or no passkey of theirs is on this device. */
  | "cancelled"
  /** The page's origin is not one the passkey may be used on (the RP id), or the authenticator failed. */
  | "failed"
  /** The store would not take the signature (the question changed meanwhile), or the typed text is wrong. */
  | "refused";

export type PasskeyOutcome = { ok: true } | { ok: false; problem: PasskeyProblem; message: string };

const fail = (problem: PasskeyProblem, message: string): PasskeyOutcome => ({ ok: false, problem, message });

/** One ceremony per question of a store at a time: a second call (a re-render, a double click) joins the first. */
const inFlight = new WeakMap<PasskeyStore, Map<string, Promise<PasskeyOutcome>>>();

/**
 * Signs the person's approval with their passkey: the platform authenticator, with user
 * verification, over the server's challenge and the decision record's digest (`stepUpChallenge`)
 * — so the signature is worth nothing for another decision or another ask. The record, with its
 * assertion, is written through the person's door, and the answer, which waited for it, goes. An
 * agent that drives the page cannot produce it: only the person's authenticator can.
 *
 * @example
 * const outcome = await signDecision(store, interaction.id);
 * if (!outcome.ok) show(outcome.problem);
 */
export function signDecision(store: PasskeyStore, interactionId: string, options: { timeoutMs?: number } = {}): Promise<PasskeyOutcome> {
  let ofStore = inFlight.get(store);
  if (!ofStore) inFlight.set(store, (ofStore = new Map<string, Promise<PasskeyOutcome>>()));
  const running = ofStore.get(interactionId) ?? sign(store, interactionId, options.timeoutMs ?? 120_000).finally(() => ofStore.delete(interactionId));
  ofStore.set(interactionId, running);
  return running;
}

/** The record of the approval as it stands, in the person's name, not yet written. */
function recordOf(store: PasskeyStore, interaction: Interaction): Promise<DecisionRecord | undefined> {
  const { permissions, thread } = store.getState();
  return decisionRecordFor(interaction, { who: permissions?.identity ?? "person", decisionId: crypto.randomUUID(), signing: true, thread });
}

async function sign(store: PasskeyStore, interactionId: string, timeout: number): Promise<PasskeyOutcome> {
  const interaction = store.getState().thread.interactions.get(interactionId);
  if (!interaction || !awaitsPasskey(interaction)) return fail("not-needed", "This question needs no passkey now.");
  if (!browserSupportsWebAuthn()) return fail("unsupported", "This browser cannot use passkeys (no WebAuthn).");
  const stepUp = askProofOf(interaction)!.stepUp!;
  let record: DecisionRecord | undefined;
  let assertion: unknown;
  try {
    record = await recordOf(store, interaction);
    if (!record) return fail("not-needed", "This question needs no passkey now.");
    const challenge = await stepUpChallenge(stepUp.challenge, await decisionDigest(record));
    // Kept as the ask sent them (readAskProof): checked here, where they are used.
    const { rpId, credentialIds } = stepUp as { rpId?: unknown; credentialIds?: unknown };
    const ids = Array.isArray(credentialIds) ? credentialIds.filter((id): id is string => typeof id === "string" && id.length > 0).slice(0, 32) : [];
    assertion = await startAuthentication({
      optionsJSON: {
        challenge,
        ...(typeof rpId === "string" && rpId ? { rpId } : {}),
        ...(ids.length ? { allowCredentials: ids.map((id) => ({ id, type: "public-key" as const })) } : {}),
        userVerification: "required",
        timeout,
      },
    });
  } catch (error) {
    return problemOf(error);
  }
  // The question may have changed during the ceremony (corrected, delivered): the door decides.
  const result = store.getState().dispatch({ type: "record-decision", interactionId, record: { ...record, assertion } });
  return result.ok ? { ok: true } : fail("refused", result.refusal.message);
}

function problemOf(error: unknown): PasskeyOutcome {
  const name = error instanceof Error ? error.name : "";
  const code = error instanceof WebAuthnError ? error.code : undefined;
  const message = error instanceof Error ? error.message : String(error);
  if (code === "ERROR_INVALID_DOMAIN" || code === "ERROR_INVALID_RP_ID" || name === "SecurityError") return fail("failed", `The passkey cannot be used on this page's address: ${message}`);
  if (name === "NotAllowedError" || name === "AbortError" || code === "ERROR_CEREMONY_ABORTED") return fail("cancelled", "The passkey was not given (cancelled, timed out, or none on this device).");
  if (name === "NotSupportedError") return fail("unsupported", message);
  return fail("failed", message);
}

/**
 * Whether the typed fallback may be offered: the ask allows it (`stepUp.fallback: "typed"`) and
 * this browser has no passkey to use (no WebAuthn, or no platform authenticator).
 *
 * @example
 * if (await typedFallbackAllowed(interaction)) showTypedConfirmation();
 */
export async function typedFallbackAllowed(interaction: Interaction): Promise<boolean> {
  if (askProofOf(interaction)?.stepUp?.fallback !== "typed") return false;
  if (!browserSupportsWebAuthn()) return true;
  return !(await platformAuthenticatorIsAvailable().catch(() => false));
}

/** What the person types for the typed fallback: the request's confirmation text, else its operation. */
export function fallbackPhrase(interaction: Interaction): string {
  const payload = interaction.envelope?.messageType === "permission_request" ? interaction.envelope.payload : undefined;
  return payload?.confirmText ?? payload?.operation ?? payload?.summary ?? interaction.id;
}

/**
 * Where the browser has no passkey and the ask allows it, the person confirms by typing instead:
 * the record says so (`passkeyFallback: "typed"`), and the server accepts it only if its ask
 * allowed the fallback. `typed` must be `fallbackPhrase(interaction)`, exactly (trimmed).
 *
 * @example
 * await confirmWithoutPasskey(store, interaction.id, typed);
 */
export async function confirmWithoutPasskey(store: PasskeyStore, interactionId: string, typed: string): Promise<PasskeyOutcome> {
  const interaction = store.getState().thread.interactions.get(interactionId);
  if (!interaction || !awaitsPasskey(interaction)) return fail("not-needed", "This question needs no passkey now.");
  if (!(await typedFallbackAllowed(interaction))) return fail("unsupported", "This ask takes no typed confirmation in place of a passkey, or this browser has one.");
  if (typed.trim() !== fallbackPhrase(interaction).trim()) return fail("refused", "The typed text does not match.");
  const record = await recordOf(store, interaction);
  if (!record) return fail("not-needed", "This question needs no passkey now.");
  const result = store.getState().dispatch({ type: "record-decision", interactionId, record: { ...record, passkeyFallback: "typed" } });
  return result.ok ? { ok: true } : fail("refused", result.refusal.message);
}

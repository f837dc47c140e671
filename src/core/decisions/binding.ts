import { digestOf, sha256 } from "./digest";
import type { DecisionRecord } from "./types";

/**
 * The digest of a decision record, everything but its assertion: what a passkey signs, so a
 * signature covers the outcome, the exact arguments, the person, the time and the nonce at once.
 *
 * @example
 * const digest = await decisionDigest(record);
 */
export function decisionDigest(record: DecisionRecord): Promise<string> {
  const { assertion: _assertion, ...signed } = record;
  return digestOf(signed);
}

/**
 * The WebAuthn challenge for a step-up: the server's challenge and the decision's digest, hashed
 * together — an assertion for one decision is worth nothing for another, nor for another ask.
 *
 * @example
 * const challenge = await stepUpChallenge(ask.stepUp.challenge, await decisionDigest(record));
 */
export function stepUpChallenge(serverChallenge: string, recordDigest: string): Promise<string> {
  return sha256(`${serverChallenge}.${recordDigest}`);
}

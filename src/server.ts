/**
 * `parley-ui/server`: the agent's side of decisions it can verify — framework-free, no React, for
 * Node and edge runtimes. Ask with a nonce and an expiry (and, for what the policy steps up, a
 * passkey challenge); before the tool runs, check the decision that came back: the right ask, in
 * time, used once, the exact arguments approved, a grant still good, the passkey's signature over
 * this very decision. docs/verifying-decisions.md says how, and the same rules for Python.
 *
 * @example
 * import { createInterruptAsk, verifyDecision, createMemorySeenStore } from "parley-ui/server";
 */
export { createEnvelopeAsk, createInterruptAsk, createRtuiAsk, createToolCallAsk, type AskRecord, type CreateAskOptions } from "./server/createAsk";
export { verifyDecision, type DecisionRefusal, type PasskeyCredential, type Verification, type VerifyOptions } from "./server/verifyDecision";
export { createMemorySeenStore, type SeenStore } from "./server/seenStore";
export { executedEvent } from "./server/executedEvent";
export { canonicalJson, decisionDigest, digestOf, stepUpChallenge, type AskProof, type DecisionRecord, type DecisionSubject, type DecisionOutcome } from "./core/decisions";
export { createPasskeyRegistration, verifyPasskeyRegistration, type PasskeyRegistration, type PasskeyRegistrationOptions, type PasskeyRegistrationRecord } from "./server/passkeyRegistration";

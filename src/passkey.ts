/**
 * `parley-ui/passkey`: the person's side of a step-up (issue 25) — signing an approval with their
 * passkey where the agent's server asked for one (`createAsk(…, { stepUp })` of `parley-ui/server`),
 * the typed fallback where the ask allows it and the browser has none, and registering the passkey
 * in the first place. The permission card does the signing by itself; a team with its own card
 * calls `signDecision`. docs/verifying-decisions.md says how the server checks it.
 *
 * @example
 * import { signDecision } from "parley-ui/passkey";
 */
export { signDecision, confirmWithoutPasskey, typedFallbackAllowed, fallbackPhrase, type PasskeyOutcome, type PasskeyProblem, type PasskeyStore } from "./passkey/stepUp";
export { registerPasskey, type PasskeyRegistrationResult } from "./passkey/register";
export { passkeyLabels, type PasskeyLabels } from "./passkey/labels";
export { awaitsPasskey } from "./core/decisions/writeRecord";

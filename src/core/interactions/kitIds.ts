/**
 * Interaction ids the kit makes through the person's door, and derives meaning from: a front-end
 * tool's permission card (`<callId>#policy`) and the card that asks whether to go on after many
 * runs nobody started (`parley-continue:<n>`). The agent's door never creates an interaction under
 * such an id (it is renamed, and the attempt recorded), and nothing reads authority from the id
 * alone: checks read the interaction's origin and its audited decision.
 */

const POLICY_SUFFIX = "#policy";
const CONTINUE_PREFIX = "parley-continue:";

/**
 * The id of the permission card asked for a front-end tool call.
 *
 * @example
 * toolPermissionId("call-7"); // "call-7#policy"
 */
export function toolPermissionId(toolCallId: string): string {
  return `${toolCallId}${POLICY_SUFFIX}`;
}

/**
 * The id of the card that asks the person whether the agent may go on (the `n`th such card).
 *
 * @example
 * continueCardId(1); // "parley-continue:1"
 */
export function continueCardId(n: number): string {
  return `${CONTINUE_PREFIX}${n}`;
}

/**
 * True for an id in one of the kit's own namespaces.
 *
 * @example
 * isKitInteractionId("c1#policy"); // true
 */
export function isKitInteractionId(id: string): boolean {
  return id.endsWith(POLICY_SUFFIX) || id.startsWith(CONTINUE_PREFIX);
}

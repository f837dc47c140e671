import type { ThreadState } from "../thread/types";
import type { Interaction } from "../interactions/types";
import { selectInteractions } from "../interactions/select";
import type { PermissionsEngine } from "../policy/engine";
import type { Grant } from "../policy/types";
import type { PermissionCategory, PermissionRequestPayload } from "../protocol/envelope";
import { mcpAppOperation, serverKey } from "./content";
import type { McpAppCall } from "./types";

/**
 * The gate an app's wishes pass before the host does anything (SEP-1865 leaves it to the host:
 * "it MAY decide to block some messages or subject them to further user approval"): the
 * person's standing refusals first, then the policy and the person's grants, then what the app
 * asks for — a read-only tool passes, any other tool and every message asks the person, an app is
 * shown unless the policy says to ask. Pure: the host writes the verdict through the person's door
 * (`app-call`), which audits it.
 */

/** What the gate decided. `ask`: a card through the person's door, with this request. */
export type McpAppVerdict =
  | { kind: "allow"; reason: string }
  | { kind: "grant"; grant: Grant }
  | { kind: "deny"; reason: string }
  | { kind: "ask"; request: PermissionRequestPayload };

/** What the host knows of a call besides the app's word: the tool's annotations, when a client told it. */
export interface McpAppCallFacts {
  /** The card's summary, in the person's language. */
  summary: string;
  /** The server's tool says `readOnlyHint: true`. */
  readOnly?: boolean;
  /** The server's tool says `destructiveHint: true`. */
  destructive?: boolean;
}

/** `deny for this app` is a refusal answered with this scope (`{ approved: false, scope: "session" }`). */
export const REFUSED_FOR_APP = "session";

function personsRefusal(thread: ThreadState, operation: string): Interaction | undefined {
  return selectInteractions(thread).find((i) => {
    if (i.origin.kind !== "mcp-app" || i.status !== "answered" || i.envelope?.messageType !== "permission_request" || i.envelope.payload.operation !== operation) return false;
    const response = i.response;
    return !!response && "approved" in response && response.approved === false && response.scope === REFUSED_FOR_APP && thread.audit.some((r) => r.interactionId === i.id && r.decision === "declined");
  });
}

/**
 * The person's earlier answer to showing this very app (this activity): shown once approved; not
 * again once refused or left to time out.
 */
function earlierShowAnswer(thread: ThreadState, call: McpAppCall): "approved" | "refused" | undefined {
  for (const i of selectInteractions(thread)) {
    if (i.origin.kind !== "mcp-app" || i.origin.call.kind !== "show" || i.origin.call.messageId !== call.messageId) continue;
    if (i.status === "declined" || i.status === "timed_out") return "refused";
    if (i.status !== "answered") continue;
    const approved = i.response && "approved" in i.response && i.response.approved === true;
    if (approved && thread.audit.some((r) => r.interactionId === i.id && (r.decision === "approved" || r.decision === "approved_by_grant"))) return "approved";
    return "refused";
  }
  return undefined;
}

/**
 * The gate's verdict on what an app asks, for this thread and this person's permissions (none: the
 * kit still asks for every call that is not read-only, and every message).
 *
 * @example
 * assessMcpAppCall(thread, permissions, { id: "a1/1", messageId: "act-1", app, kind: "call", tool: "get-time", args: {} }, { summary: "Clock wants to run get-time" }, Date.now());
 * // { kind: "ask", request: { operation: "mcp:clock:ui://get-time/mcp-app.html#get-time", … } }
 */
export function assessMcpAppCall(thread: ThreadState, engine: PermissionsEngine | undefined, call: McpAppCall, facts: McpAppCallFacts, now: number): McpAppVerdict {
  const operation = mcpAppOperation(call.app, call.kind, call.tool);
  const refused = personsRefusal(thread, operation);
  if (refused) return { kind: "deny", reason: `The person refused this for the app (${refused.id}).` };
  if (call.kind === "show") {
    const earlier = earlierShowAnswer(thread, call);
    if (earlier === "approved") return { kind: "allow", reason: "The person allowed this app to be shown." };
    if (earlier === "refused") return { kind: "deny", reason: "The person did not allow this app to be shown." };
  }
  const categories: PermissionCategory[] = facts.destructive ? ["destructive"] : [];
  const request: PermissionRequestPayload = { operation, summary: facts.summary, categories, details: { app: call.app.resourceUri, server: serverKey(call.app), ...(call.tool ? { tool: call.tool } : {}) } };
  if (call.args !== undefined) request.args = call.args;
  // Showing an app and reading through a read-only tool pass unless the policy asks; a tool that
  // may change something, and a message in the person's name, are the person's to allow.
  const passes = call.kind === "show" || (call.kind === "call" && facts.readOnly === true && !facts.destructive);
  if (!engine) return passes ? { kind: "allow", reason: call.kind === "show" ? "No policy asks before an app is shown." : "A read-only tool (readOnlyHint)." } : { kind: "ask", request };
  // A standing grant may be offered for showing and for tools; a message is asked about each time.
  const offered: PermissionRequestPayload = call.kind === "message" ? request : { ...request, scopes: ["session"] };
  const assessment = engine.assess(offered, thread.grants, { now });
  if (assessment.kind === "deny") return { kind: "deny", reason: assessment.reason };
  if (assessment.kind === "grant") return { kind: "grant", grant: assessment.grant };
  if (assessment.decision === "allow" && passes) return { kind: "allow", reason: call.kind === "show" ? "The policy shows this app." : "A read-only tool (readOnlyHint) the policy allows." };
  const asked: PermissionRequestPayload = { ...request, ...(assessment.scopes.includes("session") && call.kind !== "message" ? { scopes: ["session"] as const } : {}) };
  if (assessment.decision === "typed-confirm") asked.confirmText = call.kind === "call" && call.tool ? call.tool : serverKey(call.app);
  return { kind: "ask", request: asked };
}

import type { ThreadState } from "../thread/types";
import { isId, isRecord } from "../thread/guards";
import type { Interaction } from "../interactions/types";
import type { AuditRecord, Grant } from "../policy/types";
import type { ActionRefusal, ClientAction } from "../actions/clientAction";
import { mcpAppOperation, serverKey } from "../mcp-apps/content";
import { MCP_APPS_ACTIVITY, type McpAppCall } from "../mcp-apps/types";

/**
 * The person's door for MCP Apps (loaded with the host; see `mcpAppDoor` in `mcp-app.ts`): what an
 * `app-call` writes — the card the app's row shows, or the audit record of a call the gate
 * decided — checked first. The operation is the door's own, from the app and the tool: nothing
 * the caller says can make a card ask about something else.
 */

type AppCallAction = Extract<ClientAction, { type: "app-call" }>;

/**
 * The id of the card that asks the person about an app's call. Nothing reads authority from it
 * (the origin and the audited answer decide), and the call's id carries a part the agent cannot
 * guess, so no question of the agent's can take it first.
 *
 * @example
 * mcpAppAskId("act-1/call-x1"); // "mcp-app:act-1/call-x1"
 */
export function mcpAppAskId(callId: string): string {
  return `mcp-app:${callId}`;
}

/** What the door writes for an `app-call`. */
export interface AppCallPlan {
  ask?: Interaction;
  grant?: Grant;
  record?: AuditRecord;
}

const refused = (message: string): ActionRefusal => ({ code: "invalid-response", message });

/** The app's identity in words, for the audit log: its name (as it says), its resource and its server. */
function appInWords(call: McpAppCall): string {
  const name = typeof call.appName === "string" && call.appName ? `"${call.appName.slice(0, 80)}" ` : "";
  return `app ${name}${call.app.resourceUri} on ${serverKey(call.app)}`;
}

/**
 * Why the door refuses an `app-call`, or `undefined`: the app's activity is not in the thread, the
 * call is malformed, it was already asked about, or the card would ask about another operation.
 *
 * @example
 * appCallRefusal(thread, { type: "app-call", call, verdict: { kind: "allow", reason: "read-only" }, at: Date.now() }); // undefined
 */
export function appCallRefusal(thread: ThreadState, action: AppCallAction): ActionRefusal | undefined {
  const { call, verdict } = action;
  if (!isRecord(call) || !isId(call.id) || call.id.length > 300 || !isRecord(call.app) || typeof call.app.resourceUri !== "string" || typeof call.app.serverHash !== "string") return refused("An app's call needs an id, its app and its server.");
  if (call.kind !== "show" && call.kind !== "call" && call.kind !== "message") return refused(`"${String(call.kind).slice(0, 40)}" is not something an app asks for.`);
  if (call.kind === "call" && (typeof call.tool !== "string" || !call.tool)) return refused("An app's tool call names its tool.");
  const message = thread.messages.get(call.messageId);
  if (message?.role !== "activity" || message.activityType !== MCP_APPS_ACTIVITY) return { code: "unknown-message", message: "The app is not in this thread." };
  if (!isRecord(verdict)) return refused("An app's call needs the gate's verdict.");
  if (thread.interactions.get(mcpAppAskId(call.id))) return { code: "not-open", message: "This call of the app was already asked about." };
  if (verdict.kind === "ask" && (!isRecord(verdict.request) || verdict.request.operation !== mcpAppOperation(call.app, call.kind, call.tool))) return refused("The card must ask about the app's own call.");
  if (verdict.kind === "grant" && (!isRecord(verdict.grant) || verdict.grant.operation !== mcpAppOperation(call.app, call.kind, call.tool))) return refused("That grant does not cover this call of the app.");
  return undefined;
}

/**
 * What the door writes for an `app-call` the checks let through (see {@link appCallRefusal}):
 * `applyClientAction` writes it — the grant's counted use, the card, the audit record.
 *
 * @example
 * planAppCall(thread, { type: "app-call", call, verdict: { kind: "ask", request }, at: Date.now(), timeoutMs: 60_000 }).ask; // the pending card
 */
export function planAppCall(action: AppCallAction): AppCallPlan {
  const { call, verdict, at } = action;
  const operation = mcpAppOperation(call.app, call.kind, call.tool);
  const id = mcpAppAskId(call.id);
  const base = { at, operation, detail: "" };
  switch (verdict.kind) {
    case "ask": {
      const ask: Interaction = {
        id,
        // The app's own row shows the card, beside the app that asked.
        rowId: call.messageId,
        messageType: "permission_request",
        envelope: { messageId: id, messageType: "permission_request", timestamp: at, allowInterrupt: true, context: { mcpApp: true }, payload: verdict.request },
        origin: { kind: "mcp-app", call },
        status: "pending",
        numbers: [],
        createdAt: at,
        receivedAt: at,
      };
      if (action.timeoutMs! > 0 && action.timeoutMs! < Infinity) ask.deadline = at + action.timeoutMs!;
      return { ask };
    }
    case "allow":
      return { record: { ...base, id: `${id}:allowed_by_policy:${at}`, decision: "allowed_by_policy", how: "policy", who: "policy", detail: `${appInWords(call)}: ${verdict.reason}` } };
    case "grant":
      return { grant: verdict.grant, record: { ...base, id: `${id}:approved_by_grant:${at}`, decision: "approved_by_grant", how: "grant", who: verdict.grant.grantedBy, grantId: verdict.grant.id, detail: appInWords(call) } };
    case "deny":
      return { record: { ...base, id: `${id}:denied_by_policy:${at}`, decision: "denied_by_policy", how: "policy", who: "policy", detail: `${appInWords(call)}: ${verdict.reason}` } };
  }
}

/**
 * How the person settled the card asked for `callId`: still `pending`, `approved` (their answer
 * and its audit record — only the person's door writes either), or `refused` (declined, timed out,
 * taken back, or gone).
 *
 * @example
 * appAskOutcome(store.getState().thread, "a1/3"); // "approved"
 */
export function appAskOutcome(thread: ThreadState, callId: string): "pending" | "approved" | "refused" {
  const asked = thread.interactions.get(mcpAppAskId(callId));
  if (!asked || asked.origin.kind !== "mcp-app" || asked.origin.call.id !== callId) return "refused";
  if (asked.status === "pending") return "pending";
  const response = asked.response;
  const approved = asked.status === "answered" && !!response && "approved" in response && response.approved === true;
  return approved && thread.audit.some((r) => r.interactionId === asked.id && (r.decision === "approved" || r.decision === "approved_by_grant")) ? "approved" : "refused";
}

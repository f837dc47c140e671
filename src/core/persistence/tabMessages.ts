import type { ClientAction } from "../actions/applyClientAction";
import { isId, isRecord } from "../thread/guards";
import type { ThreadState } from "../thread/types";
import { selectInteractions } from "../interactions/select";
import type { ThreadSnapshot } from "./threadSnapshot";

/**
 * What one tab tells the others about a thread they all show (a `BroadcastChannel` per thread):
 * - `actions`: what its person (or its timer, or the run it drives) settled — answers, declines,
 *   timeouts, withdrawals, corrections, revocations, and which answers a run has carried. The other
 *   tabs apply them through the person's door, so their cards close at once.
 * - `saved`: the thread as it is after a run this tab drove ended, for the others to take up (so
 *   the agent's reply shows in every tab).
 *
 * `from` is the sending tab's id; `v` the shape's version — a message of another version (a tab of
 * an older or newer Parley) is ignored.
 */
export type TabMessage =
  | { v: typeof TAB_MESSAGE_VERSION; from: string; kind: "actions"; actions: TabAction[] }
  | { v: typeof TAB_MESSAGE_VERSION; from: string; kind: "saved"; snapshot: ThreadSnapshot };

/** The client actions tabs share: settlements, revocations and deliveries, never messages or runs. */
export type TabAction = Extract<ClientAction, { type: "answer" | "decline" | "timeout" | "extend" | "withdraw" | "correct" | "revoke" | "deliver" | "record-decision" }>;

export const TAB_MESSAGE_VERSION = 1;

const HOW = new Set(["click", "key", "number-reply", "text-reply", "timeout", "app", "grant", "policy"]);
const at = (value: unknown) => typeof value === "number" && Number.isFinite(value);
const optionalText = (value: unknown) => value === undefined || typeof value === "string";

/** One action as another tab sent it, or `undefined` when it is not one a tab may send. */
function readAction(value: unknown): TabAction | undefined {
  if (!isRecord(value)) return undefined;
  switch (value.type) {
    case "answer":
    case "correct":
    case "decline": {
      const response = value.type === "decline" || (isRecord(value.response) && (value.grant === undefined || (isRecord(value.grant) && isId(value.grant.id))));
      return response && isId(value.interactionId) && at(value.at) && HOW.has(value.how as string) && optionalText(value.who) ? (value as TabAction) : undefined;
    }
    case "timeout":
    case "extend":
    case "withdraw":
      return isId(value.interactionId) && at(value.at) && optionalText(value.reason) && optionalText(value.who) ? (value as TabAction) : undefined;
    case "revoke":
      return isId(value.grantId) && typeof value.by === "string" && at(value.at) && ["click", "app", "agent-revoke"].includes(value.how as string) ? (value as TabAction) : undefined;
    case "deliver":
      return isId(value.runId) && Array.isArray(value.interactionIds) && value.interactionIds.every(isId) ? (value as TabAction) : undefined;
    case "record-decision":
      // The door checks the record itself (it must describe how the question was settled here).
      return isId(value.interactionId) && isRecord(value.record) ? (value as TabAction) : undefined;
    default:
      return undefined;
  }
}

/**
 * A message from another tab, checked: anything that is not a {@link TabMessage} of this version
 * (another app's message on the channel, a malformed or hostile one) is `undefined`, never thrown.
 * Actions that are not well-formed are dropped, the rest kept; the snapshot of `saved` is checked
 * later by `restoreThread`.
 *
 * @example
 * channel.onmessage = (event) => {
 *   const message = readTabMessage(event.data);
 *   if (message?.kind === "actions") store.getState().mirror(message.actions);
 * };
 */
export function readTabMessage(data: unknown): TabMessage | undefined {
  if (!isRecord(data) || data.v !== TAB_MESSAGE_VERSION || !isId(data.from)) return undefined;
  if (data.kind === "saved") return isRecord(data.snapshot) ? (data as TabMessage) : undefined;
  if (data.kind !== "actions" || !Array.isArray(data.actions)) return undefined;
  const actions = data.actions.flatMap((action) => readAction(action) ?? []);
  return actions.length ? { v: TAB_MESSAGE_VERSION, from: data.from, kind: "actions", actions } : undefined;
}

/**
 * What changed from `before` to `after` that the other tabs must hear, as actions they can apply:
 * each question settled (or its answer corrected), each grant revoked, and the answers a run
 * carried (`deliver`). Pure: the store's subscriber calls it with the previous and current thread.
 *
 * @example
 * settlementsBetween(previous, next); // [{ type: "answer", interactionId: "tc1", response, how: "click", at }]
 */
export function settlementsBetween(before: ThreadState, after: ThreadState): TabAction[] {
  const actions: TabAction[] = [];
  if (after.interactions !== before.interactions) {
    const delivered = new Map<string, string[]>();
    for (const i of selectInteractions(after)) {
      const was = before.interactions.get(i.id);
      if (was === i) continue;
      // More time asked for here: the other tabs' clocks (the one that sends declines when due) move too.
      if ((i.extended ?? 0) > (was?.extended ?? 0) && i.extendedAt !== undefined) actions.push({ type: "extend", interactionId: i.id, at: i.extendedAt });
      if (i.deliveredInRunId && !was?.deliveredInRunId) delivered.set(i.deliveredInRunId, [...(delivered.get(i.deliveredInRunId) ?? []), i.id]);
      // A record signed by the person's passkey (or typed in its place) exists only where they gave it:
      // the other tabs, whose recorders leave such an approval to the step-up, need it to go on.
      const signed = i.decision && !was?.decision && (i.decision.assertion !== undefined || i.decision.passkeyFallback);
      if (signed) actions.push({ type: "record-decision", interactionId: i.id, record: i.decision! });
      const when = i.settledAt ?? 0;
      if (i.status === was?.status && (i.status !== "answered" || i.response === was.response)) continue;
      const who = after.audit.find((r) => r.interactionId === i.id && r.at === when)?.who;
      const base = { interactionId: i.id, at: when, ...(who ? { who } : {}) };
      const how = i.how ?? "app";
      if (i.status === "answered" && i.response) {
        if (was?.status === "answered") actions.push({ type: "correct", interactionId: i.id, at: when, response: i.response, how });
        else {
          // A grant the approval made goes with it; one it merely used, each tab already holds.
          const grantId = "grantId" in i.response && how !== "grant" ? i.response.grantId : undefined;
          const grant = grantId === undefined ? undefined : after.grants.find((g) => g.id === grantId);
          actions.push({ type: "answer", ...base, response: i.response, how, ...(grant ? { grant } : {}) });
        }
      } else if (i.status === "declined") actions.push({ type: "decline", ...base, how });
      else if (i.status === "timed_out") actions.push({ type: "timeout", interactionId: i.id, at: when });
      else if (i.status === "withdrawn") actions.push({ type: "withdraw", interactionId: i.id, at: when, ...(i.problem ? { reason: i.problem } : {}) });
    }
    for (const [runId, interactionIds] of delivered) actions.push({ type: "deliver", runId, interactionIds });
  }
  if (after.grants !== before.grants) {
    for (const grant of after.grants) {
      if (grant.revokedAt === undefined || before.grants.find((g) => g.id === grant.id)?.revokedAt !== undefined) continue;
      const how = after.audit.find((r) => r.grantId === grant.id && r.decision === "revoked")?.how;
      actions.push({ type: "revoke", grantId: grant.id, by: grant.revokedBy ?? "person", at: grant.revokedAt, how: how === "agent-revoke" || how === "app" ? how : "click" });
    }
  }
  return actions;
}

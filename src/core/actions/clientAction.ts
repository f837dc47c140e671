import type { Message } from "@ag-ui/core";
import type { RunFailure } from "../thread/types";
import type { AnswerMethod, InteractionResponse } from "../interactions/types";
import type { PermissionRequestPayload } from "../protocol/envelope";
import type { Grant } from "../policy/types";
import type { DecisionRecord } from "../decisions/types";
import type { FeedbackRating } from "../feedback";
import type { McpAppCall } from "../mcp-apps/types";
import type { McpAppVerdict } from "../mcp-apps/gate";

/**
 * The person's door. Everything this side of the wire does to a thread — the person's message,
 * Stop, Pause, an answer, a decline, a timeout, a correction — is one of these, applied by
 * {@link applyClientAction}. What the agent sends goes through `foldEvents`, which can never
 * answer or decline: that is what makes "the agent cannot approve itself" hold by structure.
 */
export type ClientAction =
  /** The person's own message — text, or content parts with its attachments (see `userContent`) — or a tool result the app computed. */
  | { type: "append-message"; message: Message }
  /** The run ended on this side: `cancelled` (Stop) or `error` (the transport failed). */
  | { type: "end-run"; status: "cancelled" | "error"; failure?: RunFailure; runId?: string }
  /** The person said "wait": the request is aborted and the run marked paused. */
  | { type: "pause"; runId?: string }
  /** Messages removed (the partial reply of a failed run, before it is retried). */
  | { type: "remove-messages"; ids: readonly string[] }
  /** The client saw the thread's new interactions at `at`: relative deadlines start counting. */
  | { type: "receive"; at: number }
  /** `grant`: the grant a wider approval makes (`scope` other than once), made by the permissions engine. */
  | { type: "answer"; interactionId: string; response: InteractionResponse; how: AnswerMethod; at: number; who?: string; grant?: Grant }
  | { type: "decline"; interactionId: string; how: AnswerMethod; at: number; who?: string }
  /** A permission request a live grant of the person's covers: approved citing it (`grant` as used now). */
  | { type: "approve-by-grant"; interactionId: string; grant: Grant; at: number }
  /** A front-end tool call a live grant covers: its handler may run, and the use is counted and audited. */
  | { type: "approve-by-grant"; toolCallId: string; grant: Grant; at: number }
  /**
   * A front-end tool call the app's policy wants a person to confirm: a permission card of its own
   * (origin `frontend-tool`) waits for them; the handler runs only on approval.
   */
  | { type: "ask-for-tool"; toolCallId: string; request: PermissionRequestPayload; at: number; timeoutMs?: number }
  /**
   * The store stopped continuing by itself after `runs` runs in a row that no person started: the
   * kit asks the person whether to go on (`continueCard.ts`), numbered like any advice.
   */
  | { type: "ask-to-continue"; runs: number; at: number; locale?: string }
  /**
   * A permission request the app's policy forbids, or the person refused for good: declined without
   * asking (`grant`: the person's refusal that decided, as used now).
   */
  | { type: "deny-by-policy"; interactionId: string; reason: string; at: number; who?: string; grant?: Grant }
  /** A front-end tool call the app's policy forbids: answered with a refusal, without running. */
  | { type: "deny-by-policy"; toolCallId: string; reason: string; at: number; who?: string; grant?: Grant }
  /**
   * The result of a call of the app's own (front-end) tool: what its handler returned or threw, or
   * what the person answered in its `render`. `error` marks a failed call.
   */
  | { type: "tool-result"; toolCallId: string; content: string; error?: string; at: number }
  /**
   * The person's (or the app's) edit of the shared state. `hold` (while a run streams): the keys it
   * changes win over the agent's state until the next run starts; without it, nothing is held.
   */
  | { type: "set-state"; state: unknown; hold?: boolean }
  /** Something from the agent tried to answer for the person and the fold refused it: audited as suspicious. */
  | { type: "record-forgery"; eventIndex: number; detail: string; at: number }
  /** A grant ends: by the person (click), the app, or the agent's revoke tool on the person's word. */
  | { type: "revoke"; grantId: string; by: string; how: "click" | "app" | "agent-revoke"; at: number }
  /**
   * The person's grants as kept elsewhere (their storage, another tab): a live grant this thread
   * lacks is added; one it has takes the other's revocation and use count (`mergeGrant`), never a
   * wider reach. Not a decision: nothing is audited (it was where it was made).
   */
  | { type: "adopt-grants"; grants: readonly Grant[]; at: number }
  /** The deadline passed: the kit declines for the person (default-deny). */
  | { type: "timeout"; interactionId: string; at: number }
  /** The person asked for more time: the deadline moves the ask's `extendable.byMs` later, as often as it allows. */
  | { type: "extend"; interactionId: string; at: number; who?: string }
  /** The app takes a question back; nothing is sent for it. */
  | { type: "withdraw"; interactionId: string; at: number; reason?: string }
  /** A changed answer, allowed until the run that carries it starts. */
  | { type: "correct"; interactionId: string; response: InteractionResponse; how: AnswerMethod; at: number }
  /**
   * The decision record of a settled ask whose server asked for one (`decisionRecordFor`): the
   * store writes it once the digests are computed, before the answer goes out.
   */
  | { type: "record-decision"; interactionId: string; record: DecisionRecord }
  /** These answers went out with run `runId`: never sent again, no longer correctable (a question not settled is left as it is). */
  | { type: "deliver"; interactionIds: readonly string[]; runId: string }
  /** Messages before `fromMessageId` leave the agent's context; open items are numbered anew from 1. */
  | { type: "truncate"; fromMessageId: string }
  /**
   * Edit or regenerate: the conversation from `fromMessageId` on is kept as a version of its own
   * and replaced by `message` (an edited message), or by nothing (the answer is asked for again).
   */
  | { type: "fork"; fromMessageId: string; message?: Message }
  /** Show version `index` (0-based) of the versions after message `at` (`""`: from the start). */
  | { type: "switch-branch"; at: string; index: number }
  /** Thumbs up or down (and a reason) on an answer of the agent's; `rating: null` takes it back. Audited. */
  | { type: "feedback"; messageId: string; rating: FeedbackRating | null; reason?: string; at: number; who?: string }
  /** The agent took the feedback on `messageId` (a Meta event): it is not sent again. */
  | { type: "feedback-sent"; messageId: string; at: number }
  /**
   * What an MCP App asked for, as the host's gate decided it (`origins/mcp-app.ts`): a card the
   * app's row shows (`ask`, declined by itself after `timeoutMs`), or an audit record — allowed,
   * covered by a grant (its use counted), refused.
   */
  | { type: "app-call"; call: McpAppCall; verdict: McpAppVerdict; at: number; timeoutMs?: number };

export type ClientActionType = ClientAction["type"];

/** Why an action did nothing, in words (answering twice, a number outside the range …). */
export interface ActionRefusal {
  code: "not-found" | "not-open" | "not-answerable" | "invalid-response" | "already-delivered" | "not-due" | "not-extendable" | "not-running" | "unknown-message" | "busy";
  message: string;
}

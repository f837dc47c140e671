import type { AskProof, DecisionRecord } from "../decisions/types";
import type { Envelope, InteractionType, RecoveryAction } from "../protocol/envelope";
import type { AnswerShape } from "./answerShape";
import type { A2uiUserAction } from "../a2ui/types";
import type { McpAppCall } from "../mcp-apps/types";

/**
 * `streaming`: a Parley tool call whose arguments are still arriving (the card fills in).
 * `pending`: waiting for the person. `shown`: a notification (nothing to answer).
 * `answered | declined | timed_out | withdrawn`: settled, read-only from then on.
 * `invalid`: the envelope did not fit the schema; shown escaped, never answerable.
 */
export type InteractionStatus =
  | "streaming"
  | "pending"
  | "answered"
  | "declined"
  | "timed_out"
  | "withdrawn"
  | "shown"
  | "invalid";

/** How the agent asked — and so how the answer goes back. */
export type InteractionOrigin =
  /** A call of one of Parley's tools: the answer is the tool's result message. */
  | { kind: "tool"; toolCallId: string; toolName: string }
  /**
   * An AG-UI interrupt (`RUN_FINISHED` outcome): the answer is a `resume` entry of the next run,
   * shaped as `answer` says (what the agent's framework reads; see `answerShape.ts`).
   */
  | { kind: "interrupt"; interruptId: string; reason: string; toolCallId?: string; answer?: AnswerShape; proof?: AskProof }
  /**
   * A `CUSTOM` event: `parley.interaction`, answered by a user message in words plus
   * `forwardedProps.parley.responses`; or LangGraph's (and Mastra's) `on_interrupt`, answered by
   * `forwardedProps.command.resume` shaped as `answer` says. `interruptId` / `toolCallId`: what the
   * event said of the interrupt it stands for, so the same question arriving again as a
   * `RUN_FINISHED` interrupt is recognised as one.
   */
  | { kind: "custom"; name: string; answer?: AnswerShape; interruptId?: string; toolCallId?: string }
  /**
   * A call of one of the app's own tools that its policy wants a person to confirm
   * (`toolPermission.ts`): asked by the app, never by the agent. Approval runs the handler, whose
   * result answers the call; a decline or timeout answers it as declined.
   */
  | { kind: "frontend-tool"; toolCallId: string; toolName: string }
  /**
   * An `rtui/action` frame of an RTUI WebSocket connection (seed 001): the answer goes back over
   * that connection as `rtui/action_result`, never in a run.
   */
  | { kind: "rtui"; actionId: string }
  /**
   * An A2UI surface (`ACTIVITY_SNAPSHOT` of type `a2ui-surface`, activity `messageId`) whose buttons
   * send events: the person's action goes back as the next run's `forwardedProps.a2uiAction`.
   * `confirms`: this is the kit's permission card for a consequential action of that surface's
   * interaction, holding the action it will send once approved.
   */
  | { kind: "a2ui"; messageId: string; confirms?: { interactionId: string; optionId: string; userAction: A2uiUserAction } }
  /**
   * What an MCP App asked the host for (`origins/mcp-app.ts`) — to be shown, to call a tool of its
   * server, to put a message in the conversation — that the person's policy wants a person to allow.
   * Asked by the kit's gate through the person's door, never by the agent or the app; shown by the
   * app's own row (`rowId` is its activity). Answered, it owes the agent nothing.
   */
  | { kind: "mcp-app"; call: McpAppCall }
  /**
   * A question the kit itself asks the person (`continueCard.ts`): made through the person's door
   * only, answered there, and never sent to the agent.
   */
  | { kind: "kit"; purpose: "continue" };

/**
 * How the answer was given — kept for the audit and shown on the settled card: a gesture of the
 * person, the app, a timeout, or, for permissions, a grant the person made or the app's policy.
 */
export type AnswerMethod = "click" | "key" | "number-reply" | "text-reply" | "timeout" | "app" | "grant" | "policy";

export type AdviceResponse =
  | { action: "choose"; optionIds: readonly string[]; numbers: readonly number[] }
  | { action: "accept" }
  | { action: "reject" }
  | { action: "text"; text: string };
export interface PermissionResponse {
  approved: boolean;
  /** Replaces the arguments whole (AG-UI approve-with-edits), when the request is editable. */
  editedArgs?: unknown;
  /** What the person typed, when the request asked for typed confirmation. */
  typedConfirmation?: string;
  /** How far the approval reaches (`once` by default); a wider scope makes a grant. */
  scope?: "once" | "batch" | "session" | "conditional";
  /** For a `batch` grant: how many operations it covers. */
  limit?: number;
  /** For a `conditional` grant: the `args.` / `context.` paths and the values they must hold. */
  condition?: Record<string, unknown>;
  /** For a standing grant: how long it lasts (ms from the approval); none, until used up or the session ends. */
  expiresIn?: number;
  /** The grant this approval made, or the one it was approved by; on a refusal, the refusal it made. */
  grantId?: string;
  /**
   * With `approved: false`: never allow this again — the operation (or the namespace, `"mcp:files/*"`)
   * the engine offered (`refusals`); the decline makes a standing refusal the policy honours first.
   */
  never?: string;
}
export interface InputResponse {
  values: Record<string, unknown>;
}
export interface ErrorResponse {
  action: RecoveryAction;
}
/** A product team's own type answers with whatever its component sends. */
export interface CustomResponse {
  value: unknown;
}
/**
 * The person acted on an A2UI surface: the option (`surfaceId/componentId`) pressed, with their own
 * edits of its data model (pointer → value). `userAction` is what the person's door resolved from
 * them — never taken from the caller.
 */
export interface A2uiResponse {
  action: "a2ui";
  optionId: string;
  edits?: Readonly<Record<string, unknown>>;
  /** Ask on a permission card first, whatever the agent said (the app's policy names this action). */
  confirm?: boolean;
  userAction?: A2uiUserAction;
}
export type InteractionResponse = AdviceResponse | PermissionResponse | InputResponse | ErrorResponse | CustomResponse | A2uiResponse;

/**
 * One moment the agent needs the person, however it asked. Derived by the fold from what the
 * agent sent; its status changes only through `applyClientAction` (the person's door).
 */
export interface Interaction {
  /** The tool call id, interrupt id or envelope `messageId`. */
  id: string;
  /** The id of the thread row that shows it (a message of role `interaction`). */
  rowId: string;
  messageType: InteractionType;
  /** Set once the envelope is complete and checked. */
  envelope?: Envelope;
  /** While `streaming`: the arguments parsed so far, for a card that fills in as they arrive. */
  draft?: unknown;
  origin: InteractionOrigin;
  status: InteractionStatus;
  /** The numbers of its respondable items (advice options, recovery actions), in order. */
  numbers: readonly number[];
  /** The run that asked. */
  runId?: string;
  /** When the agent said it asked (event or envelope timestamp, epoch ms). */
  createdAt?: number;
  /** When this client first saw it (epoch ms), stamped by the store's clock. */
  receivedAt?: number;
  /** When the kit declines by itself (epoch ms). */
  deadline?: number;
  /** How many times the person asked for more time (`extend`), within the ask's `extendable`, and when last. */
  extended?: number;
  extendedAt?: number;
  response?: InteractionResponse;
  /** When it was answered, declined, timed out or withdrawn. */
  settledAt?: number;
  how?: AnswerMethod;
  /** The run that carried the answer to the agent; after it, the answer cannot be corrected. */
  deliveredInRunId?: string;
  /** Why it is `invalid`, or why it was withdrawn. */
  problem?: string;
  /**
   * The decision record the agent's server can verify (`verifyDecision`), written once settled when
   * the ask carried the server's proof; it travels beside the answer (`resume[].metadata.parley`,
   * `forwardedProps.parley.responses[].decision`).
   */
  decision?: DecisionRecord;
  /** What arrived, when it did not fit (shown escaped). */
  raw?: unknown;
}

/** The thread row that places an interaction in the conversation, in stream order. */
export interface InteractionRow {
  id: string;
  role: "interaction";
  interactionId: string;
  /** The registry key of the component that renders it. */
  messageType: InteractionType;
  // The fields every AG-UI message may have, absent here, so code reading `message.content` or
  // `message.subagentRunId` across the union keeps compiling.
  content?: undefined;
  name?: undefined;
  subagentRunId?: undefined;
  metadata?: Record<string, unknown>;
}


import type { ContentPart, Context, Message } from "@ag-ui/core";
import type { StoreApi } from "zustand/vanilla";
import type { ThreadState } from "../core/fold";
import type { ActionRefusal, ClientAction } from "../core/actions";
import type { AnswerMethod, InteractionResponse, ReplyPlan } from "../core/interactions";
import type { RunOptions } from "../core/run-input";
import type { AgentLike } from "../core/transport/types";
import type { PermissionsEngine } from "../core/policy/engine";
import type { AuditRecord } from "../core/policy/types";
import type { BatchMode } from "./frameBatcher";
import type { FrontendTool } from "./frontendTools";
import type { EventRecorder, TraceOption } from "./eventRecorder";
import type { Turn } from "./turn";
import type { OpenRun } from "../core/persistence/reattach";
import type { FeedbackRating, MetaEvent } from "../core/feedback";

export type { RunOptions };

/** What an action on an interaction did: applied, or refused with the reason in words. */
export type ActionResult = { ok: true } | { ok: false; refusal: ActionRefusal };

/** What `reply(text)` decided ({@link ReplyPlan}) and whether it acted on it. */
export interface ReplyResult {
  plan: ReplyPlan;
  /** True when something was answered, sent or paused; false when it was refused or needs a confirmation. */
  done: boolean;
}

export interface ThreadStoreOptions {
  agent?: AgentLike;
  threadId?: string;
  /** Without them, the messages and state the agent already holds (an `@ag-ui/client` agent's). */
  initialMessages?: Message[];
  initialState?: unknown;
  /** Sent with every run unless the run says otherwise (front-end tools, context). */
  defaults?: RunOptions;
  /**
   * How bursts of events reach subscribers: once per animation `frame` (default in a browser),
   * once per `microtask` (default without a DOM), or `sync` (every event; for tests of the fold).
   */
  batch?: BatchMode;
  /** Ids for runs and messages; `crypto.randomUUID` by default. */
  createId?: () => string;
  /** Declare Parley's interaction tools in every run (`parleyTools`). Default true. */
  parleyTools?: boolean;
  /** The language Parley writes the agent's context and answers in words in (`en`, `zh-CN`). Default `en`. */
  locale?: string;
  /** Start the next run by itself once every open question is settled. Default true. */
  autoContinue?: boolean;
  /**
   * Also say the answer to a LangGraph `on_interrupt` question as a user message in words ("Declined:
   * delete_file"). Off by default: the graph reads its `command.resume`, and an extra message is one
   * it never asked for.
   */
  interruptAnswersInWords?: boolean;
  /**
   * How many runs in a row nobody started (an agent calling a front-end tool on every run, its
   * handler answering each time) the store starts by itself before it stops and asks the person
   * whether to go on. Default 8; `Infinity` never asks.
   */
  maxAutoRuns?: number;
  /** The clock for deadlines and answer times; `Date.now` by default. */
  now?: () => number;
  /**
   * Permissions (`createPermissions` from `parley-ui/policy`): the policy declines what it forbids,
   * the person's live grants approve what they cover, wider approvals make grants, and the agent
   * may revoke one with its tool. Without it every permission request simply asks.
   */
  permissions?: PermissionsEngine;
  /** Record every raw event with its receive time (`state.trace`, for `TracePanel`). Off by default. */
  trace?: TraceOption;
  /**
   * Where the person's feedback on answers goes when the agent has no `sendMeta`: the Meta event
   * (AG-UI draft) to send your own way. Resolving marks it sent; without either it stays in the thread.
   */
  onFeedback?: (event: MetaEvent) => void | Promise<void>;
}

export interface ThreadStoreState {
  thread: ThreadState;
  /**
   * This client's side of the conversation (what runs, what is owed to the agent, the answers in
   * flight, the run a fork branches from, the runs nobody started): state like the thread, so
   * subscribers, devtools and tests see it. Written by the store alone.
   */
  turn: Turn;
  agent: AgentLike | undefined;
  /** True from `run()` until the stream ends, fails or is stopped. */
  isRunning: boolean;
  /**
   * True between runs the store chains by itself (a front-end tool's handler at work, the next run
   * about to start): the agent is still busy, and Stop stays where it was. `stop()` ends the chain.
   */
  continuing: boolean;
  /** Set while the transport tries to resume a dropped stream ("reconnecting… attempt 2 of 4"). */
  reconnecting: { attempt: number; attempts: number } | undefined;
  /** Start a run with the thread as it is. Returns false (and does nothing) while one is going or with no agent. */
  run: (options?: RunOptions) => boolean;
  /**
   * Append the person's message and run. Refused (false) while questions are open, unless
   * `declineOpen` is set: then they are declined first, so no run leaves an interrupt unanswered.
   * Where a declined ask carries the server's proof, the message goes (true) once the declines'
   * decision records are written, as answers do, with the store going on by itself.
   */
  sendMessage: (content: string | ContentPart[], options?: RunOptions & { declineOpen?: boolean }) => boolean;
  /** Close this run's stream (aborting its request); what streamed stays; the run ends as cancelled. */
  stop: () => void;
  /** Run again after a failure, without the failed run's partial reply. */
  retry: () => boolean;
  /**
   * Pause ("wait"): abort the request and mark the run paused; the next message resumes. Refused
   * (false) with no run going, or while the agent's open question does not allow interruption.
   */
  pause: () => boolean;
  /** Answer an interaction (the person's gesture: `how` says which). */
  answer: (interactionId: string, response: InteractionResponse, how?: AnswerMethod) => ActionResult;
  decline: (interactionId: string, how?: AnswerMethod) => ActionResult;
  /** Change an answer that no run has carried yet (a corrected form). */
  correct: (interactionId: string, response: InteractionResponse, how?: AnswerMethod) => ActionResult;
  /** Take a question back (the app decided it is moot); nothing is sent for it. */
  withdraw: (interactionId: string, reason?: string) => ActionResult;
  /** More time to answer, when the ask allows it (`extendable`): the deadline moves `byMs` later. */
  extendDeadline: (interactionId: string) => ActionResult;
  /** Decline every open question; returns how many. */
  declineOpen: (how?: AnswerMethod) => number;
  /**
   * What the composer sends: a numbered reply answers its question, a number outside the range is
   * refused, words answer open advice that takes free text; with other questions open, the message
   * is sent only with `declineOpen: true` (they are declined first). "等一下" while running pauses.
   * `attachments` (content parts) go with the words as one message, which then answers nothing.
   */
  reply: (text: string, options?: { declineOpen?: boolean; attachments?: readonly ContentPart[] }) => ReplyResult;
  /**
   * Thumbs up or down, with an optional reason, on an answer of the agent's; `null` takes it back.
   * Kept in the thread and audited; sent to the agent as a Meta event (`agent.sendMeta`, or
   * `onFeedback`). Refused for a message that is not an answer, or a reason over 1,000 characters.
   */
  giveFeedback: (messageId: string, rating: FeedbackRating | null, reason?: string) => ActionResult;
  /** End a grant at once (the person's gesture, from a permissions panel). */
  revoke: (grantId: string) => ActionResult;
  /** The permissions engine the store applies, if any (for the permission card's scope choices). */
  permissions: PermissionsEngine | undefined;
  /** Cut the messages before `fromMessageId` from the agent's context; open items are numbered anew. */
  truncate: (fromMessageId: string) => ActionResult;
  /**
   * Fold events that arrive outside a run — an RTUI connection's actions and closes
   * (`parley-ui/rtui`), a session the agent pushes to the open thread (`persistThread`) — through
   * the agent's door, with the checks a run's events get: deadlines start, the
   * permission policy decides, a forged answer is refused and audited.
   */
  receiveEvents: (events: readonly unknown[]) => void;
  /**
   * Apply any client action (persistence, other tabs, tests) or a store action (`keep-permissions`,
   * from `keepPermissions`); returns why it was refused, if it was.
   */
  dispatch: (action: ClientAction | StoreAction) => ActionResult;
  /**
   * Take up a saved thread (`restoreThread` of `parley-ui/persistence`) in place of this empty one:
   * its open questions wait again with their original deadlines (those past are declined), and
   * answers no run has carried yet go out once nothing is open. A run that was streaming when it was
   * saved is joined again where it stopped when `openRun` says where and the agent can
   * (`agent.reattach`, see `reattachDecision`): no second run, no text twice; otherwise it ends as
   * cut short by the reload, with Retry. Refused (false) while a run is going or once the thread
   * has messages of its own. What the kit could not have written is taken out first and reported
   * as `untrusted-storage` in `thread.errors`: grants its permissions could not have made for this
   * person, and answers without the audit record of the person's decision (open again).
   */
  restore: (thread: ThreadState, openRun?: OpenRun) => boolean;
  /**
   * Other tabs of the same thread (`syncTabs` of `parley-ui/persistence`). `mirror` applies what
   * the person settled in another tab (refused ones are skipped); it owes the agent nothing of its
   * own. `adopt` takes up the thread another tab saved after its run (refused while a run goes
   * here, or when it would lose what is settled here). Both re-check what they are given as
   * `restore` does; what fails (a grant this tab would not make, a decision in someone else's name,
   * a delivery of an open question) is dropped and reported as `untrusted-tab-message`.
   * `setSender(false)`: this tab neither starts the runs that carry answers nor times questions
   * out — the tab holding the thread's lock does; `true` (the default) sends what is owed.
   */
  mirror: (actions: readonly ClientAction[]) => void;
  adopt: (thread: ThreadState) => boolean;
  setSender: (sends: boolean) => void;
  /** Stop, and start an empty thread. */
  reset: () => void;
  /** Use another agent from the next run on (a run in progress is left alone). */
  setAgent: (agent: AgentLike | undefined) => void;
  /**
   * Declare a tool the app runs itself (`useFrontendTool` does this while mounted); returns its
   * unregister. Calls the agent leaves for it are answered by its handler, or wait for
   * {@link respondToTool} when it has none.
   */
  registerTool: (tool: FrontendTool) => () => void;
  /** Answer a call of a front-end tool (a `render` tool's `respond`); `error` answers it as failed. */
  respondToTool: (toolCallId: string, value: unknown, options?: { error?: string }) => ActionResult;
  /** The calls whose front-end handlers are running now. */
  runningToolCallIds: readonly string[];
  /**
   * Calls of front-end tools without a handler that wait for the person (their `render` answers
   * with `respond`), oldest first: they belong in the queue beside the open questions.
   */
  awaitingToolCallIds: readonly string[];
  /**
   * Edit the shared state (a value, or a function of the current one). The next run carries it;
   * while a run streams, the keys it changes win over the agent's state until the next run.
   */
  setState: (next: StateUpdate) => void;
  /**
   * Add runtime context (the page, the selection) to every run from now on, as
   * `RunAgentInput.context` (`useAgentContext` does this while mounted); returns its unregister.
   */
  registerContext: (entry: Context) => () => void;
  /**
   * Replace the person's message `messageId` with `content` and run: the conversation forks there,
   * and what followed stays as a version of its own (`switchBranch`).
   */
  editMessage: (messageId: string, content: string | ContentPart[]) => ActionResult;
  /** Ask again for the answer `messageId` belongs to; the old answer stays as a version of its own. */
  regenerate: (messageId: string) => ActionResult;
  /** Show version `index` (0-based) of the conversation after message `at` (see `useBranches`). */
  switchBranch: (at: string, index: number) => ActionResult;
  /** Names of the tools the front end declares: the app's run defaults and those `registerTool` added. */
  declaredTools: readonly string[];
  /** The event log, when the store was created with `trace`. */
  trace: EventRecorder | undefined;
  /**
   * The person's grants and audit log kept across threads (`keepPermissions` of
   * `parley-ui/persistence` sets it): whether the storage answers, why not, and the log as kept
   * (other threads' decisions too). Undefined when nothing keeps them.
   */
  keptPermissions: KeptPermissionsState | undefined;
}

/**
 * Where keeping the person's permissions stands: `loading` until the stored grants are taken up,
 * then `ready`, or `failed` (quota, IndexedDB blocked): the decisions go on in memory, and
 * `problem` says what went wrong (also set on `ready` when stored records had to be dropped).
 */
export interface KeptPermissionsState {
  status: "loading" | "ready" | "failed";
  problem?: string;
  /** The person's audit log as kept, oldest first (bounded: the oldest are dropped). */
  audit: readonly AuditRecord[];
}

/**
 * An action on the store's own state rather than the thread: what `keepPermissions` reports
 * about keeping the person's grants (merged into `keptPermissions`).
 */
export type StoreAction = { type: "keep-permissions"; patch: Partial<KeptPermissionsState> };

export type ThreadStore = StoreApi<ThreadStoreState>;

/**
 * The store as its consumers see it: read and subscribe; every change goes through its methods
 * (`getState().dispatch(…)`), never `setState`.
 *
 * @example
 * function watch(store: ReadonlyThreadStore) {
 *   return store.subscribe((s) => console.log(s.thread.status));
 * }
 */
export type ReadonlyThreadStore = Pick<ThreadStore, "getState" | "getInitialState" | "subscribe">;

/** A new shared state, or a function of the current one that returns it. */
// `any`: the updater is the app's, typed for the state it knows; the store hands it the state it holds.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type StateUpdate = ((state: any) => unknown) | Record<string, unknown> | readonly unknown[] | string | number | boolean | null;

import type { ContentPart, Context, Message } from "@ag-ui/core";
import { createStore, type StoreApi } from "zustand/vanilla";
import { createThreadState, foldEvents, toAgUiMessages, type RunFailure, type ThreadState } from "../core/fold";
import { applyClientAction, refusalOf, type ActionRefusal, type ClientAction } from "../core/actions";
import { answerInWords, choseToContinue, LANGGRAPH_INTERRUPT_EVENT, pauseBlocker, planReply, selectInteractions, selectPendingIds, undeliveredIds, uncoveredInterrupts, type AnswerMethod, type InteractionResponse, type ReplyPlan } from "../core/interactions";
import { buildRunInput, type RunOptions } from "../core/run-input";
import type { AgentLike, EventSubscription } from "../core/transport/types";
import type { PermissionsEngine } from "../core/policy/engine";
import type { AuditRecord } from "../core/policy/types";
import { isDevelopment } from "../core/dev";
import { describeRunFailure } from "./describeRunFailure";
import { answerRevokeCalls, auditForgeries, decideByPermissions, grantForApproval, trustOf } from "./permissionSteps";
import { trustChecks } from "./trustChecks";
import { adoptable } from "../core/persistence/adoptable";
import { createFrameBatcher, type BatchMode } from "./frameBatcher";
import { createFrontendTools, type FrontendTool } from "./frontendTools";
import { toolOutcomeMessage } from "../core/tools/frontendTools";
import { answerStart } from "../core/branches";
import { isUserContent, userContent } from "../core/attachments/userContent";
import { createEventRecorder, type EventRecorder, type TraceOption } from "./eventRecorder";

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
}

export interface ThreadStoreState {
  thread: ThreadState;
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
  /** Decline every open question; returns how many. */
  declineOpen: (how?: AnswerMethod) => number;
  /**
   * What the composer sends: a numbered reply answers its question, a number outside the range is
   * refused, words answer open advice that takes free text; with other questions open, the message
   * is sent only with `declineOpen: true` (they are declined first). "等一下" while running pauses.
   * `attachments` (content parts) go with the words as one message, which then answers nothing.
   */
  reply: (text: string, options?: { declineOpen?: boolean; attachments?: readonly ContentPart[] }) => ReplyResult;
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
  /** Apply any client action (persistence, other tabs, tests); returns why it was refused, if it was. */
  dispatch: (action: ClientAction) => ActionResult;
  /**
   * Take up a saved thread (`restoreThread` of `parley-ui/persistence`) in place of this empty one:
   * its open questions wait again with their original deadlines (those past are declined), and
   * answers no run has carried yet go out once nothing is open. A run that was streaming when it was
   * saved ends as interrupted, with Retry. Refused (false) while a run is going or once the thread
   * has messages of its own. What the kit could not have written is taken out first and reported
   * as `untrusted-storage` in `thread.errors`: grants its permissions could not have made for this
   * person, and answers without the audit record of the person's decision (open again).
   */
  restore: (thread: ThreadState) => boolean;
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

export type ThreadStore = StoreApi<ThreadStoreState>;

/** A new shared state, or a function of the current one that returns it. */
// `any`: the updater is the app's, typed for the state it knows; the store hands it the state it holds.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type StateUpdate = ((state: any) => unknown) | Record<string, unknown> | readonly unknown[] | string | number | boolean | null;

/**
 * One conversation with one agent: the folded thread plus the actions that drive it, on a
 * framework-free zustand store. A fast stream is applied as one update per frame.
 *
 * @example
 * const store = createThreadStore({ agent: createHttpAgent({ url: "/api/agent" }) });
 * store.getState().sendMessage("Book me a train to Lyon");
 * store.subscribe((s) => console.log(s.thread.status));
 */
export function createThreadStore(options: ThreadStoreOptions = {}): ThreadStore {
  const createId = options.createId ?? randomId;
  /**
   * Made at the first run, not here: a store is created during render (the provider's
   * `useState`), where an id would differ between the server's HTML and the client's hydration.
   * Kept for the thread's later runs (a retry goes to the same thread) until `reset()`.
   */
  let threadId = options.threadId;
  const now = options.now ?? (() => Date.now());
  const permissions = options.permissions;
  const who = permissions?.identity ?? "person";
  /** What a thread or an action from storage or another tab is re-checked with before it counts. */
  const trust = trustOf(permissions, who, now);
  const locale = options.locale ?? "en";
  const held = heldBy(options.agent);
  const initialThread = () =>
    createThreadState({
      threadId: options.threadId,
      messages: options.initialMessages ?? held.messages ?? [],
      state: options.initialState !== undefined ? options.initialState : held.state,
    });

  /** The run this client is driving, if any. */
  let active:
    | { runId: string; runsBefore: number; agent: AgentLike; subscription?: EventSubscription; abort?: AbortController; stopped: boolean }
    | undefined;
  let lastRun: { options: RunOptions; messageIdsBefore: ReadonlySet<string> } | undefined;
  /** The person's side owes the agent a run: an answer (or a tool result) it has not seen yet. */
  let owesRun = false;
  /**
   * Answers sent with the run in flight. They count as delivered once the agent starts that run
   * (`RUN_STARTED`); a request that fails before leaves them undelivered, so Retry sends them again.
   */
  let inFlight: { runId: string; ids: readonly string[] } | undefined;
  let deadlineTimer: ReturnType<typeof setTimeout> | undefined;
  /** False in a tab that leaves answers and timeouts to another tab of the same thread. */
  let sends = true;
  /** Context entries registered at run time (`useAgentContext`), in registration order. */
  const contextEntries = new Map<object, Context>();
  /** The run the next run branches from (set by an edit or a regeneration). */
  let parentRunId: string | undefined;
  /** Runs in a row the store started by itself, with no person's action between them. */
  let autoRuns = 0;
  /** The person (or the app) acted since the store last continued by itself. */
  let personActed = false;
  /** The person said stop (Stop between runs, or "Stop here" on the kit's card): no going on by itself until they act. */
  let autoHalted = false;
  const maxAutoRuns = options.maxAutoRuns ?? 8;
  /** The person's side acted: the next run is theirs, whatever it carries. */
  const byPerson = () => {
    personActed = true;
    autoHalted = false;
  };
  /** A run the person starts themselves (a message, Retry, an edit): the count of runs nobody started begins again. */
  const personStarts = () => {
    autoHalted = false;
    autoRuns = 0;
  };

  return createStore<ThreadStoreState>()((set, get) => {
    const tools = createFrontendTools({
      thread: () => get().thread,
      apply: (action) => act(action).ok,
      answered: () => continueIfAnswered(),
      runningChanged: (ids) => set({ runningToolCallIds: ids }),
      // A call that waits for the person ends the chain the store was continuing.
      awaitingChanged: (ids) => set(ids.length ? { awaitingToolCallIds: ids, continuing: false } : { awaitingToolCallIds: ids }),
      now,
      permissions,
    });

    /** New interactions start their relative deadlines when this client first sees them. */
    const withReceived = (before: ThreadState, thread: ThreadState): ThreadState => {
      if (thread.interactions === before.interactions) return thread;
      let received = applyClientAction(thread, { type: "receive", at: now() });
      if (received.messageIds !== thread.messageIds) owesRun = true; // a notification's "shown" result
      if (permissions) {
        const decided = decideByPermissions(permissions, before, received, now());
        if (decided.acted) owesRun = true;
        received = decided.thread;
      }
      return received;
    };

    const declaredToolNames = () => [...new Set([...(options.defaults?.tools ?? []), ...tools.declared()].map((t) => t.name))];
    const trace = options.trace ? createEventRecorder(options.trace === true ? undefined : options.trace) : undefined;
    const fold = (events: readonly unknown[]) => {
      trace?.record(events, get().thread.eventCount, now());
      set((s) => ({ thread: delivered(auditForgeries(s.thread, withReceived(s.thread, foldEvents(s.thread, events)), now())) }));
      scheduleDeadlines();
    };
    const batcher = createFrameBatcher(options.batch, fold);

    /** The agent started the run that carries the answers in flight: they are delivered, once. */
    const delivered = (thread: ThreadState): ThreadState => {
      if (!inFlight || !active || active.runId !== inFlight.runId) return thread;
      // A RUN_STARTED names its run; a RUN_ERROR sent instead of starting leaves a record without one.
      if (!thread.runs.slice(active.runsBefore).some((run) => run.runId !== "")) return thread;
      const { runId, ids } = inFlight;
      inFlight = undefined;
      return applyClientAction(thread, { type: "deliver", interactionIds: ids, runId });
    };

    /** One timer for the earliest deadline; when it fires every question due is declined for the person. */
    const scheduleDeadlines = () => {
      if (deadlineTimer !== undefined) clearTimeout(deadlineTimer);
      deadlineTimer = undefined;
      const thread = get().thread;
      let earliest = Infinity;
      for (const interaction of selectInteractions(thread)) {
        if (interaction.status === "pending" && interaction.deadline !== undefined) earliest = Math.min(earliest, interaction.deadline);
      }
      if (earliest === Infinity) return;
      deadlineTimer = setTimeout(() => {
        deadlineTimer = undefined;
        if (!sends) return;
        const at = now();
        let thread = get().thread;
        for (const interaction of selectInteractions(thread)) {
          if (interaction.status === "pending" && interaction.deadline !== undefined && interaction.deadline <= at) {
            thread = applyClientAction(thread, { type: "timeout", interactionId: interaction.id, at });
            if (interaction.origin.kind === "tool" || interaction.origin.kind === "frontend-tool") owesRun = true;
          }
        }
        set({ thread });
        scheduleDeadlines();
        continueIfAnswered();
      }, Math.min(Math.max(earliest - now(), 0), 2 ** 31 - 1));
    };

    /**
     * Once nothing is open and something is owed, the agent hears the answers in one run. A run
     * no person's action led to counts toward `maxAutoRuns`; past it the kit asks the person.
     */
    const continueIfAnswered = (afterRun = false) => {
      const rest = () => {
        if (get().continuing) set({ continuing: false });
      };
      if (options.autoContinue === false || !sends || autoHalted) return rest();
      const { agent, isRunning, thread } = get();
      if (!agent || isRunning) return;
      if (selectPendingIds(thread).length || get().awaitingToolCallIds.length) return rest();
      // A handler still at work: the chain goes on when it answers.
      if (tools.hasPending(thread)) return;
      // After a run that failed, the person decides (Retry): going on by itself could loop.
      if (afterRun && thread.runs[thread.runs.length - 1]?.status === "error") return rest();
      if (!owesRun && undeliveredIds(thread).length === 0) return rest();
      autoRuns = personActed ? 0 : autoRuns + 1;
      if (autoRuns > maxAutoRuns) {
        autoRuns = 0;
        act({ type: "ask-to-continue", runs: maxAutoRuns, at: now(), locale });
        return rest();
      }
      run();
    };

    /** The re-check of stored and tab data, if it has loaded: until then nothing from there is taken. */
    const checksLoaded = (method: string) => {
      const checks = trustChecks.loaded();
      if (!checks && isDevelopment()) console.warn(`Parley: ${method} refused: the re-check of stored and tab data has not loaded yet (await preloadTrustChecks() from parley-ui/persistence first).`);
      return checks;
    };

    /** Applies a client action, or says why not. */
    const act = (given: ClientAction): ActionResult => {
      // The person's decisions name them however they came (a number reply, the app's dispatch): a restore checks that name.
      const action = (given.type === "answer" || given.type === "decline") && given.who === undefined ? { ...given, who } : given;
      const thread = get().thread;
      const refusal = refusalOf(thread, action);
      if (refusal) {
        if (isDevelopment()) console.warn(`Parley: ${action.type} refused: ${refusal.message}`);
        return { ok: false, refusal };
      }
      const next = applyClientAction(thread, action);
      if (next.messageIds.length !== thread.messageIds.length) owesRun = true;
      set({ thread: next });
      scheduleDeadlines();
      return { ok: true };
    };

    /**
     * Ends this client's side of a run: the stream is over, one way or another. Only the run
     * records this stream created are judged: a run that already finished (or was interrupted)
     * stays as it is even if the connection drops afterwards; a run still going is ended; a stream
     * that never started a run leaves a failed (or stopped) record so the UI can show and retry it.
     */
    const settle = (runId: string, ending?: { status: "cancelled" | "error" | "paused"; failure?: RunFailure }) => {
      if (active?.runId !== runId) return;
      batcher.flush();
      const { runsBefore, agent } = active;
      active = undefined;
      // Never started: the answers it carried were not delivered and go out with the next run.
      if (inFlight?.runId === runId) inFlight = undefined;
      let thread = get().thread;
      const own = thread.runs.length > runsBefore ? thread.runs[thread.runs.length - 1] : undefined;
      if (!own || own.status === "running") {
        const action: ClientAction = !ending
          ? { type: "end-run", status: "error", failure: INCOMPLETE_STREAM, runId }
          : ending.status === "paused"
            ? { type: "pause", runId }
            : { type: "end-run", status: ending.status, runId, ...(ending.failure ? { failure: ending.failure } : {}) };
        thread = applyClientAction(thread, action);
      }
      if (!ending && permissions) {
        const revoked = answerRevokeCalls(permissions, thread, now(), who);
        if (revoked.acted) owesRun = true;
        thread = revoked.thread;
      }
      // The store will go on by itself (its handlers answer calls, or answers are owed): until it
      // knows, the agent is still busy and Stop stays.
      const goesOn =
        !ending && options.autoContinue !== false && sends && !autoHalted && selectPendingIds(thread).length === 0 && (owesRun || tools.hasPending(thread) || undeliveredIds(thread).length > 0);
      set({ thread, isRunning: false, reconnecting: undefined, continuing: goesOn });
      tellAgent(agent, thread);
      scheduleDeadlines();
      // A run that ended with every question it asked already answered (or a notification shown)
      // goes on; calls it left for the app's own tools are answered first.
      if (!ending) {
        queueMicrotask(() => {
          tools.start();
          continueIfAnswered(true);
        });
      }
    };

    const run = (runOptions: RunOptions = {}): boolean => {
      const { agent, isRunning } = get();
      if (!agent || isRunning) return false;
      let thread = get().thread;
      const uncovered = uncoveredInterrupts(thread, [...(options.defaults?.resume ?? []), ...(runOptions.resume ?? [])]);
      if (uncovered.length) {
        if (isDevelopment()) console.warn(`Parley: run refused: interrupt(s) ${uncovered.join(", ")} are still open. Answer or decline them first (the protocol rejects a run that does not resume every open interrupt).`);
        return false;
      }
      const owed = undeliveredIds(thread);
      thread = withAnswersInWords(thread);
      // The person's held edits go out with this run: from now on the agent has seen them.
      if (thread.stateEdits) thread = applyClientAction(thread, { type: "set-state", state: thread.state });
      const runId = createId();
      const extraContext = [...contextEntries.values(), ...(permissions ? permissions.context(thread.grants, { now: now(), locale }) : [])];
      const input = buildRunInput(thread, {
        runId,
        threadId: (threadId ??= thread.threadId ?? createId()),
        ...(options.defaults ? { defaults: options.defaults } : {}),
        run: runOptions,
        ...(options.parleyTools === false ? { parleyTools: false } : {}),
        locale,
        frontendTools: tools.declared(),
        ...(permissions ? { extraTools: permissions.tools, identity: permissions.identity } : {}),
        ...(extraContext.length ? { extraContext } : {}),
        ...(parentRunId ? { parentRunId } : {}),
      });
      parentRunId = undefined;
      inFlight = owed.length ? { runId, ids: owed } : undefined;
      owesRun = false;
      lastRun = { options: runOptions, messageIdsBefore: new Set(thread.messageIds) };
      const current: NonNullable<typeof active> = { runId, runsBefore: thread.runs.length, agent, stopped: false };
      active = current;
      personActed = false;
      set({ thread, isRunning: true, continuing: false });
      // The agent hears of the run at both ends: now with what it is sent (the person's message
      // among it), and at the end with what it answered.
      tellAgent(agent, thread);
      try {
        current.abort = bindAbortController(agent);
        const subscription = agent.run(input).subscribe({
          // Events of a run this client has let go of (stopped, or replaced) are not folded.
          next: (event) => {
            if (active === current) batcher.push(event);
          },
          connection: (state) => {
            if (active === current) set({ reconnecting: state.status === "reconnecting" ? { attempt: state.attempt, attempts: state.attempts } : undefined });
          },
          error: (error) => settle(runId, { status: "error", failure: describeRunFailure(error) }),
          complete: () => settle(runId),
        });
        // A synchronous agent may have finished inside subscribe(), or the person may have pressed
        // Stop from a listener while it ran: then the subscription is only there to be closed.
        if (active === current) current.subscription = subscription;
        else if (current.stopped) subscription.unsubscribe();
      } catch (error) {
        settle(runId, { status: "error", failure: describeRunFailure(error) });
      }
      return true;
    };

    /**
     * A CUSTOM question's answer reaches the agent as the person's words (and, structured, in
     * forwardedProps). One message id per set of answers, so a retried run does not say them twice.
     */
    const withAnswersInWords = (thread: ThreadState): ThreadState => {
      // An `on_interrupt` answer goes back as the graph's resume value; in words only when the app asks.
      const custom = undeliveredIds(thread)
        .map((id) => thread.interactions.get(id)!)
        .filter((i) => i.origin.kind === "custom" && (i.origin.name !== LANGGRAPH_INTERRUPT_EVENT || options.interruptAnswersInWords === true));
      if (custom.length === 0) return thread;
      const message: Message = { id: `parley-words:${custom.map((i) => i.id).join("+")}`, role: "user", content: custom.map((i) => answerInWords(i, locale)).join("\n") };
      return applyClientAction(thread, { type: "append-message", message });
    };

    /** Stop or Pause: only this run's request ends, and what streamed stays. */
    const halt = (status: "cancelled" | "paused") => {
      const current = active;
      if (!current) return;
      current.stopped = true;
      const subscription = current.subscription;
      current.subscription = undefined;
      // Parley's HTTP agent aborts its fetch on unsubscribe, an SDK HttpAgent through the
      // controller bound to this run. agent.abortRun() would also end the runs of other threads
      // sharing the agent.
      subscription?.unsubscribe();
      current.abort?.abort();
      settle(current.runId, { status });
    };

    const settleAndContinue = (action: ClientAction): ActionResult => {
      const result = act(action);
      if (result.ok) {
        const settled = "interactionId" in action ? get().thread.interactions.get(action.interactionId) : undefined;
        // "Stop here" on the kit's own card (or declining it): the chain ends until the person acts again.
        if (settled?.origin.kind === "kit" && !choseToContinue(settled)) {
          autoHalted = true;
          owesRun = false;
        } else byPerson();
        // An approval on a front-end tool's permission card lets its handler run.
        tools.start();
        continueIfAnswered();
      }
      return result;
    };

    const declineOpen = (how: AnswerMethod = "click"): number => {
      const ids = selectPendingIds(get().thread);
      let thread = get().thread;
      for (const id of ids) thread = applyClientAction(thread, { type: "decline", interactionId: id, how, at: now(), who });
      if (ids.length) {
        owesRun = true;
        set({ thread });
        scheduleDeadlines();
      }
      return ids.length;
    };

    const sendMessage: ThreadStoreState["sendMessage"] = (content, runOptions = {}) => {
      const { agent, isRunning } = get();
      if (!agent || isRunning) return false;
      personStarts();
      if (typeof content === "string" ? !content.trim() : content.length === 0 || !isUserContent(content)) return false;
      const { declineOpen: declineFirst, ...rest } = runOptions;
      if (selectPendingIds(get().thread).length) {
        if (!declineFirst) return false;
        declineOpen("text-reply");
      }
      // Checked before the message is added: a refused run must not leave it behind unsent.
      if (uncoveredInterrupts(get().thread, [...(options.defaults?.resume ?? []), ...(rest.resume ?? [])]).length) return false;
      // A front-end tool still waiting (or running) gets a result first: a call left unanswered
      // makes the run's history one model APIs reject.
      tools.dismiss("The person sent a new message instead.");
      const message: Message = { id: createId(), role: "user", content };
      // The declined questions are said before the person's new message, as they happened.
      set((s) => ({ thread: applyClientAction(withAnswersInWords(s.thread), { type: "append-message", message }) }));
      return run(rest);
    };

    /** Edit or regenerate: the fork is applied, then the run goes out linked to the run it branches from. */
    const forkAndRun = (action: ClientAction): ActionResult => {
      const { agent, isRunning, thread } = get();
      if (!agent || isRunning) return { ok: false, refusal: { code: "busy", message: "The agent is answering; wait for it to finish (or stop it) first." } };
      personStarts();
      const parent = thread.runs.findLast((r) => r.runId !== "")?.runId;
      const result = act(action);
      if (!result.ok) return result;
      parentRunId = parent;
      // A run refused (an interrupt still uncovered) must not hand the link to a later, unrelated run.
      if (!run()) parentRunId = undefined;
      return result;
    };

    return {
      thread: initialThread(),
      agent: options.agent,
      permissions,
      trace,
      keptPermissions: undefined,
      declaredTools: declaredToolNames(),
      isRunning: false,
      continuing: false,
      reconnecting: undefined,
      run(runOptions) {
        personStarts();
        return run(runOptions);
      },
      sendMessage,
      stop() {
        tools.abort("Stopped by the person.");
        // Between runs the store chains by itself, Stop ends the chain too.
        if (get().continuing || !active) {
          autoHalted = true;
          set({ continuing: false });
        }
        halt("cancelled");
      },
      pause() {
        if (!active || pauseBlocker(get().thread)) return false;
        halt("paused");
        return true;
      },
      retry() {
        const { thread, isRunning } = get();
        const last = thread.runs[thread.runs.length - 1];
        if (isRunning || (last && last.status !== "error" && last.status !== "cancelled")) return false;
        personStarts();
        // A thread restored after a reload has no run of this page's to repeat: it runs as it is.
        if (!lastRun) return last ? run() : false;
        const partial = thread.messageIds.filter((id) => !lastRun!.messageIdsBefore.has(id) && thread.messages.get(id)?.role !== "user");
        set({ thread: applyClientAction(thread, { type: "remove-messages", ids: partial }) });
        return run(lastRun.options);
      },
      answer(interactionId, response, how = "click") {
        const at = now();
        // An approval with a wider scope than once makes a grant (through the permissions engine).
        const made = "approved" in response ? grantForApproval(permissions, get().thread, interactionId, response, at) : { ok: true as const };
        if (!made.ok) return made;
        return settleAndContinue({ type: "answer", interactionId, response, how, at, who, ...(made.grant ? { grant: made.grant } : {}) });
      },
      decline: (interactionId, how = "click") => settleAndContinue({ type: "decline", interactionId, how, at: now(), who }),
      revoke: (grantId) => act({ type: "revoke", grantId, by: who, how: "click", at: now() }),
      correct(interactionId, response, how = "click") {
        // On its way to the agent already: the request cannot be changed any more.
        if (inFlight?.ids.includes(interactionId)) {
          return { ok: false, refusal: { code: "already-delivered", message: "This answer is on its way to the agent; it can no longer be changed." } };
        }
        return act({ type: "correct", interactionId, response, how, at: now() });
      },
      withdraw: (interactionId, reason) => settleAndContinue({ type: "withdraw", interactionId, at: now(), ...(reason ? { reason } : {}) }),
      declineOpen(how = "click") {
        byPerson();
        // Everything waiting for the person: the questions, and the app's tools waiting on `respond`.
        const count = declineOpen(how) + tools.declineAwaiting("The person declined to answer.");
        if (count) continueIfAnswered();
        return count;
      },
      reply(text, replyOptions = {}) {
        const attachments = replyOptions.attachments ?? [];
        const plan = planReply(get().thread, text, get().isRunning, attachments.length > 0);
        const content = userContent(text, attachments);
        switch (plan.kind) {
          case "answer":
            return { plan, done: settleAndContinue({ type: "answer", interactionId: plan.interactionId, response: plan.response, how: "number-reply", at: now(), who }).ok };
          case "free-text":
            return { plan, done: settleAndContinue({ type: "answer", interactionId: plan.interactionId, response: { action: "text", text: plan.text }, how: "text-reply", at: now(), who }).ok };
          case "pause":
            return { plan, done: get().pause() };
          case "send":
            return { plan, done: sendMessage(content) };
          case "decline-first":
            return { plan, done: replyOptions.declineOpen === true && sendMessage(content, { declineOpen: true }) };
          default:
            return { plan, done: false };
        }
      },
      truncate: (fromMessageId) => act({ type: "truncate", fromMessageId }),
      receiveEvents(events) {
        // A run's events still waiting for their frame go first: the order they arrived in.
        batcher.flush();
        if (events.length) fold(events);
      },
      dispatch(action) {
        const result = act(action);
        if (result.ok) continueIfAnswered();
        return result;
      },
      restore(saved) {
        const { isRunning, thread } = get();
        const checks = checksLoaded("restore");
        if (!checks || isRunning || thread.messageIds.length || thread.interactionIds.length) return false;
        let restored = checks.recheckThread(saved, trust, "untrusted-storage");
        // The stream it was reading is gone with the page: the run ends, and Retry runs it again.
        if (restored.runs[restored.runs.length - 1]?.status === "running") restored = applyClientAction(restored, { type: "end-run", status: "error", failure: RESTORED_MID_RUN });
        threadId ??= restored.threadId;
        set({ thread: restored });
        scheduleDeadlines();
        continueIfAnswered();
        return true;
      },
      mirror(actions) {
        // The person, in another tab.
        byPerson();
        const checks = checksLoaded("mirror");
        if (!checks) return;
        const before = get().thread;
        // An answer on its way to the agent from here is not changed by another tab's correction.
        const thread = checks.applyTabActions(before, actions.filter((a) => a.type !== "correct" || !inFlight?.ids.includes(a.interactionId)), trust, "untrusted-tab-message");
        if (thread === before) return;
        set({ thread });
        scheduleDeadlines();
        continueIfAnswered();
      },
      adopt(given) {
        const checks = checksLoaded("adopt");
        if (!checks || get().isRunning) return false;
        const saved = checks.recheckThread(given, trust, "untrusted-tab-message");
        // Judged after the re-check: a settlement the other copy holds no record of must not undo this tab's.
        if (!adoptable(get().thread, saved)) return false;
        owesRun = false;
        inFlight = undefined;
        // Retry then runs the adopted thread as it is: this tab's last run is not its last run any more.
        lastRun = undefined;
        threadId ??= saved.threadId;
        set({ thread: saved });
        scheduleDeadlines();
        continueIfAnswered();
        return true;
      },
      setSender(next) {
        // What this tab owed while another sent went to that one; what is still owed is the outbox.
        if (next && !sends) owesRun = false;
        sends = next;
        scheduleDeadlines();
        continueIfAnswered();
      },
      reset() {
        get().stop();
        tools.reset();
        lastRun = undefined;
        owesRun = false;
        inFlight = undefined;
        threadId = options.threadId;
        if (deadlineTimer !== undefined) clearTimeout(deadlineTimer);
        deadlineTimer = undefined;
        trace?.clear();
        autoRuns = 0;
        personActed = false;
        autoHalted = false;
        set({ thread: initialThread(), continuing: false });
      },
      setAgent(agent) {
        // A run in progress keeps going on the agent it started with; the next run uses this one.
        if (get().agent !== agent) set({ agent });
      },
      runningToolCallIds: [],
      awaitingToolCallIds: [],
      registerTool(tool) {
        const unregister = tools.register(tool);
        set({ declaredTools: declaredToolNames() });
        // A call may already wait for this tool (registered after the run ended).
        queueMicrotask(() => tools.start());
        return () => {
          unregister();
          set({ declaredTools: declaredToolNames() });
        };
      },
      respondToTool(toolCallId, value, respondOptions = {}) {
        const outcome = respondOptions.error !== undefined ? { ok: false as const, error: respondOptions.error } : { ok: true as const, value };
        return settleAndContinue({ type: "tool-result", toolCallId, ...toolOutcomeMessage(outcome), at: now() });
      },
      registerContext(entry) {
        const token = {};
        contextEntries.set(token, entry);
        return () => void contextEntries.delete(token);
      },
      editMessage(messageId, content) {
        if (typeof content === "string" ? !content.trim() : content.length === 0) return { ok: false, refusal: { code: "invalid-response", message: "The message is empty." } };
        // The same check sendMessage makes: only text and media parts the kit sends as the person's.
        if (!isUserContent(content)) return { ok: false, refusal: { code: "invalid-response", message: "The message holds parts that are not the person's words or media." } };
        return forkAndRun({ type: "fork", fromMessageId: messageId, message: { id: createId(), role: "user", content } });
      },
      regenerate(messageId) {
        const from = answerStart(get().thread, messageId);
        if (!from) return { ok: false, refusal: { code: "unknown-message", message: `There is no message "${messageId}".` } };
        return forkAndRun({ type: "fork", fromMessageId: from });
      },
      switchBranch: (at, index) => act({ type: "switch-branch", at, index }),
      setState(next) {
        const thread = get().thread;
        const state = typeof next === "function" ? (next as (state: unknown) => unknown)(thread.state) : next;
        set({ thread: applyClientAction(thread, { type: "set-state", state, hold: active !== undefined }) });
      },
    };
  });
}

/**
 * A v4 UUID. `crypto.randomUUID` exists only on secure origins (https, localhost): a page served
 * over plain http on a LAN address has `getRandomValues` alone.
 */
function randomId(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === "function") return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const RESTORED_MID_RUN: RunFailure = {
  message: "The page was closed while the agent was answering; what arrived is kept.",
  code: "incomplete-stream",
  source: "transport",
};

/** What an `@ag-ui/client` agent (or any agent object) already holds: the thread starts from it. */
function heldBy(agent: AgentLike | undefined): { messages?: Message[]; state?: unknown } {
  const { messages, state } = (agent ?? {}) as { messages?: unknown; state?: unknown };
  return { ...(Array.isArray(messages) && messages.length ? { messages: messages.slice() as Message[] } : {}), state };
}

/**
 * Parley folds the events itself, so an SDK agent's `messages` and `state` would never change and
 * its own subscribers would never hear of a run: at each run's start and end it is told, through
 * `setMessages`/`setState` where it has them (they notify its subscribers).
 */
function tellAgent(agent: AgentLike, thread: ThreadState): void {
  const target = agent as { messages?: unknown; state?: unknown; setMessages?: (m: Message[]) => void; setState?: (s: unknown) => void };
  try {
    if (Array.isArray(target.messages)) {
      const messages = toAgUiMessages(thread, { includeActivity: true });
      if (typeof target.setMessages === "function") target.setMessages(messages);
      else target.messages = messages;
    }
    if ("state" in target) {
      if (typeof target.setState === "function") target.setState(thread.state);
      else target.state = thread.state;
    }
  } catch (error) {
    // The agent's own bookkeeping failing must not undo the run the person saw.
    if (isDevelopment()) console.warn("Parley: could not update the agent's messages or state:", error);
  }
}

const INCOMPLETE_STREAM: RunFailure = {
  message: "The connection closed before the agent finished its answer.",
  code: "incomplete-stream",
  source: "transport",
};

/**
 * `@ag-ui/client`'s HttpAgent reads `this.abortController.signal` when `run(input)` is called, and
 * unsubscribing does not abort its fetch. Giving each run its own controller lets Stop end exactly
 * that request, even when several threads share the agent (and an agent whose `abortRun()` was
 * called does not fail every later fetch at once on an aborted controller).
 */
function bindAbortController(agent: AgentLike): AbortController | undefined {
  if (!("abortController" in agent) || typeof AbortController !== "function") return undefined;
  const controller = new AbortController();
  (agent as { abortController: AbortController }).abortController = controller;
  return controller;
}

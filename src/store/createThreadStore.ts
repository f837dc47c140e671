import type { Context, ContentPart, Message, ResumeEntry, RunAgentInput, Tool } from "@ag-ui/core";
import { createStore, type StoreApi } from "zustand/vanilla";
import {
  appendMessage,
  createThreadState,
  endRunLocally,
  foldEvents,
  removeMessages,
  toAgUiMessages,
  type RunFailure,
  type ThreadState,
} from "../core/fold";
import type { AgentLike, EventSubscription } from "../core/transport/types";
import { describeRunFailure } from "./describeRunFailure";
import { createFrameBatcher, type BatchMode } from "./frameBatcher";

/** What a caller may set on one run; the rest (`threadId`, `runId`, `messages`, `state`) comes from the thread. */
export interface RunOptions {
  tools?: Tool[];
  context?: Context[];
  forwardedProps?: unknown;
  resume?: ResumeEntry[];
}

export interface ThreadStoreOptions {
  agent?: AgentLike;
  threadId?: string;
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
}

export interface ThreadStoreState {
  thread: ThreadState;
  agent: AgentLike | undefined;
  /** True from `run()` until the stream ends, fails or is stopped. */
  isRunning: boolean;
  /** Start a run with the thread as it is. Returns false (and does nothing) while one is going or with no agent. */
  run(options?: RunOptions): boolean;
  /** Append the person's message and run. */
  sendMessage(content: string | ContentPart[], options?: RunOptions): boolean;
  /** Close this run's stream (aborting its request); what streamed stays; the run ends as cancelled. */
  stop(): void;
  /** Run again after a failure, without the failed run's partial reply. */
  retry(): boolean;
  /** Stop, and start an empty thread. */
  reset(): void;
  /** Use another agent from the next run on (a run in progress is left alone). */
  setAgent(agent: AgentLike | undefined): void;
}

export type ThreadStore = StoreApi<ThreadStoreState>;

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
  const createId = options.createId ?? (() => globalThis.crypto.randomUUID());
  const initialThread = () =>
    createThreadState({
      threadId: options.threadId ?? createId(),
      messages: options.initialMessages ?? [],
      state: options.initialState,
    });

  /** The run this client is driving, if any. */
  let active:
    | { runId: string; runsBefore: number; subscription?: EventSubscription; abort?: AbortController; stopped: boolean }
    | undefined;
  let lastRun: { options: RunOptions; messageIdsBefore: ReadonlySet<string> } | undefined;

  return createStore<ThreadStoreState>()((set, get) => {
    const batcher = createFrameBatcher(options.batch, (events) => {
      set((s) => ({ thread: foldEvents(s.thread, events) }));
    });

    /**
     * Ends this client's side of a run: the stream is over, one way or another. Only the run
     * records this stream created are judged: a run that already finished (or was interrupted)
     * stays as it is even if the connection drops afterwards; a run still going is ended; a stream
     * that never started a run leaves a failed (or stopped) record so the UI can show and retry it.
     */
    const settle = (runId: string, ending?: { status: "cancelled" | "error"; failure?: RunFailure }) => {
      if (active?.runId !== runId) return;
      batcher.flush();
      const { runsBefore } = active;
      active = undefined;
      let thread = get().thread;
      const own = thread.runs.length > runsBefore ? thread.runs[thread.runs.length - 1] : undefined;
      if (!own || own.status === "running") {
        thread = ending
          ? endRunLocally(thread, ending.status, ending.failure, runId)
          : endRunLocally(thread, "error", INCOMPLETE_STREAM, runId);
      }
      set({ thread, isRunning: false });
    };

    const run = (runOptions: RunOptions = {}): boolean => {
      const { agent, isRunning, thread } = get();
      if (!agent || isRunning) return false;
      const merged: RunOptions = { ...options.defaults, ...runOptions };
      const runId = createId();
      const input: RunAgentInput = {
        threadId: thread.threadId ?? createId(),
        runId,
        messages: toAgUiMessages(thread),
        state: thread.state,
        tools: merged.tools ?? [],
        context: merged.context ?? [],
        forwardedProps: merged.forwardedProps ?? {},
        ...(merged.resume ? { resume: merged.resume } : {}),
      };
      lastRun = { options: runOptions, messageIdsBefore: new Set(thread.messageIds) };
      const current: NonNullable<typeof active> = { runId, runsBefore: thread.runs.length, stopped: false };
      active = current;
      set({ isRunning: true });
      try {
        current.abort = bindAbortController(agent);
        const subscription = agent.run(input).subscribe({
          // Events of a run this client has let go of (stopped, or replaced) are not folded.
          next: (event) => {
            if (active === current) batcher.push(event);
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

    return {
      thread: initialThread(),
      agent: options.agent,
      isRunning: false,
      run,
      sendMessage(content, runOptions) {
        const { agent, isRunning } = get();
        if (!agent || isRunning) return false;
        if (typeof content === "string" ? !content.trim() : content.length === 0) return false;
        set((s) => ({ thread: appendMessage(s.thread, { id: createId(), role: "user", content }) }));
        return run(runOptions);
      },
      stop() {
        const current = active;
        if (!current) return;
        current.stopped = true;
        const subscription = current.subscription;
        current.subscription = undefined;
        // Only this run's request ends: Parley's HTTP agent aborts its fetch on unsubscribe, an SDK
        // HttpAgent through the controller bound to this run. agent.abortRun() would also end the
        // runs of other threads sharing the agent.
        subscription?.unsubscribe();
        current.abort?.abort();
        settle(current.runId, { status: "cancelled" });
      },
      retry() {
        const { thread, isRunning } = get();
        const last = thread.runs[thread.runs.length - 1];
        if (isRunning || !lastRun || (last && last.status !== "error" && last.status !== "cancelled")) return false;
        const partial = thread.messageIds.filter((id) => !lastRun!.messageIdsBefore.has(id) && thread.messages.get(id)?.role !== "user");
        set({ thread: removeMessages(thread, partial) });
        return run(lastRun.options);
      },
      reset() {
        get().stop();
        lastRun = undefined;
        set({ thread: initialThread() });
      },
      setAgent(agent) {
        // A run in progress keeps going on the agent it started with; the next run uses this one.
        if (get().agent !== agent) set({ agent });
      },
    };
  });
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

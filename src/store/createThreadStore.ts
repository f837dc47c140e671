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
  /** Abort the request; what streamed stays; the run ends as cancelled. */
  stop(): void;
  /** Run again after a failure, without the failed run's partial reply. */
  retry(): boolean;
  /** Stop, and start an empty thread. */
  reset(): void;
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

  let subscription: EventSubscription | undefined;
  let activeRunId: string | undefined;
  let lastRun: { options: RunOptions; messageIdsBefore: ReadonlySet<string> } | undefined;

  return createStore<ThreadStoreState>()((set, get) => {
    const batcher = createFrameBatcher(options.batch, (events) => {
      set((s) => ({ thread: foldEvents(s.thread, events) }));
    });

    /** Ends this client's side of a run: the stream is over, one way or another. */
    const settle = (runId: string, ending?: { status: "cancelled" | "error"; failure?: RunFailure }) => {
      if (activeRunId !== runId) return;
      batcher.flush();
      subscription = undefined;
      activeRunId = undefined;
      let thread = get().thread;
      const last = thread.runs[thread.runs.length - 1];
      if (ending) {
        thread = endRunLocally(thread, ending.status, ending.failure, runId);
      } else if (!last || last.status === "running") {
        thread = endRunLocally(thread, "error", {
          message: "The connection closed before the agent finished its answer.",
          code: "incomplete-stream",
          source: "transport",
        }, runId);
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
      activeRunId = runId;
      set({ isRunning: true });
      try {
        // Reset an SDK HttpAgent's controller if a previous stop() aborted it; else its next fetch fails at once.
        resetAbortedController(agent);
        subscription = agent.run(input).subscribe({
          next: (event) => batcher.push(event),
          error: (error) => settle(runId, { status: "error", failure: describeRunFailure(error) }),
          complete: () => settle(runId),
        });
      } catch (error) {
        settle(runId, { status: "error", failure: describeRunFailure(error) });
      }
      // A synchronous agent may already have finished inside subscribe().
      if (activeRunId !== runId) subscription = undefined;
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
        const runId = activeRunId;
        if (runId === undefined) return;
        const current = subscription;
        subscription = undefined;
        current?.unsubscribe();
        get().agent?.abortRun?.();
        settle(runId, { status: "cancelled" });
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
        if (get().agent === agent) return;
        get().stop();
        set({ agent });
      },
    };
  });
}

function resetAbortedController(agent: AgentLike): void {
  const withController = agent as { abortController?: AbortController };
  if (withController.abortController?.signal.aborted && typeof AbortController === "function") {
    withController.abortController = new AbortController();
  }
}

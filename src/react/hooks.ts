import { useMemo } from "react";
import { useStore } from "zustand";
import type { AgentStatus, RunFailure, ThreadMessage, ThreadState, ToolCallState } from "../core/fold";
import type { ThreadStoreState } from "../store/createThreadStore";
import { selectRunError, selectStatus } from "../core/activity";
import { useThreadStore } from "./ParleyProvider";

/**
 * Reads a slice of the thread. The selector must return a primitive or a reference the thread
 * already holds (never a fresh object), so the component re-renders only when that slice changes.
 *
 * @example
 * const errorCount = useThread((t) => t.errorCount);
 */
export function useThread<T>(selector: (thread: ThreadState) => T): T {
  const store = useThreadStore("useThread");
  return useStore(store, (s) => selector(s.thread));
}

/**
 * The message ids in order. A new array only when a message is added or removed — not per token.
 *
 * @example
 * const ids = useMessageIds();
 * return ids.map((id) => <MessageRow key={id} id={id} />);
 */
export function useMessageIds(): readonly string[] {
  const store = useThreadStore("useMessageIds");
  return useStore(store, (s) => s.thread.messageIds);
}

/**
 * One message; re-renders only when that message changes.
 *
 * @example
 * const message = useMessage(id);
 */
export function useMessage(id: string): ThreadMessage | undefined {
  const store = useThreadStore("useMessage");
  return useStore(store, (s) => s.thread.messages.get(id));
}

/**
 * One tool call with its streaming arguments, parsed args, status and result message id.
 *
 * @example
 * const call = useToolCall(id);
 */
export function useToolCall(id: string): ToolCallState | undefined {
  const store = useThreadStore("useToolCall");
  return useStore(store, (s) => s.thread.toolCalls.get(id));
}

/**
 * The agent's shared state, or a slice of it.
 *
 * @example
 * const cart = useAgentState((state: { cart?: string[] }) => state.cart);
 */
export function useAgentState<S = unknown, T = S>(selector?: (state: S) => T): T {
  const store = useThreadStore("useAgentState");
  return useStore(store, (s) => (selector ? selector(s.thread.state as S) : (s.thread.state as T)));
}

export interface AgentRun {
  status: AgentStatus;
  isRunning: boolean;
  /** Between runs the store chains by itself (see `ThreadStoreState.continuing`): still busy, and Stop still applies. */
  continuing: boolean;
  /** How the last run failed, if it did. */
  error: RunFailure | undefined;
  run: ThreadStoreState["run"];
  send: ThreadStoreState["sendMessage"];
  stop: ThreadStoreState["stop"];
  retry: ThreadStoreState["retry"];
}

/**
 * The run and its controls.
 *
 * @example
 * const { status, isRunning, continuing, error, send, stop, retry } = useAgentRun();
 */
export function useAgentRun(): AgentRun {
  const store = useThreadStore("useAgentRun");
  const status = useStore(store, selectStatus);
  const isRunning = useStore(store, (s) => s.isRunning);
  const continuing = useStore(store, (s) => s.continuing);
  const error = useStore(store, selectRunError);
  return useMemo(() => {
    const { run, sendMessage, stop, retry } = store.getState();
    return { status, isRunning, continuing, error, run, send: sendMessage, stop, retry };
  }, [store, status, isRunning, continuing, error]);
}

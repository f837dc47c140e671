import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import type { Message } from "@ag-ui/core";
import { createThreadStore, type RunOptions, type ThreadStore } from "../store/createThreadStore";
import type { AgentLike } from "../core/transport/types";

const ThreadStoreContext = createContext<ThreadStore | null>(null);
ThreadStoreContext.displayName = "ParleyThreadStore";

export interface ParleyProviderProps {
  /** Any AG-UI agent: `createHttpAgent(...)`, an `@ag-ui/client` agent, a `ScriptedAgent`. */
  agent?: AgentLike;
  threadId?: string;
  initialMessages?: Message[];
  initialState?: unknown;
  /** Front-end tools and context sent with every run. */
  runDefaults?: RunOptions;
  /** Bring your own store (shared with code outside React); otherwise one is made per provider. */
  store?: ThreadStore;
  children?: ReactNode;
}

/**
 * Holds one thread's store for everything inside it. The store is made once per provider (never a
 * module singleton) and nothing here starts a run, so StrictMode's double effects are harmless.
 *
 * @example
 * <ParleyProvider agent={createHttpAgent({ url: "/api/agent" })}>
 *   <Chat />
 * </ParleyProvider>
 */
export function ParleyProvider({ agent, threadId, initialMessages, initialState, runDefaults, store: given, children }: ParleyProviderProps) {
  const [store] = useState<ThreadStore>(
    () => given ?? createThreadStore({ agent, threadId, initialMessages, initialState, defaults: runDefaults }),
  );
  // A new agent prop reaches the same store; setAgent is idempotent, so running twice is fine.
  useEffect(() => {
    if (agent) store.getState().setAgent(agent);
  }, [store, agent]);
  return <ThreadStoreContext.Provider value={store}>{children}</ThreadStoreContext.Provider>;
}

/**
 * The provider's store, for code that needs the actions or `getState()` directly.
 *
 * @example
 * const store = useThreadStore();
 * store.getState().stop();
 */
export function useThreadStore(hookName = "useThreadStore"): ThreadStore {
  const store = useContext(ThreadStoreContext);
  if (!store) {
    throw new Error(`${hookName}() must be used inside <ParleyProvider>. Wrap your chat UI in <ParleyProvider agent={…}>.`);
  }
  return store;
}

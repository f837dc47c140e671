import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { Message } from "@ag-ui/core";
import type { ReadonlyThreadStore, RunOptions, ThreadStore, ThreadStoreOptions } from "../store/createThreadStore";
import { createParley, type Parley } from "../store/createParley";
import type { ThreadPersistence } from "../store/persistThread";
import type { PermissionsKeeping } from "../store/keepPermissions";
import type { AuditDelivery } from "../store/auditSink";
import type { AgentLike } from "../core/transport/types";
import { lazyHttpAgent } from "../core/transport/lazyHttpAgent";
import { useReadOnce } from "./readOnce";

const ThreadStoreContext = createContext<ReadonlyThreadStore | null>(null);
ThreadStoreContext.displayName = "ParleyThreadStore";
/** The provider's `persistence` once it is running: what `useForgetThread` acts on. */
const ForgetContext = createContext<(() => Promise<void>) | undefined>(undefined);
ForgetContext.displayName = "ParleyForgetThread";

export interface ParleyProviderProps {
  /**
   * Any AG-UI agent: `createHttpAgent(...)` (`parley-ui/http`), an `@ag-ui/client` agent, a `ScriptedAgent`. Keep it
   * stable (module scope, `useState(() => …)` or `useMemo`); a new agent is used from the next run.
   */
  agent?: AgentLike;
  /**
   * Instead of `agent`: the URL of an AG-UI endpoint (`RunAgentInput` posted, events streamed back
   * as SSE), for Parley's own HTTP transport (`createHttpAgent` of `parley-ui/http`, loaded after
   * the page). A string, so a server component (a Next.js page) can pass it. For headers, a custom
   * `fetch` or another transport, make the agent in a client component and pass `agent`.
   */
  agentUrl?: string;
  /** The thread to start with. Read once: to switch threads, give the provider a `key`. */
  threadId?: string;
  /** Without them, the thread starts from the messages and state the agent holds (an `@ag-ui/client` agent's). */
  initialMessages?: Message[];
  initialState?: unknown;
  /** Front-end tools and context sent with every run. */
  runDefaults?: RunOptions;
  /** The language Parley writes the agent's context and the person's answers in (`en`, `zh-CN`). */
  locale?: string;
  /** Declare Parley's interaction tools (`parleyTools`) in every run. Default true. */
  parleyTools?: boolean;
  /** Start the next run by itself once every open question is answered. Default true. */
  autoContinue?: boolean;
  /** Runs in a row nobody started before the kit asks the person whether to go on. Default 8; `Infinity` never asks. */
  maxAutoRuns?: number;
  /** Also say the answer to a LangGraph `on_interrupt` question in words, as a user message. Default false. */
  interruptAnswersInWords?: boolean;
  /** Policy, grants and audit (`createPermissions` from `parley-ui/policy`); without it every permission request asks. */
  permissions?: ThreadStoreOptions["permissions"];
  /** Record every raw event for `TracePanel` (`createThreadStore`'s `trace`). */
  trace?: ThreadStoreOptions["trace"];
  /**
   * Keep the thread across reloads (`{ storage: createIndexedDbThreadStorage(), key }` from
   * `parley-ui/persistence`): open questions come back with their countdowns, answers not yet
   * delivered go out once. `tabs: true`: the thread is open in several tabs (`syncTabs`). Read
   * once, like `threadId`; the code for it loads only when given.
   */
  persistence?: ThreadPersistence;
  /**
   * Keep the person's grants and audit log across threads and reloads (`{ storage:
   * createIndexedDbPolicyStorage(), key: userId }` from `parley-ui/persistence`): standing grants
   * apply in every thread, revocations everywhere, the log is bounded (`auditLimit`, default 1,000).
   * Read once; the code loads only when given. Use it with `permissions`.
   */
  keepPermissions?: PermissionsKeeping;
  /**
   * Send every audit record to the app's own sink as it is made (`{ sink: httpAuditSink({ url }),
   * key: userId }` from `parley-ui/persistence`), retried until accepted, never in the person's way;
   * with `key`, what was not accepted yet survives a reload. Read once; the code loads only when given.
   */
  audit?: AuditDelivery;
  /** Bring your own store (shared with code outside React); otherwise one is made per provider. */
  store?: ThreadStore;
  /**
   * A conversation configured outside React with `createParley(options)`: the provider only
   * provides it (and starts what runs beside it while mounted). The other options are then not read.
   */
  parley?: Parley;
  children?: ReactNode;
}

/**
 * Holds one thread's store for everything inside it. The store is made once per provider (never a
 * module singleton); nothing here starts a run, so StrictMode's double effects are harmless. A
 * store the provider made is stopped when the provider unmounts; one you pass in is yours.
 *
 * @example
 * const agent = createHttpAgent({ url: "/api/agent" }); // once, not on every render
 * <ParleyProvider agent={agent} key={threadId} threadId={threadId}>
 *   <Chat />
 * </ParleyProvider>
 */
export function ParleyProvider(props: ParleyProviderProps) {
  const { agent: givenAgent, agentUrl, threadId, parley: givenParley, store: givenStore, children } = props;
  // One agent per URL: the store keeps it from run to run, as it keeps an `agent` passed in.
  const urlAgent = useMemo(() => (agentUrl && !givenAgent ? lazyHttpAgent(agentUrl) : undefined), [agentUrl, givenAgent]);
  const agent = givenAgent ?? urlAgent;
  const [parley] = useState<Parley>(
    () =>
      givenParley ??
      createParley({
        agent,
        agentUrl: givenAgent ? undefined : agentUrl,
        store: givenStore,
        threadId,
        initialMessages: props.initialMessages,
        initialState: props.initialState,
        defaults: props.runDefaults,
        locale: props.locale,
        parleyTools: props.parleyTools,
        autoContinue: props.autoContinue,
        maxAutoRuns: props.maxAutoRuns,
        interruptAnswersInWords: props.interruptAnswersInWords,
        permissions: props.permissions,
        trace: props.trace,
        persistence: props.persistence,
        keepPermissions: props.keepPermissions,
        audit: props.audit,
      }),
  );
  const store = parley.store;
  const owned = givenParley === undefined && givenStore === undefined;
  useReadOnce(props);

  // The agent prop is applied when it changes (to undefined too), from the next run on.
  const appliedAgent = useRef(agent);
  useEffect(() => {
    if (appliedAgent.current === agent) return;
    appliedAgent.current = agent;
    store.getState().setAgent(agent);
  }, [store, agent]);

  // Unmounting must not leave a request streaming into a store nobody reads. StrictMode unmounts
  // and remounts at once, so the stop waits a microtask and the remount cancels it.
  const pendingStop = useRef<{ cancelled: boolean } | null>(null);
  useEffect(() => {
    if (!owned) return;
    if (pendingStop.current) pendingStop.current.cancelled = true;
    pendingStop.current = null;
    return () => {
      const token = { cancelled: false };
      pendingStop.current = token;
      queueMicrotask(() => {
        if (!token.cancelled) store.getState().stop();
      });
    };
  }, [store, owned]);

  // Keeping the thread, the tabs and the person's grants run while the provider is mounted.
  useEffect(() => parley.start(), [parley]);

  return (
    <ThreadStoreContext.Provider value={store}>
      <ForgetContext.Provider value={parley.forget}>{children}</ForgetContext.Provider>
    </ThreadStoreContext.Provider>
  );
}

/**
 * Forgets the provider's kept thread (its `persistence`): saving stops and the saved copy is
 * removed, after any write under way, so no pending save brings it back. `undefined` when the
 * provider keeps nothing. The thread on screen stays; reload, or give the provider a new `key`, to
 * start over. Other tabs of the thread (`tabs: true`) keep theirs until they reload too.
 *
 * @example
 * const forget = useForgetThread();
 * <button onClick={() => void forget?.().then(() => location.reload())}>Forget this conversation</button>
 */
export function useForgetThread(): (() => Promise<void>) | undefined {
  return useContext(ForgetContext);
}

/**
 * The provider's store, for code that needs the actions or `getState()` directly.
 *
 * @example
 * const store = useThreadStore();
 * store.getState().stop();
 */
export function useThreadStore(hookName = "useThreadStore"): ReadonlyThreadStore {
  const store = useContext(ThreadStoreContext);
  if (!store) {
    throw new Error(`${hookName}() must be used inside <ParleyProvider>. Wrap your chat UI in <ParleyProvider agent={…}>.`);
  }
  return store;
}

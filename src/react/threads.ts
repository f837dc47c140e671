import { useCallback, useContext, useEffect, useMemo, useState } from "react";
import { QueryClient, QueryClientContext, useMutation, useQuery, type QueryKey } from "@tanstack/react-query";
import type { ThreadsAdapter, ThreadsChange, ThreadSummary } from "../core/threads/types";

/** A change the back end refused: what was tried, on which thread, and its reason. The list is back as it was. */
export interface ThreadsProblem {
  action: "create" | "rename" | "remove" | "markRead";
  threadId: string | undefined;
  /** The thread's name when it was tried ("" for a thread not named yet). */
  title: string;
  message: string;
}

export interface ThreadsView {
  /** Newest first; `undefined` until the first list arrives. */
  threads: readonly ThreadSummary[] | undefined;
  status: "pending" | "error" | "success";
  /** Why the list could not be loaded. */
  error: Error | null;
  refetch: () => void;
  /** The last change the back end refused (rolled back), until dismissed or the next change. */
  problem: ThreadsProblem | undefined;
  dismissProblem: () => void;
  /** A new thread; resolves with it (undefined when the back end refused: see `problem`). */
  create: (title?: string) => Promise<ThreadSummary | undefined>;
  /** Optimistic: the new name shows at once, and the old one comes back if the back end refuses. */
  rename: (id: string, title: string) => void;
  /** Optimistic, like `rename`. */
  remove: (id: string) => void;
  /** The person opened it: its unread count goes to 0 (optimistic). */
  markRead: (id: string) => void;
}

const adapterKeys = new WeakMap<ThreadsAdapter, number>();
let lastKey = 0;
/** One cache entry per adapter: two lists over two back ends never share. */
const keyFor = (adapter: ThreadsAdapter): QueryKey => {
  if (!adapterKeys.has(adapter)) adapterKeys.set(adapter, ++lastKey);
  return ["parley", "threads", adapterKeys.get(adapter)];
};

const newestFirst = (threads: readonly ThreadSummary[]) => [...threads].sort((a, b) => b.updatedAt - a.updatedAt);
const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/** The list with one change applied: a thread that appeared or changed, or one that went. */
export function applyThreadsChange(threads: readonly ThreadSummary[] | undefined, change: ThreadsChange): ThreadSummary[] | undefined {
  if (!threads) return undefined;
  if (change.type === "remove") return threads.filter((t) => t.id !== change.id);
  return newestFirst([...threads.filter((t) => t.id !== change.thread.id), change.thread]);
}

/**
 * The person's threads from a {@link ThreadsAdapter}, served through TanStack Query (the app's
 * `QueryClientProvider` when there is one, a client of its own otherwise): the list newest first,
 * kept current by the adapter's `subscribe` (a session the agent starts appears at once), and
 * rename, delete and mark-read applied optimistically — a refusal puts the list back and says why
 * in `problem`.
 *
 * @example
 * const { threads, status, rename, remove, markRead, problem } = useThreads(adapter);
 */
export function useThreads(adapter: ThreadsAdapter): ThreadsView {
  const appClient = useContext(QueryClientContext);
  const [ownClient] = useState(() => appClient ?? new QueryClient());
  const client = appClient ?? ownClient;
  const key = useMemo(() => keyFor(adapter), [adapter]);
  const [problem, setProblem] = useState<ThreadsProblem>();

  const query = useQuery({ queryKey: key, queryFn: () => adapter.list().then(newestFirst), retry: 1 }, client);

  useEffect(() => {
    if (!adapter.subscribe) return;
    return adapter.subscribe((change) => {
      client.setQueryData<ThreadSummary[]>(key, (threads) => applyThreadsChange(threads, change));
      // A list on its way was read before this change: it would put the old list back. Ask again.
      if (client.isFetching({ queryKey: key })) void client.invalidateQueries({ queryKey: key });
    });
  }, [adapter, client, key]);

  type Change = { action: Exclude<ThreadsProblem["action"], "create">; id: string; title?: string };
  const change = useMutation<void, unknown, Change, { before: ThreadSummary[] | undefined; title: string }>(
    {
      mutationFn: ({ action, id, title }) => (action === "rename" ? adapter.rename(id, title ?? "") : action === "remove" ? adapter.remove(id) : adapter.markRead(id)),
      onMutate: async ({ action, id, title }) => {
        setProblem(undefined);
        await client.cancelQueries({ queryKey: key });
        const before = client.getQueryData<ThreadSummary[]>(key);
        const was = before?.find((t) => t.id === id);
        client.setQueryData<ThreadSummary[]>(key, (threads) =>
          action === "remove" ? threads?.filter((t) => t.id !== id) : threads?.map((t) => (t.id !== id ? t : action === "rename" ? { ...t, title: title ?? t.title } : { ...t, unread: 0 })),
        );
        return { before, title: was?.title ?? "" };
      },
      onError: (error, { action, id }, context) => {
        if (context?.before) client.setQueryData(key, context.before);
        setProblem({ action, threadId: id, title: context?.title ?? "", message: asError(error).message });
      },
    },
    client,
  );
  const { mutate } = change;

  const creation = useMutation<ThreadSummary, unknown, string | undefined>(
    {
      mutationFn: (title) => adapter.create(title),
      onMutate: () => setProblem(undefined),
      onSuccess: (thread) => client.setQueryData<ThreadSummary[]>(key, (threads) => applyThreadsChange(threads ?? [], { type: "upsert", thread })),
      onError: (error) => setProblem({ action: "create", threadId: undefined, title: "", message: asError(error).message }),
    },
    client,
  );
  const { mutateAsync: createAsync } = creation;

  const { refetch } = query;
  return {
    threads: query.data,
    status: query.status,
    error: query.error,
    refetch: useCallback(() => void refetch(), [refetch]),
    problem,
    dismissProblem: useCallback(() => setProblem(undefined), []),
    create: useCallback((title?: string) => createAsync(title).catch(() => undefined), [createAsync]),
    rename: useCallback((id: string, title: string) => mutate({ action: "rename", id, title }), [mutate]),
    remove: useCallback((id: string) => mutate({ action: "remove", id }), [mutate]),
    markRead: useCallback((id: string) => mutate({ action: "markRead", id }), [mutate]),
  };
}

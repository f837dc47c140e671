import { useContext, useState } from "react";
import { keepPreviousData, QueryClient, QueryClientContext, useQuery } from "@tanstack/react-query";
import { useAgentState, useThread } from "../../react/hooks";
import { toMemorySnapshot, type MemorySnapshot } from "../../react/panels";

/** What `fetchMemory` resolves with: `{ shortTerm, longTerm }` in any shape `toMemorySnapshot` reads. */
export type FetchMemory = (context: { threadId: string | undefined; signal: AbortSignal }) => Promise<unknown>;

const MEMORY_CHANGED = "parley.memory_changed";

/**
 * Memory served by the app's back end through TanStack Query, fetched again when the stream says
 * it changed: a `CUSTOM parley.memory_changed` event, or a state update that touches `state.memory`.
 * Uses the app's `QueryClientProvider` when there is one, a client of its own otherwise. Loaded
 * with the memory panel, so TanStack Query stays out of the kit's first download.
 */
export function useMemoryQuery(fetchMemory: FetchMemory | undefined): { snapshot: MemorySnapshot | undefined; status: "pending" | "error" | "success"; error: Error | null } {
  const appClient = useContext(QueryClientContext);
  const [ownClient] = useState(() => appClient ?? new QueryClient());
  const threadId = useThread((t) => t.threadId);
  const mark = useThread((t) => t.customEvents.findLast((e) => e.name === MEMORY_CHANGED)?.eventIndex ?? -1);
  const stateMemory = useAgentState((state: { memory?: unknown } | undefined) => (state && typeof state === "object" ? state.memory : undefined));
  const [memoryVersion, setVersion] = useState({ memory: stateMemory, version: 0 });
  if (memoryVersion.memory !== stateMemory) setVersion({ memory: stateMemory, version: memoryVersion.version + 1 });
  const query = useQuery<MemorySnapshot>(
    {
      queryKey: ["parley", "memory", threadId ?? null, mark, memoryVersion.version],
      queryFn: ({ signal }) => fetchMemory!({ threadId, signal }).then(toMemorySnapshot),
      enabled: fetchMemory !== undefined,
      placeholderData: keepPreviousData,
      // One retry: a panel beside the conversation should say it failed soon, not after three backoffs.
      retry: 1,
    },
    appClient ?? ownClient,
  );
  return { snapshot: query.data, status: query.status, error: query.error };
}

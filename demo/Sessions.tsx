import { useEffect, useState, type ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { connectSessions, createMemoryThreadsAdapter, ThreadList, type SessionsConnectionStatus } from "../src/threads";
import type { ThreadPersistence } from "../src/persistence";
import { TEXT } from "./text";

// A UUID as it is: some back ends take nothing else (the LangGraph API server refuses other thread ids).
const freshId = (): string => crypto.randomUUID();

/**
 * The demo's threads (issues 8 and 10): the person's conversations and the sessions the agent
 * pushes, in one list kept in memory, fed by the dev server's `/sessions` WebSocket. Returns the
 * open thread (the app keys its `ParleyProvider` by it, so switching restores that thread through
 * `persistence`) and the list to show. Off (`undefined`) when the app keeps its one thread itself.
 * `developer`: also the push channel's state and a button that has the server push a session.
 */
export function useDemoThreads(enabled: boolean, developer = false): { threadId: string; persistence: ThreadPersistence; list: ReactNode } | undefined {
  const [adapter] = useState(() => createMemoryThreadsAdapter());
  const [client] = useState(() => new QueryClient());
  const [threadId, setThreadId] = useState(freshId);
  const [push, setPush] = useState<SessionsConnectionStatus>("connecting");

  useEffect(() => {
    if (!enabled) return;
    const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/sessions`;
    const connection = connectSessions(url, { deliver: adapter.deliver, onStatus: setPush });
    return () => connection.close();
  }, [enabled, adapter]);

  if (!enabled) return undefined;
  return {
    threadId,
    persistence: { storage: adapter, key: threadId },
    list: (
      <QueryClientProvider client={client}>
        <div className="demo-threads" data-slot="demo-threads">
          <ThreadList adapter={adapter} value={threadId} onValueChange={(id) => setThreadId(id ?? freshId())} />
          {developer ? (
            <p className="demo-dev-note">
              <button type="button" className="demo-link" onClick={() => void fetch("/api/sessions/nightly", { method: "POST" })}>
                {TEXT.nightlyPush}
              </button>{" "}
              <small data-push={push}>
                {TEXT.pushChannel}: {TEXT.connection[push]}
              </small>
            </p>
          ) : null}
        </div>
      </QueryClientProvider>
    ),
  };
}

import type { ThreadStorage } from "../persistence/storage";

/**
 * One conversation as a list shows it. Pull and push are one model: a thread the person began and
 * a session the agent began (a nightly report, a reminder) are both threads; `startedBy` says who
 * spoke first, `unread` how many of the agent's messages the person has not opened yet.
 */
export interface ThreadSummary {
  id: string;
  /** The name shown; empty until the person names it or sends a first message. */
  title: string;
  startedBy: "person" | "agent";
  /** The agent's messages not seen yet (a pushed session arrives with 1 or more). */
  unread: number;
  /** Epoch ms of the last change; the list is newest first. */
  updatedAt: number;
  /** A line of the last message, when the back end has one. */
  preview?: string;
}

/** What changed on the back end's side, for a list already showing: a thread that appeared or changed, or one that went. */
export type ThreadsChange = { type: "upsert"; thread: ThreadSummary } | { type: "remove"; id: string };

/**
 * Where the person's threads live: a back end (REST, GraphQL, anything), or memory for a demo or a
 * test. It is a {@link ThreadStorage} too — `load` / `save` / `remove` by thread id, with the
 * `ThreadSnapshot` of `parley-ui/persistence` — so `<ParleyProvider persistence={{ storage: adapter,
 * key: threadId }}>` restores a thread when it is opened and saves it as it goes.
 *
 * Every method settles; a failure rejects with an `Error` whose message a person can read (the
 * list shows it and puts the thread back as it was).
 *
 * @example
 * const adapter: ThreadsAdapter = {
 *   list: () => api.get("/threads"),
 *   create: (title) => api.post("/threads", { title }),
 *   rename: (id, title) => api.patch(`/threads/${id}`, { title }),
 *   markRead: (id) => api.post(`/threads/${id}/read`),
 *   load: (id) => api.get(`/threads/${id}/snapshot`),
 *   save: (id, snapshot) => api.put(`/threads/${id}/snapshot`, snapshot),
 *   remove: (id) => api.delete(`/threads/${id}`),
 *   subscribe: (listener) => events.on("thread", listener), // optional: threads the server starts
 * };
 */
export interface ThreadsAdapter extends ThreadStorage {
  /** Every thread, in any order (the list sorts newest first). */
  list(): Promise<ThreadSummary[]>;
  /** A new, empty thread the person starts; the back end gives it its id. */
  create(title?: string): Promise<ThreadSummary>;
  rename(id: string, title: string): Promise<void>;
  /** The person opened it: nothing in it is unread any more. */
  markRead(id: string): Promise<void>;
  /** Threads that change or appear on the back end's side (a session the agent starts); returns its unsubscribe. */
  subscribe?(listener: (change: ThreadsChange) => void): () => void;
}

/**
 * A session the agent starts, as it arrives over a push channel: the thread it opens (or goes on
 * with) and the agent's first words as AG-UI events, folded through `foldEvents` like any run.
 */
export interface PushedSession {
  threadId: string;
  title: string;
  events: unknown[];
}

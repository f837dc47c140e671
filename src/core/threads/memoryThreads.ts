import { createThreadState, foldEvents } from "../fold/fold";
import type { ThreadMessage } from "../thread/types";
import { restoreThread, snapshotThread, type ThreadSnapshot } from "../persistence/threadSnapshot";
import type { PushedSession, ThreadsAdapter, ThreadsChange, ThreadSummary } from "./types";
import { contentText } from "../thread/messageContent";

/** A {@link ThreadsAdapter} in memory, plus `deliver` for sessions the agent pushes. */
export interface MemoryThreadsAdapter extends ThreadsAdapter {
  subscribe(listener: (change: ThreadsChange) => void): () => void;
  subscribePushes(id: string, listener: (events: readonly unknown[]) => void): () => void;
  /**
   * A session the agent pushed: its events are folded onto the thread (a new one, `startedBy:
   * "agent"`, or one that exists), the agent's new messages count as unread, and subscribers hear
   * of it. Events the fold could not apply are named in `problems`; the rest is kept. To a thread
   * open in a store right now (`subscribePushes`, which `persistThread` uses) the events go to that
   * store instead — shown at once, read, and saved by it — so its next save does not write over them.
   */
  deliver: (session: PushedSession) => { thread: ThreadSummary; problems: string[] };
}

export interface MemoryThreadsOptions {
  /** Threads to start with (stories, tests): a summary, and the thread itself when it has messages. */
  threads?: readonly { summary: ThreadSummary; snapshot?: ThreadSnapshot }[];
  /** The clock (epoch ms). */
  now?: () => number;
  /** Ids for new threads. Default `crypto.randomUUID()`. */
  newId?: () => string;
}

const textOf = (message: ThreadMessage | undefined): string =>
  contentText((message as { content?: unknown } | undefined)?.content).replace(/\s+/g, " ").trim();
// A line of a list, not Markdown: emphasis and code marks, and heading and list markers, go.
const clip = (text: string, max: number) => {
  const plain = text.replace(/[*`]+|(^|\s)[#>-]+\s/g, "$1").trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
};
/** Whether two saves of a thread show the same conversation (what was said, and how its runs ended). */
const sameConversation = (a: ThreadSnapshot, b: ThreadSnapshot) =>
  a.messages.length === b.messages.length &&
  a.messages.every((m, i) => m.id === b.messages[i]?.id && textOf(m) === textOf(b.messages[i])) &&
  a.runs.map((r) => r.status).join() === b.runs.map((r) => r.status).join();
const said = (m: ThreadMessage) => (m.role === "user" || m.role === "assistant") && textOf(m) !== "";

/**
 * Threads kept in memory: for the demo, tests and stories, and as the reference for a real
 * back end's adapter (docs/threads.md). Each call makes its own. A thread saved that it did not
 * know yet (the person's first message in a thread the app made up an id for) is added, named
 * after that message; the list's order changes only when the conversation did.
 *
 * @example
 * const threads = createMemoryThreadsAdapter();
 * <ThreadList adapter={threads} value={threadId} onValueChange={setThreadId} />
 * <ParleyProvider key={threadId} threadId={threadId} persistence={{ storage: threads, key: threadId }} />
 */
export function createMemoryThreadsAdapter(options: MemoryThreadsOptions = {}): MemoryThreadsAdapter {
  const now = options.now ?? Date.now;
  const newId = options.newId ?? (() => globalThis.crypto.randomUUID());
  const summaries = new Map<string, ThreadSummary>();
  const snapshots = new Map<string, ThreadSnapshot>();
  const listeners = new Set<(change: ThreadsChange) => void>();
  /** The stores that keep a thread open now, by thread id: pushes to it go to them. */
  const open = new Map<string, Set<(events: readonly unknown[]) => void>>();
  for (const { summary, snapshot } of options.threads ?? []) {
    summaries.set(summary.id, { ...summary });
    if (snapshot) snapshots.set(summary.id, structuredClone(snapshot));
  }
  const notify = (change: ThreadsChange) => listeners.forEach((listener) => listener(change));
  const put = (summary: ThreadSummary) => {
    summaries.set(summary.id, summary);
    notify({ type: "upsert", thread: { ...summary } });
    return summary;
  };
  /** A pushed session folded onto the stored copy of its thread (a new one if none): what it added, and what it could not apply. */
  const foldOntoStored = (session: PushedSession): { added: ThreadMessage[]; problems: string[] } => {
    const stored = snapshots.get(session.threadId);
    const restored = stored ? restoreThread(stored) : undefined;
    const base = restored?.ok ? restored.thread : createThreadState({ threadId: session.threadId });
    const thread = foldEvents(base, session.events);
    snapshots.set(session.threadId, structuredClone(snapshotThread(thread, now())));
    return {
      added: thread.messageIds.filter((id) => !base.messages.has(id)).flatMap((id) => thread.messages.get(id) ?? []),
      problems: thread.errors.slice(base.errors.length).map((e) => e.message),
    };
  };
  const missing = (id: string) => Promise.reject(new Error(`There is no conversation "${id}".`));

  return {
    list: () => Promise.resolve([...summaries.values()].map((s) => ({ ...s }))),
    create(title = "") {
      const summary = put({ id: newId(), title: title.trim(), startedBy: "person", unread: 0, updatedAt: now() });
      return Promise.resolve({ ...summary });
    },
    rename(id, title) {
      const summary = summaries.get(id);
      if (!summary) return missing(id);
      if (!title.trim()) return Promise.reject(new Error("A conversation needs a name."));
      put({ ...summary, title: title.trim() });
      return Promise.resolve();
    },
    markRead(id) {
      const summary = summaries.get(id);
      if (!summary) return missing(id);
      if (summary.unread) put({ ...summary, unread: 0 });
      return Promise.resolve();
    },
    load: (id) => Promise.resolve(snapshots.has(id) ? structuredClone(snapshots.get(id)) : undefined),
    save(id, snapshot) {
      let copy: ThreadSnapshot;
      try {
        copy = structuredClone(snapshot);
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
      const before = snapshots.get(id);
      snapshots.set(id, copy);
      const known = summaries.get(id);
      const shown = copy.messages.filter(said);
      // Saved again as it was (a thread just opened): the list keeps its order.
      if (known && before && sameConversation(before, copy)) return Promise.resolve();
      if (!known && shown.length === 0) return Promise.resolve();
      const firstWords = clip(textOf(shown.find((m) => m.role === "user")), 60);
      const preview = clip(textOf(shown[shown.length - 1]), 80);
      put({
        id,
        startedBy: "person",
        unread: 0,
        ...known,
        title: known?.title || firstWords,
        updatedAt: now(),
        ...(preview ? { preview } : {}),
      });
      return Promise.resolve();
    },
    // Idempotent, like every ThreadStorage's: a thread already gone is gone.
    remove(id) {
      snapshots.delete(id);
      if (summaries.delete(id)) notify({ type: "remove", id });
      return Promise.resolve();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    subscribePushes(id, listener) {
      const watching = open.get(id) ?? new Set();
      open.set(id, watching.add(listener));
      return () => {
        watching.delete(listener);
        if (!watching.size && open.get(id) === watching) open.delete(id);
      };
    },
    deliver(session) {
      // Open on screen: that store folds the events (its errors show in its thread) and saves them,
      // read where they are shown. Otherwise they are folded onto the stored copy, unread.
      let added: ThreadMessage[] = [];
      let problems: string[] = [];
      const watching = open.get(session.threadId);
      if (watching?.size) for (const listener of [...watching]) listener(session.events);
      else ({ added, problems } = foldOntoStored(session));
      const known = summaries.get(session.threadId);
      const last = added.filter(said).pop();
      const summary = put({
        id: session.threadId,
        title: known?.title || session.title,
        startedBy: known?.startedBy ?? "agent",
        unread: (known?.unread ?? 0) + added.filter((m) => m.role === "assistant" || m.role === "interaction").length,
        updatedAt: now(),
        ...(last ? { preview: clip(textOf(last), 80) } : known?.preview ? { preview: known.preview } : {}),
      });
      return { thread: { ...summary }, problems };
    },
  };
}

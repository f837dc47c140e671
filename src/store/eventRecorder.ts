/** One event as the store received it: the raw event, when it arrived, and its index in the fold. */
export interface RecordedEvent {
  /** The event as it came off the wire (never validated: a trace shows what was sent). */
  event: unknown;
  /** When the store applied it (epoch ms; with frame batching, the frame it landed in). */
  at: number;
  /** Its index among the events the thread folded: `thread.errors[i].eventIndex` points here. */
  index: number;
}

/**
 * The store's event log for developer tools (`createThreadStore({ trace: true })`): a bounded ring
 * of the raw events with their receive times, kept outside the thread so the fold stays as fast
 * with it as without. Read it with `useTrace()` or `store.getState().trace`.
 */
export interface EventRecorder {
  /** The events kept, oldest first (at most `limit`); a new array after each change. */
  events: () => readonly RecordedEvent[];
  /** How many events were recorded in all, including those the ring has let go of. */
  total: () => number;
  /** Called after each change; returns its unsubscribe. */
  subscribe: (listener: () => void) => () => void;
  record: (events: readonly unknown[], firstIndex: number, at: number) => void;
  clear: () => void;
  limit: number;
}

/** What `trace` takes: `true`, or how many events to keep (default 100,000). */
export type TraceOption = boolean | { limit?: number };

/**
 * A bounded log of received events. Recording copies nothing but the reference; the array the
 * readers see is rebuilt lazily, once per change, when someone asks for it — one slice of the
 * log, as the kept events stay in order in one array (its front is cut off in one go once as many
 * events have been let go as it keeps), instead of two halves of a ring joined again.
 *
 * @example
 * const recorder = createEventRecorder({ limit: 1000 });
 * recorder.record(events, 0, Date.now());
 */
export function createEventRecorder({ limit = 100_000 }: { limit?: number } = {}): EventRecorder {
  let log: RecordedEvent[] = [];
  /** Where the kept events start in `log`: before it are the ones let go, not yet cut off. */
  let head = 0;
  let total = 0;
  let view: readonly RecordedEvent[] | undefined = [];
  const listeners = new Set<() => void>();
  const changed = () => {
    view = undefined;
    for (const listener of listeners) listener();
  };
  return {
    limit,
    events: () => (view ??= log.slice(head)),
    total: () => total,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    record(events, firstIndex, at) {
      if (events.length === 0) return;
      events.forEach((event, i) => log.push({ event, at, index: firstIndex + i }));
      head = Math.max(head, log.length - limit);
      if (head >= limit) {
        log = log.slice(head);
        head = 0;
      }
      total += events.length;
      changed();
    },
    clear() {
      log = [];
      head = 0;
      total = 0;
      changed();
    },
  };
}

import type { TabChannel, TabLocks } from "../../src/persistence";

/** In-memory stand-ins for what tabs of one thread share in a browser: BroadcastChannels and Web Locks. */

/** BroadcastChannels by name: a message reaches every other member, later (a task in browsers, a microtask here), as a structured clone. */
export function channelHub() {
  const members = new Map<string, Set<TabChannel>>();
  const open = (name: string): TabChannel => {
    const channel: TabChannel = {
      onmessage: null,
      postMessage(message) {
        const data = structuredClone(message);
        for (const other of members.get(name) ?? []) if (other !== channel) queueMicrotask(() => other.onmessage?.({ data }));
      },
      close: () => void members.get(name)?.delete(channel),
    };
    members.set(name, (members.get(name) ?? new Set()).add(channel));
    return channel;
  };
  /** What a stranger on the channel posts (another script, a hostile tab). */
  const inject = (name: string, data: unknown) => {
    for (const member of members.get(name) ?? []) queueMicrotask(() => member.onmessage?.({ data }));
  };
  return { open, inject };
}

/** Exclusive Web Locks: granted in request order, held while the callback's promise is pending. */
export function fakeLocks(): TabLocks {
  const queues = new Map<string, { callback: () => Promise<void>; done: (value: unknown) => void }[]>();
  const held = new Set<string>();
  const pump = (name: string) => {
    if (held.has(name)) return;
    const next = queues.get(name)?.shift();
    if (!next) return;
    held.add(name);
    void next.callback().finally(() => {
      held.delete(name);
      next.done(undefined);
      pump(name);
    });
  };
  return {
    request(name, options, callback) {
      return new Promise((resolve, reject) => {
        const entry = { callback, done: resolve };
        queues.set(name, [...(queues.get(name) ?? []), entry]);
        options.signal?.addEventListener("abort", () => {
          const queue = queues.get(name) ?? [];
          if (!queue.includes(entry)) return;
          queues.set(name, queue.filter((e) => e !== entry));
          reject(new Error("aborted"));
        });
        pump(name);
      });
    },
  };
}


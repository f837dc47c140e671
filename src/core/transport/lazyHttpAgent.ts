import type { AgentLike, EventObserver, EventStream, EventSubscription } from "./types";

/** The HTTP transport's code, loaded once for every agent made here. */
let transport: Promise<typeof import("./httpAgent")> | undefined;
const loadTransport = () =>
  (transport ??= import("./httpAgent").catch((error: unknown) => {
    // A chunk that failed to load (the network dropped) is tried again by the next run.
    transport = undefined;
    throw error;
  }));

/** Starts loading the HTTP transport (it is not in the kit's first load); idempotent. */
export function preloadHttpAgent(): Promise<unknown> {
  return loadTransport();
}

/**
 * `createHttpAgent({ url })` (`parley-ui/http`) behind a URL, for `<ParleyProvider agentUrl>`: a
 * server component can pass a string where it cannot pass an agent (an object with methods). The
 * transport loads on first use — or sooner, with {@link preloadHttpAgent} — so the kit's first load
 * does not grow; a run started before it arrives waits for it, and one stopped meanwhile never
 * starts. A failed load fails the run, in words, like any transport error.
 *
 * @example
 * const agent = lazyHttpAgent("/api/agent");
 */
export function lazyHttpAgent(url: string): AgentLike {
  let agent: AgentLike | undefined;
  const load = () => loadTransport().then((m) => (agent ??= m.createHttpAgent({ url })));
  /** A stream that starts once the transport is there; unsubscribed meanwhile, it never starts. */
  const later = (open: (loaded: AgentLike) => EventStream): EventStream => ({
    subscribe(observer: Partial<EventObserver>): EventSubscription {
      let inner: EventSubscription | undefined;
      let closed = false;
      load().then(
        (loaded) => {
          if (!closed) inner = open(loaded).subscribe(observer);
        },
        (error: unknown) => {
          if (!closed) observer.error?.(new Error(`The connection to the agent could not be set up: ${error instanceof Error ? error.message : String(error)}`));
        },
      );
      return {
        unsubscribe() {
          closed = true;
          inner?.unsubscribe();
        },
      };
    },
  });
  return {
    run: (input) => later((loaded) => loaded.run(input)),
    // The transport it loads always has reattach (no capabilities are given to it here).
    reattach: (position) => later((loaded) => loaded.reattach!(position)),
    abortRun() {
      agent?.abortRun?.();
    },
  };
}

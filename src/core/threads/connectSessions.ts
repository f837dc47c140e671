import { readSessionFrame } from "./sessionFrames";
import type { PushedSession } from "./types";

export type SessionsConnectionStatus = "connecting" | "open" | "closed";

export interface ConnectSessionsOptions {
  /** Where each session goes: a memory adapter's `deliver` (its `problems` are reported), or the app's own. */
  deliver: (session: PushedSession) => void | { problems: readonly string[] };
  /** A frame refused, or events the fold could not apply: said in words. Default: a console warning. */
  onProblem?: (problem: string) => void;
  onStatus?: (status: SessionsConnectionStatus) => void;
  /** The WebSocket class (a test's fake); the browser's by default. */
  WebSocket?: new (url: string) => WebSocket;
  /** Backoff after a drop: 1 s, doubling up to this. */
  maxRetryMs?: number;
}

/**
 * Listens for sessions the agent starts, over a plain WebSocket that sends
 * `{ "type": "session", "threadId", "title", "events" }` frames (see `readSessionFrame`), and
 * hands each one to `deliver`. A dropped connection is opened again with backoff until `close()`.
 *
 * @example
 * const threads = createMemoryThreadsAdapter();
 * const push = connectSessions("wss://example.com/sessions", { deliver: threads.deliver });
 * // later
 * push.close();
 */
export function connectSessions(url: string, options: ConnectSessionsOptions): { close(): void } {
  const Socket = options.WebSocket ?? globalThis.WebSocket;
  const warn = options.onProblem ?? ((problem: string) => console.warn(`Parley: ${problem}`));
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  let socket: WebSocket | undefined;
  let retryMs = 1_000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const open = () => {
    if (closed) return;
    options.onStatus?.("connecting");
    try {
      socket = new Socket(url);
    } catch (error) {
      warn(`The sessions channel could not be opened: ${error instanceof Error ? error.message : String(error)}`);
      return retry();
    }
    socket.onopen = () => {
      retryMs = 1_000;
      options.onStatus?.("open");
    };
    socket.onmessage = (message: MessageEvent) => {
      const frame = readSessionFrame(message.data);
      if (!frame.ok) return warn(frame.problem);
      const delivered = options.deliver(frame.session);
      for (const problem of delivered?.problems ?? []) warn(`In the pushed session "${frame.session.threadId}": ${problem}`);
    };
    socket.onclose = () => {
      socket = undefined;
      if (closed) return;
      options.onStatus?.("closed");
      retry();
    };
  };
  const retry = () => {
    if (closed) return;
    timer = setTimeout(open, retryMs);
    retryMs = Math.min(retryMs * 2, maxRetryMs);
  };
  open();
  return {
    close() {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      // Closing a socket still connecting makes the browser log an error (StrictMode's double
      // effect does exactly that): it is closed once it opens instead.
      const last = socket;
      if (last?.readyState === 0) last.onopen = () => last.close();
      else last?.close();
      if (last) last.onmessage = null;
      options.onStatus?.("closed");
    },
  };
}

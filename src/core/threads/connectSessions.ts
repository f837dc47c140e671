import { readSessionFrame } from "./sessionFrames";
import type { PushedSession } from "./types";
import { openReconnectingSocket, type SocketStatus, type WebSocketConstructor } from "../transport/reconnectingSocket";

/** `connecting` the first time, `open`, `reconnecting` after a drop, `closed` by `close()`. */
export type SessionsConnectionStatus = SocketStatus["state"];

export interface ConnectSessionsOptions {
  /** Where each session goes: a memory adapter's `deliver` (its `problems` are reported), or the app's own. */
  deliver: (session: PushedSession) => void | { problems: readonly string[] };
  /** A frame refused, or events the fold could not apply: said in words. Default: a console warning. */
  onProblem?: (problem: string) => void;
  onStatus?: (status: SessionsConnectionStatus) => void;
  /** The WebSocket class (a test's fake); the browser's by default. */
  WebSocket?: WebSocketConstructor | (new (url: string) => WebSocket);
  /** Backoff after a drop: about 1 s, doubling up to this (30 s). */
  maxRetryMs?: number;
}

/**
 * Listens for sessions the agent starts, over a plain WebSocket that sends
 * `{ "type": "session", "threadId", "title", "events" }` frames (see `readSessionFrame`), and
 * hands each one to `deliver`. A dropped connection is opened again with backoff until `close()`
 * (`openReconnectingSocket`, the same loop as RTUI's).
 *
 * @example
 * const threads = createMemoryThreadsAdapter();
 * const push = connectSessions("wss://example.com/sessions", { deliver: threads.deliver });
 * // later
 * push.close();
 */
export function connectSessions(url: string, options: ConnectSessionsOptions): { close(): void } {
  const warn = options.onProblem ?? ((problem: string) => console.warn(`Parley: ${problem}`));
  const socket = openReconnectingSocket({
    url,
    name: "The sessions channel",
    WebSocket: options.WebSocket as WebSocketConstructor | undefined,
    backoff: { initialMs: 1_000, maxMs: options.maxRetryMs ?? 30_000 },
    onProblem: warn,
    onStatus: (status) => options.onStatus?.(status.state),
    onMessage: (data) => {
      const frame = readSessionFrame(data);
      if (!frame.ok) return warn(frame.problem);
      const delivered = options.deliver(frame.session);
      for (const problem of delivered?.problems ?? []) warn(`In the pushed session "${frame.session.threadId}": ${problem}`);
    },
  });
  return { close: () => socket.close() };
}

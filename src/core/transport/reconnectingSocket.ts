/** The part of the browser's `WebSocket` a connection uses (inject another for tests or Node). */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
}
export type WebSocketConstructor = new (url: string) => WebSocketLike;

/** `connecting` the first time, `open`, `reconnecting` after a drop (with the attempt), `closed` by `close()`. */
export type SocketStatus =
  | { state: "connecting" }
  | { state: "open" }
  | { state: "reconnecting"; attempt: number; delayMs: number }
  | { state: "closed" };

export interface ReconnectingSocketOptions {
  /** `ws://…`, `wss://…`, or a path (`/rtui`) on the page's own host. */
  url: string;
  /** What the connection is, in words: "The RTUI connection could not be opened: …". */
  name: string;
  /** The browser's `WebSocket` by default. */
  WebSocket?: WebSocketConstructor;
  /** Reconnect delays: `initialMs` (500) doubling up to `maxMs` (10 000), each between half and all of it. */
  backoff?: { initialMs?: number; maxMs?: number };
  /** For the backoff's spread; `Math.random` by default. */
  random?: () => number;
  /** Each message's `data`, as the socket gave it. */
  onMessage: (data: unknown) => void;
  /** The socket opened (the first time, and after every reconnect). */
  onOpen?: () => void;
  onStatus?: (status: SocketStatus) => void;
  /** The socket could not be made (a bad URL, no WebSocket here): said in words; it is retried. */
  onProblem?: (problem: string) => void;
}

export interface ReconnectingSocket {
  readonly status: SocketStatus;
  /** Sends now if the socket is open; `false` when it is not (the caller keeps what must go later). */
  send(data: string): boolean;
  /** Closes for good: no reconnect. */
  close(): void;
}

/** WebSocket.CONNECTING, WebSocket.OPEN */
const CONNECTING = 0;
const OPEN = 1;

/**
 * A WebSocket that opens again after every drop, with backoff and jitter, until `close()` — the one
 * reconnect loop of Parley's socket channels (RTUI, pushed sessions). It knows nothing of frames:
 * each channel reads its own messages.
 *
 * @example
 * const socket = openReconnectingSocket({ url: "/sessions", name: "The sessions channel", onMessage: (data) => console.log(data) });
 * socket.close();
 */
export function openReconnectingSocket(options: ReconnectingSocketOptions): ReconnectingSocket {
  let socket: WebSocketLike | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let stopped = false;
  let current: SocketStatus = { state: "connecting" };
  const setStatus = (status: SocketStatus) => {
    current = status;
    options.onStatus?.(status);
  };

  const open = () => {
    const Socket = options.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
    let made: WebSocketLike;
    try {
      if (!Socket) throw new Error("no WebSocket here");
      made = new Socket(socketUrl(options.url));
    } catch (error) {
      options.onProblem?.(`${options.name} could not be opened: ${error instanceof Error ? error.message : String(error)}`);
      retry();
      return;
    }
    socket = made;
    made.onopen = () => {
      attempt = 0;
      setStatus({ state: "open" });
      options.onOpen?.();
    };
    made.onmessage = (event) => options.onMessage(event.data);
    // An error is followed by a close; the close decides what comes next.
    made.onerror = () => undefined;
    made.onclose = () => {
      if (socket !== made) return;
      socket = undefined;
      retry();
    };
  };

  const retry = () => {
    if (stopped) return;
    const { initialMs = 500, maxMs = 10_000 } = options.backoff ?? {};
    const full = Math.min(maxMs, initialMs * 2 ** attempt);
    const delayMs = Math.round(full / 2 + (full / 2) * (options.random ?? Math.random)());
    attempt += 1;
    setStatus({ state: "reconnecting", attempt, delayMs });
    timer = setTimeout(() => {
      timer = undefined;
      if (!stopped) open();
    }, delayMs);
  };

  setStatus(current);
  open();
  return {
    get status() {
      return current;
    },
    send(data) {
      if (!socket || socket.readyState !== OPEN) return false;
      try {
        socket.send(data);
        return true;
      } catch {
        // The socket is going away; its close brings the reconnect.
        return false;
      }
    },
    close() {
      if (stopped) return;
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      const last = socket;
      socket = undefined;
      if (last) {
        last.onclose = last.onerror = last.onmessage = null;
        // Closing a socket that is still connecting makes the browser log an error (StrictMode's
        // double effect does exactly that): it is closed as soon as it opens instead.
        if (last.readyState === CONNECTING) last.onopen = () => last.close(1000, "closed by the client");
        else {
          last.onopen = null;
          try {
            last.close(1000, "closed by the client");
          } catch {
            // Already closing: nothing left to do.
          }
        }
      }
      setStatus({ state: "closed" });
    },
  };
}

/** A path (`/rtui`) on the page's own host, as `ws:` or `wss:` like the page. */
function socketUrl(url: string): string {
  const base = (globalThis as { location?: { href?: string } }).location?.href;
  if (!base || /^wss?:/i.test(url)) return url;
  const resolved = new URL(url, base);
  if (resolved.protocol === "http:") resolved.protocol = "ws:";
  else if (resolved.protocol === "https:") resolved.protocol = "wss:";
  return resolved.href;
}

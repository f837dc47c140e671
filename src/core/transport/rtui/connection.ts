import type { RtuiResult } from "../../interactions/rtuiDelivery";
import { actionIdOfResponse, readFrame, resultRequest, rpcError, type JsonRpcError, type JsonRpcId, type RtuiActionParams } from "./frames";

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
export type RtuiStatus =
  | { state: "connecting" }
  | { state: "open" }
  | { state: "reconnecting"; attempt: number; delayMs: number }
  | { state: "closed" };

export interface RtuiConnectionOptions {
  /** `ws://…`, `wss://…`, or a path (`/rtui`) on the page's own host. */
  url: string;
  /** The browser's `WebSocket` by default. */
  WebSocket?: WebSocketConstructor;
  /** Reconnect delays: `initialMs` (500) doubling up to `maxMs` (10 000), each between half and all of it. */
  backoff?: { initialMs?: number; maxMs?: number };
  /** For the backoff's spread; `Math.random` by default. */
  random?: () => number;
  /** A well-formed `rtui/action`. `reply` sends an error back about it (the envelope did not fit). */
  onAction: (params: RtuiActionParams, reply: (code: number, message: string) => void) => void;
  /** An `rtui/action_result` the *server* sent: a claim to answer for the person (refused upstream). */
  onClaimedResult?: (params: unknown) => void;
  /** The server acknowledged the answer to `actionId`: it need not be sent again. */
  onAcknowledged?: (actionId: string) => void;
  /** A frame that was refused (with the error reply sent for it), or an answer the server refused. */
  onProblem?: (problem: string) => void;
  onStatus?: (status: RtuiStatus) => void;
}

/** WebSocket.OPEN */
const OPEN = 1;

/**
 * One RTUI connection (seed 001 §2.2, §4.2): JSON-RPC 2.0 over a WebSocket that reconnects with
 * backoff. Answers are kept until the server acknowledges them and sent again after every
 * reconnect; bad frames get a JSON-RPC error reply and never close the connection. It knows
 * nothing of threads: `attachRtui` (`parley-ui/rtui`) joins it to one.
 *
 * @example
 * const rtui = new RtuiConnection({ url: "/rtui", onAction: (params) => console.log(params.title) });
 * rtui.connect();
 * rtui.sendResult({ actionId: "act_9f3e7a2c", status: "approved" });
 */
export class RtuiConnection {
  private socket: WebSocketLike | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private attempt = 0;
  private stopped = true;
  /** Answers not acknowledged yet, by action id, in the order they were given. */
  private readonly outbox = new Map<string, RtuiResult>();
  private current: RtuiStatus = { state: "closed" };

  constructor(private readonly options: RtuiConnectionOptions) {}

  get status(): RtuiStatus {
    return this.current;
  }

  /** The answers still waiting for the server's acknowledgement. */
  get unacknowledged(): readonly RtuiResult[] {
    return [...this.outbox.values()];
  }

  /** Opens the socket (and keeps reopening it after drops) until {@link close}. */
  connect(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.setStatus({ state: "connecting" });
    this.open();
  }

  /** Sends an answer now if the socket is open, and again after every reconnect until acknowledged. */
  sendResult(result: RtuiResult): void {
    this.outbox.delete(result.actionId);
    this.outbox.set(result.actionId, result);
    this.write(resultRequest(result));
  }

  /** Closes for good: no reconnect. Unacknowledged answers stay in {@link unacknowledged}. */
  close(): void {
    this.stopped = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const socket = this.socket;
    this.socket = undefined;
    if (socket) {
      socket.onopen = socket.onclose = socket.onerror = socket.onmessage = null;
      try {
        socket.close(1000, "closed by the client");
      } catch {
        // Already closing: nothing left to do.
      }
    }
    this.setStatus({ state: "closed" });
  }

  private open(): void {
    const Socket = this.options.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
    let socket: WebSocketLike;
    try {
      if (!Socket) throw new Error("no WebSocket here");
      socket = new Socket(socketUrl(this.options.url));
    } catch (error) {
      this.options.onProblem?.(`The RTUI connection could not be opened: ${error instanceof Error ? error.message : String(error)}`);
      this.retry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.setStatus({ state: "open" });
      for (const result of this.outbox.values()) this.write(resultRequest(result));
    };
    socket.onmessage = (event) => this.receive(event.data);
    // An error is followed by a close; the close decides what comes next.
    socket.onerror = () => undefined;
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.retry();
    };
  }

  private retry(): void {
    if (this.stopped) return;
    const { initialMs = 500, maxMs = 10_000 } = this.options.backoff ?? {};
    const full = Math.min(maxMs, initialMs * 2 ** this.attempt);
    const delayMs = Math.round(full / 2 + (full / 2) * (this.options.random ?? Math.random)());
    this.attempt += 1;
    this.setStatus({ state: "reconnecting", attempt: this.attempt, delayMs });
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!this.stopped) this.open();
    }, delayMs);
  }

  private receive(data: unknown): void {
    const frame = readFrame(data);
    switch (frame.kind) {
      case "invalid":
        this.write(frame.reply);
        this.options.onProblem?.(frame.problem);
        return;
      case "claimed-result":
        this.options.onClaimedResult?.(frame.params);
        return;
      case "response": {
        const actionId = actionIdOfResponse(frame.id);
        if (actionId === undefined || !this.outbox.has(actionId)) return;
        if (frame.error) {
          // Refused by the server: sending it again would be refused again.
          this.options.onProblem?.(`The RTUI server refused the answer to "${actionId}": ${frame.error.message || frame.error.code}`);
        }
        this.outbox.delete(actionId);
        this.options.onAcknowledged?.(actionId);
        return;
      }
      case "action": {
        const id: JsonRpcId = frame.id ?? null;
        const reply = (code: number, message: string) => this.write(rpcError(id, code, message, { actionId: frame.params.actionId }));
        this.options.onAction(frame.params, reply);
        return;
      }
    }
  }

  private write(frame: JsonRpcError | ReturnType<typeof resultRequest>): void {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN) return;
    try {
      socket.send(JSON.stringify(frame));
    } catch {
      // The socket is going away; its close brings the reconnect, and the outbox is sent again.
    }
  }

  private setStatus(status: RtuiStatus): void {
    this.current = status;
    this.options.onStatus?.(status);
  }
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

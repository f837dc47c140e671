import type { RtuiResult } from "../../origins/rtui";
import { openReconnectingSocket, type ReconnectingSocket, type SocketStatus, type WebSocketConstructor, type WebSocketLike } from "../reconnectingSocket";
import { actionIdOfResponse, readFrame, resultRequest, rpcError, type JsonRpcError, type JsonRpcId, type RtuiActionParams, type RtuiClosedParams } from "./frames";

/** `connecting` the first time, `open`, `reconnecting` after a drop (with the attempt), `closed` by `close()`. */
export type RtuiStatus = SocketStatus;
export type { WebSocketConstructor, WebSocketLike };

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
  /** `rtui/action_closed`: the server no longer waits for an action (another page answered it, or it gave up). */
  onClosed?: (params: RtuiClosedParams) => void;
  /** An `rtui/action_result` the *server* sent: a claim to answer for the person (refused upstream). */
  onClaimedResult?: (params: unknown) => void;
  /** The server acknowledged the answer to `actionId`: it need not be sent again. */
  onAcknowledged?: (actionId: string) => void;
  /** A frame that was refused (with the error reply sent for it), or an answer the server refused. */
  onProblem?: (problem: string) => void;
  onStatus?: (status: RtuiStatus) => void;
}

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
  private socket: ReconnectingSocket | undefined;
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

  /** Opens the socket (and keeps reopening it after drops, with backoff) until {@link close}. */
  connect(): void {
    if (this.socket) return;
    const { url, WebSocket, backoff, random, onProblem } = this.options;
    this.socket = openReconnectingSocket({
      url,
      name: "The RTUI connection",
      WebSocket,
      backoff,
      random,
      onProblem,
      onMessage: (data) => this.receive(data),
      // After every (re)connect, the answers the server has not acknowledged go again.
      onOpen: () => {
        for (const result of this.outbox.values()) this.write(resultRequest(result));
      },
      onStatus: (status) => {
        this.current = status;
        this.options.onStatus?.(status);
      },
    });
  }

  /** Sends an answer now if the socket is open, and again after every reconnect until acknowledged. */
  sendResult(result: RtuiResult): void {
    this.outbox.delete(result.actionId);
    this.outbox.set(result.actionId, result);
    this.write(resultRequest(result));
  }

  /** Closes for good: no reconnect. Unacknowledged answers stay in {@link unacknowledged}. */
  close(): void {
    const socket = this.socket;
    this.socket = undefined;
    if (socket) socket.close();
    else if (this.current.state !== "closed") {
      this.current = { state: "closed" };
      this.options.onStatus?.(this.current);
    }
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
      case "closed":
        this.options.onClosed?.(frame.params);
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
    // Not open: the outbox sends the answer after the reconnect.
    this.socket?.send(JSON.stringify(frame));
  }
}

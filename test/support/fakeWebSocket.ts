import type { WebSocketLike } from "../../src/rtui";

/**
 * A WebSocket the test drives: every `new` is recorded in `FakeWebSocket.all`; `open()`,
 * `serverSends(frame)` and `drop()` play the server; `sent` holds what the client wrote (parsed).
 */
export class FakeWebSocket implements WebSocketLike {
  static all: FakeWebSocket[] = [];
  static reset(): void {
    FakeWebSocket.all = [];
  }
  static get last(): FakeWebSocket {
    const socket = FakeWebSocket.all[FakeWebSocket.all.length - 1];
    if (!socket) throw new Error("no socket was opened");
    return socket;
  }

  readyState = 0;
  readonly sent: Record<string, unknown>[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.all.push(this);
  }

  send(data: string): void {
    if (this.readyState !== 1) throw new Error("InvalidStateError: not open");
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(): void {
    this.readyState = 3;
  }

  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  /** A frame from the server: an object is sent as its JSON, a string as it is. */
  serverSends(frame: unknown): void {
    this.onmessage?.({ data: typeof frame === "string" ? frame : JSON.stringify(frame) });
  }
  drop(): void {
    this.readyState = 3;
    this.onerror?.({});
    this.onclose?.({ code: 1006 });
  }
  /** What the client sent with this method (or the error replies, for `"error"`). */
  frames(method: string): Record<string, unknown>[] {
    return this.sent.filter((f) => (method === "error" ? "error" in f : f.method === method));
  }
}

export const action = (params: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ jsonrpc: "2.0", method: "rtui/action", params, ...extra });

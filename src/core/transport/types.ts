import type { BaseEvent, RunAgentInput } from "@ag-ui/core";

/**
 * The observer half of an event stream. rxjs' `Observer<BaseEvent>` has the same shape, so an
 * `@ag-ui/client` agent's `run(input)` plugs in without Parley importing rxjs.
 */
export interface EventObserver {
  next(event: BaseEvent): void;
  error(error: unknown): void;
  complete(): void;
}

/** Returned by {@link EventStream.subscribe}; unsubscribing must stop the transport (abort the request). */
export interface EventSubscription {
  unsubscribe(): void;
}

/** A cold stream of AG-UI events: nothing is sent until it is subscribed. */
export interface EventStream {
  subscribe(observer: Partial<EventObserver>): EventSubscription;
}

/**
 * What Parley needs of an agent. Every `AbstractAgent` from `@ag-ui/client` satisfies it
 * structurally (`HttpAgent`, `LangGraphAgent`, …); so does Parley's own {@link createHttpAgent}.
 * Parley calls `run(input)` and folds the raw events itself, so the SDK's copying reducer is
 * never on the path.
 *
 * @example
 * const agent: AgentLike = new HttpAgent({ url: "/api/agent" });
 */
export interface AgentLike {
  run(input: RunAgentInput): EventStream;
  /** Called by `stop()` as well as unsubscribing; `HttpAgent` aborts its fetch here. */
  abortRun?(): void;
}

/** Why a transport failed; lets the UI word the error for a person. */
export type TransportErrorKind =
  | "http" /* the server answered with a non-2xx status */
  | "content-type" /* a 2xx answer that is not an event stream (an HTML error page, say) */
  | "network" /* the connection could not be made or dropped mid-stream */
  | "parse" /* a frame that is not a JSON object with a string `type` */
  | "aborted"; /* the caller aborted */

/**
 * The one error type Parley's transports reject with.
 *
 * @example
 * if (error instanceof TransportError && error.kind === "http") console.log(error.status);
 */
export class TransportError extends Error {
  override readonly name = "TransportError";
  readonly kind: TransportErrorKind;
  readonly status: number | undefined;
  /** The start of the response body for `http`/`content-type`, or the bad frame for `parse`. */
  readonly detail: string | undefined;

  constructor(
    kind: TransportErrorKind,
    message: string,
    options: { status?: number; detail?: string; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.status = options.status;
    this.detail = options.detail;
  }
}

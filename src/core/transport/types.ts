import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import type { MetaEvent } from "../feedback";

/**
 * The observer half of an event stream. rxjs' `Observer<BaseEvent>` has the same shape, so an
 * `@ag-ui/client` agent's `run(input)` plugs in without Parley importing rxjs.
 */
export interface EventObserver {
  /**
   * One event. Parley's HTTP transport also says where in the stream it came (`frame.eventId`: the
   * last SSE `id:` seen), which a reload needs to re-attach from there; an SDK agent passes only the event.
   */
  next(event: BaseEvent, frame?: StreamFrame): void;
  error(error: unknown): void;
  complete(): void;
  /** Parley's own: a transport that reconnects says so here (an SDK agent never calls it). */
  connection?(state: ConnectionState): void;
}

/** Where an event came in its stream: the last SSE `id:` seen when it was delivered. */
export interface StreamFrame {
  eventId?: string | undefined;
}

/**
 * A run as its request named it, and how far this client read its stream: what joining it again
 * after a reload needs ({@link AgentLike.reattach}).
 */
export interface RunPosition {
  threadId: string;
  runId: string;
  /** The last event id this client folded; the agent sends what follows it. */
  lastEventId: string;
}

/**
 * What a transport is doing about a dropped stream: `reconnecting` before each new attempt (the
 * first is 1), `connected` once an attempt is answered and the stream goes on.
 */
export type ConnectionState = { status: "connected" } | { status: "reconnecting"; attempt: number; attempts: number };

/**
 * The `source` of the `RAW` events a transport puts in the stream for a frame it could not read
 * (`event: { code: "invalid-frame", message, frame }`); the fold records them in `thread.errors`.
 */
export const TRANSPORT_SOURCE = "parley:transport";

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
  /**
   * Starts a run. The input's messages are shared with the thread's earlier runs, and most are the
   * thread's own message objects (read-only, frozen in development): changing one would change
   * what the person sees and what is saved. Copy one before changing it.
   */
  run(input: RunAgentInput): EventStream;
  /** Called by `stop()` as well as unsubscribing; `HttpAgent` aborts its fetch here. */
  abortRun?(): void;
  /** What the agent can do (AG-UI 1.0 `AgentCapabilities`); read by `useAgentCapabilities`. */
  getCapabilities?(): Promise<unknown>;
  /**
   * Joins a run this client started before and lost (the page reloaded, or was closed and opened
   * again): the events after `lastEventId`, then the run's end — no new run. Fails (a
   * `TransportError`, `http` 404 or 410 when the server no longer has the run) when it cannot, and
   * the kit then ends the run as cut short, with Retry. Parley's HTTP transport has it.
   */
  reattach?(position: RunPosition): EventStream;
  /**
   * Tells the agent something outside any run: AG-UI's Meta event (draft), such as the person's
   * thumbs up or down on an answer. Resolves once the agent took it; without it (or when it
   * fails) the feedback stays in the thread, unsent. Parley's HTTP transport POSTs it.
   */
  sendMeta?(event: MetaEvent): Promise<void>;
}

/** Why a transport failed; lets the UI word the error for a person. */
export type TransportErrorKind =
  | "http" /* the server answered with a non-2xx status */
  | "content-type" /* a 2xx answer that is not an event stream (an HTML error page, say) */
  | "network" /* the connection could not be made, or was lost mid-stream and could not be resumed */
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
  /** The start of the response body for `http`/`content-type`. */
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

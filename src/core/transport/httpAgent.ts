import { EventType, type AgentCapabilities, type BaseEvent, type RunAgentInput } from "@ag-ui/core";
import { createParser } from "eventsource-parser";
import { TRANSPORT_SOURCE, TransportError } from "./types";
import type { MetaEvent } from "../feedback";
import type { AgentLike, ConnectionState, EventObserver, EventStream, EventSubscription, RunPosition, StreamFrame } from "./types";

/**
 * The `fetch` Parley calls; the global one by default.
 *
 * @example
 * const fetchWithCookies: FetchLike = (url, init) => fetch(url, { ...init, credentials: "include" });
 */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/**
 * Options of {@link createHttpAgent}.
 *
 * @example
 * const options: HttpAgentOptions = { url: "/api/agent", headers: { Authorization: `Bearer ${token}` } };
 */
export interface HttpAgentOptions {
  /** Where `RunAgentInput` is POSTed. */
  url: string;
  /** Sent with every run; `Content-Type` and `Accept` are always Parley's own. */
  headers?: Record<string, string>;
  fetch?: FetchLike;
  /** Anything else fetch takes (`credentials`, `mode`, `cache` …); method, body, headers and signal are the agent's. */
  requestInit?: Omit<RequestInit, "method" | "body" | "headers" | "signal">;
  /**
   * Aborting it ends every run of this agent, in flight or later (a page or feature being torn
   * down). Each run also has its own controller: unsubscribing ends that run alone.
   */
  signal?: AbortSignal;
  /**
   * A stream that drops before the run ends is asked for again with `Last-Event-ID` (when the
   * server sent `id:` frames), waiting `delayMs` doubled per attempt (with jitter, at most
   * `maxDelayMs`). Defaults: 4 attempts, 500 ms, 8 s. `false`: a dropped stream ends the run.
   */
  reconnect?: { attempts?: number; delayMs?: number; maxDelayMs?: number } | false;
  /**
   * What the agent behind `url` can do (AG-UI 1.0 `AgentCapabilities`), or how to ask for it; served
   * by `getCapabilities()` to `useAgentCapabilities`. A server that declares
   * `transport.resumable: false` is not asked to resume a dropped stream.
   */
  capabilities?: AgentCapabilities | (() => Promise<AgentCapabilities>);
  /**
   * Where a run still going on the server is joined again after a reload ({@link ParleyHttpAgent.reattach}):
   * by default `GET <url>?threadId=…&runId=…` with `Last-Event-ID`, answered with the frames after
   * it. `false`, or `transport.resumable: false` among the capabilities: never (a reload ends the
   * run as cut short, with Retry).
   */
  reattachUrl?: ((position: RunPosition) => string) | false;
  /** Where `sendMeta` POSTs a Meta event (the person's feedback) as JSON; `url` by default. */
  metaUrl?: string;
}

/** The same cap as `@ag-ui/client`'s SSE reader: a frame that never ends must not eat the tab's memory. */
const MAX_FRAME_CHARS = 10 * 1024 * 1024;

/**
 * Parley's own AG-UI transport: POSTs `RunAgentInput`, reads the answer as Server-Sent Events
 * through `eventsource-parser` (LF, CRLF and CR framing all work) and fails with a
 * {@link TransportError} a person can read. It does not import `@ag-ui/client`, so it costs a few
 * kilobytes instead of the SDK's hundreds.
 *
 * @example
 * const agent = new ParleyHttpAgent({ url: "/api/agent" });
 * const subscription = agent.run(input).subscribe({ next: (event) => console.log(event.type) });
 * subscription.unsubscribe(); // aborts the request
 */
export class ParleyHttpAgent implements AgentLike {
  url: string;
  /** Mutable so a refreshed token reaches the next run. */
  headers: Record<string, string>;
  /**
   * The last SSE `id:` of the current (or last) run, kept so a caller can resume from it; reset
   * when a run starts. An empty `id:` clears it, as the SSE standard says.
   */
  lastEventId: string | undefined;

  readonly #fetch: FetchLike;
  readonly #requestInit: HttpAgentOptions["requestInit"];
  readonly #signal: AbortSignal | undefined;
  readonly #stops = new Set<() => void>();
  readonly #reconnect: { attempts: number; delayMs: number; maxDelayMs: number };
  readonly #capabilities: HttpAgentOptions["capabilities"];
  readonly #metaUrl: string | undefined;

  constructor(options: HttpAgentOptions) {
    this.url = options.url;
    this.headers = { ...options.headers };
    // Looked up on every call, so a test that replaces globalThis.fetch later is still heard.
    this.#fetch = options.fetch ?? ((url, init) => fetch(url, init));
    this.#requestInit = options.requestInit;
    this.#signal = options.signal;
    const capabilities = options.capabilities;
    if (capabilities) this.getCapabilities = typeof capabilities === "function" ? capabilities : () => Promise.resolve(capabilities);
    const notResumable = typeof options.capabilities === "object" && options.capabilities.transport?.resumable === false;
    const reconnect = options.reconnect === false || notResumable ? { attempts: 0 } : options.reconnect;
    this.#reconnect = { attempts: 4, delayMs: 500, maxDelayMs: 8000, ...reconnect };
    this.#capabilities = capabilities;
    this.#metaUrl = options.metaUrl;
    const where = options.reattachUrl;
    if (where !== false && !notResumable) {
      const urlOf = where ?? ((position: RunPosition) => `${this.url}${this.url.includes("?") ? "&" : "?"}threadId=${encodeURIComponent(position.threadId)}&runId=${encodeURIComponent(position.runId)}`);
      this.reattach = (position) => ({ subscribe: (observer) => this.#start((lastEventId, signal) => this.#join(urlOf(position), lastEventId ?? position.lastEventId, signal), observer, position.lastEventId) });
    }
  }

  /**
   * A cold stream of the run's events: the request starts on subscribe, one request per
   * subscription. Unsubscribing aborts it silently.
   *
   * @example
   * agent.run(input).subscribe({ next: apply, error: showError, complete: done });
   */
  run(input: RunAgentInput): EventStream {
    return { subscribe: (observer) => this.#start((lastEventId, signal) => this.#request(input, signal, lastEventId), observer) };
  }

  /**
   * Joins a run this client lost with its page: a GET (see `reattachUrl`) with `Last-Event-ID`,
   * read like a run's stream — dropped, it is asked for again from the last id. A server that
   * ignores the header and starts over from `RUN_STARTED` is read past what the client had, so no
   * text comes twice. Absent when `reattachUrl: false` or the capabilities say `resumable: false`.
   *
   * @example
   * agent.reattach?.({ threadId: "t1", runId: "r1", lastEventId: "41" }).subscribe({ next: apply });
   */
  reattach?: (position: RunPosition) => EventStream = undefined;

  /**
   * POSTs a Meta event (AG-UI draft, outside any run: the person's feedback) as JSON to `metaUrl`
   * (or `url`); rejects with a {@link TransportError} when it is not taken (a non-2xx answer).
   *
   * @example
   * await agent.sendMeta({ type: "META", metaType: "thumbs_up", payload: { messageId: "m1", userId: "ana" } });
   */
  async sendMeta(event: MetaEvent): Promise<void> {
    const url = this.#metaUrl ?? this.url;
    let response: Response;
    try {
      response = await this.#fetch(url, { ...this.#requestInit, method: "POST", headers: { ...this.headers, "Content-Type": "application/json" }, body: JSON.stringify(event), ...(this.#signal ? { signal: this.#signal } : {}) });
    } catch (cause) {
      throw new TransportError("network", `Could not reach the agent at ${url}.`, { cause });
    }
    if (!response.ok) throw new TransportError("http", `The agent answered HTTP ${response.status} ${response.statusText}`.trimEnd(), { status: response.status, detail: await readStart(response, 500) });
    void response.body?.cancel().catch(() => undefined);
  }

  /**
   * Aborts every run in flight. A still-subscribed observer gets a `TransportError` of kind
   * `"aborted"`, so it learns the stream ended early rather than finished.
   *
   * @example
   * stopButton.onclick = () => agent.abortRun();
   */
  abortRun(): void {
    for (const stop of [...this.#stops]) stop();
  }

  /**
   * The capabilities given as `capabilities` (asked for when it is a function). Absent when none
   * were given, so the kit offers everything, as to any agent that declares nothing.
   *
   * @example
   * const agent = new ParleyHttpAgent({ url: "/api/agent", capabilities: { humanInTheLoop: { approveWithEdits: false } } });
   */
  getCapabilities?: () => Promise<AgentCapabilities> = undefined;

  #start(send: Send, observer: Partial<EventObserver>, from?: string): EventSubscription {
    const controller = new AbortController();
    let open = true;
    const close = () => {
      open = false;
      this.#stops.delete(stop);
      controller.abort();
    };
    const sink: Sink = {
      isOpen: () => open,
      next: (event, frame) => {
        if (open) deliver(() => observer.next?.(event, frame));
      },
      connection: (state) => {
        if (open) deliver(() => observer.connection?.(state));
      },
      fail: (error) => {
        if (!open) return;
        close();
        deliver(() => {
          if (!observer.error) throw error;
          observer.error(error);
        });
      },
      done: () => {
        if (!open) return;
        close();
        deliver(() => observer.complete?.());
      },
    };
    const stop = () => sink.fail(new TransportError("aborted", "The run was stopped before the agent finished."));
    this.#stops.add(stop);
    this.lastEventId = undefined;
    if (this.#signal) {
      if (this.#signal.aborted) {
        stop();
        return { unsubscribe() {} };
      }
      const signal = this.#signal;
      signal.addEventListener("abort", stop, { once: true });
      controller.signal.addEventListener("abort", () => signal.removeEventListener("abort", stop), { once: true });
    }

    this.#pump(send, controller.signal, sink, from).catch((cause: unknown) =>
      sink.fail(new TransportError("network", "The connection to the agent failed.", { cause })),
    );
    return {
      unsubscribe: () => {
        if (open) close();
      },
    };
  }

  /**
   * One run: the first request, then, while the stream drops before the run ends, a new request
   * from the last `id:` seen. Only a failed first request, or a drop that cannot be resumed, fails.
   */
  async #pump(send: Send, signal: AbortSignal, sink: Sink, from: string | undefined): Promise<void> {
    const run: RunStream = { seen: new Set(), ended: false, lastId: from, ...(from === undefined ? {} : { skipTo: from }) };
    const { attempts, delayMs, maxDelayMs } = this.#reconnect;
    for (let attempt = 0; ; attempt++) {
      const answer = await send(attempt ? run.lastId : undefined, signal);
      if (!sink.isOpen()) return;
      if (answer instanceof TransportError && !attempt) return sink.fail(answer);
      let cause: unknown = answer;
      if (!(answer instanceof TransportError)) {
        if (attempt) sink.connection({ status: "connected" });
        cause = await this.#read(answer, sink, run);
        if (!sink.isOpen()) return;
        if (run.ended) return sink.done();
      }
      if (run.lastId === undefined || attempt >= attempts) {
        const message = attempt
          ? `The connection to the agent was lost; ${attempt} attempts to reconnect failed.`
          : "The connection to the agent dropped before the run finished.";
        return sink.fail(new TransportError("network", message, { cause }));
      }
      sink.connection({ status: "reconnecting", attempt: attempt + 1, attempts });
      // Equal jitter: half the doubled delay, plus up to as much again at random.
      await sleep(Math.min(maxDelayMs, delayMs * 2 ** attempt) * (0.5 + Math.random() / 2), signal);
      if (!sink.isOpen()) return;
    }
  }

  /** POSTs the input; an answer that is not an event stream is the error a person reads. */
  async #request(input: RunAgentInput, signal: AbortSignal, lastEventId: string | undefined): Promise<Response | TransportError> {
    let response: Response;
    try {
      response = await this.#fetch(this.url, {
        ...this.#requestInit,
        method: "POST",
        headers: {
          ...this.headers,
          "Content-Type": "application/json",
          Accept: "text/event-stream",
          ...(lastEventId === undefined ? {} : { "Last-Event-ID": lastEventId }),
        },
        body: JSON.stringify(input),
        signal,
      });
    } catch (cause) {
      return new TransportError("network", `Could not reach the agent at ${this.url}.`, { cause });
    }
    return this.#checked(response);
  }

  /** A response that is not an event stream is the error a person reads. */
  async #checked(response: Response): Promise<Response | TransportError> {
    if (!response.ok) {
      const detail = await readStart(response, 500);
      const message = `The agent answered HTTP ${response.status} ${response.statusText}`.trimEnd();
      return new TransportError("http", message, { status: response.status, detail });
    }
    const mediaType = response.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
    if (mediaType !== "text/event-stream") {
      const detail = await readStart(response, 500);
      const answered = mediaType ? `content of type ${mediaType}` : "content without a type";
      const message = `The agent answered with ${answered} instead of an event stream (text/event-stream).`;
      return new TransportError("content-type", message, { status: response.status, detail });
    }
    return response;
  }

  /** A GET for the rest of a run this client lost; the capabilities, when asked for, may refuse it. */
  async #join(url: string, lastEventId: string, signal: AbortSignal): Promise<Response | TransportError> {
    const capabilities = this.#capabilities;
    if (typeof capabilities === "function") {
      const declared = await capabilities().catch(() => undefined);
      if (declared?.transport?.resumable === false) return new TransportError("http", "The agent does not resume runs (transport.resumable: false).", { status: 410 });
    }
    let response: Response;
    try {
      response = await this.#fetch(url, { ...this.#requestInit, method: "GET", headers: { ...this.headers, Accept: "text/event-stream", "Last-Event-ID": lastEventId }, signal });
    } catch (cause) {
      return new TransportError("network", `Could not reach the agent at ${url}.`, { cause });
    }
    return this.#checked(response);
  }

  /**
   * Reads one response's frames into the sink until it ends; returns why it ended early (a read
   * error, or nothing for a body that just stopped). A frame whose `id:` was delivered before (a
   * server resending after `Last-Event-ID`) is skipped; one that cannot be read goes on as a
   * `RAW` event of {@link TRANSPORT_SOURCE}, so the run goes on and the thread records it.
   */
  async #read(response: Response, sink: Sink, run: RunStream): Promise<unknown> {
    if (!response.body) return undefined;
    let oversized = false;
    const parser = createParser({
      maxBufferSize: MAX_FRAME_CHARS,
      onEvent: (message) => {
        oversized = false;
        if (!sink.isOpen()) return;
        if (message.id !== undefined) {
          if (message.id && run.seen.has(message.id)) return;
          if (message.id) run.seen.add(message.id);
          this.lastEventId = run.lastId = message.id || undefined;
        }
        // The SSE standard dispatches nothing for empty data; eventsource-parser does.
        if (message.data === "") return;
        const event = toEvent(message.data);
        if (run.skipTo !== undefined) {
          // Joining again: a server that starts over from RUN_STARTED (it ignored Last-Event-ID) is
          // read past the frame the client had last; one that honoured it never starts there.
          if (run.replayed === undefined) run.replayed = event.type === EventType.RUN_STARTED;
          if (run.replayed) {
            if (message.id === run.skipTo) run.skipTo = undefined;
            return;
          }
          run.skipTo = undefined;
        }
        if (event.type === EventType.RUN_STARTED) run.ended = false;
        else if (event.type === EventType.RUN_FINISHED || event.type === EventType.RUN_ERROR) run.ended = true;
        sink.next(event, { eventId: run.lastId });
      },
      onError: (error) => {
        // Unknown fields and bad `retry:` values are ignored, as a browser's EventSource ignores them.
        if (error.type !== "max-buffer-size-exceeded") return;
        // The parser stops at its cap; it reads on from here, and the rest of the frame is dropped.
        parser.reset();
        if (!oversized && sink.isOpen()) sink.next(invalidFrame("The agent sent a frame larger than 10 MB; skipped.", ""), { eventId: run.lastId });
        oversized = true;
      },
    });

    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let lastChar = "";
    const feed = (text: string) => {
      if (text === "") return;
      parser.feed(text);
      lastChar = text.charAt(text.length - 1);
    };
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        feed(decoder.decode(value, { stream: true }));
        if (!sink.isOpen()) return undefined;
      }
    } catch (cause) {
      return cause;
    }
    feed(decoder.decode());
    // eventsource-parser holds back a trailing CR in case an LF follows. At the end of the
    // stream nothing follows, so CR-framed streams would lose their last event without this.
    if (lastChar === "\r") feed("\n");
    return undefined;
  }
}

/**
 * Creates Parley's HTTP transport, an {@link AgentLike}.
 *
 * @example
 * const agent = createHttpAgent({ url: "/api/agent", headers: { Authorization: `Bearer ${token}` } });
 * agent.run(input).subscribe({ next: (event) => console.log(event.type), error: console.error });
 */
export function createHttpAgent(options: HttpAgentOptions): ParleyHttpAgent {
  return new ParleyHttpAgent(options);
}

/** One request of a run's stream: the first (no id), or a reconnect from the last id seen. */
type Send = (lastEventId: string | undefined, signal: AbortSignal) => Promise<Response | TransportError>;

interface Sink {
  isOpen(): boolean;
  next(event: BaseEvent, frame: StreamFrame): void;
  connection(state: ConnectionState): void;
  fail(error: TransportError): void;
  done(): void;
}

/** What one run's requests share: the ids delivered, the last one, and whether the run ended. */
interface RunStream {
  seen: Set<string>;
  lastId?: string | undefined;
  ended: boolean;
  /** Joining again from this id: frames up to it are the client's already, if the server resends them. */
  skipTo?: string | undefined;
  /** Whether the joined stream started over (its first event `RUN_STARTED`). */
  replayed?: boolean;
}

/**
 * Resolves after `ms`, or at once when the run is aborted (a pending reconnect never fires). The
 * run's controller is aborted when it closes, which also lets go of the listener.
 */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, signal.aborted ? 0 : ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });
}

/** An observer that throws must not be mistaken for a broken stream; its error surfaces on its own. */
function deliver(call: () => void): void {
  try {
    call();
  } catch (error) {
    queueMicrotask(() => {
      throw error;
    });
  }
}

function toEvent(data: string): BaseEvent {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return invalidFrame("The agent sent a frame that is not valid JSON; skipped.", data);
  }
  const type = typeof value === "object" && value !== null && !Array.isArray(value) ? (value as { type?: unknown }).type : undefined;
  if (typeof type !== "string" || type === "") {
    return invalidFrame("The agent sent a frame that is not an AG-UI event (a JSON object with a type); skipped.", data);
  }
  return value as BaseEvent;
}

/** The stand-in for a frame that could not be read: its start, kept as plain text. */
function invalidFrame(message: string, data: string): BaseEvent {
  return { type: "RAW", source: TRANSPORT_SOURCE, event: { code: "invalid-frame", message, frame: data.slice(0, 200) } } as BaseEvent;
}

/** Reads at most `limit` characters of a body for an error's detail; a body that fails to read gives "". */
async function readStart(response: Response, limit: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return "";
  const decoder = new TextDecoder();
  let text = "";
  try {
    while (text.length < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // The status already tells the story; a half-read body only loses detail.
  }
  void reader.cancel().catch(() => undefined);
  return text.slice(0, limit);
}

import type { Message } from "@ag-ui/core";
import { toAgUiMessages, type RunFailure, type ThreadState } from "../core/fold";
import type { AgentLike } from "../core/transport/types";
import { isDevelopment } from "../core/dev";
import { idleAfterFirstPaint } from "../core/lazyModule";
import { startsWith } from "../core/thread/appended";

/**
 * What passes between the store and the agent object besides the run itself: what it already
 * holds, what it is told of each run, the abort controller bound to a run, and ids.
 */

/**
 * A v4 UUID. `crypto.randomUUID` exists only on secure origins (https, localhost): a page served
 * over plain http on a LAN address has `getRandomValues` alone.
 */
export function randomId(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === "function") return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const RESTORED_MID_RUN: RunFailure = {
  message: "The page was closed while the agent was answering; what arrived is kept.",
  code: "incomplete-stream",
  source: "transport",
};

/** What an `@ag-ui/client` agent (or any agent object) already holds: the thread starts from it. */
export function heldBy(agent: AgentLike | undefined): { messages?: Message[]; state?: unknown } {
  const { messages, state } = (agent ?? {}) as { messages?: unknown; state?: unknown };
  return { ...(Array.isArray(messages) && messages.length ? { messages: messages.slice() as Message[] } : {}), state };
}

/**
 * What each agent was last told, and the array it held just after: the next telling may only add to
 * it. `shared`: that array may hold the thread's own messages (nobody was listening), not copies.
 */
const toldMessages = new WeakMap<object, { told: Message[]; array: unknown[]; length: number; shared?: boolean }>();

type AgentFields = {
  messages?: unknown;
  subscribers?: unknown;
  state?: unknown;
  setMessages?: (m: Message[]) => void;
  addMessages?: (m: Message[]) => void;
  setState?: (s: unknown) => void;
};

/**
 * Parley folds the events itself, so an SDK agent's `messages` and `state` would never change and
 * its own subscribers would never hear of a run: at each run's start and end it is told, through
 * `setMessages`/`setState` where it has them (they notify its subscribers).
 *
 * When all that changed since the last telling is messages added at the end (the person's message
 * at a run's start, the answer at its end) and the agent still holds what it was told, only they
 * are told: through `addMessages` (its subscribers hear `onNewMessage` for each, `onNewToolCall`
 * for calls already made, and `onMessagesChanged` with a new array), with copies of its own. The
 * whole history is not copied again: `setMessages` clones every message, ~30 ms a call at 10,000
 * messages in Chromium. No message added, none is told. The state is told whole, through
 * `setState` (a copy).
 *
 * An SDK agent nobody has subscribed to (its `subscribers` empty) has no one to tell: it gets a new
 * array of the thread's own messages, as a run's input does (frozen in development), and the
 * thread's own state, as a run's input carries it (not frozen: the app's own `initialState` may be
 * in it), and no copies.
 * Copies of a long history are work twice over: ~3 MB at 10,000 messages, which the garbage
 * collector then moves while the next reply streams. The SDK's own run (`runAgent`) copies what it
 * reads before changing anything, and never changes `state` in place. Once someone subscribes, the
 * next telling replaces that array whole through `setMessages` (copies) and the state through
 * `setState` (a copy): subscribers are handed what the agent holds. Until then, whatever reads
 * `agent.messages` or `agent.state` sees the thread's own: the app's own `addMessage`, and the
 * subscriber an app passes to `runAgent` (which `subscribers` does not list) in its callbacks.
 */
export function tellAgent(agent: AgentLike, thread: ThreadState): void {
  const target = agent as AgentFields;
  // Each part on its own: the messages failing must not keep the state from being told.
  if (Array.isArray(target.messages)) attempt(() => tellMessages(agent, target, thread));
  if ("state" in target) {
    attempt(() => {
      // Subscribers hear it through setState (a copy). With nobody to tell, or no setState, the
      // thread's own state, as a run's input carries it.
      if (typeof target.setState === "function" && !unheard(target)) target.setState(thread.state);
      else target.state = thread.state;
    });
  }
}

/** An SDK agent nobody has subscribed to (`subscribers` empty): no copy of what it holds is asked for. */
function unheard(target: AgentFields): boolean {
  return Array.isArray(target.subscribers) && target.subscribers.length === 0;
}

function tellMessages(agent: AgentLike, target: AgentFields, thread: ThreadState): void {
  const messages = toAgUiMessages(thread, { includeActivity: true });
  const array = target.messages as unknown[];
  const last = toldMessages.get(agent);
  const nobodyListens = unheard(target);
  // Once someone listens, an array of the thread's own messages is replaced whole, by copies: a
  // subscriber is handed what the agent holds, and may change it.
  const added = last && array === last.array && array.length === last.length && (nobodyListens || !last.shared) ? addedTo(last.told, messages) : undefined;
  if (nobodyListens) {
    // A new array at every change, as setMessages gives; what it was told stays apart from what it holds.
    if (!added) target.messages = messages.slice();
    else if (added.length) target.messages = [...array, ...added];
  } else if (added && typeof target.addMessages === "function") {
    if (added.length) {
      // A new array for every change, as setMessages gives: a subscriber that keeps the last one
      // (React state) sees it change. Pointers only.
      target.messages = array.slice();
      target.addMessages(copyOf(added));
    }
  } else if (typeof target.setMessages === "function") target.setMessages(messages);
  else if (added) target.messages = added.length ? [...array, ...copyOf(added)] : array;
  else target.messages = copyOf(messages);
  const now = target.messages as unknown[];
  // Left as it was (nothing added), the array holds what it held: shared only if it was.
  toldMessages.set(agent, { told: messages, array: now, length: now.length, shared: nobodyListens && (added === undefined || added.length > 0 || last?.shared === true) });
}

/** What an agent held when a thread was made from its messages: noted as told if nothing changed before the first run. */
interface HeldAtStart {
  thread: ThreadState;
  array: unknown[];
  length: number;
}

/**
 * For a store just made: its agent is told the history the thread starts from in idle time after
 * the first paint (`primeAgent`), not at the first run's start (~30 ms at 10,000 messages). Nothing
 * on a server, for a run already going by then (it told the agent itself), or for an agent the
 * store no longer has. `fromAgent`: the thread started from the agent's own messages.
 *
 * @example
 * primeWhenIdle(options.agent, startThread, fromAgent, () => ({ agent: get().agent, thread: get().thread, running: get().turn.active !== undefined }));
 */
export function primeWhenIdle(
  agent: AgentLike | undefined,
  startThread: ThreadState,
  fromAgent: boolean,
  current: () => { agent: AgentLike | undefined; thread: ThreadState; running: boolean },
): void {
  if (!agent || typeof window === "undefined") return;
  const array = (agent as AgentFields).messages;
  const start = fromAgent && Array.isArray(array) ? { thread: startThread, array, length: array.length } : undefined;
  idleAfterFirstPaint(() => {
    const now = current();
    if (!now.running && now.agent === agent) primeAgent(agent, now.thread, start);
  });
}

/**
 * Before the first run, in idle time after the first paint: the history the thread starts from,
 * told to the agent, so that the first run's start adds only the person's message and does not
 * copy a long history in the run's way. When the thread was made from the agent's own messages and
 * neither has changed since (`start`), nothing is copied: they are noted as told. Once a run has
 * told the agent anything, or when there is nothing on either side, it does nothing.
 */
function primeAgent(agent: AgentLike, thread: ThreadState, start?: HeldAtStart): void {
  const array = (agent as AgentFields).messages;
  if (toldMessages.has(agent) || !Array.isArray(array)) return;
  const messages = toAgUiMessages(thread, { includeActivity: true });
  if (!messages.length && !array.length) return;
  const unchanged =
    start !== undefined &&
    thread === start.thread &&
    array === start.array &&
    array.length === start.length &&
    messages.length === array.length &&
    messages.every((m, i) => (array[i] as { id?: unknown } | undefined)?.id === m.id);
  if (unchanged) toldMessages.set(agent, { told: messages, array, length: array.length });
  else tellAgent(agent, thread);
}

/** The messages `next` adds at the end of `before` (every earlier one the same object), or undefined. */
function addedTo(before: readonly Message[], next: readonly Message[]): Message[] | undefined {
  return startsWith(next, before) ? next.slice(before.length) : undefined;
}

/** A deep copy, as the SDK makes one (through JSON where the engine has no `structuredClone`). */
function copyOf<T>(value: T): T {
  return typeof structuredClone === "function" ? structuredClone(value) : (JSON.parse(JSON.stringify(value)) as T);
}

function attempt(tell: () => void): void {
  try {
    tell();
  } catch (error) {
    // The agent's own bookkeeping failing must not undo the run the person saw.
    if (isDevelopment()) console.warn("Parley: could not update the agent's messages or state:", error);
  }
}

export const INCOMPLETE_STREAM: RunFailure = {
  message: "The connection closed before the agent finished its answer.",
  code: "incomplete-stream",
  source: "transport",
};

/**
 * `@ag-ui/client`'s HttpAgent reads `this.abortController.signal` when `run(input)` is called, and
 * unsubscribing does not abort its fetch. Giving each run its own controller lets Stop end exactly
 * that request, even when several threads share the agent (and an agent whose `abortRun()` was
 * called does not fail every later fetch at once on an aborted controller).
 */
export function bindAbortController(agent: AgentLike): AbortController | undefined {
  if (!("abortController" in agent) || typeof AbortController !== "function") return undefined;
  const controller = new AbortController();
  (agent as { abortController: AbortController }).abortController = controller;
  return controller;
}

import type { Message } from "@ag-ui/core";
import { toAgUiMessages, type RunFailure, type ThreadState } from "../core/fold";
import type { AgentLike } from "../core/transport/types";
import { isDevelopment } from "../core/dev";

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

/** What each agent was last told, and the array it held just after: the next telling may only add to it. */
const toldMessages = new WeakMap<object, { messages: Message[]; held: unknown[]; length: number }>();

/**
 * Parley folds the events itself, so an SDK agent's `messages` and `state` would never change and
 * its own subscribers would never hear of a run: at each run's start and end it is told, through
 * `setMessages`/`setState` where it has them (they notify its subscribers).
 *
 * When all that changed since the last telling is messages added at the end (the person's message
 * at a run's start, the answer at its end) and the agent still holds what it was told, they go
 * through `addMessages`: its subscribers hear `onNewMessage` for each and `onMessagesChanged`, and
 * the whole history is not copied again (`setMessages` clones every message: ~30 ms a call at
 * 10,000 messages in Chromium). No message added, none is told. The state is told as before.
 */
export function tellAgent(agent: AgentLike, thread: ThreadState): void {
  const target = agent as {
    messages?: unknown;
    state?: unknown;
    setMessages?: (m: Message[]) => void;
    addMessages?: (m: Message[]) => void;
    setState?: (s: unknown) => void;
  };
  try {
    if (Array.isArray(target.messages)) {
      const messages = toAgUiMessages(thread, { includeActivity: true });
      const last = toldMessages.get(agent);
      const stillHeld = last !== undefined && target.messages === last.held && target.messages.length === last.length;
      const added = stillHeld && typeof target.addMessages === "function" ? addedTo(last.messages, messages) : undefined;
      // The agent keeps copies of its own, as setMessages gives it.
      if (added) {
        if (added.length) target.addMessages!(structuredClone(added));
      } else if (typeof target.setMessages === "function") target.setMessages(messages);
      else target.messages = structuredClone(messages);
      const held = target.messages as unknown[];
      toldMessages.set(agent, { messages, held, length: held.length });
    }
    if ("state" in target) {
      if (typeof target.setState === "function") target.setState(thread.state);
      else target.state = thread.state;
    }
  } catch (error) {
    // The agent's own bookkeeping failing must not undo the run the person saw.
    if (isDevelopment()) console.warn("Parley: could not update the agent's messages or state:", error);
  }
}

/**
 * Before the first run: the history the thread starts from, told to the agent (or, when it came
 * from the agent itself, noted as what it holds), so that the first run's start adds only the
 * person's message and does not copy a long history in the run's way. The store calls it just
 * after the first paint; once a run has told the agent anything, it does nothing.
 *
 * @example
 * afterNextPaint(() => primeAgent(agent, store.getState().thread, false));
 */
export function primeAgent(agent: AgentLike, thread: ThreadState, fromAgent: boolean): void {
  const { messages: held } = agent as { messages?: unknown };
  if (toldMessages.has(agent) || !Array.isArray(held)) return;
  const messages = toAgUiMessages(thread, { includeActivity: true });
  // What the agent holds is noted as told only while it is still the thread's history, message for message.
  if (fromAgent && held.length === messages.length && messages.every((m, i) => (held[i] as { id?: unknown } | undefined)?.id === m.id)) {
    toldMessages.set(agent, { messages, held, length: held.length });
  } else tellAgent(agent, thread);
}

/** The messages `next` adds at the end of `before` (every earlier one the same object), or undefined. */
function addedTo(before: readonly Message[], next: readonly Message[]): Message[] | undefined {
  if (next.length < before.length) return undefined;
  for (let i = 0; i < before.length; i++) if (before[i] !== next[i]) return undefined;
  return next.slice(before.length);
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

import type { ComponentType } from "react";
import type { ThreadMessage, ToolCallState } from "../../core/fold";
import type { InteractionType } from "../../core/protocol";

/** What a message component receives. */
export interface MessageComponentProps {
  message: ThreadMessage;
}

/**
 * A component that renders one kind of message.
 *
 * @example
 * const Weather: MessageComponent = ({ message }) => <pre>{JSON.stringify(message)}</pre>;
 */
export type MessageComponent = ComponentType<MessageComponentProps>;

/**
 * A role (`"assistant"`), `activity:<activityType>` (`"activity:PLAN"`), or an interaction's
 * `messageType` (`"advice"`, `"permission_request"`, a namespaced `"acme:seat_map"`).
 */
export type MessageKind = Exclude<ThreadMessage["role"], "interaction"> | `activity:${string}` | InteractionType;

/** What renders the thread's tool calls: `tool:<name>` for one tool, `tool:*` for every tool. */
export type ToolRendererKey = `tool:${string}`;

/**
 * How a call is doing, as a tool renderer shows it: its arguments `streaming-args`; `waiting` for
 * its result (or for the person, when `respond` is given); `executing` while the app's handler
 * runs; `complete`; `error`.
 */
export type ToolRenderStatus = "streaming-args" | "waiting" | "executing" | "complete" | "error";

/** What a tool renderer receives. */
export interface ToolRendererProps<Args = Record<string, unknown>, Result = unknown> {
  name: string;
  toolCallId: string;
  /** The arguments parsed so far: partial while they stream (a haiku that fills in line by line). */
  args: Partial<Args> | undefined;
  status: ToolRenderStatus;
  /** The result: parsed as JSON when it is JSON, else the text; `undefined` until it arrives. */
  result: Result | undefined;
  /** The result's error, when the call failed. */
  error?: string;
  /**
   * Answers the call — given while a call of the app's own tool waits for the person (a tool
   * registered with `render` and no `handler`).
   */
  respond?: (value: unknown) => void;
  call: ToolCallState;
}

/**
 * A component that renders calls of one tool (or of every tool, under `tool:*`).
 *
 * @example
 * const Haiku: ToolRenderer<{ japanese: string[] }> = ({ args }) => <p>{args?.japanese?.join(" / ")}</p>;
 */
// `any` by default, as React's own ComponentType<any>: a renderer typed for its tool's arguments
// must be accepted where any renderer is (props are contravariant; `unknown` would refuse it).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ToolRenderer<Args = any, Result = any> = ComponentType<ToolRendererProps<Args, Result>>;

/**
 * Tool cards by tool name, as `<ParleyUIProvider toolRenderers={…}>` takes them; `"*"` for every
 * tool without one of its own.
 *
 * @example
 * const toolRenderers: ToolRenderers = { search_flights: FlightsCard, "*": AnyToolCard };
 */
export type ToolRenderers = Partial<Record<string, ToolRenderer>>;

/** Overrides keyed by kind, as `<ParleyUIProvider components={…}>` takes them. */
export type MessageComponents = Partial<Record<MessageKind, MessageComponent>>;

/**
 * A table's own entry for `key`, never an `Object.prototype` member: a role, message type or tool
 * name from the wire such as "constructor" or "toString" finds nothing.
 *
 * @example
 * ownEntry({ search: SearchCard }, "toString"); // undefined
 */
export function ownEntry<T>(table: Partial<Record<string, T>>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
}

/**
 * The registry key of a message.
 *
 * @example
 * messageKind({ id: "a", role: "activity", activityType: "PLAN", content: {} }); // "activity:PLAN"
 * messageKind({ id: "r", role: "interaction", interactionId: "t1", messageType: "advice" }); // "advice"
 */
export function messageKind(message: ThreadMessage): MessageKind {
  if (message.role === "activity") return `activity:${message.activityType}`;
  return message.role === "interaction" ? message.messageType : message.role;
}

/**
 * Components registered while the app runs (a plugin, a lazily loaded feature). One per
 * `<ParleyUIProvider>` — never a module singleton — and it wins over `components` and the defaults.
 */
export interface MessageRegistry {
  /**
   * Registers `Component` for `kind` and returns the function that removes it again (restoring
   * whatever was registered before), so an effect can register and clean up.
   */
  register: {
    (kind: ToolRendererKey, Component: ToolRenderer): () => void;
    (kind: "state", Component: ComponentType): () => void;
    (kind: MessageKind, Component: MessageComponent): () => void;
  };
  get: {
    (kind: ToolRendererKey): ToolRenderer | undefined;
    (kind: MessageKind): MessageComponent | undefined;
  };
  /** Every component registered for `kind`, oldest first (the thread's state views under `"state"`). */
  getAll: (kind: string) => readonly ComponentType[];
  subscribe: (listener: () => void) => () => void;
  /** Changes on every register/unregister; for `useSyncExternalStore`. */
  getVersion: () => number;
}

/**
 * Makes a runtime registry. `<ParleyUIProvider>` makes one for you; make your own to register
 * from outside React.
 *
 * @example
 * const registry = createMessageRegistry();
 * const unregister = registry.register("activity:WEATHER", WeatherCard);
 * <ParleyUIProvider registry={registry}>…</ParleyUIProvider>
 */
export function createMessageRegistry(): MessageRegistry {
  // A stack per kind, so unregistering the newest reveals the previous registration.
  const entries = new Map<string, { Component: ComponentType<never> }[]>();
  const listeners = new Set<() => void>();
  let version = 0;
  const notify = () => {
    version += 1;
    listeners.forEach((l) => l());
  };
  // One stack per kind whatever its component type: the overloads of MessageRegistry say which
  // type each kind holds, and these functions keep to them.
  const register = (kind: string, Component: ComponentType<never>) => {
    const entry = { Component };
    const stack = entries.get(kind) ?? [];
    stack.push(entry);
    entries.set(kind, stack);
    notify();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const current = entries.get(kind);
      const index = current?.indexOf(entry) ?? -1;
      if (current && index >= 0) current.splice(index, 1);
      // An empty stack would keep the kind's key for the registry's lifetime (plugins come and go).
      if (current?.length === 0) entries.delete(kind);
      notify();
    };
  };
  const get = (kind: string) => {
    const stack = entries.get(kind);
    return stack?.[stack.length - 1]?.Component;
  };
  return {
    register: register as MessageRegistry["register"],
    get: get as MessageRegistry["get"],
    getAll: (kind) => (entries.get(kind) ?? []).map((e) => e.Component) as unknown as readonly ComponentType[],
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getVersion: () => version,
  };
}

/**
 * Registers `Component` for `kind` on `registry`; returns its unregister.
 *
 * @example
 * useEffect(() => registerMessageComponent(registry, "activity:WEATHER", WeatherCard), [registry]);
 */
export function registerMessageComponent(registry: MessageRegistry, kind: MessageKind, Component: MessageComponent): () => void {
  return registry.register(kind, Component);
}

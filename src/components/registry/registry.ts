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
 * One typed table of a registry: a stack of registrations per key, so unregistering the newest
 * reveals the one before.
 */
export interface RegistryTable<K extends string, V> {
  /** Registers `value` under `key`; returns the function that removes it again (an effect's cleanup). */
  register(key: K, value: V): () => void;
  /** The newest registration under `key`. */
  get(key: K): V | undefined;
  /** Every registration under `key`, oldest first. */
  getAll(key: K): readonly V[];
}

/**
 * Components registered while the app runs (a plugin, a lazily loaded feature). One per
 * `<ParleyUIProvider>` — never a module singleton — and it wins over `components` and the defaults.
 * Three typed tables: `messages` by message kind, `tools` by tool name (`"*"` for every tool) and
 * `stateViews` (the views of the agent's state, shown in registration order).
 */
export interface MessageRegistry {
  readonly messages: RegistryTable<MessageKind, MessageComponent>;
  readonly tools: RegistryTable<string, ToolRenderer>;
  readonly stateViews: { register(View: ComponentType): () => void; getAll(): readonly ComponentType[] };
  /**
   * The tables behind one name, as before they were split: `"tool:<name>"` → `tools`, `"state"` →
   * `stateViews`, any other kind → `messages`. Returns the function that removes it again.
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

function createTable<K extends string, V>(notify: () => void): RegistryTable<K, V> {
  const entries = new Map<K, { value: V }[]>();
  return {
    register(key, value) {
      const entry = { value };
      const stack = entries.get(key) ?? [];
      stack.push(entry);
      entries.set(key, stack);
      notify();
      let done = false;
      return () => {
        if (done) return;
        done = true;
        const current = entries.get(key);
        const index = current?.indexOf(entry) ?? -1;
        if (current && index >= 0) current.splice(index, 1);
        // An empty stack would keep the key for the registry's lifetime (plugins come and go).
        if (current?.length === 0) entries.delete(key);
        notify();
      };
    },
    get(key) {
      const stack = entries.get(key);
      return stack?.[stack.length - 1]?.value;
    },
    getAll: (key) => (entries.get(key) ?? []).map((e) => e.value),
  };
}

const TOOL_PREFIX = "tool:";

/**
 * Makes a runtime registry. `<ParleyUIProvider>` makes one for you; make your own to register
 * from outside React.
 *
 * @example
 * const registry = createMessageRegistry();
 * const unregister = registry.messages.register("activity:WEATHER", WeatherCard);
 * registry.tools.register("search_flights", FlightsCard);
 * <ParleyUIProvider registry={registry}>…</ParleyUIProvider>
 */
export function createMessageRegistry(): MessageRegistry {
  const listeners = new Set<() => void>();
  let version = 0;
  const notify = () => {
    version += 1;
    listeners.forEach((l) => l());
  };
  const messages = createTable<MessageKind, MessageComponent>(notify);
  const tools = createTable<string, ToolRenderer>(notify);
  const states = createTable<"state", ComponentType>(notify);
  const stateViews = { register: (View: ComponentType) => states.register("state", View), getAll: () => states.getAll("state") };
  // The one-name door routes by prefix; each table keeps its own type.
  const register = (kind: string, Component: ComponentType<never>) => {
    if (kind.startsWith(TOOL_PREFIX)) return tools.register(kind.slice(TOOL_PREFIX.length), Component as ToolRenderer);
    if (kind === "state") return stateViews.register(Component as ComponentType);
    return messages.register(kind as MessageKind, Component as MessageComponent);
  };
  const get = (kind: string) => (kind.startsWith(TOOL_PREFIX) ? tools.get(kind.slice(TOOL_PREFIX.length)) : messages.get(kind as MessageKind));
  const getAll = (kind: string): readonly ComponentType[] => {
    if (kind.startsWith(TOOL_PREFIX)) return tools.getAll(kind.slice(TOOL_PREFIX.length)) as readonly ComponentType[];
    if (kind === "state") return stateViews.getAll();
    return messages.getAll(kind as MessageKind) as readonly ComponentType[];
  };
  return {
    messages,
    tools,
    stateViews,
    register: register as MessageRegistry["register"],
    get: get as MessageRegistry["get"],
    getAll,
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
  return registry.messages.register(kind, Component);
}

import type { ComponentType } from "react";
import type { ThreadMessage } from "../../core/fold";
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

/** Overrides keyed by kind, as `<ParleyUIProvider components={…}>` takes them. */
export type MessageComponents = Partial<Record<MessageKind, MessageComponent>>;

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
  register: (kind: MessageKind, Component: MessageComponent) => () => void;
  get: (kind: MessageKind) => MessageComponent | undefined;
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
  const entries = new Map<MessageKind, { Component: MessageComponent }[]>();
  const listeners = new Set<() => void>();
  let version = 0;
  const notify = () => {
    version += 1;
    listeners.forEach((l) => l());
  };
  return {
    register(kind, Component) {
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
        notify();
      };
    },
    get(kind) {
      const stack = entries.get(kind);
      return stack?.[stack.length - 1]?.Component;
    },
    subscribe(listener) {
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

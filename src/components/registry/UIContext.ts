import { createContext, useContext } from "react";
import { createMessageRegistry, type MessageComponents, type MessageRegistry, type ToolRenderers } from "./registry";
import type { UrlPolicy } from "../lib/urlPolicy";

export interface UIContextValue {
  components: MessageComponents;
  toolRenderers: ToolRenderers;
  registry: MessageRegistry;
  urlPolicy?: UrlPolicy;
  /** How long before a deadline the card warns (`<ParleyUIProvider deadlineWarningMs>`); default 30 s. */
  deadlineWarningMs?: number;
}

/**
 * Outside <ParleyUIProvider> the kit still renders with its defaults. The registry there is empty
 * and refuses registrations: a module-level registry would leak registrations between apps and
 * tests (one store or registry per provider, never a module singleton).
 */
const refuse = (): never => {
  throw new Error("Registering a message component needs a <ParleyUIProvider> (each has its own registry). Wrap the UI in <ParleyUIProvider>, or pass it registry={createMessageRegistry()}.");
};
const empty = createMessageRegistry();
const noRegistry: MessageRegistry = {
  ...empty,
  messages: { ...empty.messages, register: refuse },
  tools: { ...empty.tools, register: refuse },
  stateViews: { ...empty.stateViews, register: refuse },
  register: refuse,
};
const fallbackValue: UIContextValue = { components: {}, toolRenderers: {}, registry: noRegistry };

export const UIContext = createContext<UIContextValue>(fallbackValue);
UIContext.displayName = "ParleyUI";

/**
 * The app's policy for the agent's URLs (`<ParleyUIProvider urlPolicy>`), and the base they are
 * read against.
 *
 * @example
 * const { policy, base } = useUrlPolicy();
 * imageDecision(url, policy, base);
 */
export function useUrlPolicy(): { policy: UrlPolicy | undefined; base: string } {
  const policy = useContext(UIContext).urlPolicy;
  // Without a document (server rendering) relative URLs resolve to nothing, and images ask.
  return { policy, base: typeof document === "undefined" ? "about:blank" : document.baseURI };
}

/**
 * The runtime message registry of the nearest `<ParleyUIProvider>`.
 *
 * @example
 * const registry = useMessageRegistry();
 * useEffect(() => registry.messages.register("activity:WEATHER", WeatherCard), [registry]);
 */
export function useMessageRegistry(): MessageRegistry {
  return useContext(UIContext).registry;
}

import { createContext, useContext } from "react";
import { createMessageRegistry, type MessageComponents, type MessageRegistry, type ToolRenderers } from "./registry";

export interface UIContextValue {
  components: MessageComponents;
  toolRenderers: ToolRenderers;
  registry: MessageRegistry;
}

/**
 * Outside <ParleyUIProvider> the kit still renders with its defaults. The registry there is empty
 * and refuses registrations: a module-level registry would leak registrations between apps and
 * tests (one store or registry per provider, never a module singleton).
 */
const noRegistry: MessageRegistry = {
  ...createMessageRegistry(),
  register() {
    throw new Error("Registering a message component needs a <ParleyUIProvider> (each has its own registry). Wrap the UI in <ParleyUIProvider>, or pass it registry={createMessageRegistry()}.");
  },
};
const fallbackValue: UIContextValue = { components: {}, toolRenderers: {}, registry: noRegistry };

export const UIContext = createContext<UIContextValue>(fallbackValue);
UIContext.displayName = "ParleyUI";

/**
 * The runtime message registry of the nearest `<ParleyUIProvider>`.
 *
 * @example
 * const registry = useMessageRegistry();
 * useEffect(() => registry.register("activity:WEATHER", WeatherCard), [registry]);
 */
export function useMessageRegistry(): MessageRegistry {
  return useContext(UIContext).registry;
}

import { createContext, useContext } from "react";
import { createMessageRegistry, type MessageComponents, type MessageRegistry } from "./registry";

export interface UIContextValue {
  components: MessageComponents;
  registry: MessageRegistry;
}

// Outside <ParleyUIProvider> the kit still renders with its defaults, so this has a default value.
const fallbackValue: UIContextValue = { components: {}, registry: createMessageRegistry() };

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

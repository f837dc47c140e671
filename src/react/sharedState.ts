import type { ThreadStoreState } from "../store/createThreadStore";
import { useThreadStore } from "./ParleyProvider";

/**
 * The setter that goes with `useAgentState`: edits the shared state (a value, or a function of the
 * current state). The next run carries the edit; while a run streams, the top-level keys it changes
 * win over what the agent sends until the next run starts.
 *
 * @example
 * const recipe = useAgentState((s: { recipe?: Recipe }) => s.recipe);
 * const setState = useSetAgentState();
 * setState((s) => ({ ...(s as object), recipe: { ...recipe, title: "Pancakes" } }));
 */
export function useSetAgentState(): ThreadStoreState["setState"] {
  return useThreadStore("useSetAgentState").getState().setState;
}

import { useStore } from "zustand";
import { useThreadStore } from "./ParleyProvider";

/**
 * The transport's attempt to resume a dropped stream, while it lasts (`undefined` otherwise).
 *
 * @example
 * const reconnecting = useReconnecting();
 * if (reconnecting) return <p>Reconnecting… ({reconnecting.attempt} of {reconnecting.attempts})</p>;
 */
export function useReconnecting(): { attempt: number; attempts: number } | undefined {
  return useStore(useThreadStore("useReconnecting"), (s) => s.reconnecting);
}

import { useEffect, useState } from "react";
import type { RtuiStatus, WebSocketConstructor } from "../core/transport/rtui/connection";
import { attachRtui } from "../store/attachRtui";
import { useThreadStore } from "./ParleyProvider";

export interface UseRtuiOptions {
  /** The browser's `WebSocket` by default. */
  WebSocket?: WebSocketConstructor;
  /** Reconnect delays (see `RtuiConnection`). */
  backoff?: { initialMs?: number; maxMs?: number };
}

/**
 * Attaches an RTUI WebSocket (seed 001's `rtui/action` frames) to the thread of the nearest
 * `ParleyProvider` while mounted: its actions show in the same thread, with the same cards,
 * numbering and permission policy, and the person's answers go back as `rtui/action_result`.
 * `undefined` attaches nothing. Returns the connection's status, for a "reconnecting…" line.
 *
 * @example
 * function Chat() {
 *   const rtui = useRtui("/rtui");
 *   return <><Thread />{rtui.state === "reconnecting" ? <p>Reconnecting…</p> : null}</>;
 * }
 */
export function useRtui(url: string | undefined, options: UseRtuiOptions = {}): RtuiStatus {
  const store = useThreadStore("useRtui");
  const [status, setStatus] = useState<RtuiStatus>({ state: "closed" });
  const { WebSocket, backoff } = options;
  const initialMs = backoff?.initialMs;
  const maxMs = backoff?.maxMs;
  useEffect(() => {
    if (!url) return;
    let live = true;
    let close: (() => void) | undefined;
    // StrictMode mounts, unmounts and mounts again at once: only the mount that stays connects.
    queueMicrotask(() => {
      if (!live) return;
      close = attachRtui(store, { url, onStatus: setStatus, ...(WebSocket ? { WebSocket } : {}), backoff: { initialMs, maxMs } }).close;
    });
    return () => {
      live = false;
      close?.();
    };
  }, [store, url, WebSocket, initialMs, maxMs]);
  return status;
}

import type { RunFailure } from "../core/fold";
import { TransportError } from "../core/transport/types";

/**
 * Turns whatever a transport rejected with into words a person can read. Parley's own
 * {@link TransportError} already speaks plainly; errors from other agents (the SDK's
 * `HttpAgent` rejects with `Error("HTTP 500: …")` or `TypeError: fetch failed`) are reworded.
 *
 * @example
 * describeRunFailure(new TypeError("Failed to fetch")).message // "Could not reach the agent…"
 */
export function describeRunFailure(error: unknown): RunFailure {
  if (error instanceof TransportError) {
    return { message: error.message, code: error.status ? `http-${error.status}` : error.kind, source: "transport" };
  }
  const text = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  const status = /^HTTP (\d{3})/.exec(text)?.[1];
  if (status) {
    return { message: `The agent answered with an error (HTTP ${status}).`, code: `http-${status}`, source: "transport" };
  }
  if (error instanceof TypeError && /fetch|network|load failed/i.test(text)) {
    return { message: "Could not reach the agent. Check the connection and try again.", code: "network", source: "transport" };
  }
  return { message: text ? `The run failed: ${text}` : "The run failed for an unknown reason.", code: "unknown", source: "transport" };
}

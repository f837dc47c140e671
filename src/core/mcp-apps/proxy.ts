import { EventType, type RunAgentInput } from "@ag-ui/core";
import type { AgentLike } from "../transport/types";
import { isRecord } from "../thread/guards";
import type { McpAppRef } from "./types";

/**
 * The host's MCP requests through the agent, as `@ag-ui/mcp-apps-middleware` answers them: a run
 * whose `forwardedProps.__proxiedMCPRequest` names the server, the method and its params; the
 * middleware answers it itself (the agent behind it never sees it) with `RUN_STARTED`, then
 * `RUN_FINISHED` whose `result` is the MCP result — or `{ error }`. Such a run is no turn of the
 * conversation: it carries none of the thread's messages and never enters the thread.
 */

/** The methods the middleware's proxy accepts from a host (it refuses the rest). */
export type ProxiedMcpMethod = "resources/read" | "tools/call";

/** `forwardedProps.__proxiedMCPRequest`, as the middleware reads it. */
export interface ProxiedMcpRequest {
  serverHash: string;
  serverId?: string;
  method: ProxiedMcpMethod;
  params: Record<string, unknown>;
}

/**
 * The `RunAgentInput` of one proxied request: no messages, no tools, no state — only the request.
 *
 * @example
 * proxiedRequestInput("thread-1", "mcp-7", app, "resources/read", { uri: app.resourceUri });
 */
export function proxiedRequestInput(threadId: string, runId: string, app: McpAppRef, method: ProxiedMcpMethod, params: Record<string, unknown>): RunAgentInput {
  const request: ProxiedMcpRequest = { serverHash: app.serverHash, method, params };
  if (app.serverId !== undefined) request.serverId = app.serverId;
  return { threadId, runId, state: {}, messages: [], tools: [], context: [], forwardedProps: { __proxiedMCPRequest: request } };
}

/** A proxied request that did not get a result: the words say why (the server's, the agent's, a timeout). */
export class McpRequestError extends Error {
  override name = "McpRequestError";
}

const words = (value: unknown, fallback: string): string => (typeof value === "string" && value.trim() ? value.trim().slice(0, 300) : fallback);

/**
 * Sends one proxied request through `agent` and resolves with the MCP result of its
 * `RUN_FINISHED`; rejects with a {@link McpRequestError} when the middleware answers `{ error }`, the
 * run fails, the stream ends without an answer, or `timeoutMs` passes (the request is then aborted).
 *
 * @example
 * const result = await requestThroughAgent(agent, proxiedRequestInput(threadId, runId, app, "tools/call", { name: "get-time", arguments: {} }));
 */
export function requestThroughAgent(agent: AgentLike, input: RunAgentInput, { timeoutMs = 30_000 }: { timeoutMs?: number } = {}): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let done = false;
    let subscription: { unsubscribe(): void } | undefined;
    const finish = (outcome: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      outcome();
      subscription?.unsubscribe();
    };
    const fail = (why: string) => finish(() => reject(new McpRequestError(why)));
    const timer = setTimeout(() => fail(`The server did not answer within ${Math.round(timeoutMs / 1000)} s.`), timeoutMs);
    try {
      subscription = agent.run(input).subscribe({
        next(event) {
          if (event.type === EventType.RUN_ERROR) return fail(words((event as { message?: unknown }).message, "The agent failed the request."));
          if (event.type !== EventType.RUN_FINISHED) return;
          // The middleware ends the stream after this event; an agent that does not is not waited for.
          const result = (event as { result?: unknown }).result;
          if (isRecord(result) && "error" in result) return fail(words(result.error, "The server refused the request."));
          finish(() => resolve(result));
        },
        error: (cause) => fail(words(cause instanceof Error ? cause.message : cause, "The agent could not be reached.")),
        complete: () => fail("The agent ended the request without an answer (is @ag-ui/mcp-apps-middleware in front of it?)."),
      });
      // A stream that answered while subscribing is closed now that there is something to close.
      if (done) subscription.unsubscribe();
    } catch (cause) {
      fail(words(cause instanceof Error ? cause.message : cause, "The agent could not be reached."));
    }
  });
}

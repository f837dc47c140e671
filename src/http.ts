/**
 * `parley-ui/http`: Parley's own AG-UI transport. `createHttpAgent` POSTs `RunAgentInput` and
 * reads the Server-Sent Events answer (eventsource-parser), resuming a dropped stream with
 * `Last-Event-ID`. An entry of its own, so apps on another transport (an `@ag-ui/client` agent,
 * a WebSocket of their own) do not ship it; without React, so server code can use it too.
 *
 * @example
 * import { createHttpAgent } from "parley-ui/http";
 * const agent = createHttpAgent({ url: "/api/agent" });
 */
export { createHttpAgent, ParleyHttpAgent, type FetchLike, type HttpAgentOptions } from "./core/transport/httpAgent";

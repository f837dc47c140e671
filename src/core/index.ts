export * from "./fold";
export * from "./transport/types";
export { createHttpAgent, ParleyHttpAgent, type FetchLike, type HttpAgentOptions } from "./transport/httpAgent";

export * from "./fold";
export * from "./actions";
export * from "./protocol";
export * from "./interactions";
export * from "./enumeration";
export * from "./run-input";
export * from "./transport/types";
export { createHttpAgent, ParleyHttpAgent, type FetchLike, type HttpAgentOptions } from "./transport/httpAgent";

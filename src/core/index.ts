export * from "./fold";
export * from "./transport/types";
export { createHttpAgent, ParleyHttpAgent, type HttpAgentOptions } from "./transport/httpAgent";

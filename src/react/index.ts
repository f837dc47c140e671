export { ParleyProvider, useThreadStore, type ParleyProviderProps } from "./ParleyProvider";
export { useAgentRun, useAgentState, useMessage, useMessageIds, useThread, useToolCall, type AgentRun } from "./hooks";

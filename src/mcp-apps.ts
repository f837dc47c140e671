/**
 * `parley-ui/mcp-apps`: MCP Apps (SEP-1865) in the thread, under the person's policy. Register
 * `mcpAppsComponents({ sandbox })` and an `mcp-apps` activity (as `@ag-ui/mcp-apps-middleware`
 * sends it) becomes the app, run in a sandboxed frame on an origin of its own; its tool calls,
 * its messages and whether it is shown at all pass the permission policy and, where it asks, the
 * person's door — audited with the app's identity. The frame, the host and the bridge
 * (`@modelcontextprotocol/ext-apps`, an optional peer dependency) load with the first app. The
 * sandbox page is served by `parley-ui/mcp-sandbox`. docs/generative-ui.md says how.
 *
 * @example
 * import { mcpAppsComponents } from "parley-ui/mcp-apps";
 * const mcpApps = mcpAppsComponents({ sandbox: "https://sandbox.example.com/mcp-app" });
 * <ParleyUIProvider components={mcpApps}><Thread /></ParleyUIProvider>
 */
export { McpAppActivity, mcpAppsComponents } from "./components/mcp-apps/lazyMcpApps";
export { mcpAppsUi } from "./components/mcp-apps/mcpAppsChunk";
export type { McpAppHostState, McpAppPhase, McpAppsClient, McpAppsOptions } from "./mcp-apps/host";
export type { McpAppLabels } from "./mcp-apps/labels";
export { readMcpAppContent, readMcpAppResource, mcpAppOperation, serverKey, MCP_APP_LIMITS } from "./core/mcp-apps/content";
export { assessMcpAppCall, REFUSED_FOR_APP, type McpAppCallFacts, type McpAppVerdict } from "./core/mcp-apps/gate";
export { proxiedRequestInput, requestThroughAgent, McpRequestError, type ProxiedMcpMethod, type ProxiedMcpRequest } from "./core/mcp-apps/proxy";
export { MCP_APPS_ACTIVITY, MCP_APP_MIME_TYPE, type McpAppAskKind, type McpAppCall, type McpAppContent, type McpAppCsp, type McpAppRef, type McpAppResource, type McpToolResult } from "./core/mcp-apps/types";
export { mcpAppDoor } from "./core/origins/mcp-app";
export { appAskOutcome, appCallRefusal, mcpAppAskId, planAppCall, type AppCallPlan } from "./core/origins/mcpAppDoor";

/**
 * MCP Apps (SEP-1865) as an AG-UI agent carries them through `@ag-ui/mcp-apps-middleware`: what
 * its `ACTIVITY_SNAPSHOT` holds, what a `ui://` resource is read as, and how the kit names an app
 * and what it asks to do. Types only.
 */

/** The activity type `@ag-ui/mcp-apps-middleware` gives an app's tool result. */
export const MCP_APPS_ACTIVITY = "mcp-apps";

/** The one content type SEP-1865 defines for an app's `ui://` resource. */
export const MCP_APP_MIME_TYPE = "text/html;profile=mcp-app";

/**
 * Which app: the server the middleware names (`serverId` when it was configured with one, else
 * `serverHash`, the digest of its transport and URL) and the app's `ui://` resource on it.
 */
export interface McpAppRef {
  serverHash: string;
  serverId?: string;
  resourceUri: string;
}

/** An MCP `CallToolResult`, as far as the host reads it (the app gets it whole). */
export interface McpToolResult {
  content?: unknown[];
  structuredContent?: unknown;
  isError?: boolean;
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}

/**
 * An `mcp-apps` activity's content, checked: the app, the arguments its tool was called with and
 * what it returned.
 *
 * @example
 * const content: McpAppContent = { app: { serverHash: "9b1c…", serverId: "clock", resourceUri: "ui://get-time/mcp-app.html" }, toolInput: {}, result: { content: [{ type: "text", text: "2026-12-04T10:00:00Z" }] } };
 */
export interface McpAppContent {
  app: McpAppRef;
  toolInput: Record<string, unknown>;
  result: McpToolResult;
}

/**
 * The origins a resource declares it needs (`_meta.ui.csp`), after the host dropped what is not an
 * origin. Nothing wider is ever allowed: an empty list allows nothing.
 */
export interface McpAppCsp {
  connectDomains: string[];
  resourceDomains: string[];
  frameDomains: string[];
  baseUriDomains: string[];
}

/** An app's `ui://` resource as read (`resources/read`), checked. */
export interface McpAppResource {
  uri: string;
  html: string;
  csp: McpAppCsp;
  /** The resource's wish for a border around it (`_meta.ui.prefersBorder`). */
  prefersBorder?: boolean;
  /** Declared origins the host dropped (not an origin, or a wildcard it does not accept), in words. */
  dropped: string[];
}

/**
 * What an app asks the host for, each gated by the person's policy: to be shown at all, to call a
 * tool of its server (`tools/call`), to put a message in the conversation (`ui/message`).
 */
export type McpAppAskKind = "show" | "call" | "message";

/**
 * One thing an app asked, as the kit's gate takes it to the person's door. `id` is the kit's own
 * (one per request), `messageId` the app's activity in the thread.
 *
 * @example
 * const call: McpAppCall = { id: "a1/3", messageId: "act-1", app, kind: "call", tool: "get-time", args: {} };
 */
export interface McpAppCall {
  id: string;
  messageId: string;
  app: McpAppRef;
  kind: McpAppAskKind;
  /** For `call`: the tool's name. */
  tool?: string;
  /** For `call`: the arguments; for `message`: the message's text. */
  args?: unknown;
  /** The app's own name (`ui/initialize`'s `appInfo.name`), shown beside its resource; never trusted for anything. */
  appName?: string;
}

import { lazyChunk } from "../lib/lazyChunk";

/** The MCP App frame, its host and bridge (`@modelcontextprotocol/ext-apps`), loaded when the first app shows up in a thread. */
export const mcpAppsUi = lazyChunk(() => import("./McpAppFrame"));

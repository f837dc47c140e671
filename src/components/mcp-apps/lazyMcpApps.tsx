import { useLabels } from "../../i18n/LabelsContext";
import { useLazyChunk } from "../lib/lazyChunk";
import type { MessageComponentProps, MessageComponents } from "../registry/registry";
import type { McpAppsOptions } from "../../mcp-apps/host";
import { mcpAppsUi } from "./mcpAppsChunk";

/**
 * An `mcp-apps` activity: the app's frame once its chunk has loaded (on first use: the host, the
 * bridge and their words come with it), and until then — on the server and while hydrating too —
 * a card marked busy.
 *
 * @example
 * <McpAppActivity message={message} options={{ sandbox: "https://sandbox.example.com/mcp-app" }} />
 */
export function McpAppActivity({ message, options }: MessageComponentProps & { options: McpAppsOptions }) {
  const ui = useLazyChunk(mcpAppsUi);
  const t = useLabels();
  if (ui) return <ui.McpAppFrameView message={message} options={options} />;
  return (
    <div data-slot="mcp-app" data-state="loading" aria-busy="true" className="pl:h-24 pl:animate-pulse pl:rounded-lg pl:bg-muted">
      <span className="pl:sr-only">{t.interaction.streaming}</span>
    </div>
  );
}
McpAppActivity.displayName = "Parley.McpAppActivity";

/**
 * The registry entry that shows MCP Apps (`activity:mcp-apps`, as `@ag-ui/mcp-apps-middleware`
 * sends them) in the thread, hosted as `options` say. Without it an app's activity is shown as
 * data, never run: hosting one needs a sandbox origin of the app's own.
 *
 * @example
 * const mcpApps = mcpAppsComponents({ sandbox: "https://sandbox.example.com/mcp-app" });
 * <ParleyUIProvider components={mcpApps}>…</ParleyUIProvider>
 */
export function mcpAppsComponents(options: McpAppsOptions): MessageComponents {
  function McpApp(props: MessageComponentProps) {
    return <McpAppActivity {...props} options={options} />;
  }
  McpApp.displayName = "Parley.McpApp";
  return { "activity:mcp-apps": McpApp };
}

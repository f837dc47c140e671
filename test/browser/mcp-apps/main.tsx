/**
 * The page of test/browser/mcpApps.e2e.test.ts: the kit talking to an agent behind
 * `@ag-ui/mcp-apps-middleware` (`?agent=`), with MCP Apps hosted in the sandbox page served from
 * another origin (`?sandbox=`), under the person's permissions.
 */
import { createRoot } from "react-dom/client";
import { Composer, createThreadStore, ParleyProvider, ParleyUIProvider, Thread } from "../../../src";
import { createHttpAgent } from "../../../src/http";
import { createPermissions } from "../../../src/core/policy";
import { mcpAppsComponents } from "../../../src/mcp-apps";
import "../../../src/theme/parley.css";

const query = new URLSearchParams(location.search);
const permissions = createPermissions({ identity: "ana", sessionId: "mcp-apps" });
const store = createThreadStore({ agent: createHttpAgent({ url: query.get("agent") ?? "" }), threadId: "mcp-apps", permissions });
const appLogs: unknown[] = [];
// What an app could want: the host page's cookie and storage.
document.cookie = "parley-secret=host-only; path=/";
localStorage.setItem("parley", "host-only");
Object.assign(window, { parleyStore: store, appLogs });

const mcpApps = mcpAppsComponents({ sandbox: query.get("sandbox") ?? "", maxHeight: 480, onLog: (entry) => appLogs.push(entry.data) });

createRoot(document.getElementById("root")!).render(
  <ParleyProvider store={store}>
    <ParleyUIProvider components={mcpApps} style={{ height: 860, width: 900 }}>
      <Thread />
      <Composer />
    </ParleyUIProvider>
  </ParleyProvider>,
);

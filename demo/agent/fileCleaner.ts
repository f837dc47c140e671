/**
 * The demo's MCP App server, "file-cleaner", without I/O: its tools (with the annotations a host
 * reads — `readOnlyHint`, `destructiveHint`, `_meta.ui`), what each returns, and its one `ui://`
 * resource's metadata. The HTML itself is demo/mcp-app/file-cleaner.html, read by the HTTP layer
 * (`mcpServer.ts`); the agent's script (`scenarios.ts`, also loaded by the page for the menu)
 * imports this module, so nothing here may touch Node.
 *
 * The files are made up and nothing is ever removed: each call answers as if it had been done,
 * and the app keeps track of what it moved. Stateless, so every run of the scenario starts alike.
 */

/** The server's id, as `@ag-ui/mcp-apps-middleware` names a server it was configured with. */
export const FILE_CLEANER_SERVER = "file-cleaner";
/**
 * The middleware's `serverHash` is a digest of the server's transport and URL; this one stands for
 * the demo's `{ type: "http", url: "/api/mcp" }`. The host routes by `serverId` when there is one.
 */
export const FILE_CLEANER_HASH = "5f0c1e2a9b7d4c3e8a6f1b2d0e9c7a4b";
export const FILE_CLEANER_URI = "ui://file-cleaner/app.html";
export const MCP_APP_MIME = "text/html;profile=mcp-app";

export interface DemoFile {
  name: string;
  bytes: number;
  /** Last opened (ISO date). */
  opened: string;
  kind: string;
}

export const DOWNLOADS: readonly DemoFile[] = [
  { name: "ubuntu-22.04-desktop-amd64.iso", bytes: 4_700_000_000, opened: "2024-03-02", kind: "Disk image" },
  { name: "holiday-photos-2023.zip", bytes: 1_250_000_000, opened: "2024-08-19", kind: "Archive" },
  { name: "setup-old-printer.exe", bytes: 86_000_000, opened: "2023-11-07", kind: "Installer" },
  { name: "invoice-0412.pdf", bytes: 240_000, opened: "2025-05-30", kind: "PDF" },
];

/** The tools as `tools/list` gives them. */
export const FILE_CLEANER_TOOLS = [
  {
    name: "scan_downloads",
    title: "Scan the downloads folder",
    description: "Lists the largest files in the downloads folder, and shows the cleaner.",
    inputSchema: { type: "object", properties: { folder: { type: "string" } } },
    annotations: { readOnlyHint: true },
    _meta: { ui: { resourceUri: FILE_CLEANER_URI } },
  },
  {
    name: "inspect_file",
    title: "Inspect a file",
    description: "Says what a file is and when it was last opened. Changes nothing.",
    inputSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
    annotations: { readOnlyHint: true },
    _meta: { ui: { visibility: ["app"] } },
  },
  {
    name: "move_to_trash",
    title: "Move files to the trash",
    description: "Moves files to the trash, from where they can still be put back.",
    inputSchema: { type: "object", properties: { names: { type: "array", items: { type: "string" } } }, required: ["names"] },
    // Not read-only, and not destructive either: the trash gives them back.
    annotations: { readOnlyHint: false, destructiveHint: false },
    _meta: { ui: { visibility: ["app"] } },
  },
  {
    name: "empty_trash",
    title: "Empty the trash",
    description: "Deletes what is in the trash for good.",
    inputSchema: { type: "object", properties: { names: { type: "array", items: { type: "string" } } }, required: ["names"] },
    annotations: { readOnlyHint: false, destructiveHint: true },
    _meta: { ui: { visibility: ["app"] } },
  },
] as const;

export type FileCleanerTool = (typeof FILE_CLEANER_TOOLS)[number]["name"];

/** An MCP `CallToolResult`. */
export interface ToolResult {
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

const GB = 1_000_000_000;
/** "4.7 GB", "86 MB", "240 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= GB) return `${(bytes / GB).toFixed(1)} GB`;
  if (bytes >= 1_000_000) return `${Math.round(bytes / 1_000_000)} MB`;
  return `${Math.round(bytes / 1_000)} KB`;
}

const failed = (text: string): ToolResult => ({ content: [{ type: "text", text }], isError: true });

/** The known files among `names` (an argument from the wire: anything else is dropped). */
function known(names: unknown): DemoFile[] {
  const list = Array.isArray(names) ? names.filter((n): n is string => typeof n === "string") : [];
  return DOWNLOADS.filter((f) => list.includes(f.name));
}

/**
 * What a tool returns for these arguments (`tools/call`); an unknown tool or file is an error
 * result, as MCP tools report their failures.
 *
 * @example
 * callFileCleaner("inspect_file", { name: "invoice-0412.pdf" }); // { content: [{ type: "text", text: "invoice-0412.pdf: PDF, 240 KB, last opened 2025-05-30." }], … }
 */
export function callFileCleaner(name: string, args: unknown): ToolResult {
  const a = args && typeof args === "object" ? (args as Record<string, unknown>) : {};
  switch (name) {
    case "scan_downloads": {
      const total = DOWNLOADS.reduce((sum, f) => sum + f.bytes, 0);
      return {
        content: [{ type: "text", text: `${DOWNLOADS.length} large files in Downloads, ${formatBytes(total)} in all.` }],
        structuredContent: { folder: "~/Downloads", files: DOWNLOADS.map((f) => ({ ...f })) },
      };
    }
    case "inspect_file": {
      const file = DOWNLOADS.find((f) => f.name === a.name);
      if (!file) return failed("No such file in Downloads.");
      return { content: [{ type: "text", text: `${file.name}: ${file.kind}, ${formatBytes(file.bytes)}, last opened ${file.opened}.` }], structuredContent: { ...file } };
    }
    case "move_to_trash":
    case "empty_trash": {
      const files = known(a.names);
      if (files.length === 0) return failed("None of those files is in Downloads.");
      const freed = formatBytes(files.reduce((sum, f) => sum + f.bytes, 0));
      const names = files.map((f) => f.name);
      const text = name === "move_to_trash" ? `Moved ${names.length} to the trash (${freed}); they can still be put back.` : `Deleted ${names.length} for good; ${freed} freed.`;
      return { content: [{ type: "text", text }], structuredContent: { names, freed } };
    }
    default:
      return failed(`No tool named ${name.slice(0, 80)}.`);
  }
}

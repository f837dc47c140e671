import { AppBridge, PostMessageTransport, type McpUiHostCapabilities, type McpUiHostContext } from "@modelcontextprotocol/ext-apps/app-bridge";
import type { ThreadStore } from "../store/types";
import type { McpAppCall, McpAppContent, McpAppRef, McpAppResource } from "../core/mcp-apps/types";
import { readMcpAppResource, serverKey } from "../core/mcp-apps/content";
import { assessMcpAppCall, type McpAppCallFacts } from "../core/mcp-apps/gate";
import { proxiedRequestInput, requestThroughAgent } from "../core/mcp-apps/proxy";
import { mcpAppDoor } from "../core/origins/mcp-app";
import * as door from "../core/origins/mcpAppDoor";
import { selectInteractions } from "../core/interactions/select";
import { isRecord } from "../core/thread/guards";
import { linkUrl } from "../components/lib/urlPolicy";
import type { McpAppLabels } from "./labels";

/**
 * The host side of one MCP App in the thread (SEP-1865), without React: the gate before it is
 * shown, its `ui://` resource read through the agent (`__proxiedMCPRequest`) or an app-given MCP
 * client, the sandbox proxy on its own origin with the app's frame inside, and the JSON-RPC bridge
 * (`AppBridge` of `@modelcontextprotocol/ext-apps`). Every wish of the app — its tool calls, a
 * message in the person's name, a link — passes the person's policy and door first; what it is
 * told back is only the outcome.
 */

/** An MCP client the app gives the host for a server (an `@modelcontextprotocol/client` `Client` fits). */
export interface McpAppsClient {
  readResource(params: { uri: string }): Promise<unknown>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<unknown>;
  /** With it, the host knows each tool's annotations (`readOnlyHint`) and who may call it (`_meta.ui.visibility`). */
  listTools?(): Promise<unknown>;
}

/**
 * How the kit hosts MCP Apps. `sandbox` is required: the address of the sandbox page
 * (`mcpAppSandbox` of `parley-ui/mcp-sandbox`) on an origin other than the page's.
 */
export interface McpAppsOptions {
  /** The sandbox page, on an origin of its own (`https://sandbox.example.com/mcp-app`). */
  sandbox: string;
  /** MCP clients by server (`serverId`, or the middleware's `serverHash`): read and call through them instead of the agent. */
  clients?: Readonly<Record<string, McpAppsClient>>;
  /** The frame's height follows the app's `ui/notifications/size-changed` within these (px; default 96 and 640). */
  minHeight?: number;
  maxHeight?: number;
  /** How long a card waits for the person before it declines by itself (ms; default 60 000, the MCP SDK's own request timeout). */
  askTimeoutMs?: number;
  /** How long a request to the server may take (ms; default 30 000). */
  requestTimeoutMs?: number;
  /** Calls an app may make per minute; the rest are refused (default 30). */
  callsPerMinute?: number;
  /** What the host tells apps it is (`ui/initialize`). */
  hostInfo?: { name: string; version: string };
  /** The app's log lines (`notifications/message`), for the app's own diagnostics. */
  onLog?: (entry: { app: McpAppRef; level: string; data: unknown }) => void;
}

/** Where an app stands: the gate, the person's answer, loading, running, or not shown and why. */
export type McpAppPhase =
  | { kind: "checking" }
  | { kind: "asking" }
  | { kind: "loading" }
  | { kind: "ready" }
  | { kind: "refused"; why: "policy" | "person" | "sandbox" | "resource"; message: string };

export interface McpAppHostState {
  phase: McpAppPhase;
  /** The frame's height, within the limits. */
  height: number;
  /** The app's own name, as it says in `ui/initialize` (shown beside its resource, never trusted). */
  appName?: string;
  /** The resource asks for a border (`prefersBorder`). */
  border: boolean;
  /** A link the app asks to open, waiting for the person. */
  link?: { url: string; host: string };
}

const SANDBOX_READY_MS = 15_000;
const TEARDOWN_MS = 500;
const MESSAGE_LIMIT = 4_000;

/** The app's short name from its resource (`ui://get-time/mcp-app.html` → `get-time`), for headings. */
export function appTitle(app: McpAppRef): string {
  const rest = app.resourceUri.slice("ui://".length);
  return (rest.split("/")[0] || rest).slice(0, 60) || app.resourceUri;
}

const randomPart = () => (typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID().slice(0, 8) : Math.random().toString(36).slice(2, 10));

/** Why a sandbox address cannot host apps for this page, or the address to load. */
export function sandboxAddress(sandbox: string, pageOrigin: string, resource: McpAppResource): { ok: true; src: string } | { ok: false; problem: string } {
  let url: URL;
  try {
    url = new URL(sandbox, pageOrigin);
  } catch {
    return { ok: false, problem: "the sandbox address is not a URL." };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, problem: "the sandbox address is not http(s)." };
  if (url.origin === pageOrigin) return { ok: false, problem: "the sandbox is on this page's own origin; it must be served from another." };
  url.searchParams.set("host", pageOrigin);
  url.searchParams.set("csp", JSON.stringify(resource.csp));
  return { ok: true, src: url.href };
}

interface ToolFacts {
  readOnly?: boolean;
  destructive?: boolean;
  appCallable: boolean;
}

function toolFacts(listed: unknown, name: string): ToolFacts | undefined {
  const tools = isRecord(listed) && Array.isArray(listed.tools) ? (listed.tools as unknown[]) : [];
  const tool = tools.find((t) => isRecord(t) && t.name === name);
  if (!isRecord(tool)) return undefined;
  const annotations = isRecord(tool.annotations) ? tool.annotations : {};
  const ui = isRecord(tool._meta) && isRecord(tool._meta.ui) ? tool._meta.ui : {};
  const visibility = Array.isArray(ui.visibility) ? (ui.visibility as unknown[]) : undefined;
  const facts: ToolFacts = { appCallable: !visibility || visibility.includes("app") };
  if (annotations.readOnlyHint === true) facts.readOnly = true;
  if (annotations.destructiveHint === true) facts.destructive = true;
  return facts;
}

/**
 * One app's host. `start(container)` runs the gate and, once allowed, puts the sandbox frame in
 * `container`; `stop()` tears it down and takes back what it still asks. State for
 * `useSyncExternalStore` through `subscribe` / `getState`.
 *
 * @example
 * const host = createMcpAppHost({ store, messageId, content, options: { sandbox: "https://sandbox.example.com/" }, words: mcpAppLabels("en") });
 * host.start(element);
 */
export function createMcpAppHost(args: { store: ThreadStore; messageId: string; content: McpAppContent; options: McpAppsOptions; words: McpAppLabels; hostContext?: () => McpUiHostContext; now?: () => number }) {
  const { store, messageId, content, options, words } = args;
  // The person's door takes an app's calls from now on (they are refused until a host is made).
  mcpAppDoor.loaded = door;
  const now = args.now ?? Date.now;
  const { app } = content;
  const client = options.clients && Object.hasOwn(options.clients, serverKey(app)) ? options.clients[serverKey(app)] : undefined;
  const minHeight = Math.max(24, options.minHeight ?? 96);
  const maxHeight = Math.max(minHeight, options.maxHeight ?? 640);
  const name = appTitle(app);
  let state: McpAppHostState = { phase: { kind: "checking" }, height: minHeight, border: true };
  const listeners = new Set<() => void>();
  const set = (patch: Partial<McpAppHostState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };

  let stopped = false;
  let frame: HTMLIFrameElement | undefined;
  let bridge: AppBridge | undefined;
  let initialized = false;
  let sandboxTimer: ReturnType<typeof setTimeout> | undefined;
  let sizeFrame: number | undefined;
  let listed: Promise<unknown> | undefined;
  const asking = new Map<string, (outcome: "approved" | "refused") => void>();
  const calls: number[] = [];
  let link: { resolve: (opened: boolean) => void } | undefined;

  const refuse = (why: Extract<McpAppPhase, { kind: "refused" }>["why"], message: string) => set({ phase: { kind: "refused", why, message } });
  const newCall = (kind: McpAppCall["kind"], extra: Partial<McpAppCall> = {}): McpAppCall => ({ id: `${messageId.slice(0, 200)}/${kind}-${randomPart()}`, messageId, app, kind, ...(state.appName ? { appName: state.appName } : {}), ...extra });

  /** Waits for the person's answer to the card asked for `callId` (or its timeout, or this host stopping). */
  const answerTo = (callId: string): Promise<"approved" | "refused"> =>
    new Promise((resolve) => {
      const check = () => {
        const outcome = door.appAskOutcome(store.getState().thread, callId);
        if (outcome === "pending") return false;
        finish(outcome);
        return true;
      };
      const finish = (outcome: "approved" | "refused") => {
        unsubscribe();
        asking.delete(callId);
        resolve(outcome);
      };
      const unsubscribe = store.subscribe(() => void check());
      asking.set(callId, finish);
      check();
    });

  /**
   * The gate, then the person's door: an audit record for what the gate decided alone, or a card
   * and the person's answer. Resolves true when the call may go on.
   */
  const gate = async (call: McpAppCall, facts: McpAppCallFacts, audit = true): Promise<{ ok: true } | { ok: false; reason: string }> => {
    const s = store.getState();
    const verdict = assessMcpAppCall(s.thread, s.permissions, call, facts, now());
    if (verdict.kind !== "ask") {
      if (audit) s.dispatch({ type: "app-call", call, verdict, at: now() });
      return verdict.kind === "deny" ? { ok: false, reason: verdict.reason } : { ok: true };
    }
    const asked = s.dispatch({ type: "app-call", call, verdict, at: now(), timeoutMs: options.askTimeoutMs ?? 60_000 });
    if (!asked.ok) return { ok: false, reason: asked.refusal.message };
    if (call.kind === "show") set({ phase: { kind: "asking" } });
    const outcome = await answerTo(call.id);
    return outcome === "approved" ? { ok: true } : { ok: false, reason: "The person did not allow it." };
  };

  const request = async (method: "resources/read" | "tools/call", params: Record<string, unknown>): Promise<unknown> => {
    if (client) return method === "resources/read" ? client.readResource(params as { uri: string }) : client.callTool(params as { name: string; arguments?: Record<string, unknown> });
    const { agent, thread } = store.getState();
    if (!agent) throw new Error("There is no agent to reach the app's server through.");
    return requestThroughAgent(agent, proxiedRequestInput(thread.threadId ?? "mcp-apps", `mcp-app-${randomPart()}`, app, method, params), { timeoutMs: options.requestTimeoutMs ?? 30_000 });
  };

  /** A call over the app's budget is refused; one refusal a minute is audited, so a flood cannot fill the log. */
  const overBudget = (): boolean => {
    const at = now();
    while (calls.length && calls[0]! <= at - 60_000) calls.shift();
    calls.push(at);
    return calls.length > (options.callsPerMinute ?? 30);
  };

  const callTool = async (params: { name: string; arguments?: Record<string, unknown> }) => {
    const tool = typeof params.name === "string" ? params.name : "";
    const call = newCall("call", { tool, args: params.arguments ?? {} });
    if (overBudget()) {
      if (calls.length === (options.callsPerMinute ?? 30) + 1) store.getState().dispatch({ type: "app-call", call, verdict: { kind: "deny", reason: "Too many calls in a minute; the rest of this minute's are refused." }, at: now() });
      throw new Error("Refused: too many calls.");
    }
    if (asking.size) throw new Error("Refused: another call of this app is waiting for the person.");
    let facts: ToolFacts | undefined;
    if (client?.listTools) {
      listed ??= client.listTools().catch(() => undefined);
      facts = toolFacts(await listed, tool);
      if (facts && !facts.appCallable) {
        store.getState().dispatch({ type: "app-call", call, verdict: { kind: "deny", reason: "The server's tool is not callable by apps (_meta.ui.visibility)." }, at: now() });
        throw new Error("Refused: this tool is not callable by apps.");
      }
    }
    const passed = await gate(call, { summary: words.askCall(name, tool), ...(facts?.readOnly ? { readOnly: true } : {}), ...(facts?.destructive ? { destructive: true } : {}) });
    if (!passed.ok) throw new Error(`Refused: ${passed.reason}`);
    const result = await request("tools/call", { name: tool, arguments: params.arguments ?? {} });
    if (!isRecord(result)) throw new Error("The server returned no tool result.");
    return result as { content: [] };
  };

  const sendMessage = async (params: { role: string; content: unknown }): Promise<{ isError?: boolean }> => {
    const blocks = Array.isArray(params.content) ? (params.content as unknown[]) : [];
    const text = blocks.flatMap((b) => (isRecord(b) && b.type === "text" && typeof b.text === "string" ? [b.text] : [])).join("\n").trim();
    if (!text || text.length > MESSAGE_LIMIT) return { isError: true };
    const passed = await gate(newCall("message", { args: { text } }), { summary: words.askMessage(name) });
    if (!passed.ok) return { isError: true };
    return store.getState().sendMessage(text) ? {} : { isError: true };
  };

  const openLink = (params: { url: string }): Promise<{ isError?: boolean }> => {
    const url = typeof params.url === "string" ? linkUrl(params.url, "http://relative.invalid/") : "";
    // Only an absolute http(s) address: a relative one would open this page's own site.
    if (!/^https?:\/\//i.test(url) || url.startsWith("http://relative.invalid/")) return Promise.resolve({ isError: true });
    link?.resolve(false);
    return new Promise((resolve) => {
      link = { resolve: (opened) => resolve(opened ? {} : { isError: true }) };
      set({ link: { url, host: new URL(url).host } });
    });
  };

  const fitHeight = (height: unknown) => {
    if (typeof height !== "number" || !Number.isFinite(height)) return;
    const next = Math.min(maxHeight, Math.max(minHeight, Math.ceil(height)));
    // One change a frame, whatever the app sends: an app resizing without end costs one style write per frame, bounded.
    if (sizeFrame !== undefined) cancelAnimationFrame(sizeFrame);
    sizeFrame = requestAnimationFrame(() => {
      sizeFrame = undefined;
      if (next === state.height) return;
      if (frame) frame.style.height = `${next}px`;
      set({ height: next });
    });
  };

  const connect = (container: HTMLElement, resource: McpAppResource, src: string) => {
    const capabilities: McpUiHostCapabilities = { openLinks: {}, serverTools: {}, logging: {}, message: { text: {} }, sandbox: { csp: resource.csp } };
    const b = new AppBridge(null, options.hostInfo ?? { name: "parley-ui", version: "0.1.0" }, capabilities, { hostContext: args.hostContext?.() ?? {} });
    bridge = b;
    b.addEventListener("sandboxready", () => void b.sendSandboxResourceReady({ html: resource.html }));
    b.addEventListener("initialized", () => {
      clearTimeout(sandboxTimer);
      initialized = true;
      const appName = b.getAppVersion()?.name;
      set({ phase: { kind: "ready" }, ...(typeof appName === "string" && appName ? { appName: appName.slice(0, 80) } : {}) });
      void b.sendToolInput({ arguments: content.toolInput });
      void b.sendToolResult(content.result as Parameters<AppBridge["sendToolResult"]>[0]);
    });
    b.addEventListener("sizechange", ({ height }) => fitHeight(height));
    b.addEventListener("loggingmessage", (params) => options.onLog?.({ app, level: String(params.level), data: params.data }));
    b.oncalltool = (params) => callTool(params);
    b.onmessage = (params) => sendMessage(params);
    b.onopenlink = (params) => openLink(params);
    b.onrequestdisplaymode = () => Promise.resolve({ mode: "inline" });
    const f = document.createElement("iframe");
    // The sandbox page is on its own origin: it may script itself (it relays), never the host. The
    // app's frame inside it gets less still (no allow-same-origin), and the sandbox's header CSP.
    f.setAttribute("sandbox", "allow-scripts allow-same-origin allow-forms");
    f.setAttribute("referrerpolicy", "no-referrer");
    f.title = words.frameTitle(name);
    f.dataset.slot = "mcp-app-frame";
    f.style.cssText = `display:block;width:100%;border:0;height:${state.height}px`;
    container.appendChild(f);
    frame = f;
    void b.connect(new PostMessageTransport(f.contentWindow!, f.contentWindow!)).then(() => {
      if (stopped) return;
      sandboxTimer = setTimeout(() => {
        if (!initialized) refuse("sandbox", "the sandbox page did not answer (is it served for this page's origin?).");
      }, SANDBOX_READY_MS);
      f.src = src;
    });
  };

  const start = async (container: HTMLElement) => {
    // Cards an earlier frame of this app left open: its requests died with it.
    for (const i of selectInteractions(store.getState().thread)) {
      if (i.status === "pending" && i.origin.kind === "mcp-app" && i.origin.call.messageId === messageId) store.getState().withdraw(i.id, "The app was closed.");
    }
    // Shown once allowed: the decision is audited the first time, not on every scroll back to it.
    const audited = store.getState().thread.audit.some((r) => r.id.startsWith(door.mcpAppAskId(`${messageId.slice(0, 200)}/show-`)));
    const shown = await gate(newCall("show"), { summary: words.askShow(name) }, !audited);
    if (stopped) return;
    if (!shown.ok) return refuse(state.phase.kind === "asking" ? "person" : "policy", shown.reason);
    set({ phase: { kind: "loading" } });
    let resource: McpAppResource;
    try {
      const read = readMcpAppResource(await request("resources/read", { uri: app.resourceUri }), app.resourceUri);
      if (!read.ok) return stopped ? undefined : refuse("resource", read.problem);
      resource = read.resource;
    } catch (cause) {
      return stopped ? undefined : refuse("resource", cause instanceof Error ? cause.message : String(cause));
    }
    if (stopped) return;
    const address = sandboxAddress(options.sandbox, window.location.origin, resource);
    if (!address.ok) return refuse("sandbox", address.problem);
    set({ border: resource.prefersBorder !== false });
    connect(container, resource, address.src);
  };

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    start(container: HTMLElement) {
      start(container).catch((cause: unknown) => refuse("resource", cause instanceof Error ? cause.message : String(cause)));
    },
    /** The host page's look changed (theme, tokens, locale, width): told to the app once it is running. */
    setContext(context: McpUiHostContext) {
      if (initialized && bridge) bridge.setHostContext(context);
    },
    /** The person follows the link the app asked to open (the anchor's own click opens it). */
    linkOpened() {
      link?.resolve(true);
      link = undefined;
      set({ link: undefined });
    },
    dismissLink() {
      link?.resolve(false);
      link = undefined;
      set({ link: undefined });
    },
    stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(sandboxTimer);
      if (sizeFrame !== undefined) cancelAnimationFrame(sizeFrame);
      link?.resolve(false);
      const s = store.getState();
      for (const [callId, finish] of [...asking]) {
        s.withdraw(door.mcpAppAskId(callId), "The app was closed.");
        finish("refused");
      }
      const b = bridge;
      const f = frame;
      bridge = undefined;
      frame = undefined;
      const close = () => {
        void b?.close();
        f?.remove();
      };
      if (b && initialized) void Promise.race([b.teardownResource({}), new Promise((r) => setTimeout(r, TEARDOWN_MS))]).catch(() => {}).finally(close);
      else close();
    },
  };
}

export type McpAppHost = ReturnType<typeof createMcpAppHost>;

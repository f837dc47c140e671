import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import type { McpUiHostContext } from "@modelcontextprotocol/ext-apps/app-bridge";
import type { ThreadMessage } from "../../core/fold";
import type { McpAppContent } from "../../core/mcp-apps/types";
import type { ReadonlyThreadStore } from "../../store/types";
import { readMcpAppContent, serverKey } from "../../core/mcp-apps/content";
import { createMcpAppHost, appTitle, type McpAppHost, type McpAppHostState, type McpAppsOptions } from "../../mcp-apps/host";
import { mcpAppLabels, type McpAppLabels } from "../../mcp-apps/labels";
import { useLabels, useLocale } from "../../i18n/LabelsContext";
import { useThreadStore } from "../../react/ParleyProvider";
import { useThread } from "../../react/hooks";
import { useCountdown, useInteraction, useInteractionActions } from "../../react/interactions";
import { buttonVariants } from "../lib/button";
import { cn } from "../lib/cn";
import { formatLeft } from "../interactions/InteractionParts";

/**
 * An MCP App in the thread: the sandboxed frame the host (`mcp-apps/host.ts`) runs it in, its
 * states — checking, asking, loading, running, not shown and why — and the cards of what it asks
 * (a tool call, a message in the person's name, to be shown at all), answered here through the
 * person's door. Loaded with the host on first use (`mcpAppsUi`).
 */

/** The frames that run an app now, per store: a second view of the same app (the queue's) shows its cards only. */
const running = new WeakMap<object, Set<string>>();

/** The kit's tokens under SEP-1865's names: the app takes the page's look (each is `light-dark(…)`). */
const TOKENS: Readonly<Record<string, string>> = {
  "--color-background-primary": "--parley-background",
  "--color-background-secondary": "--parley-muted",
  "--color-background-tertiary": "--parley-accent",
  "--color-text-primary": "--parley-foreground",
  "--color-text-secondary": "--parley-muted-foreground",
  "--color-text-info": "--parley-primary",
  "--color-text-danger": "--parley-destructive",
  "--color-text-success": "--parley-success",
  "--color-text-warning": "--parley-warning",
  "--color-border-primary": "--parley-border",
  "--color-ring-primary": "--parley-ring",
  "--font-sans": "--parley-font-sans",
  "--font-mono": "--parley-font-mono",
  "--font-text-sm-size": "--parley-text-sm",
  "--font-text-md-size": "--parley-text-body",
  "--border-radius-md": "--parley-radius",
  "--shadow-md": "--parley-shadow",
};

/** What the app is told of the page: its theme and tokens, the person's language, how it is shown and how much room it has. */
function hostContextOf(element: HTMLElement | null, locale: string, maxHeight: number): McpUiHostContext {
  const root = element?.closest(".parley") ?? element;
  const style = root ? getComputedStyle(root) : undefined;
  const variables: Record<string, string> = {};
  for (const [name, token] of Object.entries(TOKENS)) {
    const value = style?.getPropertyValue(token).trim();
    if (value) variables[name] = value;
  }
  const scheme = style?.colorScheme ?? "light";
  const dark = scheme.includes("dark") && (!scheme.includes("light") || (typeof matchMedia === "function" && matchMedia("(prefers-color-scheme: dark)").matches));
  const coarse = typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
  return {
    theme: dark ? "dark" : "light",
    styles: { variables: variables as NonNullable<McpUiHostContext["styles"]>["variables"] },
    locale,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    displayMode: "inline",
    availableDisplayModes: ["inline"],
    containerDimensions: { width: element?.clientWidth ?? 0, maxHeight },
    platform: "web",
    deviceCapabilities: { touch: coarse, hover: !coarse },
  };
}

function Busy({ children }: { children: ReactNode }) {
  return (
    <p role="status" aria-busy="true" data-slot="mcp-app-busy" className="pl:m-0 pl:flex pl:h-16 pl:items-center pl:rounded-md pl:bg-muted pl:px-3 pl:text-sm pl:text-muted-foreground">
      {children}
    </p>
  );
}

function refusedWords(phase: Extract<McpAppHostState["phase"], { kind: "refused" }>, words: McpAppLabels): string {
  switch (phase.why) {
    case "policy":
      return words.refusedByPolicy(phase.message);
    case "person":
      return words.refusedByPerson;
    case "sandbox":
      return words.sandboxRefused(phase.message);
    case "resource":
      return words.resourceFailed(phase.message);
  }
}

/**
 * One card an app's wish asks on: what it wants (naming the app, its server and the tool), the
 * arguments or the message as sent, and the person's answers — once, always for this app (when
 * the policy offers a standing grant), no, never for this app.
 *
 * @example
 * <McpAppAskCard id="mcp-app:act-1/call-x1" words={mcpAppLabels("en")} />
 */
export function McpAppAskCard({ id, words }: { id: string; words: McpAppLabels }) {
  const interaction = useInteraction(id);
  const { answer, decline } = useInteractionActions();
  const store = useThreadStore("McpAppAskCard");
  const left = useCountdown(interaction?.deadline);
  const [typed, setTyped] = useState("");
  const [problem, setProblem] = useState("");
  if (!interaction || interaction.origin.kind !== "mcp-app" || interaction.status !== "pending" || interaction.envelope?.messageType !== "permission_request") return null;
  const { call } = interaction.origin;
  const payload = interaction.envelope.payload;
  const name = appTitle(call.app);
  const heading = call.kind === "show" ? words.askShow(name) : call.kind === "message" ? words.askMessage(name) : words.askCall(name, call.tool ?? "");
  const confirmText = payload.confirmText;
  const standing = (payload.scopes ?? []).includes("session") && store.getState().permissions !== undefined;
  const done = (result: { ok: boolean; refusal?: { message: string } }) => setProblem(result.ok ? "" : result.refusal?.message ?? "");
  const approve = (scope: "once" | "session") => done(answer(id, { approved: true, scope, ...(confirmText !== undefined ? { typedConfirmation: typed } : {}) }));
  const text = call.kind === "message" && call.args && typeof (call.args as { text?: unknown }).text === "string" ? (call.args as { text: string }).text : undefined;
  const args = call.kind === "call" ? JSON.stringify(call.args ?? {}, null, 2) : undefined;
  return (
    <section data-slot="mcp-app-ask" data-kind={call.kind} data-interaction-id={id} aria-label={heading} className="pl:flex pl:flex-col pl:gap-2 pl:rounded-lg pl:border pl:border-border pl:bg-background pl:p-3 pl:shadow-sm">
      <h3 className="pl:m-0 pl:text-sm pl:font-semibold">{heading}</h3>
      <dl className="pl:m-0 pl:grid pl:grid-cols-[auto_1fr] pl:gap-x-3 pl:gap-y-1 pl:text-xs">
        <dt className="pl:text-muted-foreground">{words.appLabel}</dt>
        <dd className="pl:m-0 pl:break-all">{call.appName ? `${call.appName} · ` : ""}{call.app.resourceUri}</dd>
        <dt className="pl:text-muted-foreground">{words.serverLabel}</dt>
        <dd className="pl:m-0 pl:break-all">{serverKey(call.app)}</dd>
        {call.kind === "call" ? (
          <>
            <dt className="pl:text-muted-foreground">{words.toolLabel}</dt>
            <dd className="pl:m-0 pl:break-all pl:font-mono">{call.tool}</dd>
          </>
        ) : null}
      </dl>
      {args && args !== "{}" ? (
        <details className="pl:text-xs">
          <summary>{words.argumentsLabel}</summary>
          <pre className="pl:m-0 pl:max-h-40 pl:overflow-auto pl:whitespace-pre-wrap pl:break-all pl:rounded pl:bg-muted pl:p-2 pl:font-mono">{args.slice(0, 4000)}</pre>
        </details>
      ) : null}
      {text !== undefined ? (
        <blockquote aria-label={words.messageLabel} className="pl:m-0 pl:whitespace-pre-wrap pl:break-words pl:border-s-2 pl:border-border pl:ps-2 pl:text-sm">{text}</blockquote>
      ) : null}
      {confirmText !== undefined ? (
        <label className="pl:flex pl:flex-col pl:gap-1 pl:text-xs">
          {words.typeToConfirm(confirmText)}
          <input value={typed} onChange={(e) => setTyped(e.target.value)} className="pl:min-h-9 pl:rounded-md pl:border pl:border-input pl:bg-background pl:px-2 pl:text-sm" />
        </label>
      ) : null}
      <div className="pl:flex pl:flex-wrap pl:gap-2">
        <button type="button" data-answer="once" disabled={confirmText !== undefined && typed.trim() !== confirmText.trim()} className={buttonVariants({ variant: "primary" })} onClick={() => approve("once")}>
          {call.kind === "message" ? words.send : words.allowOnce}
        </button>
        {standing ? (
          <button type="button" data-answer="always" className={buttonVariants({ variant: "secondary" })} onClick={() => approve("session")}>
            {words.allowAlways}
          </button>
        ) : null}
        <button type="button" data-answer="deny" className={buttonVariants({ variant: "secondary" })} onClick={() => done(decline(id))}>
          {words.deny}
        </button>
        <button type="button" data-answer="never" className={buttonVariants({ variant: "secondary" })} onClick={() => done(answer(id, { approved: false, scope: "session" }))}>
          {words.denyAlways}
        </button>
      </div>
      {left !== undefined && left > 0 ? <p className="pl:m-0 pl:text-xs pl:text-muted-foreground">{words.declinesIn(formatLeft(left))}</p> : null}
      {problem ? <p role="alert" className="pl:m-0 pl:text-xs pl:text-destructive">{problem}</p> : null}
    </section>
  );
}
McpAppAskCard.displayName = "Parley.McpAppAskCard";

/** The ids of this app's open cards, oldest first, as one string (a stable value for the selector). */
function useOpenAsks(messageId: string): string[] {
  const joined = useThread((t) => {
    let ids = "";
    for (const id of t.interactionIds) {
      const i = t.interactions.get(id);
      if (i?.status === "pending" && i.origin.kind === "mcp-app" && i.origin.call.messageId === messageId) ids += `${ids ? "\n" : ""}${id}`;
    }
    return ids;
  });
  return joined ? joined.split("\n") : [];
}

/** Runs the app when no other view of it does: the host's state, and the host while it runs. */
function useHost(store: ReadonlyThreadStore, messageId: string, content: McpAppContent | undefined, options: McpAppsOptions, words: McpAppLabels, locale: string) {
  const viewport = useRef<HTMLDivElement | null>(null);
  const [state, setState] = useState<McpAppHostState | undefined>(undefined);
  const hostRef = useRef<McpAppHost | undefined>(undefined);
  // Read when the app starts (options, words) and whenever it is told of the page (locale).
  const latest = useRef({ options, words, locale });
  useLayoutEffect(() => {
    latest.current = { options, words, locale };
  });
  useEffect(() => {
    const element = viewport.current;
    if (!content || !element) return;
    const mine = running.get(store) ?? new Set<string>();
    running.set(store, mine);
    if (mine.has(messageId)) return;
    mine.add(messageId);
    const { options: given, words: said } = latest.current;
    const context = () => hostContextOf(viewport.current, latest.current.locale, given.maxHeight ?? 640);
    const host = createMcpAppHost({ store: store as Parameters<typeof createMcpAppHost>[0]["store"], messageId, content, options: given, words: said, hostContext: context });
    hostRef.current = host;
    const unsubscribe = host.subscribe(() => setState(host.getState()));
    setState(host.getState());
    // Started after the commit, so StrictMode's trial mount (mounted, unmounted, mounted again) asks nothing twice.
    const timer = setTimeout(() => host.start(element), 0);
    return () => {
      clearTimeout(timer);
      unsubscribe();
      host.stop();
      hostRef.current = undefined;
      mine.delete(messageId);
      setState(undefined);
    };
  }, [store, messageId, content]);
  // The page's look and the person's language follow the app while it runs (the bridge sends only what changed).
  useLayoutEffect(() => {
    if (state?.phase.kind === "ready") hostRef.current?.setContext(hostContextOf(viewport.current, latest.current.locale, latest.current.options.maxHeight ?? 640));
  });
  return { state, hostRef, viewport };
}

/**
 * The frame of an `mcp-apps` activity, hosted as `options` say (`mcpAppsComponents` registers it).
 *
 * @example
 * <McpAppFrameView message={message} options={{ sandbox: "https://sandbox.example.com/mcp-app" }} />
 */
export function McpAppFrameView({ message, options, className }: { message: ThreadMessage; options: McpAppsOptions; className?: string }) {
  const store = useThreadStore("McpAppFrameView");
  const locale = useLocale();
  const t = useLabels();
  const words = mcpAppLabels(locale, t.mcpApps);
  const read = message.role === "activity" ? readMcpAppContent(message.content) : ({ ok: false, problem: "Not an app." } as const);
  // The content object is the activity's own: a new snapshot of the app is a new app.
  const content = read.ok ? read.content : undefined;
  const [stableContent] = useState(() => content);
  const { state, hostRef, viewport } = useHost(store, message.id, stableContent, options, words, locale);
  const asks = useOpenAsks(message.id);
  if (!read.ok) {
    return (
      <p data-slot="mcp-app" data-state="refused" role="note" className="pl:m-0 pl:rounded-lg pl:border pl:border-border pl:p-3 pl:text-sm pl:text-muted-foreground">
        {words.resourceFailed(read.problem)}
      </p>
    );
  }
  const { app } = read.content;
  const phase = state?.phase;
  const showFrame = phase?.kind === "loading" || phase?.kind === "ready";
  return (
    <div data-slot="mcp-app" data-state={phase?.kind ?? "elsewhere"} data-message-id={message.id} className={cn("pl:flex pl:flex-col pl:gap-2", className)}>
      <p data-slot="mcp-app-from" className="pl:m-0 pl:text-xs pl:text-muted-foreground">{words.from(state?.appName ? `${state.appName} (${appTitle(app)})` : appTitle(app), serverKey(app))}</p>
      {phase?.kind === "checking" ? <Busy>{words.checking}</Busy> : null}
      {phase?.kind === "loading" ? <Busy>{words.loading}</Busy> : null}
      {phase?.kind === "refused" ? (
        <p data-slot="mcp-app-refused" data-why={phase.why} role="note" className="pl:m-0 pl:rounded-md pl:border pl:border-border pl:p-3 pl:text-sm">
          {refusedWords(phase, words)}
        </p>
      ) : null}
      {asks.map((id) => <McpAppAskCard key={id} id={id} words={words} />)}
      <div
        ref={viewport}
        data-slot="mcp-app-viewport"
        hidden={!showFrame}
        className={cn("pl:overflow-hidden pl:rounded-lg", state?.border !== false && "pl:border pl:border-border")}
      />
      {state?.link ? (
        <p data-slot="mcp-app-link" role="status" className="pl:m-0 pl:flex pl:flex-wrap pl:items-center pl:gap-2 pl:text-sm">
          <span>{words.openLink(state.link.host)}</span>
          <a href={state.link.url} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: "secondary", size: "sm" })} onClick={() => hostRef.current?.linkOpened()}>
            {words.open}
          </a>
          <button type="button" className={buttonVariants({ variant: "secondary", size: "sm" })} onClick={() => hostRef.current?.dismissLink()}>
            {words.dismiss}
          </button>
        </p>
      ) : null}
    </div>
  );
}
McpAppFrameView.displayName = "Parley.McpAppFrameView";

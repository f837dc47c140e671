import { useId, useMemo, useState, useSyncExternalStore, type ReactNode } from "react";
import {
  AgentStatusIndicator,
  Composer,
  AuditLog,
  InteractionQueue,
  MessageExtraActions,
  MessageFeedback,
  PermissionsPanel,
  ParleyProvider,
  useForgetThread,
  ParleyUIProvider,
  PartErrorBoundary,
  RunError,
  Thread,
  useAgentState,
  useThread,
} from "../src";
import { createHttpAgent } from "../src/http";
import { createIndexedDbThreadStorage } from "../src/persistence";
import { createPermissions, definePolicy } from "../src/core/policy";
import "../src/theme/parley.css";
import { demoAttachments } from "./attachments";
import { HooksComposer, HooksRunError, HooksStatus, HooksThread } from "./HooksPage";
import { DojoPanel } from "./dojo";
import { DemoPanels } from "./Panels";
import { useDemoThreads } from "./Sessions";
import { SpeakPending } from "./SpeakPending";
import { KEPT_PERMISSIONS } from "./keptPermissions";
import { RtuiDemo } from "./RtuiDemo";
import { ThemeSwitch, useDemoTheme } from "./ThemeSwitch";
import { DeveloperSwitch, useDeveloper } from "./Developer";
import { ScenarioMenu } from "./ScenarioMenu";
import { DEMO_MCP_APPS } from "./mcpApps";
import { LOCALE, TEXT } from "./text";

/** Where runs go: `PARLEY_AGENT_URL` at `npm start`, else the embedded reference agent. */
export const AGENT_URL = __PARLEY_AGENT_URL__;

/** True when the page talks to the embedded reference agent, whose scenarios the picker triggers. */
export const EMBEDDED_AGENT = __PARLEY_AGENT_EMBEDDED__;

/** `?ui=hooks` shows the same chat built only from the hooks (no kit components). */
const params = typeof location !== "undefined" ? new URLSearchParams(location.search) : new URLSearchParams();
const UI_MODE: "kit" | "hooks" = params.get("ui") === "hooks" ? "hooks" : "kit";
/**
 * `?persist`: the conversation is kept in IndexedDB across reloads — a pending question comes back
 * with its countdown, an answer not yet delivered goes out once; open in two tabs, an answer in one
 * closes the card in the other and is sent once.
 */
const PERSISTENCE = params.has("persist") ? { storage: createIndexedDbThreadStorage(), key: "parley-demo", tabs: true } : undefined;

function StatePanel() {
  const state = useAgentState();
  return (
    <section className="demo-card" aria-label={TEXT.sharedState}>
      <h2>{TEXT.sharedState}</h2>
      <pre data-testid="agent-state">{state === undefined ? "—" : JSON.stringify(state, null, 2)}</pre>
    </section>
  );
}

/** What the agent sent that could not be applied (a broken frame, a malformed event), as plain text. */
function ProtocolErrors() {
  const errors = useThread((t) => t.errors);
  if (errors.length === 0) return null;
  return (
    <section className="demo-card" aria-label={TEXT.protocolErrors}>
      <h2>{TEXT.protocolErrors}</h2>
      <ul data-testid="protocol-errors">
        {errors.map((error, i) => {
          const frame = (error.event as { event?: { frame?: unknown } } | undefined)?.event?.frame;
          return (
            <li key={`${error.eventIndex}-${i}`} data-code={error.code}>
              {error.message}
              {error.code === "invalid-frame" && typeof frame === "string" && frame ? <code>{frame}</code> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Thumbs up / down at the end of each answer's action row; the reference agent takes them as META. */
const feedbackOnAnswers = ({ id, role }: { id: string; role: "user" | "assistant" }) => (role === "assistant" ? <MessageFeedback messageId={id} /> : null);

function KitChat() {
  return (
    <div className="demo-kit">
      <MessageExtraActions render={feedbackOnAnswers}>
        <Thread className="demo-kit-thread" />
      </MessageExtraActions>
      <AgentStatusIndicator />
      <RunError />
      <Composer attachments={demoAttachments} dictation />
    </div>
  );
}

function HooksChat() {
  return (
    <>
      <HooksThread />
      <HooksStatus />
      <HooksRunError />
      <HooksComposer />
    </>
  );
}

/**
 * Whether the demo app is in test mode: the app's own fact (never the agent's), read by the policy
 * at each decision, so switching it ends what a "only in test mode" grant covers at once.
 */
let testMode = true;

/**
 * The demo's permissions: the default policy (confirm private data, money and irreversible acts;
 * type the name for destructive ones) with one rule of the app's — mail may be allowed standing
 * "only in test mode" — grants the person makes, and the audit log.
 */
const PERMISSIONS = createPermissions({
  identity: "demo-user@example.com",
  sessionId: "demo-session",
  policy: definePolicy([{ id: "test-mail", match: { name: "send_mail" }, decision: "confirm", conditions: [{ label: LOCALE === "zh-CN" ? "测试模式下" : "in test mode", condition: { "context.mode": "test" } }] }]),
  context: () => ({ mode: testMode ? "test" : "live" }),
});

/** The app's test-mode switch. */
function TestModeSwitch() {
  const [on, setOn] = useState(testMode);
  return (
    <label className="demo-switch">
      <input
        type="checkbox"
        checked={on}
        onChange={(event) => {
          testMode = event.target.checked;
          setOn(testMode);
        }}
      />
      {TEXT.testMode}
      <span className="demo-hint">{TEXT.testModeHint}</span>
    </label>
  );
}

const NARROW = "(max-width: 48rem)";

/** Whether the page is phone-narrow (the side panels then fold into a section below the chat). */
function useNarrow(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = matchMedia(NARROW);
      query.addEventListener("change", onChange);
      return () => query.removeEventListener("change", onChange);
    },
    () => matchMedia(NARROW).matches,
    () => false,
  );
}

/** The side panels: beside the chat on a wide screen, a section that opens below it on a phone. */
function Panels({ children }: { children: ReactNode }) {
  const narrow = useNarrow();
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!narrow) return <aside className="demo-aside" aria-label={TEXT.panels}>{children}</aside>;
  return (
    <aside className="demo-aside" data-state={open ? "open" : "closed"} aria-label={TEXT.panels}>
      <button type="button" className="demo-panels-toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {open ? TEXT.panelsHide : TEXT.panelsShow}
      </button>
      <div id={id} className="demo-panels" hidden={!open}>
        {children}
      </div>
    </aside>
  );
}

/** Forgets the kept conversation and starts over (`useForgetThread`: no pending save can bring it back). */
function ForgetButton() {
  const forget = useForgetThread();
  return (
    <button type="button" className="demo-link" onClick={() => void forget?.().then(() => location.reload())}>
      {TEXT.forget}
    </button>
  );
}

/** The first stop of the Tab order: straight to the conversation, past the header's controls. */
function SkipLink() {
  return (
    <a
      className="demo-skip"
      href="#demo-chat"
      onClick={(event) => {
        event.preventDefault();
        document.getElementById("demo-chat")?.focus();
      }}
    >
      {TEXT.skip}
    </a>
  );
}

/** What a developer wants to see and a visitor does not: where runs go, the other versions of the page, the app's switches. */
function DeveloperBar() {
  return (
    <div className="demo-devbar" data-slot="demo-devbar">
      <small>
        {TEXT.agent}: {AGENT_URL} · <a href={UI_MODE === "kit" ? "?ui=hooks" : "?"}>{UI_MODE === "kit" ? TEXT.hooksVersion : TEXT.kitVersion}</a>
        {PERSISTENCE ? null : (
          <>
            {" · "}
            <a href="?persist">{TEXT.keep}</a>
          </>
        )}
      </small>
      {UI_MODE === "kit" ? <TestModeSwitch /> : null}
      {/* The reference RTUI server lives beside the embedded agent. */}
      {EMBEDDED_AGENT ? <RtuiDemo /> : null}
    </div>
  );
}

export function App() {
  const agent = useMemo(() => createHttpAgent({ url: AGENT_URL }), []);
  // The thread list and pushed sessions (issues 8, 10); `?persist` keeps its one thread instead.
  const developer = useDeveloper();
  const threads = useDemoThreads(!PERSISTENCE, developer);
  const colorScheme = useDemoTheme();
  const content = (
    <>
      <header className="demo-header" data-developer={developer ? "on" : "off"}>
        <SkipLink />
        <h1>Parley</h1>
        {/* Another agent (PARLEY_AGENT_URL) knows nothing of the reference agent's scripts. */}
        {EMBEDDED_AGENT ? <ScenarioMenu /> : null}
        <div className="demo-controls">
          {PERSISTENCE ? <ForgetButton /> : null}
          <ThemeSwitch />
          <DeveloperSwitch />
        </div>
        {developer ? <DeveloperBar /> : null}
      </header>
      <main id="demo-chat" tabIndex={-1} className="demo-main" data-ui={UI_MODE} aria-labelledby="demo-chat-title">
        {/* For the outline: the cards' headings (h3) sit under it, not straight under the page's h1. */}
        <h2 id="demo-chat-title" className="demo-visually-hidden">
          {TEXT.conversation}
        </h2>
        {UI_MODE === "kit" ? <KitChat /> : <HooksChat />}
      </main>
      <Panels>
        {threads?.list}
        {/* The queue shares the thread's UI provider, so "show in conversation" can scroll it. */}
        {UI_MODE === "kit" ? (
          <>
            <InteractionQueue />
            <DemoPanels />
            {/* The kit's panels that have no frame of their own get the one the others have. */}
            <PermissionsPanel className="demo-card" />
            <AuditLog className="demo-card" />
            <DojoPanel />
          </>
        ) : null}
        <SpeakPending locale={LOCALE} />
        {developer ? (
          <>
            <PartErrorBoundary name="StatePanel">
              <StatePanel />
            </PartErrorBoundary>
            <ProtocolErrors />
          </>
        ) : null}
      </Panels>
    </>
  );
  return (
    <ParleyProvider key={threads?.threadId} threadId={threads?.threadId} agent={agent} locale={LOCALE} permissions={PERMISSIONS} persistence={PERSISTENCE ?? threads?.persistence} keepPermissions={KEPT_PERMISSIONS} trace>
      {UI_MODE === "kit" ? (
        <ParleyUIProvider className="demo-shell" locale={LOCALE} colorScheme={colorScheme} components={DEMO_MCP_APPS}>{content}</ParleyUIProvider>
      ) : (
        <div className="demo-shell">{content}</div>
      )}
    </ParleyProvider>
  );
}

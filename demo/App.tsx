import { useMemo } from "react";
import {
  AgentStatusIndicator,
  Composer,
  createHttpAgent,
  AuditLog,
  InteractionQueue,
  PermissionsPanel,
  ParleyProvider,
  ParleyUIProvider,
  RunError,
  Thread,
  useAgentRun,
  useAgentState,
} from "../src";
import { createPermissions } from "../src/core/policy";
import "../src/theme/parley.css";
import { SCENARIOS } from "./agent/scenarios";
import { FallbackComposer, FallbackRunError, FallbackStatus, FallbackThread } from "./fallback";
import { DojoPanel } from "./dojo";

/** Where runs go: `PARLEY_AGENT_URL` at `npm start`, else the embedded reference agent. */
export const AGENT_URL = __PARLEY_AGENT_URL__;

/** True when the page talks to the embedded reference agent, whose scenarios the picker triggers. */
export const EMBEDDED_AGENT = __PARLEY_AGENT_EMBEDDED__;

/** `?ui=hooks` shows the same chat built only from the hooks (no kit components). */
const params = typeof location !== "undefined" ? new URLSearchParams(location.search) : new URLSearchParams();
const UI_MODE: "kit" | "hooks" = params.get("ui") === "hooks" ? "hooks" : "kit";
/** `?lang=zh-CN` shows the kit, and writes the agent's context and the person's answers, in Chinese. */
const LOCALE = params.get("lang") ?? "en";

function ScenarioPicker() {
  const { send, isRunning } = useAgentRun();
  return (
    <nav className="demo-picker" aria-label="Scenarios">
      {SCENARIOS.map((s) => (
        <button key={s.name} type="button" disabled={isRunning} title={s.trigger} onClick={() => send(s.trigger)}>
          {s.label}
        </button>
      ))}
    </nav>
  );
}

function StatePanel() {
  const state = useAgentState();
  return (
    <section aria-label="Shared state">
      <h2>Shared state</h2>
      <pre data-testid="agent-state">{state === undefined ? "—" : JSON.stringify(state, null, 2)}</pre>
    </section>
  );
}

function KitChat() {
  return (
    <div className="demo-kit">
      <Thread className="demo-kit-thread" />
      <AgentStatusIndicator />
      <RunError />
      <Composer />
    </div>
  );
}

function HooksChat() {
  return (
    <>
      <FallbackThread />
      <FallbackStatus />
      <FallbackRunError />
      <FallbackComposer />
    </>
  );
}

/**
 * The demo's permissions: the default policy (confirm private data, money and irreversible acts;
 * type the name for destructive ones), grants the person makes, and the audit log.
 */
const PERMISSIONS = createPermissions({ identity: "demo-user@example.com", sessionId: "demo-session" });

export function App() {
  const agent = useMemo(() => createHttpAgent({ url: AGENT_URL }), []);
  const content = (
    <>
      <header className="demo-header">
        <h1>Parley</h1>
        {/* Another agent (PARLEY_AGENT_URL) knows nothing of the reference agent's scripts. */}
        {EMBEDDED_AGENT ? <ScenarioPicker /> : null}
        <small>
          agent: {AGENT_URL} · <a href={UI_MODE === "kit" ? "?ui=hooks" : "?"}>{UI_MODE === "kit" ? "hooks-only version" : "kit version"}</a>
        </small>
      </header>
      <main className="demo-main" data-ui={UI_MODE}>{UI_MODE === "kit" ? <KitChat /> : <HooksChat />}</main>
      <aside className="demo-aside">
        {/* The queue shares the thread's UI provider, so "show in conversation" can scroll it. */}
        {UI_MODE === "kit" ? (
          <>
            <InteractionQueue />
            <PermissionsPanel />
            <AuditLog />
            <DojoPanel />
          </>
        ) : null}
        <StatePanel />
      </aside>
    </>
  );
  return (
    <ParleyProvider agent={agent} locale={LOCALE} permissions={PERMISSIONS}>
      {UI_MODE === "kit" ? (
        <ParleyUIProvider className="demo-shell" locale={LOCALE}>{content}</ParleyUIProvider>
      ) : (
        <div className="demo-shell">{content}</div>
      )}
    </ParleyProvider>
  );
}

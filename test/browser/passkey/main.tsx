/**
 * The page of test/browser/passkey.e2e.test.ts: registering the person's passkey with the server
 * (`registerPasskey`), then the kit talking to an agent (agent.ts) whose permission ask requires it.
 */
import { createRoot } from "react-dom/client";
import { Composer, createThreadStore, ParleyProvider, ParleyUIProvider, Thread } from "../../../src";
import { createHttpAgent } from "../../../src/http";
import { registerPasskey } from "../../../src/passkey";
import { decisionRecordFor } from "../../../src/core/decisions/writeRecord";
import "../../../src/theme/parley.css";

const fallback = new URLSearchParams(location.search).get("fallback") ?? "refuse";
const store = createThreadStore({ agent: createHttpAgent({ url: `/agent?fallback=${fallback}` }), threadId: "passkey" });
// For the test: the store, and the record writer a script in the page could reach as well.
Object.assign(window, { parleyStore: store, decisionRecordFor });

async function register() {
  const out = document.getElementById("registered")!;
  const options = await (await fetch("/passkey/options", { method: "POST" })).json();
  const result = await registerPasskey(options);
  if (!result.ok) return void (out.textContent = `not registered: ${result.problem}`);
  const verified = (await (await fetch("/passkey/register", { method: "POST", body: JSON.stringify(result.response) })).json()) as { ok: boolean; message?: string };
  out.textContent = verified.ok ? "registered" : `refused: ${verified.message}`;
}
document.getElementById("register")!.addEventListener("click", () => void register());
document.getElementById("start")!.addEventListener("click", () => store.getState().sendMessage("Delete the old backups"));

createRoot(document.getElementById("root")!).render(
  <ParleyProvider store={store}>
    <ParleyUIProvider style={{ height: 700, width: 800 }}>
      <Thread />
      <Composer />
    </ParleyUIProvider>
  </ParleyProvider>,
);

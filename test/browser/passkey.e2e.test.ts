/**
 * A passkey step-up in Chromium (issue 25), with a virtual authenticator (the DevTools WebAuthn
 * domain) standing for the person's platform authenticator: the person registers a passkey with
 * the agent's server; the server asks to delete files with `stepUp`; the person approves on the
 * card, the authenticator signs the decision, and the server's `verifyDecision` lets the tool run —
 * once. Without the person's verification nothing is signed and nothing runs until they try again;
 * a script that writes an approval without the passkey is refused by the server; where the browser
 * has no passkey, the ask's fallback decides (refuse, or the typed confirmation). The page and its
 * agent: test/browser/passkey/.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import type { CDPSession, Page } from "playwright-core";
import { createServer, type ViteDevServer } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { openBrowser, root, type Browser } from "./support";
import { passkeyAgent, type PasskeyAgentLog } from "./passkey/agent";

let server: ViteDevServer;
let url: string;
let browser: Browser | undefined;
const log: PasskeyAgentLog = { verdicts: [], ran: [] };

beforeAll(async () => {
  server = await createServer({
    configFile: false,
    cacheDir: join(root, "node_modules/.vite-passkey"),
    root: join(root, "test/browser/passkey"),
    plugins: [react(), tailwindcss(), passkeyAgent(log)],
    server: { host: "127.0.0.1", port: 0, strictPort: false, hmr: false },
    logLevel: "warn",
    clearScreen: false,
  });
  await server.listen();
  // WebAuthn takes no IP address as its RP id: the page runs on localhost (a secure context).
  url = (server.resolvedUrls?.local[0] ?? "").replace("127.0.0.1", "localhost");
});

afterEach(async () => {
  await browser?.close();
  browser = undefined;
  log.verdicts.length = 0;
  log.ran.length = 0;
});

afterAll(async () => {
  await server?.close();
});

/** A page with a virtual platform authenticator (user verification on), or with no WebAuthn at all. */
async function open(query = "", { webauthn = true } = {}): Promise<{ page: Page; cdp?: CDPSession; authenticatorId?: string }> {
  browser = await openBrowser({ width: 1000, height: 900 });
  const { page, context } = browser;
  if (!webauthn) {
    await context.addInitScript(() => {
      delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
    });
    await page.goto(`${url}${query}`);
    await ready(page);
    return { page };
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  await page.goto(`${url}${query}`);
  await ready(page);
  return { page, cdp, authenticatorId };
}

/** The page's script has run (its buttons listen) once the kit has rendered; on a cold dev server that takes a while. */
async function ready(page: Page) {
  await page.locator("[data-slot=composer]").first().waitFor({ timeout: 30_000 });
}

async function register(page: Page) {
  await page.locator("#register").click();
  await expect.poll(() => page.locator("#registered").textContent(), { timeout: 15_000 }).toBe("registered");
}

/** Starts the run and waits for the permission card the server's ask makes. */
async function asked(page: Page) {
  await page.locator("#start").click();
  const card = page.locator("[data-slot=interaction][data-type=permission_request]");
  await card.waitFor();
  return card;
}

/** Lazily loaded parts (the card's step) and a loaded machine: poll for a while. */
const WAIT = { timeout: 15_000 };

const reply = (page: Page) => page.locator("[data-slot=message][data-role=assistant]").last();

describe("a passkey step-up in Chromium", () => {
  it("approve → the authenticator signs the decision → the server verifies it and the tool runs once", async () => {
    const { page } = await open();
    await register(page);
    const card = await asked(page);
    await expect.poll(() => card.locator("[data-slot=permission-passkey-needed]").textContent(), WAIT).toBe("Approving needs your passkey.");
    await card.locator("[data-slot=permission-approve]").click();
    await expect.poll(() => reply(page).textContent(), { timeout: 15_000 }).toContain("Deleted /srv/backups/2025.");
    expect(log.verdicts).toEqual(["ok"]);
    expect(log.ran).toEqual(["delete /srv/backups/2025"]);
    await expect.poll(() => card.locator("[data-slot=permission-passkey-done]").getAttribute("data-how"), WAIT).toBe("passkey");
    // What went: the payload LangGraph-style servers read, and the signed record beside it.
    const sent = await page.evaluate(() => {
      const store = (window as unknown as { parleyStore: { getState(): { thread: { interactions: Map<string, { decision?: { assertion?: { id?: string } } }> } } } }).parleyStore;
      return [...store.getState().thread.interactions.values()][0]?.decision?.assertion?.id;
    });
    expect(typeof sent).toBe("string");
    expect(browser!.problems).toEqual([]);
  });

  it("without the person's verification nothing is signed nor sent; they try again and it goes", async () => {
    const { page, cdp, authenticatorId } = await open();
    await register(page);
    const card = await asked(page);
    await cdp!.send("WebAuthn.setUserVerified", { authenticatorId: authenticatorId!, isUserVerified: false });
    await card.locator("[data-slot=permission-approve]").click();
    const step = card.locator("[data-slot=permission-passkey]");
    await expect.poll(() => step.getAttribute("data-state"), { timeout: 15_000 }).toBe("problem");
    await expect.poll(() => step.locator("[role=alert]").textContent(), WAIT).toBe("The passkey was not given, so nothing is approved yet.");
    expect(log.verdicts).toEqual([]);

    await cdp!.send("WebAuthn.setUserVerified", { authenticatorId: authenticatorId!, isUserVerified: true });
    await step.locator("[data-slot=permission-passkey-use]").click();
    await expect.poll(() => reply(page).textContent(), { timeout: 15_000 }).toContain("Deleted");
    expect(log.verdicts).toEqual(["ok"]);
  });

  it("a script in the page that writes the approval without the passkey is refused by the server", async () => {
    const { page } = await open();
    await register(page);
    const card = await asked(page);
    // An agent driving the page: it answers through the store and writes a record itself, unsigned.
    await page.evaluate(async () => {
      type Store = { getState(): { thread: { interactions: Map<string, unknown> }; answer(id: string, r: unknown): unknown; dispatch(a: unknown): unknown } };
      const page = window as unknown as { parleyStore: Store; decisionRecordFor: (i: unknown, by: unknown) => Promise<unknown> };
      const store = page.parleyStore;
      const id = [...store.getState().thread.interactions.keys()][0]!;
      store.getState().answer(id, { approved: true });
      const record = await page.decisionRecordFor(store.getState().thread.interactions.get(id), { who: "person", decisionId: "forged", signing: true });
      store.getState().dispatch({ type: "record-decision", interactionId: id, record });
    });
    await expect.poll(() => reply(page).textContent(), { timeout: 15_000 }).toContain("Not run: assertion-missing.");
    expect(log.ran).toEqual([]);
    await card.waitFor();
  });

  it("no passkey in this browser, and the ask allows the typed confirmation: typed, it goes, marked as such", async () => {
    const { page } = await open("?fallback=typed", { webauthn: false });
    const card = await asked(page);
    await card.locator("[data-slot=permission-approve]").click();
    const typed = card.locator("[data-slot=permission-passkey-typed]");
    await typed.waitFor();
    await typed.fill("delete files");
    await card.locator("[data-slot=permission-passkey-confirm-typed]").click();
    await expect.poll(() => card.locator("[data-slot=permission-passkey-mismatch]").count(), WAIT).toBe(1);
    expect(log.verdicts).toEqual([]);
    await typed.fill("delete_files");
    await card.locator("[data-slot=permission-passkey-confirm-typed]").click();
    await expect.poll(() => reply(page).textContent(), { timeout: 15_000 }).toContain("Deleted");
    expect(log.verdicts).toEqual(["ok:typed"]);
    await expect.poll(() => card.locator("[data-slot=permission-passkey-done]").getAttribute("data-how"), WAIT).toBe("typed");
  });

  it("no passkey in this browser, and the ask refuses without one: it says so, and Decline instead declines", async () => {
    const { page } = await open("", { webauthn: false });
    const card = await asked(page);
    await card.locator("[data-slot=permission-approve]").click();
    const step = card.locator("[data-slot=permission-passkey]");
    await expect.poll(() => step.locator("[role=alert]").textContent(), { timeout: 15_000 }).toContain("this browser has none");
    expect(await step.locator("[data-slot=permission-passkey-use]").count()).toBe(0);
    await step.locator("[data-slot=permission-passkey-decline]").click();
    await expect.poll(() => reply(page).textContent(), { timeout: 15_000 }).toContain("Not run: not-approved.");
    expect(log.ran).toEqual([]);
  });
});

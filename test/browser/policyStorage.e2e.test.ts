/**
 * The person's permissions in real IndexedDB (chromium): `createIndexedDbPolicyStorage` keeps
 * grants and a bounded audit log, two appends at once both land (one transaction each), and
 * `keepPermissions` takes the stored grants up in a new thread — dropping what a hostile script
 * left in the database — and writes the person's next decision. The modules are loaded from the
 * demo's dev server, as the app would load them.
 */
import { describe, expect, it } from "vitest";
import { pickScenario, root, withDemo } from "./support";

const demo = withDemo();

describe("createIndexedDbPolicyStorage in chromium", () => {
  it("keeps grants and a bounded log, survives concurrent appends, and feeds keepPermissions in a new thread", async () => {
    const { browser, url } = demo;
    const page = browser.page;
    await page.goto(url);
    // The page imports the modules itself: a dynamic import written here would be rewritten by the test's own transform.
    await page.evaluate("window.__load = (path) => import(path)");
    const outcome = await page.evaluate(async (src) => {
      const load = (path: string) => (window as unknown as { __load: (p: string) => Promise<any> }).__load(path);
      const persistence = await load(`/@fs${src}/src/persistence.ts`);
      const store = await load(`/@fs${src}/src/store/index.ts`);
      const policy = await load(`/@fs${src}/src/core/policy/index.ts`);
      const idb = await load(`/@fs${src}/node_modules/idb-keyval/dist/index.js`);
      const storage = persistence.createIndexedDbPolicyStorage({ dbName: "parley-permissions-test" });
      const now = Date.now();
      const record = (id: string, at: number) => ({ id, at, decision: "approved", how: "click", who: "ana", operation: "mail.send" });
      // Two tabs' appends at the same moment: both land, in one log, trimmed to the newest 3.
      await Promise.all([storage.appendAudit("ana", [record("a1", 1), record("a2", 2)], { limit: 3 }), storage.appendAudit("ana", [record("b1", 3), record("b2", 4)], { limit: 3 })]);
      const log = (await storage.loadAudit("ana")).map((r: { id: string }) => r.id);
      // A live grant, an expired one, and what a hostile script wrote beside them.
      const grant = { id: "g1", operation: "mail.send", scope: "session", grantedBy: "ana", grantedAt: now - 10, uses: 1 };
      await idb.set("grants:ana", [grant, { ...grant, id: "g2", expiresAt: now - 1 }, { id: "evil", scope: "forever" }, "<img src=x onerror=alert(1)>"], idb.createStore("parley-permissions-test", "records"));
      const thread = store.createThreadStore({ batch: "sync", permissions: policy.createPermissions({ identity: "ana" }) });
      const kept = persistence.keepPermissions(thread, { storage, key: "ana", openChannel: null });
      await kept.ready;
      const adopted = thread.getState().thread.grants.map((g: { id: string }) => g.id);
      const state = thread.getState().keptPermissions;
      thread.getState().revoke("g1");
      await kept.flush();
      const stored = await storage.loadGrants("ana");
      return { log, adopted, status: state.status, problem: state.problem, stored: stored.map((g: { id: string; revokedAt?: number }) => `${g.id}:${g.revokedAt ? "revoked" : "live"}`), lastDecision: (await storage.loadAudit("ana")).at(-1).decision };
    }, root);
    expect(outcome.log).toHaveLength(3);
    expect(outcome.log).toEqual(expect.arrayContaining(["b1", "b2"]));
    expect(outcome.adopted).toEqual(["g1"]);
    expect(outcome).toMatchObject({ status: "ready", problem: "2 stored grant(s) could not be read and were dropped." });
    expect(outcome.stored).toEqual(["g1:revoked"]);
    expect(outcome.lastDecision).toBe("revoked");
    expect(browser.problems).toEqual([]);
  });

  it("in the demo (?persist): a session grant made in one conversation spares the prompt in the next, after a reload", async () => {
    const { browser, url } = demo;
    const page = await browser.context.newPage();
    await page.goto(`${url}?persist`);
    await page.locator('[data-ui="kit"]').waitFor();
    const pending = page.locator("[data-slot=thread] [data-slot=interaction][data-type=permission_request][data-state=pending]");
    await pickScenario(page, "Weekly report (permissions)");
    await pending.first().waitFor({ timeout: 20_000 });
    await pending.getByRole("radio", { name: /session/i }).click();
    await pending.getByRole("button", { name: "Approve" }).click();
    await pending.getByText("regional managers").first().waitFor({ timeout: 15_000 });
    await pending.getByRole("button", { name: "Don't send mail", exact: true }).click();
    await expect.poll(() => pending.count(), { timeout: 15_000 }).toBe(0);
    // The agent's reply to the decline ends its run. "forget" right after (useForgetThread) is final:
    // the thread's save still pending then is never written, not even when the page hides.
    await page.getByRole("button", { name: "Stop" }).waitFor({ state: "detached", timeout: 15_000 }).catch(() => undefined);

    // A new conversation (the thread is forgotten, the page reloads): the person's grant is still theirs.
    await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "forget this conversation" }).click()]);
    await page.locator('[data-ui="kit"]').waitFor();
    expect(await page.locator("[data-slot=thread] [data-slot=interaction]").count()).toBe(0);
    await page.locator("[data-slot=permissions-panel] [data-scope=session][data-state=live]").first().waitFor({ timeout: 15_000 });
    await pickScenario(page, "Weekly report (permissions)");
    await pending.getByText("regional managers").first().waitFor({ timeout: 20_000 });
    await page.locator("[data-slot=interaction-outcome][data-how=grant]").first().waitFor();
    // The audit log shows the first conversation's decisions beside this one's.
    await page.locator("[data-decision=granted]").first().waitFor();
    await page.locator("[data-decision=approved_by_grant]").first().waitFor();
    expect(browser.problems).toEqual([]);
    await page.close();
  });
});

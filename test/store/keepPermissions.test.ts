// @vitest-environment node
import { describe, expect, it } from "vitest";
import { createThreadStore, type Interaction, type ThreadStore } from "../../src";
import { createMemoryPolicyStorage, createPermissions, type Grant, type PolicyStorage } from "../../src/core/policy";
import { keepPermissions, restoreThread, snapshotThread } from "../../src/persistence";
import { channelHub } from "../support/tabs";
import { ev } from "../support/events";
import { fakeAgent } from "../support/fakeAgent";

/**
 * A person's grants and audit log kept across threads: a standing grant made in one thread spares
 * the prompt in the next, a revocation reaches every thread and tab, the log is bounded, and a
 * storage that fails never costs a decision.
 */

let n = 0;
let clock = 1_000_000;
const settle = async () => {
  for (let i = 0; i < 10; i++) await new Promise<void>((resolve) => setTimeout(resolve, 0));
};
const ask = (id: string, operation: string) => [
  ev.toolStart(id, "parley_request_permission"),
  ev.toolArgs(id, JSON.stringify({ operation, summary: `Allow ${operation}?`, categories: ["privacy"] })),
  ev.toolEnd(id),
];
const interaction = (store: ThreadStore, id: string) => store.getState().thread.interactions.get(id) as Interaction;

function thread(storage: PolicyStorage, options: { hub?: ReturnType<typeof channelHub>; auditLimit?: number } = {}) {
  const fake = fakeAgent();
  const store = createThreadStore({ agent: fake.agent, batch: "sync", createId: () => `id-${++n}`, now: () => clock, permissions: createPermissions({ identity: "ana" }) });
  const kept = keepPermissions(store, { storage, key: "user-1", now: () => clock, openChannel: options.hub?.open ?? null, ...(options.auditLimit ? { auditLimit: options.auditLimit } : {}) });
  return { fake, store, kept, s: () => store.getState() };
}

/** A thread where the person approved `op` for the session (grant `grant:p1`). */
async function granted(storage: PolicyStorage, hub?: ReturnType<typeof channelHub>) {
  const a = thread(storage, { hub });
  await a.kept.ready;
  a.s().sendMessage("go");
  a.fake.play(ask("p1", "mail.send"));
  expect(a.s().answer("p1", { approved: true, scope: "session" })).toEqual({ ok: true });
  await a.kept.flush();
  return a;
}

describe("keepPermissions", () => {
  it("a session grant made in one thread spares the prompt in the next, and the log holds both threads' decisions", async () => {
    const storage = createMemoryPolicyStorage();
    const a = await granted(storage);
    expect((await storage.loadGrants("user-1")).map((g) => g.id)).toEqual(["grant:p1"]);
    expect(a.s().keptPermissions).toMatchObject({ status: "ready" });

    const b = thread(storage);
    await b.kept.ready;
    expect(b.s().thread.grants.map((g) => g.id)).toEqual(["grant:p1"]);
    b.s().sendMessage("again");
    b.fake.play(ask("q1", "mail.send"));
    expect(interaction(b.store, "q1")).toMatchObject({ status: "answered", how: "grant", response: { grantId: "grant:p1" } });
    await b.kept.flush();
    // Its use is counted in storage too.
    expect((await storage.loadGrants("user-1"))[0]!.uses).toBe(2);
    expect(b.s().keptPermissions!.audit.map((r) => r.decision)).toEqual(["approved", "granted", "approved_by_grant"]);
    expect((await storage.loadAudit("user-1")).map((r) => r.interactionId)).toEqual(["p1", "p1", "q1"]);
  });

  it("a revocation in one tab revokes the grant in the person's other tabs at once, and the log says so", async () => {
    const storage = createMemoryPolicyStorage();
    const hub = channelHub();
    const a = await granted(storage, hub);
    const b = thread(storage, { hub });
    await b.kept.ready;
    expect(b.s().thread.grants[0]!.revokedAt).toBeUndefined();

    clock += 10;
    expect(a.s().revoke("grant:p1")).toEqual({ ok: true });
    await settle();
    expect(b.s().thread.grants[0]).toMatchObject({ id: "grant:p1", revokedAt: clock, revokedBy: "ana" });
    expect(b.s().keptPermissions!.audit.at(-1)).toMatchObject({ decision: "revoked", grantId: "grant:p1" });
    // The next request in B asks the person again.
    b.s().sendMessage("again");
    b.fake.play(ask("q1", "mail.send"));
    expect(interaction(b.store, "q1").status).toBe("pending");
  });

  it("a revoked grant stays revoked in a thread restored from a snapshot taken before the revocation", async () => {
    const storage = createMemoryPolicyStorage();
    const a = await granted(storage);
    const before = snapshotThread(a.s().thread, clock);
    a.s().revoke("grant:p1");
    await a.kept.flush();

    const fake = fakeAgent();
    const store = createThreadStore({ agent: fake.agent, batch: "sync", now: () => clock, permissions: createPermissions({ identity: "ana" }) });
    const restored = restoreThread(before);
    if (!restored.ok) throw new Error(restored.problem);
    store.getState().restore(restored.thread);
    expect(store.getState().thread.grants[0]!.revokedAt).toBeUndefined();
    const kept = keepPermissions(store, { storage, key: "user-1", now: () => clock, openChannel: null });
    await kept.ready;
    expect(store.getState().thread.grants[0]!.revokedAt).toBeDefined();
  });

  it("drops expired and unreadable stored grants on start, says so, and writes the list without them", async () => {
    const storage = createMemoryPolicyStorage();
    const base = { operation: "mail.send", scope: "session", grantedBy: "ana", grantedAt: clock - 100, uses: 0 } as const;
    const stored: PolicyStorage = {
      ...storage,
      // What a hostile script or an old version left in the database.
      loadGrants: async () => [{ ...base, id: "live" }, { ...base, id: "old", expiresAt: clock - 1 }, { id: "evil", scope: "session", uses: -1 } as unknown as Grant, "x" as unknown as Grant],
    };
    const a = thread(stored);
    await a.kept.ready;
    expect(a.s().thread.grants.map((g) => g.id)).toEqual(["live"]);
    expect(a.s().keptPermissions).toMatchObject({ status: "ready", problem: "2 stored grant(s) could not be read and were dropped." });
    await a.kept.flush();
    expect((await storage.loadGrants("user-1")).map((g) => g.id)).toEqual(["live"]);
  });

  it("keeps the newest audit records only (the retention limit)", async () => {
    const storage = createMemoryPolicyStorage();
    await storage.appendAudit("user-1", [1, 2, 3].map((i) => ({ id: `old-${i}`, at: i, decision: "approved" as const, how: "click" as const, who: "ana" })));
    const a = thread(storage, { auditLimit: 3 });
    await a.kept.ready;
    a.s().sendMessage("go");
    a.fake.play(ask("p1", "mail.send"));
    a.s().answer("p1", { approved: true, scope: "session" });
    await a.kept.flush();
    expect((await storage.loadAudit("user-1")).map((r) => r.id)).toEqual(["old-3", expect.stringContaining("p1:approved"), expect.stringContaining("p1:granted")]);
    expect(a.s().keptPermissions!.audit).toHaveLength(3);
  });

  it("a failing storage is reported and loses no decision: the thread keeps it, and the next write catches up", async () => {
    const storage = createMemoryPolicyStorage();
    let broken = true;
    const flaky: PolicyStorage = {
      ...storage,
      saveGrants: (key, grants) => (broken ? Promise.reject(new Error("QuotaExceededError")) : storage.saveGrants(key, grants)),
      appendAudit: (key, records, options) => (broken ? Promise.reject(new Error("QuotaExceededError")) : storage.appendAudit(key, records, options)),
    };
    const a = thread(flaky);
    await a.kept.ready;
    a.s().sendMessage("go");
    a.fake.play(ask("p1", "mail.send"));
    expect(a.s().answer("p1", { approved: true, scope: "session" })).toEqual({ ok: true });
    await a.kept.flush();
    expect(a.s().keptPermissions).toMatchObject({ status: "failed", problem: "QuotaExceededError" });
    expect(a.s().thread.grants.map((g) => g.id)).toEqual(["grant:p1"]);

    broken = false;
    clock += 5;
    a.s().revoke("grant:p1");
    await a.kept.flush();
    expect(a.s().keptPermissions).toMatchObject({ status: "ready" });
    expect((await storage.loadAudit("user-1")).map((r) => r.decision)).toEqual(["approved", "granted", "revoked"]);
    expect((await storage.loadGrants("user-1"))[0]!.revokedAt).toBe(clock);
  });

  it("never overwrites stored grants it could not read", async () => {
    const storage = createMemoryPolicyStorage();
    await granted(storage);
    const unreadable: PolicyStorage = { ...storage, loadGrants: () => Promise.reject(new Error("IndexedDB is blocked")) };
    const b = thread(unreadable);
    await b.kept.ready;
    expect(b.s().keptPermissions).toMatchObject({ status: "failed", problem: "IndexedDB is blocked" });
    b.s().sendMessage("go");
    b.fake.play(ask("q1", "calendar.read"));
    b.s().answer("q1", { approved: true, scope: "session" });
    await b.kept.flush();
    expect((await storage.loadGrants("user-1")).map((g) => g.id)).toEqual(["grant:p1"]);
    // The decision itself was logged: appending loses nothing.
    expect((await storage.loadAudit("user-1")).some((r) => r.interactionId === "q1")).toBe(true);
  });

  it("ignores what is not its message on the channel", async () => {
    const storage = createMemoryPolicyStorage();
    const hub = channelHub();
    const a = await granted(storage, hub);
    hub.inject("parley-permissions:user-1", { v: 1, from: "x", grants: [{ id: "grant:p1", revokedAt: "soon" }, { id: "forged", scope: "session" }], audit: "all" });
    hub.inject("parley-permissions:user-1", null);
    await settle();
    expect(a.s().thread.grants).toHaveLength(1);
    expect(a.s().thread.grants[0]!.revokedAt).toBeUndefined();
  });
});

describe("keepPermissions: what is read back is re-checked", () => {
  /** A thread of ana's in session s1; what storage or another tab gives back may be anything. */
  function kept(storage: PolicyStorage, hub?: ReturnType<typeof channelHub>) {
    const store = createThreadStore({ agent: fakeAgent().agent, batch: "sync", now: () => clock, permissions: createPermissions({ identity: "ana", sessionId: "s1" }) });
    const keeping = keepPermissions(store, { storage, key: "ana", now: () => clock, openChannel: hub?.open ?? null });
    return { keeping, s: () => store.getState() };
  }
  const grant = (fields: Partial<Grant>): Grant => ({ id: "g1", operation: "read_customers", scope: "session", sessionId: "s1", grantedBy: "ana", grantedAt: clock - 10, uses: 1, ...fields });

  it("stored grants the kit could not have made for this person and session are dropped, and the person is told", async () => {
    const storage = createMemoryPolicyStorage();
    await storage.saveGrants("ana", [
      grant({ id: "once", scope: "once", sessionId: undefined }),
      grant({ id: "every-session", sessionId: undefined }),
      grant({ id: "mallory", grantedBy: "mallory" }),
      grant({ id: "ok", operation: "read_calendar" }),
    ]);
    const page = kept(storage);
    await page.keeping.ready;
    expect(page.s().thread.grants.map((g) => g.id)).toEqual(["ok"]);
    expect(page.s().keptPermissions).toMatchObject({ status: "ready", problem: expect.stringContaining("3 stored grant(s)") });
    await page.keeping.flush();
    expect((await storage.loadGrants("ana")).map((g) => g.id)).toEqual(["ok"]);
  });

  it("grants another tab announces are checked the same way, and a forged one is reported", async () => {
    const storage = createMemoryPolicyStorage();
    const hub = channelHub();
    const page = kept(storage, hub);
    await page.keeping.ready;
    hub.inject("parley-permissions:ana", { v: 1, from: "x", grants: [grant({ id: "forged", grantedBy: "mallory" })], audit: [] });
    await settle();
    expect(page.s().thread.grants).toEqual([]);
    expect(page.s().keptPermissions!.problem).toContain("1 grant(s) from another tab");
  });

  it("kept audit records in someone else's name are not shown as the person's decisions", async () => {
    const storage = createMemoryPolicyStorage();
    await storage.appendAudit("ana", [
      { id: "a1", at: 1, decision: "approved", how: "click", who: "ana", interactionId: "x" },
      { id: "a2", at: 2, decision: "approved", how: "click", who: "mallory", interactionId: "y" },
    ]);
    const page = kept(storage);
    await page.keeping.ready;
    expect(page.s().keptPermissions!.audit.map((r) => r.id)).toEqual(["a1"]);
    expect(page.s().keptPermissions!.problem).toContain("audit record");
  });
});

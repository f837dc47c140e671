import { describe, expect, it } from "vitest";
import {
  appendToLog,
  createGrant,
  createMemoryPolicyStorage,
  createPermissions,
  mergeGrant,
  mergeKeptGrants,
  readKeptAudit,
  readKeptGrants,
  standingGrants,
  type AuditRecord,
  type Grant,
} from "../../../src/core/policy";
import { applyClientAction, createThreadState } from "../../../src/core";

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);
function grant(id: string, extra: Partial<Parameters<typeof createGrant>[0]> = {}): Grant {
  const made = createGrant({ id, operation: "mail.send", scope: "session", grantedBy: "ana", now: T0, ...extra });
  if (!made.ok) throw new Error(made.problem);
  return made.grant;
}
const record = (id: string, at = T0): AuditRecord => ({ id, at, decision: "approved", how: "click", who: "ana", operation: "mail.send" });

describe("readKeptGrants", () => {
  it("keeps live, used-up and revoked grants; drops expired ones and what is not a grant", () => {
    const live = grant("g1");
    const revoked = { ...grant("g2"), revokedAt: T0 + 1, revokedBy: "ana" };
    const expired = grant("g3", { expiresAt: T0 + 10 });
    const usedUp = { ...grant("g4", { limit: 1 }), uses: 1 };
    const hostile = [null, 42, "grant", { id: "g5" }, Object.defineProperty({ ...grant("g6") }, "expiresAt", { get: () => undefined, enumerable: true }), { ...grant("g7"), scope: "forever" }];
    const read = readKeptGrants([live, revoked, expired, usedUp, ...hostile, live], T0 + 100);
    expect(read.grants.map((g) => g.id)).toEqual(["g1", "g2", "g4"]);
    expect(read.expired).toBe(1);
    // Six hostile records and the repeated id.
    expect(read.unreadable).toBe(7);
  });

  it("reads anything that is not a list as no grants", () => {
    expect(readKeptGrants({ g1: grant("g1") }, T0)).toEqual({ grants: [], expired: 0, unreadable: 0, untrusted: 0 });
    expect(readKeptGrants(undefined, T0).grants).toEqual([]);
  });

  it("with a measure of what the kit could have made, drops and counts the rest, naming the first problem", () => {
    const engine = createPermissions({ identity: "ana" });
    const read = readKeptGrants([grant("g1"), grant("g2", { grantedBy: "mallory" }), grant("g3", { scope: "once" }), { ...grant("g4"), expiresAt: T0 }], T0 + 1, (g) => engine.grantProblem(g, T0 + 1));
    expect(read).toMatchObject({ expired: 1, unreadable: 0, untrusted: 2, problem: expect.stringContaining('"mallory", not by ana') });
    expect(read.grants.map((g) => g.id)).toEqual(["g1"]);
  });

  it("copies: the stored record is not the one kept", () => {
    const stored = [grant("g1")];
    expect(readKeptGrants(stored, T0).grants[0]).not.toBe(stored[0]);
  });
});

describe("readKeptAudit and appendToLog", () => {
  it("drops records without an id and repeats, and keeps the newest `limit`, oldest first", () => {
    const log = readKeptAudit([record("a1"), { ...record("a1"), at: 5 }, { at: 1 }, "x", record("a2", T0 + 1), record("a3", T0 + 2)], 2);
    expect(log.map((r) => r.id)).toEqual(["a2", "a3"]);
  });

  it("appends only new ids, trims the oldest, and leaves the log it was given alone", () => {
    const before = [record("a1"), record("a2")];
    const after = appendToLog(before, [record("a2"), record("a3"), record("a4")], 3);
    expect(after.map((r) => r.id)).toEqual(["a2", "a3", "a4"]);
    expect(before.map((r) => r.id)).toEqual(["a1", "a2"]);
  });

  it("empties fields that are not text (hostile stored records)", () => {
    const [read] = readKeptAudit([{ ...record("a1"), operation: { toString: () => "x" }, detail: 7 }]);
    expect(read).toEqual({ id: "a1", at: T0, decision: "approved", how: "click", who: "ana" });
  });
});

describe("a memory storage with a retention limit", () => {
  it("keeps only the newest records when appended with a limit", async () => {
    const storage = createMemoryPolicyStorage();
    await storage.appendAudit("ana", [record("a1"), record("a2")], { limit: 2 });
    await storage.appendAudit("ana", [record("a3")], { limit: 2 });
    expect((await storage.loadAudit("ana")).map((r) => r.id)).toEqual(["a2", "a3"]);
  });
});

describe("standingGrants", () => {
  it("keeps session, conditional and expiring grants; not once, not one run's batch, not expired", () => {
    const grants = [
      grant("session"),
      grant("cond", { scope: "conditional", condition: { "context.mode": "test" } }),
      grant("expiring", { expiresAt: T0 + 1000 }),
      grant("expired", { expiresAt: T0 + 1 }),
      grant("once", { scope: "once" }),
      grant("run-batch", { scope: "batch", limit: 5, runId: "r1" }),
      { ...grant("revoked"), revokedAt: T0, revokedBy: "ana" },
    ];
    expect(standingGrants(grants, T0 + 10).map((g) => g.id)).toEqual(["session", "cond", "expiring", "revoked"]);
  });
});

describe("mergeGrant and mergeKeptGrants", () => {
  it("takes the other copy's revocation and higher use count, never a wider reach", () => {
    const local = grant("g1", { limit: 3, expiresAt: T0 + 1000 });
    const other = { ...local, uses: 2, lastUsedAt: T0 + 5, revokedAt: T0 + 6, revokedBy: "ana", limit: 100, expiresAt: undefined, condition: undefined } as unknown as Grant;
    const merged = mergeGrant(local, other);
    expect(merged).toMatchObject({ uses: 2, lastUsedAt: T0 + 5, revokedAt: T0 + 6, revokedBy: "ana", limit: 3, expiresAt: T0 + 1000 });
    // A revocation stands: a live copy does not bring the grant back.
    expect(mergeGrant(merged, local)).toBe(merged);
  });

  it("returns the list itself when nothing changes, and drops what expired", () => {
    const kept = [grant("g1"), grant("g2", { expiresAt: T0 + 100 })];
    expect(mergeKeptGrants(kept, [kept[0]!], T0 + 10)).toBe(kept);
    expect(mergeKeptGrants(kept, [], T0 + 200).map((g) => g.id)).toEqual(["g1"]);
    expect(mergeKeptGrants(kept, [grant("g3")], T0 + 10).map((g) => g.id)).toEqual(["g1", "g2", "g3"]);
  });
});

describe("applyClientAction adopt-grants", () => {
  it("adds the person's live grants, revokes what was revoked elsewhere, and skips the rest", () => {
    let thread = createThreadState();
    const live = grant("g1");
    thread = applyClientAction(thread, { type: "adopt-grants", grants: [live, { ...grant("g2"), revokedAt: T0, revokedBy: "ana" }, { id: "bad" } as unknown as Grant], at: T0 + 1 });
    expect(thread.grants.map((g) => g.id)).toEqual(["g1"]);
    expect(thread.audit).toEqual([]);
    const revoked = applyClientAction(thread, { type: "adopt-grants", grants: [{ ...live, revokedAt: T0 + 2, revokedBy: "ana" }], at: T0 + 3 });
    expect(revoked.grants[0]).toMatchObject({ id: "g1", revokedAt: T0 + 2 });
    // Nothing new: the same thread comes back.
    expect(applyClientAction(revoked, { type: "adopt-grants", grants: [live], at: T0 + 4 })).toBe(revoked);
  });
});

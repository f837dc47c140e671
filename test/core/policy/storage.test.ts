import { describe, expect, it } from "vitest";
import { createGrant, createMemoryPolicyStorage, type AuditRecord, type Grant } from "../../../src/core/policy";

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);
const created = createGrant({ id: "g1", operation: "mail.send", scope: "conditional", condition: { "args.to": { domain: "acme.com" } }, grantedBy: "ana", now: T0 });
if (!created.ok) throw new Error(created.problem);
const grant = created.grant;
const record = (id: string, at = T0): AuditRecord => ({ id, at, decision: "approved", how: "click", who: "ana", operation: "mail.send" });

describe("createMemoryPolicyStorage", () => {
  it("loads empty lists for an unknown key", async () => {
    const storage = createMemoryPolicyStorage();
    expect(await storage.loadGrants("nobody")).toEqual([]);
    expect(await storage.loadAudit("nobody")).toEqual([]);
  });

  it("saves and loads grants, replacing the key's list whole", async () => {
    const storage = createMemoryPolicyStorage();
    await storage.saveGrants("ana", [grant]);
    expect(await storage.loadGrants("ana")).toEqual([grant]);
    await storage.saveGrants("ana", []);
    expect(await storage.loadGrants("ana")).toEqual([]);
  });

  it("copies on the way in: changing what was saved changes nothing stored", async () => {
    const storage = createMemoryPolicyStorage();
    const mine = structuredClone(grant);
    const list = [mine];
    await storage.saveGrants("ana", list);
    mine.uses = 99;
    (mine.condition!["args.to"] as { domain: string }).domain = "evil.com";
    list.push(grant);
    expect(await storage.loadGrants("ana")).toEqual([grant]);
  });

  it("copies on the way out: changing what was loaded changes nothing stored", async () => {
    const storage = createMemoryPolicyStorage();
    await storage.saveGrants("ana", [grant]);
    const loaded = await storage.loadGrants("ana");
    loaded[0]!.revokedAt = T0;
    (loaded[0]!.condition!["args.to"] as { domain: string }).domain = "evil.com";
    loaded.length = 0;
    expect(await storage.loadGrants("ana")).toEqual([grant]);
    expect(await storage.loadGrants("ana")).not.toBe(await storage.loadGrants("ana"));
  });

  it("keeps keys apart, and each storage apart", async () => {
    const one = createMemoryPolicyStorage();
    const two = createMemoryPolicyStorage();
    await one.saveGrants("ana", [grant]);
    await one.appendAudit("ana", [record("a1")]);
    expect(await one.loadGrants("bo")).toEqual([]);
    expect(await one.loadAudit("bo")).toEqual([]);
    expect(await two.loadGrants("ana")).toEqual([]);
  });

  it("drops a grant that is not plain data rather than keep it without a field", async () => {
    const storage = createMemoryPolicyStorage();
    const sneaky = { ...grant, condition: Object.defineProperty({}, "args.to", { get: () => "x", enumerable: true }) } as Grant;
    await storage.saveGrants("ana", [sneaky, grant, null as unknown as Grant]);
    expect(await storage.loadGrants("ana")).toEqual([grant]);
  });

  it("appends audit records in order, copies them, and keeps a record id once", async () => {
    const storage = createMemoryPolicyStorage();
    const first = record("a1");
    await storage.appendAudit("ana", [first, record("a2", T0 + 1)]);
    first.decision = "declined";
    // A retried append: the same decisions are not logged twice.
    await storage.appendAudit("ana", [record("a2", T0 + 1), record("a3", T0 + 2), record("a3", T0 + 2)]);
    const loaded = await storage.loadAudit("ana");
    expect(loaded.map((r) => r.id)).toEqual(["a1", "a2", "a3"]);
    expect(loaded[0]!.decision).toBe("approved");
    loaded[0]!.who = "mallory";
    loaded.pop();
    expect((await storage.loadAudit("ana"))[0]!.who).toBe("ana");
    expect(await storage.loadAudit("ana")).toHaveLength(3);
  });

  it("never rejects on junk input", async () => {
    const storage = createMemoryPolicyStorage();
    await expect(storage.saveGrants("ana", null as unknown as Grant[])).resolves.toBeUndefined();
    await expect(storage.appendAudit("ana", [null, { id: "" }] as unknown as AuditRecord[])).resolves.toBeUndefined();
    expect(await storage.loadAudit("ana")).toEqual([]);
  });
});

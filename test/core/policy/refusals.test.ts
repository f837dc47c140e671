import { describe, expect, it } from "vitest";
import {
  checkGrant,
  createGrant,
  createPermissions,
  definePolicy,
  grantCovers,
  grantStatus,
  grantsContext,
  refusalOf,
  revocationTargets,
  revokeGrant,
  type Grant,
} from "../../../src/core/policy";
import { grantProblem } from "../../../src/core/policy/trust";
import type { PermissionRequestPayload } from "../../../src/core/protocol";

/**
 * Issue 25, point 5: "never allow" as a first-class grant — a refusal (`effect: "deny"`) the policy
 * honours before asking, that covers nothing, wins over any grant, is kept like one, and that only
 * the person can lift.
 */

const T = Date.UTC(2026, 5, 1, 9);
const request = (operation: string, extra: Partial<PermissionRequestPayload> = {}): PermissionRequestPayload => ({ operation, summary: `Allow ${operation}?`, categories: ["privacy"], ...extra });
const engine = createPermissions({ identity: "ana", sessionId: "s1" });
const refusal = (operation: string, extra: Partial<Grant> = {}): Grant => ({ id: `r-${operation}`, operation, scope: "session", effect: "deny", grantedBy: "ana", grantedAt: T - 1, uses: 0, ...extra });
const allowed: Grant = { id: "g1", operation: "mcp:files/delete", scope: "session", sessionId: "s1", grantedBy: "ana", grantedAt: T - 2, uses: 0 };

describe("what the person may refuse", () => {
  it("the operation, and everything under its namespace (an app, a server)", () => {
    expect(engine.assess(request("mcp:files/delete"), [], { now: T })).toMatchObject({ kind: "ask", refusals: ["mcp:files/delete", "mcp:files/*"] });
    expect(engine.assess(request("mail.send"), [], { now: T })).toMatchObject({ refusals: ["mail.send", "mail.*"] });
    expect(engine.assess(request("delete_files"), [], { now: T })).toMatchObject({ refusals: ["delete_files"] });
    // A request that names no operation cannot be refused for good: there is nothing to name.
    expect(engine.assess(request(""), [], { now: T })).toMatchObject({ refusals: [] });
  });

  it("refusalFor makes a refusal of every session in the person's name — only of what was offered", () => {
    expect(engine.refusalFor(request("mcp:files/delete"), "mcp:files/*", { id: "r1", now: T, interactionId: "p1" })).toEqual({
      ok: true,
      grant: { id: "r1", operation: "mcp:files/*", scope: "session", effect: "deny", grantedBy: "ana", grantedAt: T, uses: 0, interactionId: "p1" },
    });
    expect(engine.refusalFor(request("mcp:files/delete"), "*", { id: "r1", now: T })).toMatchObject({ ok: false });
    expect(engine.refusalFor(request("mcp:files/delete"), "mcp:mail/send", { id: "r1", now: T })).toMatchObject({ ok: false });
  });
});

describe("a refusal decides before the policy and any grant", () => {
  it("declines without asking, naming it, and counts what it declined", () => {
    const assessment = engine.assess(request("mcp:files/delete"), [allowed, refusal("mcp:files/*")], { now: T });
    expect(assessment).toMatchObject({ kind: "deny", reason: "ana chose never to allow mcp:files/*.", refusal: { id: "r-mcp:files/*", uses: 1 } });
    // Even where the policy would let it run unasked.
    const lenient = createPermissions({ identity: "ana", policy: definePolicy([{ match: { name: "mail.*" }, decision: "allow" }]) });
    expect(lenient.assess(request("mail.send"), [refusal("mail.send")], { now: T })).toMatchObject({ kind: "deny" });
  });

  it("a revoked or expired refusal decides nothing", () => {
    const revoked = revokeGrant(refusal("mcp:files/*"), { by: "ana", now: T - 1 });
    expect(engine.assess(request("mcp:files/delete"), [allowed, revoked], { now: T })).toMatchObject({ kind: "grant" });
    expect(engine.assess(request("mcp:files/delete"), [refusal("mcp:files/*", { expiresAt: T })], { now: T })).toMatchObject({ kind: "ask" });
  });

  it("covers nothing itself, and checkGrant finds no grant while one holds", () => {
    const operation = { name: "mcp:files/delete", categories: [] };
    expect(grantCovers(refusal("mcp:files/delete"), operation, { now: T })).toBe(false);
    expect(checkGrant([allowed], operation, { now: T, sessionId: "s1" })?.id).toBe("g1");
    expect(checkGrant([allowed, refusal("mcp:files/*")], operation, { now: T, sessionId: "s1" })).toBeUndefined();
    expect(refusalOf([allowed, refusal("mcp:files/*")], operation, { now: T })?.id).toBe("r-mcp:files/*");
    // A prefix names what it says: nothing outside it.
    expect(refusalOf([refusal("mcp:files/*")], { name: "mcp:filesystem/delete", categories: [] }, { now: T })).toBeUndefined();
  });
});

describe("a refusal as a record", () => {
  it("has one effect: deny; anything else there is no record the kit made", () => {
    expect(grantStatus(refusal("x"), T)).toBe("live");
    expect(grantStatus({ ...refusal("x"), effect: "allow" } as unknown as Grant, T)).toBe("invalid");
    expect(createGrant({ id: "r", operation: "x", scope: "session", effect: "maybe" as never, grantedBy: "ana", now: T })).toMatchObject({ ok: false });
  });

  it("from storage or a tab: of any session is fine (it only takes away), in someone else's name is not", () => {
    const authority = { identity: "ana", sessionId: "s1", policy: definePolicy() };
    expect(grantProblem(refusal("mail.*"), authority, T)).toBeUndefined();
    expect(grantProblem({ ...refusal("mail.*"), grantedBy: "mallory" }, authority, T)).toMatch(/mallory/);
    expect(grantProblem({ ...refusal("mail.*"), scope: "batch", limit: 3 }, authority, T)).toMatch(/scope session only/);
  });

  it("the agent's revoke tool cannot lift it", () => {
    const grants = [allowed, refusal("mcp:files/delete")];
    expect(revocationTargets(grants, { operation: "mcp:files/delete" }, T).map((g) => g.id)).toEqual(["g1"]);
    expect(revocationTargets(grants, { grantId: "r-mcp:files/delete" }, T)).toEqual([]);
  });

  it("the run's context tells the agent not to ask for it, in the person's language", () => {
    const en = grantsContext([allowed, refusal("mcp:files/*")], { now: T, sessionId: "s1" }).value;
    expect(en).toContain('grant "g1"');
    expect(en).toContain('never to allow these; do not ask for them');
    expect(en).toContain('refusal "r-mcp:files/*": operation "mcp:files/*" (every operation with that prefix)');
    expect(grantsContext([refusal("mail.send")], { now: T, locale: "zh-CN" }).value).toContain("永不允许");
  });
});

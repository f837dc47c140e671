import { describe, expect, it } from "vitest";
import { createPermissions, DEFAULT_GRANT_EXPIRIES, conditionsOffered, decide, definePolicy, type GrantConditionOffer } from "../../../src/core/policy";
import type { PermissionRequestPayload } from "../../../src/core/protocol";

/**
 * The permissions engine the store applies: what it offers the person for a request (scopes,
 * conditions, expiries), and which grants it will make from an approval.
 */

const T = Date.UTC(2026, 5, 1, 9);
const request = (operation: string, categories: PermissionRequestPayload["categories"] = ["irreversible"], extra: Partial<PermissionRequestPayload> = {}): PermissionRequestPayload => ({
  operation,
  summary: `Allow ${operation}?`,
  categories,
  ...extra,
});
const testMode: GrantConditionOffer = { label: "in test mode", condition: { "context.mode": "test" } };
const toAcme: GrantConditionOffer = { label: "for mail to acme.com", condition: { "args.domain": "acme.com" } };

describe("conditionsOffered", () => {
  const rule = { match: { name: "send_mail" }, decision: "confirm" as const, conditions: [testMode, toAcme] };
  it("keeps the rule's conditions that hold for the operation now", () => {
    expect(conditionsOffered(rule, { name: "send_mail", categories: [], context: { mode: "test" }, args: { domain: "acme.com" } })).toEqual([testMode, toAcme]);
    expect(conditionsOffered(rule, { name: "send_mail", categories: [], context: { mode: "live" }, args: { domain: "acme.com" } })).toEqual([toAcme]);
    expect(conditionsOffered(rule, { name: "send_mail", categories: [] })).toEqual([]);
  });
  it("leaves out malformed offers and copies the ones it keeps", () => {
    const hostile = { match: {}, decision: "confirm" as const, conditions: [{ label: "", condition: { "context.mode": "test" } }, { label: "x", condition: { "state.mode": "test" } }, { label: "y", condition: {} }, null, testMode] as never };
    const offered = conditionsOffered(hostile, { name: "a", categories: [], context: { mode: "test" } });
    expect(offered).toEqual([testMode]);
    expect(offered[0]!.condition).not.toBe(testMode.condition);
    expect(conditionsOffered(undefined, { name: "a", categories: [] })).toEqual([]);
  });
});

describe("createPermissions: what the person is offered", () => {
  it("offers a conditional scope only with a condition that holds, and expiries only for standing scopes", () => {
    const engine = createPermissions({ identity: "ana", policy: definePolicy([{ match: { name: "send_mail" }, decision: "confirm", conditions: [testMode] }]), context: { mode: "test" } });
    expect(engine.assess(request("send_mail"), [], { now: T })).toEqual({ kind: "ask", decision: "confirm", scopes: ["once", "conditional"], conditions: [testMode], expiries: [...DEFAULT_GRANT_EXPIRIES], refusals: ["send_mail"] });
    // Privacy only: the default offers the session; no rule conditions for read_customers.
    expect(engine.assess(request("read_customers", ["privacy"]), [], { now: T })).toMatchObject({ scopes: ["once", "session"], conditions: [] });
    // Destructive: typed confirmation by default, once only: no expiry to choose.
    expect(engine.assess(request("delete", ["destructive"]), [], { now: T })).toMatchObject({ decision: "typed-confirm", scopes: ["once"], expiries: [] });
  });

  it("a request that offers `conditional` without a policy condition does not get it", () => {
    const engine = createPermissions({ identity: "ana" });
    expect(engine.assess(request("archive", [], { scopes: ["batch", "conditional"] }), [], { now: T })).toMatchObject({ scopes: ["once", "batch"], conditions: [] });
  });

  it("a rule's own expiries replace the defaults; invalid ones are dropped", () => {
    const engine = createPermissions({ identity: "ana", policy: definePolicy([{ match: { name: "read" }, decision: "confirm", expiries: [60_000, -5, Number.NaN] }]) });
    expect(engine.assess(request("read", ["privacy"]), [], { now: T })).toMatchObject({ expiries: [60_000] });
  });

  it("reads a context function at each decision", () => {
    let mode = "test";
    const engine = createPermissions({ identity: "ana", policy: definePolicy([{ match: { name: "send_mail" }, decision: "confirm", conditions: [testMode] }]), context: () => ({ mode }) });
    expect(engine.assess(request("send_mail"), [], { now: T })).toMatchObject({ conditions: [testMode] });
    mode = "live";
    expect(engine.assess(request("send_mail"), [], { now: T })).toMatchObject({ scopes: ["once"], conditions: [] });
  });
});

describe("createPermissions: the grants it makes", () => {
  const engine = createPermissions({ identity: "ana@example.com", sessionId: "s1", policy: definePolicy([{ match: { name: "send_mail" }, decision: "confirm", conditions: [testMode] }]), context: { mode: "test" } });

  it("makes a conditional grant with the offered condition and expiry; its first use is the approval", () => {
    const made = engine.grantFor(request("send_mail"), "conditional", { id: "g1", now: T, condition: { "context.mode": "test" }, expiresAt: T + 3_600_000 });
    expect(made).toMatchObject({ ok: true, grant: { id: "g1", scope: "conditional", condition: { "context.mode": "test" }, expiresAt: T + 3_600_000, grantedBy: "ana@example.com", uses: 1 } });
    if (!made.ok) return;
    // It covers the next request in test mode, until it expires.
    expect(engine.assess(request("send_mail"), [made.grant], { now: T + 1000 })).toMatchObject({ kind: "grant", grant: { id: "g1", uses: 2 } });
    expect(engine.assess(request("send_mail"), [made.grant], { now: T + 3_600_000 })).toMatchObject({ kind: "ask" });
  });

  it("refuses a condition the policy did not offer, however narrow it looks", () => {
    expect(engine.grantFor(request("send_mail"), "conditional", { id: "g2", now: T, condition: { "args.to": "me@acme.com" } })).toMatchObject({ ok: false, problem: expect.stringMatching(/not one the policy offered/) });
    expect(engine.grantFor(request("send_mail"), "conditional", { id: "g3", now: T })).toMatchObject({ ok: false });
  });

  it("makes no grant wider than the card could offer", () => {
    const strict = createPermissions({ identity: "ana" });
    expect(decide(definePolicy([]), { name: "delete", categories: ["destructive"] }).decision).toBe("typed-confirm");
    expect(strict.grantFor(request("delete", ["destructive"]), "session", { id: "g4", now: T })).toMatchObject({ ok: false, problem: expect.stringMatching(/session permission was not offered/) });
    // Irreversible: only once by default, so not a session either.
    expect(strict.grantFor(request("send_mail"), "session", { id: "g5", now: T })).toMatchObject({ ok: false });
    expect(strict.grantFor(request("read", ["privacy"]), "session", { id: "g6", now: T })).toMatchObject({ ok: true });
  });
});

describe("createPermissions: typed confirmation", () => {
  it("no grant stands in for typing, not even a `once` one that reached the thread", () => {
    const engine = createPermissions({ identity: "ana", policy: definePolicy([{ match: { name: "rename" }, decision: "confirm" }]) });
    const planted = { id: "g1", operation: "delete", scope: "once", grantedBy: "ana", grantedAt: T - 1, uses: 0 } as const;
    expect(engine.assess(request("delete", ["destructive"]), [planted], { now: T })).toMatchObject({ kind: "ask", decision: "typed-confirm" });
    // A request that asks for typing is typed confirmation, whatever the policy says of its operation.
    const standing = { ...planted, operation: "rename", scope: "session" } as const;
    expect(engine.assess(request("rename", [], { confirmText: "report.pdf" }), [standing], { now: T })).toMatchObject({ kind: "ask" });
    expect(engine.assess(request("rename"), [standing], { now: T })).toMatchObject({ kind: "grant" });
  });
});

describe("createPermissions: grants from storage or another tab", () => {
  const engine = createPermissions({ identity: "ana", sessionId: "s1", policy: definePolicy([{ match: { name: "send_mail" }, decision: "confirm", conditions: [testMode] }]) });
  const base = { id: "g1", operation: "read_customers", scope: "session", sessionId: "s1", grantedBy: "ana", grantedAt: T - 10, uses: 1 } as const;

  it("trusts only what it could have made: for its identity and session, under its policy", () => {
    expect(engine.grantProblem(base, T)).toBeUndefined();
    expect(engine.grantProblem({ ...base, id: "g2", operation: "send_mail", scope: "conditional", sessionId: undefined, condition: { "context.mode": "test" } }, T)).toBeUndefined();
    // Another session's grant covers nothing here, and was the kit's: kept, like an expired one.
    expect(engine.grantProblem({ ...base, sessionId: "s0" }, T)).toBeUndefined();
    expect(engine.grantProblem({ ...base, revokedAt: T - 1, revokedBy: "ana" }, T)).toBeUndefined();
  });

  it.each([
    ["a malformed record", { ...base, uses: -1 }, /not a well-formed grant/],
    ["once", { ...base, scope: "once", sessionId: undefined }, /once grant/],
    ["someone else's", { ...base, grantedBy: "mallory" }, /granted by "mallory", not by ana/],
    ["a session grant with no session", { ...base, sessionId: undefined }, /would cover every session/],
    ["a batch limited to a session", { ...base, scope: "batch", limit: 5 }, /only for session grants/],
    ["a session grant limited to a run", { ...base, runId: "r1" }, /only for batch grants/],
    ["granted in the future", { ...base, grantedAt: T + 1 }, /after now/],
    ["expiring before it was granted", { ...base, expiresAt: T - 20 }, /expires before/],
    ["a condition no rule offers", { ...base, operation: "send_mail", scope: "conditional", sessionId: undefined, condition: { "context.mode": "live" } }, /condition the policy does not offer/],
    ["a condition offered for another operation", { ...base, scope: "conditional", sessionId: undefined, condition: { "context.mode": "test" } }, /condition the policy does not offer/],
  ])("refuses %s, in words", (_, grant, problem) => {
    expect(engine.grantProblem(grant, T)).toMatch(problem);
  });

  it("never throws, whatever it is given", () => {
    for (const value of [null, 1, "grant", [], { get id() { throw new Error("no"); } }, new Proxy({}, { getOwnPropertyDescriptor: () => { throw new Error("no"); } })]) {
      expect(engine.grantProblem(value, T)).toMatch(/not a well-formed grant/);
    }
  });
});

describe("checkGrant from parley-ui/core", () => {
  it("is the engine's own check, for the app to re-check at execution time without the policy entry", async () => {
    const core = await import("../../../src/core");
    const policy = await import("../../../src/core/policy");
    expect(core.checkGrant).toBe(policy.checkGrant);
    const engine = createPermissions({ identity: "ana", sessionId: "s1" });
    const made = engine.grantFor(request("read_customers", ["privacy"]), "session", { id: "g1", now: T });
    if (!made.ok) throw new Error(made.problem);
    const operation = { name: "read_customers", categories: ["privacy" as const] };
    expect(core.checkGrant([made.grant], operation, { now: T + 1, sessionId: "s1" })?.id).toBe("g1");
    expect(core.checkGrant([made.grant], operation, { now: T + 1, sessionId: "s2" })).toBeUndefined();
    expect(core.checkGrant([{ ...made.grant, revokedAt: T }], operation, { now: T + 1, sessionId: "s1" })).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import {
  createGrant,
  grantCovers,
  parleyRevokeTool,
  PARLEY_REVOKE_TOOL,
  revocationResult,
  revocationTargets,
  revokeGrant,
  spendGrant,
  type Grant,
  type GrantInput,
} from "../../../src/core/policy";
import { parleyTools } from "../../../src/core/protocol/parleyTools";

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);

function grant(input: Partial<GrantInput> & Pick<GrantInput, "id" | "operation" | "scope">): Grant {
  const result = createGrant({ grantedBy: "ana@acme.com", now: T0, ...input });
  if (!result.ok) throw new Error(result.problem);
  return result.grant;
}

const mailSession = grant({ id: "g1", operation: "mail.send", scope: "session" });
const mailTest = grant({ id: "g2", operation: "mail.send", scope: "conditional", condition: { "context.mode": "test" } });
const excel = grant({ id: "g3", operation: "excel.read", scope: "session" });
const expired = grant({ id: "g4", operation: "mail.send", scope: "session", expiresAt: T0 + 10 });
const revoked = revokeGrant(grant({ id: "g5", operation: "mail.send", scope: "session" }), { by: "ana", now: T0 });
const spentOnce = spendGrant(grant({ id: "g6", operation: "mail.send", scope: "once" }), T0);
const grants = [mailSession, mailTest, excel, expired, revoked, spentOnce];
const ids = (list: Grant[]) => list.map((g) => g.id);

describe("parleyRevokeTool", () => {
  it("is a front-end tool that only revokes", () => {
    expect(parleyRevokeTool.name).toBe("parley_revoke_grant");
    expect(PARLEY_REVOKE_TOOL).toBe(parleyRevokeTool.name);
    expect(parleyRevokeTool.description).toMatch(/can only revoke/);
    expect(parleyRevokeTool.description).toMatch(/never create, extend or widen/);
    expect(Object.keys(parleyRevokeTool.parameters.properties)).toEqual(["grantId", "operation", "reason"]);
    expect(parleyRevokeTool.parameters.required).toBeUndefined();
    expect(parleyRevokeTool.parameters.additionalProperties).toBe(false);
  });

  it("has a name of its own among Parley's tools", () => {
    expect(parleyTools.map((t) => t.name)).not.toContain(parleyRevokeTool.name);
  });
});

describe("revocationTargets", () => {
  it("by grantId", () => {
    expect(ids(revocationTargets(grants, { grantId: "g2" }, T0 + 20))).toEqual(["g2"]);
  });

  it("by operation: every grant for it that is not already revoked or expired", () => {
    expect(ids(revocationTargets(grants, { operation: "mail.send", reason: "以后不要再自动发邮件了" }, T0 + 20))).toEqual(["g1", "g2", "g6"]);
  });

  it("either matching is enough: revoking one too many only means asking again", () => {
    expect(ids(revocationTargets(grants, { grantId: "g3", operation: "mail.send" }, T0 + 20))).toEqual(["g1", "g2", "g3", "g6"]);
  });

  it("revokes nothing for anything else, and never throws", () => {
    for (const args of [undefined, null, "g1", 42, [], {}, { grantId: "" }, { grantId: 1 }, { operation: "mail.*" }, { operation: "*" },
      { grantId: "nope" }, { grantId: "x".repeat(201) }, { reason: "stop everything" }, JSON.parse('{"__proto__": {"grantId": "g1"}}')]) {
      expect(revocationTargets(grants, args, T0 + 20)).toEqual([]);
    }
    expect(revocationTargets(null as unknown as Grant[], { grantId: "g1" }, T0)).toEqual([]);
    expect(revocationTargets([null, 3] as unknown as Grant[], { grantId: "g1" }, T0)).toEqual([]);
    const getter = Object.defineProperty({}, "grantId", { get: () => "g1", enumerable: true });
    expect(revocationTargets(grants, getter, T0)).toEqual([]);
  });

  it("an expired grant is not a target (it already covers nothing)", () => {
    expect(ids(revocationTargets(grants, { grantId: "g4" }, T0 + 5))).toEqual(["g4"]);
    expect(ids(revocationTargets(grants, { grantId: "g4" }, T0 + 10))).toEqual([]);
  });

  it("the person says stop: after revoking the targets, no mail grant covers a send", () => {
    const now = T0 + 20;
    const targets = revocationTargets(grants, { operation: "mail.send" }, now);
    const after = grants.map((g) => (targets.includes(g) ? revokeGrant(g, { by: "ana@acme.com", now }) : g));
    const send = { name: "mail.send", categories: ["irreversible" as const], context: { mode: "test" } };
    expect(after.some((g) => grantCovers(g, send, { now: now + 1 }))).toBe(false);
    expect(grantCovers(after[2]!, { name: "excel.read", categories: [] }, { now: now + 1 })).toBe(true);
    expect(grants[0]!.revokedAt).toBeUndefined();
  });
});

describe("revocationResult", () => {
  it("names the grants revoked, or says none matched", () => {
    expect(JSON.parse(revocationResult([mailSession, mailTest]))).toEqual({ status: "revoked", grantIds: ["g1", "g2"] });
    expect(JSON.parse(revocationResult([]))).toEqual({ status: "nothing_to_revoke" });
    expect(JSON.parse(revocationResult(null as unknown as Grant[]))).toEqual({ status: "nothing_to_revoke" });
  });
});

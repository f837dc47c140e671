import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PERMISSION_CATEGORIES } from "../../../src/core/protocol/envelope";
import {
  checkGrant,
  decide,
  defaultPolicy,
  GRANT_SCOPES,
  grantCovers,
  grantStatus,
  liveGrants,
  POLICY_DECISIONS,
  revocationTargets,
  scopesOffered,
  spendGrant,
  type Grant,
  type Operation,
} from "../../../src/core/policy";

const name = fc.constantFrom("mail.send", "mail.archive", "fs.delete", "excel.read");
const time = fc.integer({ min: 0, max: 10_000 });
const value = fc.oneof(fc.constantFrom("test", "live", "acme.com"), fc.integer({ min: -2, max: 2 }), fc.boolean(), fc.constant(null));
/** Mostly `valid`, now and then anything at all. */
const mostly = <T>(valid: fc.Arbitrary<T>): fc.Arbitrary<unknown> => fc.oneof({ arbitrary: valid, weight: 12 }, { arbitrary: fc.anything(), weight: 1 });

/** Grants shaped like real ones — most would cover something — with fields now and then malformed. */
const grantArb: fc.Arbitrary<Grant> = fc.record(
  {
    id: mostly(fc.constantFrom("g1", "g2", "g3")),
    operation: mostly(name),
    scope: mostly(fc.constantFrom(...GRANT_SCOPES)),
    condition: mostly(
      fc.dictionary(
        fc.oneof({ arbitrary: fc.constantFrom("context.mode", "args.to.domain"), weight: 8 }, { arbitrary: fc.constantFrom("args", "name", "args.__proto__", "context.constructor"), weight: 1 }),
        value,
        { minKeys: 1, maxKeys: 2 },
      ),
    ),
    limit: mostly(fc.integer({ min: 1, max: 5 })),
    runId: mostly(fc.constantFrom("r1", "r2")),
    sessionId: mostly(fc.constantFrom("s1", "s2")),
    grantedBy: mostly(fc.constant("ana")),
    grantedAt: mostly(time),
    expiresAt: mostly(time),
    uses: mostly(fc.integer({ min: 0, max: 6 })),
    revokedAt: fc.anything(),
    revokedBy: fc.string(),
  },
  { requiredKeys: ["id", "operation", "scope", "grantedBy", "grantedAt", "uses"] },
) as fc.Arbitrary<Grant>;

const operationArb: fc.Arbitrary<Operation> = fc.record(
  {
    name: mostly(name),
    categories: mostly(fc.subarray([...PERMISSION_CATEGORIES])),
    args: mostly(fc.record({ to: fc.record({ domain: value }) })),
    context: mostly(fc.record({ mode: value })),
  },
  { requiredKeys: ["name", "categories"] },
) as fc.Arbitrary<Operation>;

const optionsArb = fc.record(
  {
    now: fc.oneof({ arbitrary: time, weight: 12 }, { arbitrary: fc.double(), weight: 1 }),
    runId: fc.constantFrom("r1", "r2"),
    sessionId: fc.constantFrom("s1", "s2"),
    decision: mostly(fc.constantFrom(...POLICY_DECISIONS)),
  },
  { requiredKeys: ["now"] },
) as fc.Arbitrary<{ now: number; runId?: string; sessionId?: string }>;

/**
 * A grant with an operation and options: most of the time fitted to the grant (same name, run and
 * session, the condition's values in place), so that many grants do cover and the properties
 * below are not vacuous; otherwise as generated.
 */
const scenarioArb = fc
  .tuple(grantArb, operationArb, optionsArb, fc.integer({ min: 0, max: 9 }))
  .map(([grant, operation, options, dice]): [Grant, Operation, { now: number; runId?: string; sessionId?: string }] => {
    if (dice < 1) return [grant, operation, options];
    const fitted: Record<string, unknown> = { ...operation, name: grant.operation };
    const condition = grant.condition as unknown;
    const context: Record<string, unknown> = {};
    const args: Record<string, unknown> = {};
    if (typeof condition === "object" && condition !== null) {
      for (const [path, v] of Object.entries(condition)) {
        if (path === "context.mode") context.mode = v;
        if (path === "args.to.domain") args.to = { domain: v };
      }
    }
    fitted.context = context;
    fitted.args = args;
    const fittedOptions = { ...options, runId: grant.runId, sessionId: grant.sessionId };
    return [grant, fitted as unknown as Operation, fittedOptions];
  });

/** Without its revocation: the grant as it was before. */
const unrevoked = (grant: Grant): Grant => {
  const { revokedAt: _revokedAt, revokedBy: _revokedBy, ...rest } = grant;
  return rest;
};

describe("grants, for any input", () => {
  it("grantCovers, checkGrant, liveGrants and spendGrant never throw on anything at all", () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.anything(), (grant, operation, options) => {
        const g = grant as Grant;
        const o = operation as Operation;
        const opts = options as { now: number };
        expect(typeof grantCovers(g, o, opts)).toBe("boolean");
        checkGrant([g] as Grant[], o, opts);
        checkGrant(grant as Grant[], o, opts);
        liveGrants([g], opts);
        spendGrant(g, 5);
        revocationTargets([g], operation, 5);
        scopesOffered(operation as never, options as never, grant as never);
        decide(defaultPolicy, o);
      }),
      { numRuns: 500 },
    );
  });

  it("never throws on grant-shaped records either", () => {
    fc.assert(
      fc.property(scenarioArb, ([grant, operation, options]) => {
        expect(typeof grantCovers(grant, operation, options)).toBe("boolean");
      }),
      { numRuns: 2_000 },
    );
  });

  it("a revoked grant never covers (and the same grant unrevoked often does: the property is not vacuous)", () => {
    let coveredBefore = 0;
    fc.assert(
      fc.property(scenarioArb, fc.oneof(time, fc.anything()), ([grant, operation, options], revokedAt) => {
        if (revokedAt === undefined) return; // an absent revokedAt is not a revocation
        if (grantCovers(unrevoked(grant), operation, options)) coveredBefore++;
        const revoked = { ...grant, revokedAt: revokedAt as number };
        expect(grantCovers(revoked, operation, options)).toBe(false);
        expect(checkGrant([revoked], operation, options)).toBeUndefined();
      }),
      { numRuns: 2_000 },
    );
    expect(coveredBefore).toBeGreaterThan(30);
  });

  it("an expired grant never covers: from expiresAt on, for every now (and covered the millisecond before, often)", () => {
    let coveredBefore = 0;
    fc.assert(
      fc.property(scenarioArb, time, fc.nat({ max: 10_000 }), ([grant, operation, options], expiresAt, after) => {
        const expiring = { ...unrevoked(grant), expiresAt };
        if (grantCovers(expiring, operation, { ...options, now: expiresAt - 1 })) coveredBefore++;
        const at = { ...options, now: expiresAt + after };
        expect(grantCovers(expiring, operation, at)).toBe(false);
        expect(grantStatus(expiring, at.now)).not.toBe("live");
      }),
      { numRuns: 2_000 },
    );
    expect(coveredBefore).toBeGreaterThan(30);
  });

  it("a grant covers only the operation it names, and a counted grant exactly its uses left", () => {
    let checked = 0;
    fc.assert(
      fc.property(scenarioArb, ([grant, operation, options]) => {
        const live = unrevoked(grant);
        if (!grantCovers(live, operation, options)) return;
        expect(operation.name).toBe(live.operation);
        const limit = live.scope === "once" ? 1 : live.limit;
        if (limit === undefined || limit - live.uses > 100) return;
        checked++;
        let current = live;
        for (let i = live.uses; i < limit; i++) {
          expect(grantCovers(current, operation, options)).toBe(true);
          current = spendGrant(current, options.now);
        }
        expect(grantCovers(current, operation, options)).toBe(false);
        expect(spendGrant(current, options.now)).toBe(current);
        expect(live.uses).toBe(grant.uses);
      }),
      { numRuns: 2_000 },
    );
    expect(checked).toBeGreaterThan(30);
  });
});

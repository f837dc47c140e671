import { afterEach, describe, expect, it, vi } from "vitest";
import type { PermissionCategory } from "../../../src/core/protocol/envelope";
import {
  checkGrant,
  createGrant,
  decide,
  definePolicy,
  grantCovers,
  grantStatus,
  isLive,
  liveGrants,
  revokeGrant,
  scopesOffered,
  spendGrant,
  usesLeft,
  type Grant,
  type GrantInput,
  type Operation,
} from "../../../src/core/policy";

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);
const op = (name: string, extra: Partial<Operation> = {}, categories: PermissionCategory[] = []): Operation => ({ name, categories, ...extra });

/** A grant that must be valid: the test fails at once if createGrant refuses it. */
function grant(input: Partial<GrantInput> & Pick<GrantInput, "scope">): Grant {
  const result = createGrant({ id: "g1", operation: "mail.send", grantedBy: "ana@acme.com", now: T0, ...input });
  if (!result.ok) throw new Error(result.problem);
  return result.grant;
}

/** Uses a grant n times, as an app would after each covered operation. */
function used(g: Grant, n: number, at = T0 + 1): Grant {
  let current = g;
  for (let i = 0; i < n; i++) current = spendGrant(current, at);
  return current;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

describe("once", () => {
  const once = grant({ scope: "once" });

  it("covers one operation, then nothing", () => {
    expect(grantCovers(once, op("mail.send"), { now: T0 + 1 })).toBe(true);
    const after = spendGrant(once, T0 + 2);
    expect(after.uses).toBe(1);
    expect(grantStatus(after, T0 + 3)).toBe("used-up");
    expect(grantCovers(after, op("mail.send"), { now: T0 + 3 })).toBe(false);
  });

  it("covers only the operation it names, exactly", () => {
    expect(grantCovers(once, op("mail.send.all"), { now: T0 })).toBe(false);
    expect(grantCovers(once, op("mail"), { now: T0 })).toBe(false);
    expect(grantCovers({ ...once, operation: "mail.*" }, op("mail.send"), { now: T0 })).toBe(false);
  });
});

describe("batch", () => {
  const batch = grant({ scope: "batch", operation: "mail.archive", limit: 3, runId: "r2" });
  const archive = op("mail.archive");

  it("covers 3 operations in its run, not a 4th", () => {
    let current = batch;
    for (let i = 0; i < 3; i++) {
      expect(checkGrant([current], archive, { now: T0 + i, runId: "r2" })).toBe(current);
      current = spendGrant(current, T0 + i);
    }
    expect(current.uses).toBe(3);
    expect(usesLeft(current)).toBe(0);
    expect(grantCovers(current, archive, { now: T0 + 4, runId: "r2" })).toBe(false);
    expect(checkGrant([current], archive, { now: T0 + 4, runId: "r2" })).toBeUndefined();
  });

  it("covers nothing in another run, or when the run is not given", () => {
    expect(grantCovers(batch, archive, { now: T0, runId: "r3" })).toBe(false);
    expect(grantCovers(batch, archive, { now: T0 })).toBe(false);
  });

  it("without a runId covers its limit in any run", () => {
    const loose = grant({ scope: "batch", operation: "mail.archive", limit: 2 });
    expect(grantCovers(loose, archive, { now: T0, runId: "r9" })).toBe(true);
    expect(grantCovers(used(loose, 2), archive, { now: T0 })).toBe(false);
  });

  it("archiving 100 mails asks once: one grant covers all 100 and the 101st asks", () => {
    let current = grant({ scope: "batch", operation: "mail.archive", limit: 100, runId: "r2" });
    let covered = 0;
    for (let i = 0; i < 101; i++) {
      const found = checkGrant([current], op("mail.archive", { args: { id: `m${i}` } }), { now: T0 + i, runId: "r2" });
      if (!found) break;
      current = spendGrant(found, T0 + i);
      covered++;
    }
    expect(covered).toBe(100);
  });
});

describe("session", () => {
  const session = grant({ scope: "session", operation: "excel.read", sessionId: "s1" });
  const read = op("excel.read", { args: { file: "customers.xlsx" } }, ["privacy"]);

  it("covers every use in its session", () => {
    expect(grantCovers(used(session, 50), read, { now: T0 + 1, sessionId: "s1" })).toBe(true);
    expect(usesLeft(session)).toBe(Infinity);
  });

  it("covers nothing in another session, or when the session is not given", () => {
    expect(grantCovers(session, read, { now: T0, sessionId: "s2" })).toBe(false);
    expect(grantCovers(session, read, { now: T0 })).toBe(false);
  });

  it("may carry a limit", () => {
    const limited = grant({ scope: "session", operation: "excel.read", limit: 2 });
    expect(grantCovers(used(limited, 1), read, { now: T0 })).toBe(true);
    expect(grantCovers(used(limited, 2), read, { now: T0 })).toBe(false);
  });
});

describe("conditional", () => {
  const testMail = grant({ scope: "conditional", operation: "mail.send", condition: { "context.mode": "test" } });
  const send = (mode: unknown, args: unknown = { to: "qa@acme.com" }) => op("mail.send", { args, context: { mode } }, ["irreversible"]);

  it('covers mode = "test" only', () => {
    expect(grantCovers(testMail, send("test"), { now: T0 })).toBe(true);
    expect(grantCovers(used(testMail, 10), send("test"), { now: T0 })).toBe(true);
    expect(grantCovers(testMail, send("live"), { now: T0 })).toBe(false);
    expect(grantCovers(testMail, send("Test"), { now: T0 })).toBe(false);
    expect(grantCovers(testMail, send(["test"]), { now: T0 })).toBe(false);
    expect(grantCovers(testMail, op("mail.send"), { now: T0 })).toBe(false);
  });

  it("checks argument paths; every path must hold", () => {
    const acme = grant({ scope: "conditional", condition: { "args.to.domain": "acme.com", "context.mode": "test" } });
    const mail = (domain: string, mode: string) => op("mail.send", { args: { to: { domain } }, context: { mode } });
    expect(grantCovers(acme, mail("acme.com", "test"), { now: T0 })).toBe(true);
    expect(grantCovers(acme, mail("gmail.com", "test"), { now: T0 })).toBe(false);
    expect(grantCovers(acme, mail("acme.com", "live"), { now: T0 })).toBe(false);
  });

  it("a condition narrows other scopes too", () => {
    const onlyInbox = grant({ scope: "batch", operation: "mail.archive", limit: 5, condition: { "args.folder": "inbox" } });
    expect(grantCovers(onlyInbox, op("mail.archive", { args: { folder: "inbox" } }), { now: T0 })).toBe(true);
    expect(grantCovers(onlyInbox, op("mail.archive", { args: { folder: "sent" } }), { now: T0 })).toBe(false);
  });

  it("never reads inherited names or runs getters in the operation", () => {
    const g = grant({ scope: "conditional", condition: { "context.constructor": "x" } });
    expect(grantCovers(g, op("mail.send", { context: {} }), { now: T0 })).toBe(false);
    let ran = false;
    const context = Object.defineProperty({}, "mode", { enumerable: true, get: () => ((ran = true), "test") });
    expect(grantCovers(testMail, op("mail.send", { context }), { now: T0 })).toBe(false);
    expect(ran).toBe(false);
  });

  it("a conditional grant without its condition covers nothing", () => {
    const { condition: _dropped, ...bare } = testMail;
    expect(grantStatus(bare, T0)).toBe("invalid");
    expect(grantCovers(bare, send("test"), { now: T0 })).toBe(false);
    expect(grantCovers({ ...testMail, condition: {} }, send("test"), { now: T0 })).toBe(false);
    expect(grantCovers({ ...testMail, condition: { "name": "mail.send" } }, send("test"), { now: T0 })).toBe(false);
  });
});

describe("expiry", () => {
  const expiring = grant({ scope: "session", expiresAt: T0 + 60_000 });

  it("covers until the millisecond before expiresAt, and nothing from expiresAt on", () => {
    expect(grantCovers(expiring, op("mail.send"), { now: T0 + 59_999 })).toBe(true);
    expect(grantStatus(expiring, T0 + 60_000)).toBe("expired");
    expect(grantCovers(expiring, op("mail.send"), { now: T0 + 60_000 })).toBe(false);
    expect(grantCovers(expiring, op("mail.send"), { now: T0 + 60_001 })).toBe(false);
  });

  describe("with the app's clock (fake timers)", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it("stops covering when the clock reaches expiresAt", () => {
      vi.useFakeTimers();
      vi.setSystemTime(T0);
      const g = grant({ scope: "session", now: Date.now(), expiresAt: Date.now() + 5 * 60_000 });
      vi.advanceTimersByTime(5 * 60_000 - 1);
      expect(checkGrant([g], op("mail.send"), { now: Date.now() })).toBe(g);
      vi.advanceTimersByTime(1);
      expect(checkGrant([g], op("mail.send"), { now: Date.now() })).toBeUndefined();
    });
  });

  it("a malformed expiry, or no usable clock, never means 'never expires'", () => {
    expect(grantStatus({ ...expiring, expiresAt: "tomorrow" as unknown as number }, T0)).toBe("expired");
    expect(grantStatus({ ...expiring, expiresAt: null as unknown as number }, T0)).toBe("expired");
    expect(grantStatus(expiring, NaN)).toBe("expired");
    expect(grantCovers(expiring, op("mail.send"), { now: undefined as unknown as number })).toBe(false);
    // No expiry: the clock does not matter.
    expect(grantStatus(grant({ scope: "session" }), NaN)).toBe("live");
  });
});

describe("revocation", () => {
  const session = grant({ scope: "session" });

  it("takes effect at once and covers nothing after", () => {
    const revoked = revokeGrant(session, { by: "ana@acme.com", now: T0 + 10 });
    expect(revoked).toMatchObject({ revokedAt: T0 + 10, revokedBy: "ana@acme.com" });
    expect(grantStatus(revoked, T0 + 10)).toBe("revoked");
    expect(grantCovers(revoked, op("mail.send"), { now: T0 + 11 })).toBe(false);
    // Even a moment the clock puts before the revocation: revoked is revoked.
    expect(grantCovers(revoked, op("mail.send"), { now: T0 + 1 })).toBe(false);
  });

  it("the first revocation stands", () => {
    const first = revokeGrant(session, { by: "ana", now: T0 + 10 });
    expect(revokeGrant(first, { by: "agent", now: T0 + 20 })).toBe(first);
  });

  it("never fails, whoever revokes", () => {
    expect(revokeGrant(session, { by: "", now: T0 }).revokedBy).toBe("unknown");
    expect(revokeGrant(null as unknown as Grant, { by: "ana", now: T0 })).toBeNull();
  });

  it("a revokedAt in any form, even unreadable, means revoked", () => {
    expect(grantStatus({ ...session, revokedAt: null as unknown as number }, T0)).toBe("revoked");
    const sneaky = Object.defineProperty({ ...session }, "revokedAt", { enumerable: true, get: () => undefined });
    expect(grantStatus(sneaky, T0)).toBe("revoked");
  });
});

describe("checkGrant", () => {
  const base = { operation: "mail.send" } as const;
  const session = grant({ ...base, id: "session", scope: "session", now: T0 + 40 });
  const once = grant({ ...base, id: "once", scope: "once", now: T0 + 30 });
  const batch = grant({ ...base, id: "batch", scope: "batch", limit: 5, now: T0 + 20 });
  const conditional = grant({ ...base, id: "conditional", scope: "conditional", condition: { "context.mode": "test" }, now: T0 + 10 });
  const testSend = op("mail.send", { context: { mode: "test" } });

  it("chooses the most specific: conditional > batch > once > session, whatever the order or age", () => {
    const all = [session, once, batch, conditional];
    expect(checkGrant(all, testSend, { now: T0 + 50 })?.id).toBe("conditional");
    expect(checkGrant([session, once, batch], testSend, { now: T0 + 50 })?.id).toBe("batch");
    expect(checkGrant([session, once], testSend, { now: T0 + 50 })?.id).toBe("once");
    expect(checkGrant([session], testSend, { now: T0 + 50 })?.id).toBe("session");
    // The conditional one does not cover a live send: the next most specific does.
    expect(checkGrant(all, op("mail.send", { context: { mode: "live" } }), { now: T0 + 50 })?.id).toBe("batch");
  });

  it("among equals, the newest; at the same moment, the later in the list", () => {
    const older = grant({ ...base, id: "older", scope: "session", now: T0 });
    const newer = grant({ ...base, id: "newer", scope: "session", now: T0 + 1 });
    expect(checkGrant([newer, older], testSend, { now: T0 + 2 })?.id).toBe("newer");
    const twin = grant({ ...base, id: "twin", scope: "session", now: T0 });
    expect(checkGrant([older, twin], testSend, { now: T0 + 2 })?.id).toBe("twin");
  });

  it("skips revoked, expired and used-up grants", () => {
    const grants = [revokeGrant(conditional, { by: "ana", now: T0 + 50 }), used(batch, 5), spendGrant(once, T0 + 50), session];
    expect(checkGrant(grants, testSend, { now: T0 + 60 })?.id).toBe("session");
    const expired = grant({ ...base, id: "x", scope: "session", expiresAt: T0 + 55 });
    expect(checkGrant([expired], testSend, { now: T0 + 55 })).toBeUndefined();
  });

  it("finds nothing in nothing", () => {
    expect(checkGrant([], testSend, { now: T0 })).toBeUndefined();
    expect(checkGrant(undefined as unknown as Grant[], testSend, { now: T0 })).toBeUndefined();
    expect(checkGrant([null, 1, "g"] as unknown as Grant[], testSend, { now: T0 })).toBeUndefined();
  });

  it("with the policy's verdict: deny is covered by nothing, typed-confirm only by once", () => {
    const all = [session, once, batch, conditional];
    expect(checkGrant(all, testSend, { now: T0 + 50, decision: "deny" })).toBeUndefined();
    expect(checkGrant(all, testSend, { now: T0 + 50, decision: "typed-confirm" })?.id).toBe("once");
    expect(checkGrant(all, testSend, { now: T0 + 50, decision: "confirm" })?.id).toBe("conditional");
    // A rule's own scopes bound what covers.
    const policy = definePolicy([{ match: { name: "mail.send" }, decision: "confirm", scopes: ["once", "session"] }]);
    expect(checkGrant(all, testSend, { now: T0 + 50, decision: decide(policy, testSend) })?.id).toBe("once");
    expect(checkGrant(all, testSend, { now: T0 + 50, decision: "bogus" as never })).toBeUndefined();
  });
});

describe("createGrant", () => {
  const input: GrantInput = { id: "g1", operation: "mail.send", scope: "once", grantedBy: "ana@acme.com", now: T0 };

  it("makes a record with uses 0 and only the fields given", () => {
    expect(createGrant({ ...input, interactionId: "tc1", expiresAt: T0 + 1000 })).toEqual({
      ok: true,
      grant: { id: "g1", operation: "mail.send", scope: "once", grantedBy: "ana@acme.com", grantedAt: T0, uses: 0, interactionId: "tc1", expiresAt: T0 + 1000 },
    });
  });

  it.each<[string, Partial<GrantInput>, RegExp]>([
    ["a batch without a limit", { scope: "batch" }, /batch grant needs a limit/],
    ["a zero limit", { scope: "batch", limit: 0 }, /positive whole number/],
    ["a fractional limit", { scope: "batch", limit: 2.5 }, /positive whole number/],
    ["a once grant with a limit of 3", { scope: "once", limit: 3 }, /once grant covers one/],
    ["an expiry at now", { expiresAt: T0 }, /after the moment/],
    ["an expiry before now", { expiresAt: T0 - 1 }, /after the moment/],
    ["a NaN expiry", { expiresAt: NaN }, /after the moment/],
    ["a conditional grant without a condition", { scope: "conditional" }, /needs a condition/],
    ["an empty condition", { scope: "conditional", condition: {} }, /at least one path/],
    ["a condition on the name", { scope: "conditional", condition: { name: "x" } }, /must start with "args\." or "context\."/],
    ["a condition path with an empty segment", { scope: "conditional", condition: { "args..x": 1 } }, /must start with/],
    ["a condition value that is a function", { scope: "conditional", condition: { "args.x": () => 1 } }, /plain data/],
    ["no identity", { grantedBy: " " }, /grantedBy/],
    ["no id", { id: "" }, /an id/],
    ["a reserved id", { id: "__proto__" }, /an id/],
    ["no operation", { operation: "" }, /operation/],
    ["an unknown scope", { scope: "forever" as never }, /scope is one of once, batch, session, conditional/],
    ["no time", { now: NaN }, /time it is granted/],
    ["an empty runId", { scope: "batch", limit: 2, runId: "" }, /runId/],
  ])("refuses %s, in words", (_name, change, problem) => {
    const result = createGrant({ ...input, ...change });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem).toMatch(problem);
  });

  it("never throws on junk", () => {
    for (const junk of [undefined, null, 3, "g", [], { id: Symbol() }]) {
      expect(createGrant(junk as unknown as GrantInput).ok).toBe(false);
    }
  });

  it("copies the condition, so changing the caller's object changes nothing", () => {
    const condition = { "args.to": { domain: "acme.com" } };
    const result = createGrant({ ...input, scope: "conditional", condition });
    condition["args.to"].domain = "evil.com";
    expect(result.ok && result.grant.condition).toEqual({ "args.to": { domain: "acme.com" } });
  });

  it("keeps a limit of 1 on a once grant out of the record", () => {
    const result = createGrant({ ...input, limit: 1 });
    expect(result.ok && result.grant.limit).toBeUndefined();
  });
});

describe("spendGrant and revokeGrant never mutate", () => {
  const frozen = deepFreeze(grant({ scope: "batch", limit: 2, condition: { "args.folder": "inbox" } }));

  it("spendGrant returns a new record", () => {
    const after = spendGrant(frozen, T0 + 5);
    expect(after).not.toBe(frozen);
    expect(after).toMatchObject({ uses: 1, lastUsedAt: T0 + 5 });
    expect(frozen.uses).toBe(0);
  });

  it("revokeGrant returns a new record", () => {
    const after = revokeGrant(frozen, { by: "ana", now: T0 + 5 });
    expect(after).not.toBe(frozen);
    expect(frozen.revokedAt).toBeUndefined();
  });

  it("spendGrant returns a grant that is not live as it is", () => {
    const revoked = deepFreeze(revokeGrant(frozen, { by: "ana", now: T0 + 5 }));
    expect(spendGrant(revoked, T0 + 6)).toBe(revoked);
    const spent = deepFreeze(used(frozen, 2));
    expect(spendGrant(spent, T0 + 6)).toBe(spent);
  });

  it("checkGrant and liveGrants take frozen lists", () => {
    const list = deepFreeze([frozen]);
    expect(checkGrant(list, op("mail.send", { args: { folder: "inbox" } }), { now: T0 })).toBe(frozen);
    expect(liveGrants(list, { now: T0 })).toEqual([frozen]);
  });
});

describe("liveGrants and isLive", () => {
  it("keeps the grants that may still cover something, in order", () => {
    const a = grant({ id: "a", scope: "session" });
    const b = revokeGrant(grant({ id: "b", scope: "session" }), { by: "ana", now: T0 });
    const c = grant({ id: "c", scope: "session", expiresAt: T0 + 10 });
    const d = used(grant({ id: "d", scope: "once" }), 1);
    const e = grant({ id: "e", scope: "session", sessionId: "s2" });
    const f = grant({ id: "f", scope: "batch", limit: 3, runId: "r1" });
    const grants = [a, b, c, d, e, f];
    expect(liveGrants(grants, { now: T0 + 5 }).map((g) => g.id)).toEqual(["a", "c"]);
    expect(liveGrants(grants, { now: T0 + 10, sessionId: "s2", runId: "r1" }).map((g) => g.id)).toEqual(["a", "e", "f"]);
    expect(isLive(e, { now: T0, sessionId: "s1" })).toBe(false);
    expect(liveGrants("nope" as unknown as Grant[], { now: T0 })).toEqual([]);
  });
});

describe("scopesOffered", () => {
  const request = (categories: PermissionCategory[]) => ({ categories, operation: "x" });

  it("deny offers nothing; typed-confirm only once", () => {
    expect(scopesOffered(request([]), "deny", ["once", "session"])).toEqual([]);
    expect(scopesOffered(request(["destructive"]), "typed-confirm")).toEqual(["once"]);
    expect(scopesOffered(request(["destructive"]), "typed-confirm", ["once", "batch", "session", "conditional"])).toEqual(["once"]);
  });

  it("by default: once and session for privacy or no category; once alone for the riskier categories", () => {
    expect(scopesOffered(request(["privacy"]), "confirm")).toEqual(["once", "session"]);
    expect(scopesOffered(request([]), "allow")).toEqual(["once", "session"]);
    expect(scopesOffered(request(["irreversible"]), "confirm")).toEqual(["once"]);
    expect(scopesOffered(request(["money"]), "confirm")).toEqual(["once"]);
    expect(scopesOffered(request(["privacy", "money"]), "confirm")).toEqual(["once"]);
  });

  it("what the request offers narrows, never widens, and comes back in card order", () => {
    expect(scopesOffered(request(["irreversible"]), "confirm", ["conditional", "once"])).toEqual(["once", "conditional"]);
    expect(scopesOffered(request(["irreversible"]), "confirm", ["batch"])).toEqual(["once", "batch"]);
    expect(scopesOffered(request([]), "confirm", ["once", "batch", "session", "conditional"])).toEqual(["once", "batch", "session", "conditional"]);
    expect(scopesOffered(request([]), "confirm", ["forever" as never])).toEqual(["once"]);
    expect(scopesOffered(request([]), "confirm", [])).toEqual(["once"]);
  });

  it("a rule's scopes bound them", () => {
    const policy = definePolicy([{ match: { name: "mail.send" }, decision: "confirm", scopes: ["once", "conditional"] }]);
    const verdict = decide(policy, { name: "mail.send", categories: ["irreversible"] });
    expect(scopesOffered(request(["irreversible"]), verdict, ["once", "session", "conditional"])).toEqual(["once", "conditional"]);
    // No scopes: approving the one operation is still possible.
    const none = definePolicy([{ match: {}, decision: "confirm", scopes: [] }]);
    expect(scopesOffered(request([]), decide(none, { name: "x", categories: [] }), ["once", "session"])).toEqual(["once"]);
  });

  it("never throws on junk", () => {
    expect(scopesOffered(null as never, "confirm")).toEqual(["once", "session"]);
    expect(scopesOffered(request([]), null as never)).toEqual([]);
    expect(scopesOffered(request([]), "confirm", "session" as never)).toEqual(["once", "session"]);
  });
});

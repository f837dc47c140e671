import { describe, expect, it } from "vitest";
import { PERMISSION_CATEGORIES, type PermissionCategory, type PermissionRequestPayload } from "../../../src/core/protocol/envelope";
import {
  categoriesOf,
  decide,
  defaultPolicy,
  definePolicy,
  nameMatches,
  operationFromRequest,
  ruleMatches,
  type Operation,
  type Policy,
  type PolicyRule,
} from "../../../src/core/policy";

const op = (name: string, categories: PermissionCategory[] = [], extra: Partial<Operation> = {}): Operation => ({ name, categories, ...extra });

describe("defaultPolicy", () => {
  it.each<[PermissionCategory[], string]>([
    [[], "allow"],
    [["destructive"], "typed-confirm"],
    [["irreversible"], "confirm"],
    [["money"], "confirm"],
    [["privacy"], "confirm"],
    [["privacy", "destructive"], "typed-confirm"],
    [["money", "irreversible"], "confirm"],
  ])("categories %j → %s", (categories, decision) => {
    expect(decide(defaultPolicy, op("x", categories)).decision).toBe(decision);
  });

  it("names the rule that decided, and none for the fallback", () => {
    expect(decide(defaultPolicy, op("fs.delete", ["destructive"])).rule?.id).toBe("parley:destructive");
    expect(decide(defaultPolicy, op("mail.send", ["irreversible"])).rule?.id).toBe("parley:sensitive");
    expect(decide(defaultPolicy, op("calc")).rule).toBeUndefined();
  });

  it("covers every category the protocol knows", () => {
    for (const category of PERMISSION_CATEGORIES) expect(decide(defaultPolicy, op("x", [category])).decision).not.toBe("allow");
  });

  it("is frozen, so no provider can change it for the others", () => {
    expect(Object.isFrozen(defaultPolicy)).toBe(true);
    expect(Object.isFrozen(defaultPolicy.rules)).toBe(true);
    expect(Object.isFrozen(defaultPolicy.rules[0]!.match.categories)).toBe(true);
  });

  it("ignores categories it does not know", () => {
    expect(decide(defaultPolicy, op("x", ["legal" as PermissionCategory])).decision).toBe("allow");
    expect(categoriesOf({ name: "x", categories: ["privacy", "legal", "privacy"] })).toEqual(["privacy"]);
    expect(categoriesOf({ name: "x", categories: "privacy" })).toEqual([]);
  });
});

describe("definePolicy and decide", () => {
  it("puts the team's rules before the defaults; the first match wins, tightening or loosening", () => {
    const policy = definePolicy([
      { id: "tmp", match: { name: "fs.delete", args: { dir: "/tmp" } }, decision: "confirm" },
      { id: "no-wire", match: { name: "pay.wire" }, decision: "deny", reason: "Wires go through finance." },
    ]);
    expect(policy.rules.map((r) => r.id)).toEqual(["tmp", "no-wire", "parley:destructive", "parley:sensitive"]);
    expect(policy.fallback).toBe("allow");
    expect(decide(policy, op("fs.delete", ["destructive"], { args: { dir: "/tmp" } })).decision).toBe("confirm");
    expect(decide(policy, op("fs.delete", ["destructive"], { args: { dir: "/home" } })).decision).toBe("typed-confirm");
    expect(decide(policy, op("pay.wire", ["money"]))).toEqual({ decision: "deny", rule: policy.rules[1] });
  });

  it("takes a fallback; a fallback that is not a decision asks", () => {
    expect(decide(definePolicy([], "deny"), op("anything")).decision).toBe("deny");
    expect(definePolicy([], "nope" as never).fallback).toBe("confirm");
    expect(definePolicy().rules).toEqual(defaultPolicy.rules);
  });

  it("does not change the rules it is given", () => {
    const rules: PolicyRule[] = [{ match: { name: "a" }, decision: "allow" }];
    const policy = definePolicy(rules);
    expect(rules).toHaveLength(1);
    expect(policy.rules).not.toBe(rules);
  });

  it("checks rules in order: an earlier allow beats a later deny", () => {
    const policy: Policy = {
      rules: [
        { id: "1", match: { name: "mail.*" }, decision: "allow" },
        { id: "2", match: { name: "mail.send" }, decision: "deny" },
      ],
      fallback: "confirm",
    };
    expect(decide(policy, op("mail.send")).rule?.id).toBe("1");
  });

  it("treats a matching rule with an unknown decision as confirm, and a malformed policy as asking", () => {
    const policy = { rules: [{ match: { name: "x" }, decision: "alow" }], fallback: "allow" } as unknown as Policy;
    expect(decide(policy, op("x")).decision).toBe("confirm");
    expect(decide(null as unknown as Policy, op("x"))).toEqual({ decision: "confirm" });
    expect(decide({ rules: "nope", fallback: "deny" } as unknown as Policy, op("x"))).toEqual({ decision: "deny" });
    expect(decide({ rules: [null, 3, { decision: "deny" }], fallback: "allow" } as unknown as Policy, op("x")).decision).toBe("allow");
  });

  it("asks when reading the policy throws", () => {
    const rules = new Proxy([], { get() { throw new Error("trap"); } });
    expect(decide({ rules, fallback: "allow" }, op("x")).decision).toBe("confirm");
  });
});

describe("rule matching", () => {
  const rule = (match: PolicyRule["match"]): PolicyRule => ({ match, decision: "deny" });

  it("matches names exactly or by a trailing-* prefix", () => {
    expect(nameMatches("mail.send", "mail.send")).toBe(true);
    expect(nameMatches("mail.send", "mail.sendAll")).toBe(false);
    expect(nameMatches("mail.*", "mail.send")).toBe(true);
    expect(nameMatches("mail.*", "mail.")).toBe(true);
    expect(nameMatches("mail.*", "mail")).toBe(false);
    expect(nameMatches("mail.*", "email.send")).toBe(false);
    expect(nameMatches("*", "anything")).toBe(true);
    // Only a trailing * is a glob.
    expect(nameMatches("*.send", "mail.send")).toBe(false);
    expect(nameMatches("*.send", "*.send")).toBe(true);
    expect(nameMatches(["calendar.create", "mail.*"], "mail.read")).toBe(true);
    expect(nameMatches([], "mail.read")).toBe(false);
    expect(nameMatches("x", 42)).toBe(false);
  });

  it("matches any of the categories; an empty list matches nothing", () => {
    expect(ruleMatches(rule({ categories: ["money", "privacy"] }), op("x", ["privacy"]))).toBe(true);
    expect(ruleMatches(rule({ categories: ["money"] }), op("x", ["privacy"]))).toBe(false);
    expect(ruleMatches(rule({ categories: [] }), op("x", ["privacy"]))).toBe(false);
  });

  it("an empty match matches everything; every field given must match", () => {
    expect(ruleMatches(rule({}), op("x"))).toBe(true);
    expect(ruleMatches(rule({ name: "x", categories: ["money"] }), op("x", ["privacy"]))).toBe(false);
    expect(ruleMatches(rule({ name: "x", categories: ["money"] }), op("x", ["money"]))).toBe(true);
  });

  it("matches argument values by dot path, deep-equal", () => {
    const send = op("mail.send", ["irreversible"], { args: { to: { domain: "acme.com", names: ["ana", "bo"] }, cc: null, n: 0 } });
    expect(ruleMatches(rule({ args: { "to.domain": "acme.com" } }), send)).toBe(true);
    expect(ruleMatches(rule({ args: { "to.domain": "gmail.com" } }), send)).toBe(false);
    expect(ruleMatches(rule({ args: { "to.names": ["ana", "bo"] } }), send)).toBe(true);
    expect(ruleMatches(rule({ args: { "to.names": ["bo", "ana"] } }), send)).toBe(false);
    expect(ruleMatches(rule({ args: { "to.names.1": "bo" } }), send)).toBe(true);
    expect(ruleMatches(rule({ args: { to: { domain: "acme.com", names: ["ana", "bo"] } } }), send)).toBe(true);
    expect(ruleMatches(rule({ args: { to: { domain: "acme.com" } } }), send)).toBe(false);
    expect(ruleMatches(rule({ args: { cc: null } }), send)).toBe(true);
    expect(ruleMatches(rule({ args: { n: 0 } }), send)).toBe(true);
    expect(ruleMatches(rule({ args: { n: "0" } }), send)).toBe(false);
    // A path that is not there matches nothing, not even undefined.
    expect(ruleMatches(rule({ args: { bcc: undefined } }), send)).toBe(false);
    expect(ruleMatches(rule({ args: { "to.domain": "acme.com" } }), op("mail.send"))).toBe(false);
    expect(ruleMatches(rule({ args: { "to.domain": "acme.com" } }), op("mail.send", [], { args: "acme.com" }))).toBe(false);
  });

  it("matches context values by dot path", () => {
    const testMode = op("mail.send", ["irreversible"], { context: { mode: "test", env: { region: "cn" } } });
    expect(ruleMatches(rule({ context: { mode: "test" } }), testMode)).toBe(true);
    expect(ruleMatches(rule({ context: { "env.region": "cn" } }), testMode)).toBe(true);
    expect(ruleMatches(rule({ context: { mode: "live" } }), testMode)).toBe(false);
    expect(ruleMatches(rule({ context: { mode: "test" } }), op("mail.send"))).toBe(false);
  });

  it("lets a team allow test-mode mail and deny private domains", () => {
    const policy = definePolicy([
      { match: { name: "mail.send", args: { "to.domain": "gmail.com" } }, decision: "deny" },
      { match: { name: "mail.send", context: { mode: "test" } }, decision: "allow" },
    ]);
    const send = (domain: string, mode: string) => op("mail.send", ["irreversible"], { args: { to: { domain } }, context: { mode } });
    expect(decide(policy, send("gmail.com", "test")).decision).toBe("deny");
    expect(decide(policy, send("acme.com", "test")).decision).toBe("allow");
    expect(decide(policy, send("acme.com", "live")).decision).toBe("confirm");
  });

  describe("hostile arguments never throw and never read what is not own data", () => {
    const deny = (args: Record<string, unknown>): PolicyRule => ({ match: { args }, decision: "deny" });

    it("cycles", () => {
      const a: Record<string, unknown> = { x: 1 };
      a.self = a;
      const expected: Record<string, unknown> = { x: 1 };
      expected.self = expected;
      expect(ruleMatches(deny({ "self.self.self.x": 1 }), op("x", [], { args: a }))).toBe(true);
      expect(ruleMatches(deny({ self: { x: 1 } }), op("x", [], { args: a }))).toBe(false);
      // Two cyclic structures: the depth cap ends the comparison.
      expect(() => ruleMatches(deny({ self: expected }), op("x", [], { args: a }))).not.toThrow();
      expect(ruleMatches(deny({ self: expected }), op("x", [], { args: a }))).toBe(false);
    });

    it("getters are never run", () => {
      let ran = 0;
      const args = {
        get to() {
          ran++;
          throw new Error("getter ran");
        },
      };
      expect(ruleMatches(deny({ to: "x" }), op("x", [], { args }))).toBe(false);
      expect(ruleMatches(deny({ "to.domain": "x" }), op("x", [], { args }))).toBe(false);
      expect(ran).toBe(0);
    });

    it("__proto__ and inherited names", () => {
      const args = JSON.parse('{"__proto__": {"admin": true}, "name": "a"}') as unknown;
      expect(ruleMatches(deny({ "__proto__.admin": true }), op("x", [], { args }))).toBe(true);
      expect(ruleMatches(deny({ admin: true }), op("x", [], { args }))).toBe(false);
      expect(ruleMatches(deny({ constructor: Object }), op("x", [], { args: {} }))).toBe(false);
      expect(ruleMatches(deny({ "toString.name": "toString" }), op("x", [], { args: {} }))).toBe(false);
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
    });

    it("Proxies whose traps throw, and revoked Proxies", () => {
      const trap = new Proxy({}, { getOwnPropertyDescriptor() { throw new Error("trap"); }, ownKeys() { throw new Error("trap"); } });
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      for (const args of [trap, proxy]) {
        expect(ruleMatches(deny({ a: 1 }), op("x", [], { args }))).toBe(false);
        expect(ruleMatches(deny({ a: {} }), op("x", [], { args: { a: args } }))).toBe(false);
        expect(decide(definePolicy([deny({ a: 1 })]), op("x", [], { args })).decision).toBe("allow");
      }
      expect(ruleMatches({ match: { name: "x" }, decision: "deny" }, proxy as Operation)).toBe(false);
    });

    it("very deep values and paths", () => {
      let deep: Record<string, unknown> = { leaf: true };
      for (let i = 0; i < 10_000; i++) deep = { d: deep };
      expect(() => ruleMatches(deny({ d: { d: {} } }), op("x", [], { args: deep }))).not.toThrow();
      expect(ruleMatches(deny({ [Array(100).fill("d").join(".")]: {} }), op("x", [], { args: deep }))).toBe(false);
    });

    it("malformed rules and operations", () => {
      expect(ruleMatches(null as unknown as PolicyRule, op("x"))).toBe(false);
      expect(ruleMatches({ match: "all" } as unknown as PolicyRule, op("x"))).toBe(false);
      expect(ruleMatches({ match: { args: "to" } } as unknown as PolicyRule, op("x", [], { args: { to: 1 } }))).toBe(false);
      expect(ruleMatches({ match: { name: "x" }, decision: "deny" }, { name: 5 } as unknown as Operation)).toBe(false);
      expect(decide(defaultPolicy, { name: "x", categories: "destructive" } as unknown as Operation).decision).toBe("allow");
      expect(decide(defaultPolicy, undefined as unknown as Operation).decision).toBe("allow");
    });
  });
});

describe("operationFromRequest", () => {
  it("takes the operation, categories, args and the text to type from a permission request", () => {
    const payload: PermissionRequestPayload = {
      operation: "fs.delete",
      summary: "Delete the final report",
      categories: ["destructive"],
      args: { path: "report_2024_final.pdf" },
      confirmText: "report_2024_final.pdf",
    };
    expect(operationFromRequest(payload, { mode: "test" })).toEqual({
      name: "fs.delete",
      categories: ["destructive"],
      args: { path: "report_2024_final.pdf" },
      target: "report_2024_final.pdf",
      context: { mode: "test" },
    });
    expect(operationFromRequest({ operation: "x", summary: "", categories: [] })).toEqual({ name: "x", categories: [] });
  });
});

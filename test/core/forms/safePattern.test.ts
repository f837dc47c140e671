import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compilePattern, PATTERN_LIMITS } from "../../../src/core/forms/safePattern";

/**
 * The linear-time matcher answers as `new RegExp(pattern, "u").test(input)` does, for every
 * pattern it accepts, and refuses in words what it cannot run in linear time.
 */

const tested = (pattern: string, input: string) => {
  const compiled = compilePattern(pattern);
  if (!compiled.ok) throw new Error(`refused ${pattern}: ${compiled.problem}`);
  return compiled.test(input);
};

describe("compilePattern agrees with the native engine", () => {
  const cases: [string, string[]][] = [
    ["^\\d{5}$", ["75011", "7501", "750111", "a5011"]],
    ["^[A-Z]{2}-\\d{3,}$", ["FR-123", "FR-12", "fr-123", "FR-12345"]],
    ["colou?r", ["my color", "colour!", "colr"]],
    ["^(?:foo|bar)+$", ["foobar", "foofoo", "fooba", ""]],
    ["^(?<year>\\d{4})-(\\d{2})$", ["2024-01", "2024-1"]],
    ["\\bcat\\b", ["a cat here", "concatenate", "cat"]],
    ["\\Bcat", ["concat", "cat"]],
    ["^.+@.+\\..+$", ["a@b.co", "a@b", "\n@b.c"]],
    ["^[^\\s]*$", ["nospace", "one space"]],
    ["^\\p{L}+$", ["héllo", "日本語", "abc1"]],
    ["^\\u{1F600}+$", ["😀😀", "😀a"]],
    ["^\\uD83D\\uDE00$", ["😀", "a"]],
    ["^a{2,3}$", ["a", "aa", "aaa", "aaaa"]],
    ["^(a|ab)(c|bcd)(d*)$", ["abcd", "abcdd", "acd"]],
    ["^[\\]\\-a]+$", ["]-a", "b"]],
    ["^[]$", ["", "a"]],
    ["^[^]$", ["a", "\n", ""]],
    ["^\\x41\\cJ?\\t?$", ["A", "A\n\t", "B"]],
    ["(a*)*b", ["aaab", "aaaa"]],
    ["$^", ["", "a"]],
  ];
  for (const [pattern, inputs] of cases) {
    it(pattern, () => {
      for (const input of inputs) expect(tested(pattern, input), `${pattern} on ${JSON.stringify(input)}`).toBe(new RegExp(pattern, "u").test(input));
    });
  }

  it("on random patterns over a small alphabet", () => {
    const atom = fc.constantFrom("a", "b", ".", "[ab]", "[^a]", "\\d", "\\w", "(a|b)", "(?:ab|a)", "\\b", "^", "$");
    const quantifier = fc.constantFrom("", "*", "+", "?", "{2}", "{1,2}", "{0,}", "*?");
    const pattern = fc.array(fc.tuple(atom, quantifier).map(([a, q]) => (a === "^" || a === "$" || a === "\\b" ? a : a + q)), { minLength: 1, maxLength: 6 }).map((parts) => parts.join(""));
    fc.assert(fc.property(pattern, fc.stringMatching(/^[ab1 ]{0,12}$/), (p, input) => tested(p, input) === new RegExp(p, "u").test(input)), { numRuns: 2_000 });
  });
});

describe("hostile patterns are linear or refused", () => {
  it("^(a+)+$ against 34 a's and a ! answers at once, and correctly", () => {
    const compiled = compilePattern("^(a+)+$");
    expect(compiled.ok && compiled.test(`${"a".repeat(34)}!`)).toBe(false);
    expect(compiled.ok && compiled.test("a".repeat(PATTERN_LIMITS.input))).toBe(true);
  });

  it("(a|a)*$, \\d*\\d*\\d*\\d*x and (x+x+)+y are accepted and linear", () => {
    for (const [pattern, input] of [["^(a|a)*$", `${"a".repeat(5_000)}!`], ["^\\d*\\d*\\d*\\d*x$", "1".repeat(5_000)], ["(x+x+)+y", "x".repeat(5_000)]] as const) {
      const compiled = compilePattern(pattern);
      expect(compiled.ok && compiled.test(input)).toBe(false);
    }
  });

  it("refuses, in words, what it cannot run in linear time or is over the limits", () => {
    const problem = (pattern: string) => {
      const compiled = compilePattern(pattern);
      return compiled.ok ? undefined : compiled.problem;
    };
    expect(problem("^(a)\\1$")).toMatch(/refers back to a group/);
    expect(problem("^(?<x>a)\\k<x>$")).toMatch(/refers back to a group/);
    expect(problem("^(?=.*\\d).{8,}$")).toMatch(/looks ahead or behind/);
    expect(problem("(?<!a)b")).toMatch(/looks ahead or behind/);
    expect(problem("a".repeat(PATTERN_LIMITS.source + 1))).toMatch(/longer than 1,000 characters/);
    expect(problem("(a{100}){100}")).toMatch(/larger than 2,000 steps/);
    expect(problem("(")).toMatch(/not a valid regular expression/);
  });

  it("a text longer than the input limit does not match", () => {
    const compiled = compilePattern("a");
    expect(compiled.ok && compiled.test("a".repeat(PATTERN_LIMITS.input + 1))).toBe(false);
  });
});

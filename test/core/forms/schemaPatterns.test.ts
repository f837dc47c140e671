import { afterEach, describe, expect, it, vi } from "vitest";
import { validateValues } from "../../../src/core/forms/schemaValidation";
import { checkArguments } from "../../../src/core/tools/checkArguments";
import { formEn, formZhCN } from "../../../src/i18n/formLabels";

/**
 * A form's patterns come from the agent (and a front-end tool's arguments do): none of them may
 * meet the browser's backtracking engine. Checked by what the native engine is asked to run, not
 * by timing (which flakes on a shared machine: bench/hostile.bench.ts measures it).
 */

const HOSTILE = "^(a+)+$";
/** The start of @cfworker/json-schema's own `url` format regex, itself catastrophic on "http://aaaa…!". */
const CFWORKER_URL = "^(?:(?:https?|ftp):\\/\\/)";

/** Sources of the regular expressions the native engine tested while `fn` ran. */
function nativeRuns(fn: () => unknown): string[] {
  const sources: string[] = [];
  const test: (this: RegExp, input: string) => boolean = Reflect.get(RegExp.prototype, "test");
  const exec: (this: RegExp, input: string) => RegExpExecArray | null = Reflect.get(RegExp.prototype, "exec");
  vi.spyOn(RegExp.prototype, "test").mockImplementation(function (this: RegExp, input: string) {
    sources.push(this.source);
    return test.call(this, input);
  });
  vi.spyOn(RegExp.prototype, "exec").mockImplementation(function (this: RegExp, input: string) {
    sources.push(this.source);
    return exec.call(this, input);
  });
  try {
    fn();
  } finally {
    vi.restoreAllMocks();
  }
  return sources;
}

const form = (properties: Record<string, unknown>, extra: object = {}) => ({ type: "object", properties, ...extra });

describe("a form's patterns never reach the backtracking engine", () => {
  afterEach(() => vi.restoreAllMocks());

  it("^(a+)+$ against a's and a ! is answered as a mismatch, without the native engine running it", () => {
    const schema = form({ code: { type: "string", pattern: HOSTILE } });
    let messages: Record<string, string> = {};
    const ran = nativeRuns(() => (messages = validateValues(schema, { code: `${"a".repeat(20)}!` }, formEn)));
    expect(messages).toEqual({ code: formEn.patternMismatch });
    expect(ran).not.toContain(HOSTILE);
    expect(validateValues(schema, { code: "aaaa" }, formEn)).toEqual({});
  });

  it("nested and in patternProperties too", () => {
    const schema = form({ list: { type: "array", items: { anyOf: [{ type: "string", pattern: HOSTILE }] } } }, { patternProperties: { "^(x+x+)+y$": { type: "string" } } });
    const ran = nativeRuns(() => validateValues(schema, { list: [`${"a".repeat(20)}!`] }, formEn));
    expect(ran).not.toContain(HOSTILE);
    expect(ran).not.toContain("^(x+x+)+y$");
  });

  it("a pattern that cannot run in linear time is refused in words on its field, in both languages", () => {
    const schema = form({ password: { type: "string", pattern: "^(?=.*\\d).{8,}$" }, twice: { type: "string", pattern: "^(a)\\1$" } });
    expect(validateValues(schema, { password: "secret123", twice: "aa" }, formEn)).toEqual({ password: formEn.patternRefused, twice: formEn.patternRefused });
    expect(validateValues(schema, { password: "secret123" }, formZhCN)).toEqual({ password: formZhCN.patternRefused });
    // Nothing typed, nothing to check: an optional field left empty does not block the form.
    expect(validateValues(schema, {}, formEn)).toEqual({});
  });

  it("a refused rule on property names blocks the form, in words", () => {
    const schema = form({ a: { type: "string" } }, { patternProperties: { "(?<=x)y": { type: "number" } } });
    expect(validateValues(schema, { a: "x" }, formEn)).toEqual({ "": formEn.patternRefused });
  });

  it('format "url" is checked without the validator\'s own catastrophic regex', () => {
    const schema = form({ site: { type: "string", format: "url" } });
    let messages: Record<string, string> = {};
    const ran = nativeRuns(() => (messages = validateValues(schema, { site: `http://${"a".repeat(28)}!` }, formEn)));
    expect(ran.some((source) => source.startsWith(CFWORKER_URL))).toBe(false);
    expect(messages).toEqual({ site: formEn.invalidUrl });
    expect(validateValues(schema, { site: "https://example.com/a?b=1" }, formEn)).toEqual({});
    expect(validateValues(schema, { site: "mailto:a@b.c" }, formEn)).toEqual({ site: formEn.invalidUrl });
  });
});

describe("a front-end tool's arguments against the app's schema", () => {
  it("crafted arguments cannot make a pattern or the url format backtrack", () => {
    const schema = { type: "object", properties: { code: { type: "string", pattern: HOSTILE }, site: { type: "string", format: "url" } } };
    let problems: ReturnType<typeof checkArguments> = [];
    const ran = nativeRuns(() => (problems = checkArguments(schema, { code: `${"a".repeat(20)}!`, site: `http://${"a".repeat(28)}!` })));
    expect(ran).not.toContain(HOSTILE);
    expect(ran.some((source) => source.startsWith(CFWORKER_URL))).toBe(false);
    expect([...new Set(problems.map((p) => p.path))].sort()).toEqual(["/code", "/site"]);
  });

  it("a pattern it cannot run says why when it fails", () => {
    const problems = checkArguments({ type: "object", properties: { pin: { type: "string", pattern: "^(\\d)\\1{3}$" } } }, { pin: "1111" });
    expect(problems.map((p) => p.message).join(" ")).toMatch(/cannot be checked safely: it refers back to a group/);
    expect(checkArguments({ type: "object", properties: { pin: { type: "string", pattern: "^(\\d)\\1{3}$" } } }, {})).toEqual([]);
  });
});

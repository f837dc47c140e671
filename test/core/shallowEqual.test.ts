import { describe, expect, it } from "vitest";
import { shallowEqual } from "../../src/core/shallowEqual";

describe("shallowEqual", () => {
  it("compares own entries one level deep", () => {
    const tools: unknown[] = [];
    expect(shallowEqual({ tools }, { tools })).toBe(true);
    expect(shallowEqual({ tools }, { tools: [] })).toBe(false);
    expect(shallowEqual(["a", 1], ["a", 1])).toBe(true);
    expect(shallowEqual(["a"], { 0: "a" })).toBe(false);
    expect(shallowEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(shallowEqual(undefined, {})).toBe(false);
    expect(shallowEqual("en", "en")).toBe(true);
    expect(shallowEqual(NaN, NaN)).toBe(true);
  });
});

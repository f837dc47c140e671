import { describe, expect, it } from "vitest";
import { prettyJson } from "../../src/core/prettyJson";

describe("prettyJson", () => {
  it("keeps a string, indents anything else, and never throws", () => {
    expect(prettyJson("rm -rf /tmp")).toBe("rm -rf /tmp");
    expect(prettyJson({ path: "/tmp", n: [1] })).toBe('{\n  "path": "/tmp",\n  "n": [\n    1\n  ]\n}');
    expect(prettyJson(undefined)).toBe("");
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(prettyJson(cycle)).toBe("[object Object]");
    expect(prettyJson(10n)).toBe("10");
  });
});

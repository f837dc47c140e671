import { describe, expect, it } from "vitest";
import { deriveArtifacts } from "../../src/core/artifacts";

const custom = (value: unknown, eventIndex: number, name = "parley.artifact") => ({ name, value, eventIndex });

describe("deriveArtifacts", () => {
  it("groups announcements by id into versions, numbering those without one", () => {
    const { artifacts, problems } = deriveArtifacts([
      custom({ id: "report", title: "Weekly report", kind: "markdown", content: "# v1", messageId: "m1" }, 1),
      custom({ id: "other" }, 2, "something.else"),
      custom({ id: "report", title: "Weekly report", kind: "markdown", content: "# v2", messageId: "m2" }, 3),
      custom({ id: "chart", title: "Chart", kind: "image", url: "https://example.com/c.png" }, 4),
      custom({ id: "data", kind: "json", content: { total: 3 } }, 5),
    ]);
    expect(problems).toEqual([]);
    expect(artifacts.map((a) => a.id)).toEqual(["report", "chart", "data"]);
    expect(artifacts[0]!.versions.map((v) => [v.version, v.content, v.messageId])).toEqual([
      [1, "# v1", "m1"],
      [2, "# v2", "m2"],
    ]);
    expect(artifacts[2]!.versions[0]).toMatchObject({ title: "data", kind: "json", content: '{\n  "total": 3\n}' });
  });

  it("replaces the version an announcement names, and sorts by version", () => {
    const { artifacts } = deriveArtifacts([
      custom({ id: "a", kind: "text", content: "two", version: 2 }, 1),
      custom({ id: "a", kind: "text", content: "one", version: 1 }, 2),
      custom({ id: "a", kind: "text", content: "two, fixed", version: 2 }, 3),
    ]);
    expect(artifacts[0]!.versions.map((v) => [v.version, v.content])).toEqual([
      [1, "one"],
      [2, "two, fixed"],
    ]);
  });

  it("lists malformed announcements as problems and reads an unknown kind as text", () => {
    const { artifacts, problems } = deriveArtifacts([custom(null, 1), custom({ id: "x" }, 2), custom({ id: "y", kind: "<script>", content: "hi" }, 3)]);
    expect(problems).toEqual(["parley.artifact at event 1: no id", 'parley.artifact at event 2: "x" has neither content nor url']);
    expect(artifacts[0]!.versions[0]!.kind).toBe("text");
  });
});

import { describe, expect, it } from "vitest";
import { CITATIONS_EVENT, createThreadState, foldEvents } from "../../../src/core";
import { confidenceLevel, readCitations, readConfidence, supportFromMetadata } from "../../../src/core/fold/citations";
import { restoreThread, snapshotThread } from "../../../src/core/persistence/threadSnapshot";
import { ev, textRun } from "../../support/events";

const sources = [
  { id: "1", title: "Q3 report", url: "https://example.com/q3", snippet: "Revenue rose 12%." },
  { id: 2, title: "  Board minutes  " },
];

describe("fold: parley.citations", () => {
  it("keeps a message's sources and confidence by message id, never on the message sent back", () => {
    const t = foldEvents(createThreadState(), [...textRun("r1", "m1", ["Revenue rose [1]."]).slice(0, -1), ev.custom(CITATIONS_EVENT, { messageId: "m1", sources, confidence: 0.92 }), ev.runFinished("r1")]);
    expect(t.citations?.m1).toEqual({
      sources: [
        { id: "1", title: "Q3 report", url: "https://example.com/q3", snippet: "Revenue rose 12%." },
        { id: "2", title: "Board minutes" },
      ],
      confidence: 0.92,
    });
    expect(t.messages.get("m1")).not.toHaveProperty("metadata");
    expect(t.errors).toEqual([]);
  });

  it("a second event for the message replaces the first; a confidence out of range is left out", () => {
    let t = foldEvents(createThreadState(), textRun("r1", "m1", ["Hi"]));
    t = foldEvents(t, [ev.custom(CITATIONS_EVENT, { messageId: "m1", sources, confidence: 0.4 })]);
    t = foldEvents(t, [ev.custom(CITATIONS_EVENT, { messageId: "m1", sources: [{ title: "Only one" }], confidence: 1.7 })]);
    expect(t.citations?.m1).toEqual({ sources: [{ id: "1", title: "Only one" }] });
  });

  it("a malformed value or an unknown message is a protocol error and changes nothing", () => {
    let t = foldEvents(createThreadState(), textRun("r1", "m1", ["Hi"]));
    const before = t.citations;
    for (const bad of [{ sources }, { messageId: "m1", sources: "x" }, { messageId: "m1", sources: [3] }, { messageId: "m1", sources: [{ id: {} }] }, "m1"]) {
      t = foldEvents(t, [ev.custom(CITATIONS_EVENT, bad)]);
    }
    t = foldEvents(t, [ev.custom(CITATIONS_EVENT, { messageId: "nope", sources })]);
    expect(t.citations).toBe(before);
    expect(t.errors.map((e) => e.code).filter((code) => code !== "outside-run")).toEqual([...Array(5).fill("malformed-event"), "unknown-message"]);
  });

  it("hostile strings are kept as text (the view decides what may be a link), clipped and bounded", () => {
    const read = readCitations([{ id: "1", url: "javascript:alert(1)", title: "<img src=x onerror=alert(1)>" }, ...Array.from({ length: 80 }, () => ({ snippet: "x".repeat(5000) }))]);
    expect(read?.[0]).toEqual({ id: "1", url: "javascript:alert(1)", title: "<img src=x onerror=alert(1)>" });
    expect(read).toHaveLength(50);
    expect(read?.[1]?.snippet).toHaveLength(2000);
  });

  it("survives a save and a restore", () => {
    const t = foldEvents(createThreadState(), [...textRun("r1", "m1", ["Hi"]), ev.custom(CITATIONS_EVENT, { messageId: "m1", sources })]);
    const restored = restoreThread(JSON.parse(JSON.stringify(snapshotThread(t, 0))));
    expect(restored.ok && restored.thread.citations).toEqual(t.citations);
  });
});

describe("citations from metadata, and confidence", () => {
  it("reads { citations, confidence } from a message's metadata", () => {
    expect(supportFromMetadata({ citations: [{ id: "a", url: "https://x.test" }], confidence: 0.5 })).toEqual({ sources: [{ id: "a", url: "https://x.test" }], confidence: 0.5 });
    expect(supportFromMetadata({ confidence: 0.1 })).toEqual({ sources: [], confidence: 0.1 });
    expect(supportFromMetadata({ other: 1 })).toBeUndefined();
    expect(supportFromMetadata(null)).toBeUndefined();
  });

  it("a confidence is a number from 0 to 1, read in three levels", () => {
    expect([0, 1, 0.5].map(readConfidence)).toEqual([0, 1, 0.5]);
    expect([-0.1, 1.01, Number.NaN, "0.9", null].map(readConfidence)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect([0.92, 0.8, 0.79, 0.5, 0.49, 0].map(confidenceLevel)).toEqual(["high", "high", "medium", "medium", "low", "low"]);
  });
});

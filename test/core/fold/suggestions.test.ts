import { describe, expect, it } from "vitest";
import { createThreadState, foldEvents, readSuggestions, SUGGESTIONS_EVENT } from "../../../src/core";
import { ev } from "../../support/events";

describe("fold: parley.suggestions", () => {
  it("records the latest suggestions with the run that offered them", () => {
    let t = foldEvents(createThreadState(), [ev.runStarted("r1"), ev.custom(SUGGESTIONS_EVENT, { suggestions: [{ label: "Yes" }, { label: "Later", value: "Remind me tomorrow" }] }), ev.runFinished("r1")]);
    expect(t.suggestions).toEqual({ runId: "r1", items: [{ label: "Yes" }, { label: "Later", value: "Remind me tomorrow" }] });
    t = foldEvents(t, [ev.runStarted("r2"), ev.custom(SUGGESTIONS_EVENT, [{ label: " No " }]), ev.runFinished("r2")]);
    expect(t.suggestions).toEqual({ runId: "r2", items: [{ label: "No" }] });
  });

  it("a malformed value is a protocol error and leaves the last suggestions alone", () => {
    let t = foldEvents(createThreadState(), [ev.runStarted("r1"), ev.custom(SUGGESTIONS_EVENT, { suggestions: [{ label: "Yes" }] })]);
    for (const bad of [{ suggestions: [{ label: 3 }] }, "yes", { suggestions: [{ label: "  " }] }, { suggestions: [{ label: "a", value: {} }] }]) {
      t = foldEvents(t, [ev.custom(SUGGESTIONS_EVENT, bad)]);
    }
    expect(t.suggestions?.items).toEqual([{ label: "Yes" }]);
    expect(t.errors.map((e) => e.code)).toEqual(["malformed-event", "malformed-event", "malformed-event", "malformed-event"]);
  });

  it("readSuggestions keeps at most eight", () => {
    expect(readSuggestions({ suggestions: Array.from({ length: 12 }, (_, i) => ({ label: `s${i}` })) })).toHaveLength(8);
    expect(readSuggestions(null)).toBeUndefined();
  });
});

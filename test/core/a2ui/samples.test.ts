/**
 * A2UI's own sample messages, read as the agent would send them. The fixture holds eight examples
 * of the basic catalog copied from github.com/google/A2UI, specification/v0_10/catalogs/basic/
 * examples/ at commit ade478f (Apache-2.0), each with its `source`; together they use every
 * component type but Video's poster and AudioPlayer.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { applyClientAction, buildRunInput, createThreadState, foldEvents } from "../../../src/core";
import { asText, readA2uiContent, resolveDynamic, surfaceActions, surfaceTree } from "../../../src/core/a2ui";
import { a2uiDoor, a2uiInteractionId } from "../../../src/core/origins/a2ui";
import { ev } from "../../support/events";
import samples from "../../fixtures/a2ui/basic-catalog-samples.json";

interface Sample {
  source: string;
  name: string;
  messages: unknown[];
}
const all = samples as Sample[];
const sample = (name: string) => all.find((s) => s.name === name)!;
const content = (s: Sample) => ({ a2ui_operations: s.messages });

describe("A2UI's basic-catalog samples", () => {
  beforeAll(async () => {
    await a2uiDoor.load();
  });

  it.each(all.map((s) => [s.name, s] as const))("%s reads whole: no refusals, nothing missing, no loops", (_, s) => {
    expect(s.source).toMatch(/^github\.com\/google\/A2UI specification\/v0_10\//);
    const surfaces = readA2uiContent(content(s));
    expect(surfaces.problems).toEqual([]);
    expect(surfaces.surfaceIds).toHaveLength(1);
    const surface = surfaces.surfaces[surfaces.surfaceIds[0]!]!;
    expect(surface.problems).toEqual([]);
    const tree = surfaceTree(surface);
    expect(tree).toMatchObject({ ready: true, missing: [], problems: [] });
    expect(tree.reachable.length).toBeGreaterThan(5);
  });

  it("numbers the actions in reading order, labelled by their text (or the event's name for an icon button)", () => {
    const labels = (name: string) => surfaceActions(readA2uiContent(content(sample(name)))).map((a) => a.label);
    expect(labels("Music Player")).toEqual(["previous", "playPause", "next"]);
    expect(labels("Coffee Order")).toEqual(["Purchase", "Add to cart"]);
    expect(labels("Software Purchase")).toEqual(["Confirm Purchase", "Cancel"]);
    expect(labels("Advanced Form Validator")).toEqual(["Submit Registration"]);
    expect(labels("Task Card")).toEqual([]);
  });

  it("reads formatString with nested calls, currency and TR35 dates as the samples write them", () => {
    const purchase = readA2uiContent(content(sample("Software Purchase")));
    const surface = purchase.surfaces["gallery-software-purchase"]!;
    expect(asText(resolveDynamic(surface.components["total-value"]!.text, { data: surface.dataModel, locale: "en-US" }))).toBe("$1,188.00/year");
    const form = readA2uiContent(content(sample("Advanced Form Validator")));
    const welcome = form.surfaces["gallery-advanced-validator"]!;
    expect(asText(resolveDynamic(welcome.components["welcome-text"]!.text, { data: welcome.dataModel, locale: "en-US" }))).toBe("Hello! Today is Monday, December 15.");
  });

  it("the form validator: its button's checks refuse the press in their words until the person fills the form; then it goes back with the data model", () => {
    const s = sample("Advanced Form Validator");
    const messageId = "a2ui-surface-validator";
    const thread = foldEvents(createThreadState({ threadId: "t" }), [ev.runStarted("r1"), ev.activitySnapshot(messageId, "a2ui-surface", content(s), { replace: true }), ev.runFinished("r1")]);
    const id = a2uiInteractionId(messageId);
    expect(thread.interactions.get(id)).toMatchObject({ status: "pending", numbers: [1] });
    const press = (edits: Record<string, unknown>) =>
      applyClientAction(thread, { type: "answer", interactionId: id, response: { action: "a2ui", optionId: "gallery-advanced-validator/submit-btn", edits }, how: "click", at: Date.UTC(2026, 0, 1) });
    expect(press({})).toBe(thread);
    const filled = press({ "/formData/email": "ada@example.com", "/formData/phone": "+441234567890", "/formData/zip": "12345", "/formData/agree": true });
    expect(filled.interactions.get(id)!.status).toBe("answered");
    const sent = (buildRunInput(filled, { runId: "r2" }).forwardedProps as { a2uiAction: { userAction: Record<string, unknown> } }).a2uiAction.userAction;
    expect(sent).toMatchObject({ name: "register", surfaceId: "gallery-advanced-validator", sourceComponentId: "submit-btn" });
    // The sample asks for the data model with every action (sendDataModel).
    expect(sent.dataModel).toMatchObject({ formData: { email: "ada@example.com", agree: true } });
  });
});

import { describe, expect, it } from "vitest";
import { applyClientAction, createThreadState, foldEvents } from "../../../src/core";
import { refusalOf } from "../../../src/core/actions/refusalOf";
import { A2UI_LOADING, a2uiDoor, a2uiInteractionId } from "../../../src/core/origins/a2ui";
import { ev } from "../../support/events";
import { BOOKING_SURFACE, bookingContent } from "../../support/a2uiBooking";

// Its own file: the door's module must not have been loaded by another test in this worker.
const MSG = "a2ui-surface-call-1";
const ID = a2uiInteractionId(MSG);

describe("a surface answered before the door's module is there", () => {
  it("a number reply is refused in words and leaves the thread as it was; once the door is there, the same reply goes through", async () => {
    expect(a2uiDoor.loaded()).toBeUndefined();
    const thread = foldEvents(createThreadState({ threadId: "t1" }), [ev.runStarted("r1"), ev.activitySnapshot(MSG, "a2ui-surface", bookingContent(), { replace: true }), ev.runFinished("r1")]);
    // The surface is numbered by the agent's door, which every app loads.
    expect(thread.interactions.get(ID)).toMatchObject({ status: "pending", numbers: [1, 2] });
    const answer = { type: "answer", interactionId: ID, response: { action: "choose", optionIds: [`${BOOKING_SURFACE}/cancel`], numbers: [2] }, how: "number-reply", at: 5 } as const;
    expect(refusalOf(thread, answer)).toEqual({ code: "invalid-response", message: A2UI_LOADING });
    expect(applyClientAction(thread, answer)).toBe(thread);
    await a2uiDoor.load();
    expect(refusalOf(thread, answer)).toBeUndefined();
    expect(applyClientAction(thread, answer).interactions.get(ID)!.status).toBe("answered");
  });
});

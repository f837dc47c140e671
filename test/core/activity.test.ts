// @vitest-environment node
import { describe, expect, it } from "vitest";
import { createThreadState, foldEvents } from "../../src";
import { selectActivity, selectRunError, selectStatus } from "../../src/core/activity";
import { ev } from "../support/events";

/** The agent's activity as the person sees it, read from the store's state without React. */
const base = { isRunning: false, continuing: false, runningToolCallIds: [] as string[] };
const OPTIONS = [{ id: "a", label: "A" }, { id: "b", label: "B" }];

describe("selectStatus", () => {
  it("is the thread's own status when nothing else goes on", () => {
    expect(selectStatus({ ...base, thread: createThreadState() })).toBe("idle");
  });

  it("a request sent before the agent's RUN_STARTED is already thinking", () => {
    expect(selectStatus({ ...base, isRunning: true, thread: createThreadState() })).toBe("thinking");
  });

  it("a front-end handler at work while the thread waits is the app acting for the agent", () => {
    const thread = foldEvents(createThreadState(), [ev.runStarted("r1"), ev.toolStart("tc1", "parley_advise"), ev.toolArgs("tc1", JSON.stringify({ content: "Which?", options: OPTIONS })), ev.toolEnd("tc1"), ev.runFinished("r1")]);
    expect(selectStatus({ ...base, thread })).toBe("waiting");
    expect(selectStatus({ ...base, runningToolCallIds: ["x"], thread })).toBe("acting");
  });
});

describe("selectActivity", () => {
  it("names the last run's failure, the reference the thread holds", () => {
    const thread = foldEvents(createThreadState(), [ev.runStarted("r1"), { type: "RUN_ERROR", message: "boom" }]);
    const activity = selectActivity({ ...base, thread });
    expect(activity).toMatchObject({ status: "idle", isRunning: false, continuing: false, error: { message: "boom" } });
    expect(activity.error).toBe(selectRunError({ thread }));
  });
});

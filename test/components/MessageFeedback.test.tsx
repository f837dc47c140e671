import { describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MessageFeedback } from "../../src/components";
import type { AgentLike, MetaEvent } from "../../src/core";
import { ev } from "../support/events";
import { expectNoAxeViolations, renderKit, storeWith } from "./support";

const answer = [ev.runStarted(), ev.textStart("m1"), ev.text("m1", "The 18:40 to Lyon."), ev.textEnd("m1"), ev.runFinished()];

function withAgent(sendMeta?: (event: MetaEvent) => Promise<void>) {
  const agent: AgentLike = { run: () => ({ subscribe: () => ({ unsubscribe() {} }) }), ...(sendMeta ? { sendMeta } : {}) };
  return storeWith(answer, { agent });
}

describe("MessageFeedback", () => {
  it("thumbs up is chosen, audited, kept, and sent to the agent as a Meta event; pressed again, it is taken back", async () => {
    const sent: MetaEvent[] = [];
    const store = withAgent(async (event) => void sent.push(event));
    const { container } = renderKit(<MessageFeedback messageId="m1" />, store);
    const up = await screen.findByRole("button", { name: "Good answer" });
    expect(up).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(up);
    expect(up).toHaveAttribute("aria-pressed", "true");
    await waitFor(() => expect(store.getState().thread.feedback?.m1?.sentAt).toBeDefined());
    expect(sent).toEqual([{ type: "META", metaType: "thumbs_up", payload: { messageId: "m1", userId: "person", threadId: "t1" }, timestamp: expect.any(Number) }]);
    expect(store.getState().thread.audit.at(-1)).toMatchObject({ decision: "feedback", how: "click", who: "person" });
    await expectNoAxeViolations(container);
    await userEvent.click(up);
    expect(up).toHaveAttribute("aria-pressed", "false");
    expect(store.getState().thread.feedback?.m1).toBeUndefined();
    await waitFor(() => expect(sent.at(-1)?.metaType).toBe("feedback_cleared"));
  });

  it("thumbs down asks why (optional); the reason goes with it; an agent that cannot take it leaves it in the thread", async () => {
    const store = withAgent();
    renderKit(<MessageFeedback messageId="m1" />, store);
    await userEvent.click(await screen.findByRole("button", { name: "Bad answer" }));
    await userEvent.type(await screen.findByLabelText("Tell us why (optional)"), "Wrong date");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(store.getState().thread.feedback?.m1).toMatchObject({ rating: "down", reason: "Wrong date" });
    expect(store.getState().thread.feedback?.m1?.sentAt).toBeUndefined();
    expect(screen.getByRole("button", { name: "Bad answer" })).toHaveAttribute("aria-pressed", "true");
  });

  it("the person's door refuses feedback on what is not an answer", () => {
    const store = withAgent();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(store.getState().giveFeedback("nope", "up").ok).toBe(false);
    expect(store.getState().giveFeedback("m1", "down", "x".repeat(1_001)).ok).toBe(false);
    warn.mockRestore();
  });
});

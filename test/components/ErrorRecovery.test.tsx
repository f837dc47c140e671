import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ErrorRecovery } from "../../src/headless";
import { ev } from "../support/events";
import { renderKit, storeWith } from "./support";

describe("ErrorRecovery parts", () => {
  it("answer with the app's own elements (asChild), then disable themselves; data-state follows", async () => {
    const user = userEvent.setup();
    const store = storeWith([
      ev.runStarted(),
      ev.custom("parley.interaction", { messageId: "err1", messageType: "error", payload: { content: "The export failed.", actions: ["retry", "undo"] } }),
      ev.runFinished(),
    ]);
    const { container } = renderKit(
      <ErrorRecovery.Root interactionId="err1">
        <ErrorRecovery.Action action="retry" asChild><button className="mine">Try again</button></ErrorRecovery.Action>
        <ErrorRecovery.Action action="report">Report</ErrorRecovery.Action>
        <ErrorRecovery.Dismiss>Dismiss</ErrorRecovery.Dismiss>
      </ErrorRecovery.Root>,
      store,
    );
    expect(container.querySelector("[data-state=pending]")).not.toBeNull();
    // Not offered by the agent: never enabled.
    expect(screen.getByRole("button", { name: "Report" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Report" })).not.toHaveAttribute("action");
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(store.getState().thread.interactions.get("err1")).toMatchObject({ status: "answered", response: { action: "retry" } });
    expect(screen.getByRole("button", { name: "Try again" })).toHaveAttribute("data-state", "disabled");
    expect(screen.getByRole("button", { name: "Dismiss" })).toBeDisabled();
    expect(container.querySelector("[data-state=answered]")).not.toBeNull();
    // The button pressed is disabled now: focus is on the Root, never on <body>.
    expect(document.activeElement).toBe(container.querySelector("[data-state=answered]"));
  });

  it("names the Root it needs when used outside one", () => {
    expect(() => renderKit(<ErrorRecovery.Dismiss>Dismiss</ErrorRecovery.Dismiss>, storeWith([]))).toThrow(/inside <ErrorRecovery.Root/);
  });
});

import type { BaseEvent } from "@ag-ui/core";
import { expect, userEvent, within } from "storybook/test";
import { e } from "./stores";

/** The agent asks to archive 100 mails, typed confirmation "archive", offering this session beyond once. */
export const archiveRequest: BaseEvent[] = [
  e.runStarted("r1"),
  e.toolStart("p1", "parley_request_permission", "msg-p1"),
  e.toolArgs("p1", JSON.stringify({ operation: "archive_mail", summary: "Archive 100 mails older than a year", categories: ["irreversible"], confirmText: "archive", scopes: ["session"] })),
  e.toolEnd("p1"),
  e.runFinished("r1"),
];

/**
 * What any permission card built from `PermissionRequest`'s parts must do, whatever it looks like:
 * Approve stays off until the typed text matches, the scope choice is a radio, Approve sends and
 * settles the card, focus lands on the card, and both buttons turn themselves off. Shared by the
 * stories (in Chromium) and the unit tests (in jsdom, with a `userEvent.setup()` of their own).
 */
export async function approvesFromTheParts(canvasElement: HTMLElement, user: Pick<typeof userEvent, "type" | "click"> = userEvent): Promise<void> {
  const canvas = within(canvasElement);
  const card = canvas.getByRole("group", { name: "Archive 100 mails older than a year" });
  const approve = canvas.getByRole("button", { name: "Archive them" });
  const decline = canvas.getByRole("button", { name: "Keep them" });
  const typed = canvas.getByRole("textbox", { name: "Type archive to confirm" });
  await expect(card).toHaveAttribute("data-state", "pending");
  await expect(approve).toBeDisabled();
  await expect(approve).toHaveAttribute("data-state", "disabled");
  await expect(decline).toBeEnabled();
  await expect(typed).toHaveAttribute("data-state", "empty");

  await user.type(typed, "archiv");
  await expect(typed).toHaveAttribute("data-state", "mismatch");
  await expect(typed).toHaveAttribute("aria-invalid", "true");
  await expect(approve).toBeDisabled();
  await user.type(typed, "e");
  await expect(typed).toHaveAttribute("data-state", "match");
  await expect(approve).toHaveAttribute("data-state", "enabled");

  const once = canvas.getByRole("radio", { name: "Just this once" });
  const session = canvas.getByRole("radio", { name: "For this session" });
  await expect(once).toHaveAttribute("aria-checked", "true");
  await user.click(session);
  await expect(session).toHaveAttribute("data-state", "checked");
  await expect(once).toHaveAttribute("aria-checked", "false");

  await user.click(approve);
  await expect(card).toHaveAttribute("data-state", "answered");
  await expect(card).toHaveFocus();
  await expect(approve).toBeDisabled();
  await expect(decline).toBeDisabled();
  await expect(canvas.queryByRole("textbox")).toBeNull();
}

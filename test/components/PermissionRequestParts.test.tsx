import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { PermissionRequest } from "../../src/headless";
import { createPermissions, definePolicy } from "../../src/core/policy";
import { createThreadStore, type ThreadStore } from "../../src/store/createThreadStore";
import { ScriptedAgent } from "../../src/testing";
import { BrandedPermissionCard, PlainPermissionCard } from "../../stories/support/customPermissionCards";
import { approvesFromTheParts, archiveRequest } from "../../stories/support/permissionBehaviour";
import { expectNoAxeViolations, renderKit, storeWith } from "./support";

/** The custom cards of the stories, in jsdom: the same behaviour test, then what reached the store. */

let ids = 0;
function heard(): ThreadStore {
  const agent = new ScriptedAgent({ script: () => archiveRequest });
  const permissions = createPermissions({ identity: "ana@example.com", sessionId: "s1", policy: definePolicy([]) });
  const store = createThreadStore({ batch: "sync", createId: () => `pr-${++ids}`, agent, autoContinue: false, permissions });
  store.getState().run();
  return store;
}

describe.each([
  ["plain elements", PlainPermissionCard],
  ["another design system", BrandedPermissionCard],
])("a permission card built from the parts: %s", (_, Card) => {
  it("approves with the typed text and the scope chosen, then settles", async () => {
    const store = heard();
    const { container } = renderKit(<Card interactionId="p1" />, store);
    await expectNoAxeViolations(container);
    await approvesFromTheParts(container, userEvent.setup());
    expect(store.getState().thread.interactions.get("p1")).toMatchObject({
      status: "answered",
      how: "click",
      response: { approved: true, scope: "session", typedConfirmation: "archive" },
    });
    expect(store.getState().thread.grants).toHaveLength(1);
  });

  it("declines", async () => {
    const user = userEvent.setup();
    const store = heard();
    renderKit(<Card interactionId="p1" />, store);
    await user.click(screen.getByRole("button", { name: "Keep them" }));
    expect(store.getState().thread.interactions.get("p1")).toMatchObject({ status: "declined", how: "click" });
    expect(screen.getByRole("group")).toHaveFocus();
  });
});

describe("PermissionRequest parts", () => {
  it("name the Root they need when used outside one", () => {
    expect(() => renderKit(<PermissionRequest.Approve>Approve</PermissionRequest.Approve>, storeWith([]))).toThrow(/inside <PermissionRequest.Root/);
  });
});

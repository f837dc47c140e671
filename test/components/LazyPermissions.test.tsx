import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { ev } from "../support/events";

/**
 * The permissions UI (the permission card, its scope choice, the permissions panel and the audit
 * log) is a chunk of its own, loaded on first use: until it is there, a card holds its place with
 * the request's summary and offers nothing to approve; then the card itself replaces it.
 */

describe("the permissions UI before its chunk has loaded", () => {
  it("a permission request shows its summary in a busy card, then the card with its act's button (Delete file)", async () => {
    // A fresh copy of the kit's modules: the chunk this file's setup preloaded is not loaded here.
    vi.resetModules();
    const { MessageRenderer, interactionRowId } = await import("../../src");
    const { permissionsUi } = await import("../../src/components/permissions/permissionsChunk");
    const { renderKit, storeWith } = await import("./support");
    expect(permissionsUi.loaded()).toBeUndefined();
    const args = JSON.stringify({ operation: "delete_file", summary: "Delete report.pdf", categories: ["destructive"] });
    const store = storeWith([ev.runStarted(), ev.toolStart("p1", "parley_request_permission"), ev.toolArgs("p1", args), ev.toolEnd("p1"), ev.runFinished()]);
    const { container } = renderKit(<MessageRenderer id={interactionRowId("p1")} />, store);
    const placeholder = container.querySelector("[data-slot=interaction][aria-busy=true]");
    expect(placeholder).toHaveTextContent("Delete report.pdf");
    expect(screen.queryByRole("button", { name: "Delete file" })).toBeNull();
    expect(await screen.findByRole("button", { name: "Delete file" })).toBeInTheDocument();
    expect(container.querySelector("[aria-busy=true]")).toBeNull();
  });
});

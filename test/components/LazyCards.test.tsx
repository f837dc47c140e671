import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { ev } from "../support/events";

/**
 * The advice, error and input-request cards are a chunk of their own, loaded on first use: until
 * it is there, a card holds its place with the question's words and offers nothing to answer; then
 * the card itself replaces it.
 */

describe("the interaction cards before their chunk has loaded", () => {
  it("an advice shows its words in a busy card, then its options", { timeout: 30_000 }, async () => {
    // A fresh copy of the kit's modules: the chunk this file's setup preloaded is not loaded here.
    vi.resetModules();
    const { MessageRenderer, interactionRowId } = await import("../../src");
    const { cardsUi } = await import("../../src/components/interactions/cardsChunk");
    const { renderKit, storeWith } = await import("./support");
    expect(cardsUi.loaded()).toBeUndefined();
    const args = JSON.stringify({ content: "Which train to Lyon?", options: [{ id: "a", label: "07:05" }, { id: "b", label: "09:10" }] });
    const store = storeWith([ev.runStarted(), ev.toolStart("adv", "parley_advise"), ev.toolArgs("adv", args), ev.toolEnd("adv"), ev.runFinished()]);
    const { container } = renderKit(<MessageRenderer id={interactionRowId("adv")} />, store);
    const placeholder = container.querySelector("[data-slot=interaction][aria-busy=true]");
    expect(placeholder).toHaveTextContent("Which train to Lyon?");
    expect(screen.queryByRole("radio")).toBeNull();
    expect(await screen.findAllByRole("radio")).toHaveLength(2);
    expect(container.querySelector("[aria-busy=true]")).toBeNull();
  });

  it("the queue shows its heading and count, marked busy, then its items", { timeout: 30_000 }, async () => {
    vi.resetModules();
    const { InteractionQueue } = await import("../../src");
    const { cardsUi } = await import("../../src/components/interactions/cardsChunk");
    const { renderKit, storeWith } = await import("./support");
    expect(cardsUi.loaded()).toBeUndefined();
    const args = (content: string) => JSON.stringify({ content, options: [{ id: "a", label: "07:05" }] });
    const store = storeWith([
      ev.runStarted(),
      ev.toolStart("q1", "parley_advise"), ev.toolArgs("q1", args("Which train?")), ev.toolEnd("q1"),
      ev.toolStart("q2", "parley_advise"), ev.toolArgs("q2", args("Which seat?")), ev.toolEnd("q2"),
      ev.runFinished(),
    ]);
    const { container } = renderKit(<InteractionQueue />, store);
    const queue = screen.getByRole("region", { name: "Waiting for you" });
    expect(queue).toHaveAttribute("aria-busy", "true");
    expect(queue).toHaveAttribute("data-state", "waiting");
    expect(container.querySelector("[data-slot=interaction-queue-count]")).toHaveTextContent("2");
    expect(screen.queryByRole("listitem")).toBeNull();
    expect(await screen.findAllByRole("listitem")).toHaveLength(2);
    expect(screen.getByRole("region", { name: "Waiting for you" })).not.toHaveAttribute("aria-busy");
    expect(screen.getByRole("button", { name: "Decline the rest" })).toBeInTheDocument();
  });

  it("an empty queue before its chunk has loaded says nothing is waiting, or hides with empty={null}", async () => {
    vi.resetModules();
    const { InteractionQueue } = await import("../../src");
    const { renderKit, storeWith } = await import("./support");
    const store = storeWith([]);
    const { container } = renderKit(<InteractionQueue />, store);
    expect(container.querySelector("[data-slot=interaction-queue]")).toHaveAttribute("data-state", "empty");
    expect(container.querySelector("[data-slot=interaction-queue]")).not.toHaveAttribute("aria-busy");
    expect(screen.getByText("Nothing is waiting for you.")).toBeInTheDocument();
    const hidden = renderKit(<InteractionQueue empty={null} />, store);
    expect(hidden.container.querySelector("[data-slot=interaction-queue]")).toBeNull();
  });
});

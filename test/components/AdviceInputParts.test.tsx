import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { BaseEvent } from "@ag-ui/core";
import { Advice, InputRequest } from "../../src/headless";
import { PlainAdviceCard, PlainInputCard } from "../../stories/support/customCards";
import { ev } from "../support/events";
import { expectNoAxeViolations, heardFromAgent, renderKit, storeWith } from "./support";

/** Advice and InputRequest parts under a card of plain elements: the behaviour without the kit's look. */

function parleyCall(id: string, tool: string, args: unknown): BaseEvent[] {
  return [ev.runStarted("r1"), ev.toolStart(id, tool), ev.toolArgs(id, JSON.stringify(args)), ev.toolEnd(id), ev.runFinished("r1")];
}
const trains = { content: "Which train?", options: [{ id: "a", label: "07:05" }, { id: "b", label: "09:04" }, { id: "c", label: "12:10" }] };

describe("Advice parts", () => {
  it("pick an option by click or digit, submit it, then turn themselves off", async () => {
    const user = userEvent.setup();
    const { store } = heardFromAgent(parleyCall("adv", "parley_advise", trains), { autoContinue: false });
    const { container } = renderKit(<PlainAdviceCard interactionId="adv" />, store);
    await expectNoAxeViolations(container);
    const submit = screen.getByRole("button", { name: "Book it" });
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole("radio", { name: "09:04" }));
    expect(screen.getByRole("radio", { name: "09:04" })).toHaveAttribute("data-state", "checked");
    expect(screen.getByRole("radio", { name: "09:04" })).toHaveAttribute("data-number", "2");
    await user.keyboard("3");
    expect(screen.getByRole("radio", { name: "12:10" })).toHaveAttribute("aria-checked", "true");
    expect(screen.getByRole("radio", { name: "12:10" })).toHaveFocus();
    expect(screen.getByRole("radio", { name: "09:04" })).toHaveAttribute("aria-checked", "false");
    await user.click(submit);
    expect(store.getState().thread.interactions.get("adv")).toMatchObject({ status: "answered", how: "key", response: { action: "choose", optionIds: ["c"], numbers: [3] } });
    expect(screen.getByRole("group", { name: "Advice" })).toHaveFocus();
    expect(screen.getByRole("group", { name: "Advice" })).toHaveAttribute("data-state", "answered");
    expect(screen.getByRole("radio", { name: "12:10" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Not now" })).toBeDisabled();
  }, 20_000);

  it("several may be chosen: checkboxes that toggle", async () => {
    const user = userEvent.setup();
    const { store } = heardFromAgent(parleyCall("adv", "parley_advise", { ...trains, multiple: true }), { autoContinue: false });
    renderKit(<PlainAdviceCard interactionId="adv" />, store);
    await user.click(screen.getByRole("checkbox", { name: "07:05" }));
    await user.click(screen.getByRole("checkbox", { name: "12:10" }));
    await user.click(screen.getByRole("checkbox", { name: "07:05" }));
    await user.click(screen.getByRole("button", { name: "Book it" }));
    expect(store.getState().thread.interactions.get("adv")).toMatchObject({ response: { optionIds: ["c"] } });
  });

  it("name the Root they need", () => {
    expect(() => renderKit(<Advice.Submit>Go</Advice.Submit>, storeWith([]))).toThrow(/inside <Advice.Root/);
  });
});

describe("InputRequest parts", () => {
  const address = { content: "Where to?", schema: { type: "object", properties: { city: { type: "string" } } } };

  it("a field fills the answer, Submit sends it, Decline is off afterwards", async () => {
    const user = userEvent.setup();
    const { store } = heardFromAgent(parleyCall("addr", "parley_request_input", address), { autoContinue: false });
    const { container } = renderKit(<PlainInputCard interactionId="addr" />, store);
    await expectNoAxeViolations(container);
    const city = screen.getByRole("textbox", { name: "City" });
    expect(city).toHaveAttribute("data-state", "empty");
    await user.type(city, "Lyon");
    expect(city).toHaveAttribute("data-state", "filled");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(store.getState().thread.interactions.get("addr")).toMatchObject({ status: "answered", response: { values: { city: "Lyon" } } });
    expect(screen.getByRole("group", { name: "Input" })).toHaveFocus();
    expect(screen.getByRole("button", { name: "Not now" })).toBeDisabled();
  });

  it("name the Root they need", () => {
    expect(() => renderKit(<InputRequest.Submit>Go</InputRequest.Submit>, storeWith([]))).toThrow(/inside <InputRequest.Root/);
  });
});

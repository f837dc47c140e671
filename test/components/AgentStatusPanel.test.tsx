import { describe, expect, it } from "vitest";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { foldEvents } from "../../src/core/fold";
import { AgentStatusPanel } from "../../src/panels";
import { ev } from "../support/events";
import { expectNoAxeViolations, heardFromAgent, renderKit, storeWith } from "./support";

const advise = [
  ev.runStarted(),
  ev.textStart("a1"),
  ev.textEnd("a1"),
  ev.toolStart("adv", "parley_advise", "a1"),
  ev.toolArgs("adv", JSON.stringify({ content: "Which train to Lyon?", options: [{ id: "a", label: "07:05" }, { id: "b", label: "09:04" }] })),
  ev.toolEnd("adv"),
  ev.runFinished(),
];

describe("AgentStatusPanel", () => {
  it("says idle, then thinking once a request is on its way, with the time since", async () => {
    let now = 1_000;
    const store = storeWith([]);
    const { container } = renderKit(<AgentStatusPanel now={() => now} />, store);
    const panel = await screen.findByRole("region", { name: "Agent" });
    expect(panel).toHaveAttribute("data-status", "idle");
    expect(screen.getByRole("status")).toHaveTextContent("Idle");
    expect(container.querySelector("[data-slot=agent-status-panel-elapsed]")).toBeNull();
    await expectNoAxeViolations(container);

    now = 2_000;
    act(() => {
      store.setState({ isRunning: true });
    });
    expect(panel).toHaveAttribute("data-status", "thinking");
    expect(screen.getByRole("status")).toHaveTextContent("Thinking");
    expect(container.querySelector("[data-slot=agent-status-panel-elapsed]")).toHaveTextContent("for 0:00");
  });

  it("names the tool and counts the time since it began", async () => {
    let now = 10_000;
    const store = storeWith([ev.runStarted(), ev.textStart("a1"), ev.textEnd("a1"), ev.toolStart("t1", "search_trains", "a1")]);
    const { container } = renderKit(<AgentStatusPanel now={() => now} />, store);
    const panel = await screen.findByRole("region", { name: "Agent" });
    expect(panel).toHaveAttribute("data-status", "acting");
    expect(screen.getByRole("status")).toHaveTextContent("Working: search_trains");
    expect(container.querySelector("[data-slot=agent-status-panel-elapsed]")).toHaveTextContent("for 0:00");
    now = 75_000;
    // The panel's clock ticks every second.
    await waitFor(() => expect(container.querySelector("[data-slot=agent-status-panel-elapsed]")).toHaveTextContent("for 1:05"), { timeout: 2_000 });
    // A new tool is a new status: the clock starts again.
    act(() => store.setState((s) => ({ thread: foldEvents(s.thread, [ev.toolEnd("t1"), ev.toolStart("t2", "book_seat", "a1")]) })));
    expect(screen.getByRole("status")).toHaveTextContent("Working: book_seat");
    expect(container.querySelector("[data-slot=agent-status-panel-elapsed]")).toHaveTextContent("for 0:00");
    await expectNoAxeViolations(container);
  });

  it("while waiting names the question and shows it in the conversation", async () => {
    const { store } = heardFromAgent(advise, { autoContinue: false });
    const { container } = renderKit(<AgentStatusPanel />, store);
    const panel = await screen.findByRole("region", { name: "Agent" });
    expect(panel).toHaveAttribute("data-status", "waiting");
    expect(container.querySelector("[data-slot=agent-status-panel-waiting]")).toHaveTextContent("Waiting on: Which train to Lyon?");
    fireEvent.click(screen.getByRole("button", { name: "Show the question" }));
    await expectNoAxeViolations(container);
  });

  it("says it is reconnecting, in Chinese too", async () => {
    const store = storeWith([ev.runStarted(), ev.textStart("a1")]);
    act(() => store.setState({ isRunning: true, reconnecting: { attempt: 2, attempts: 4 } }));
    renderKit(<AgentStatusPanel />, store, { locale: "zh-CN" });
    const panel = await screen.findByRole("region", { name: "智能体" });
    expect(panel).toHaveAttribute("data-connection", "reconnecting");
    expect(screen.getByRole("status")).toHaveTextContent("正在重新连接…（第 2 次，共 4 次）");
  });
});

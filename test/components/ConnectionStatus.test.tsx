import { describe, expect, it } from "vitest";
import { act, fireEvent, screen } from "@testing-library/react";
import { AgentStatusIndicator, RunError } from "../../src/components";
import { TransportError, type AgentLike } from "../../src";
import { ev } from "../support/events";
import { expectNoAxeViolations, renderKit, storeWith } from "./support";

describe("AgentStatusIndicator while the stream is resumed", () => {
  it("says which attempt it is on, in the person's language, and goes back to the run's status after", async () => {
    const store = storeWith([ev.runStarted(), ev.textStart("a1"), ev.text("a1", "Hel")]);
    act(() => store.setState({ isRunning: true, reconnecting: { attempt: 2, attempts: 4 } }));
    const { container, unmount } = renderKit(<AgentStatusIndicator />, store);
    const status = container.querySelector("[data-slot=agent-status]")!;
    expect(status).toHaveAttribute("data-connection", "reconnecting");
    expect(screen.getByRole("status")).toHaveTextContent("Reconnecting… (attempt 2 of 4)");
    await expectNoAxeViolations(container);

    act(() => store.setState({ reconnecting: undefined }));
    expect(status).not.toHaveAttribute("data-connection");
    expect(screen.getByRole("status")).toHaveTextContent("Thinking");
    unmount();

    act(() => store.setState({ reconnecting: { attempt: 3, attempts: 4 } }));
    renderKit(<AgentStatusIndicator />, store, { locale: "zh-CN" });
    expect(screen.getByRole("status")).toHaveTextContent("正在重新连接…（第 3 次，共 4 次）");
  });
});

describe("RunError when the connection is lost", () => {
  it("keeps the partial reply, says the connection failed, and Retry runs again", () => {
    let runs = 0;
    const agent: AgentLike = {
      run: (input) => ({
        subscribe(observer) {
          runs += 1;
          observer.next?.(ev.runStarted(input.runId));
          observer.next?.(ev.textStart(`a${runs}`));
          observer.next?.(ev.text(`a${runs}`, "Half a reply"));
          observer.error?.(new TransportError("network", "The connection to the agent was lost; 4 attempts to reconnect failed."));
          return { unsubscribe() {} };
        },
      }),
    };
    const store = storeWith([], { agent });
    renderKit(<RunError />, store);
    act(() => {
      store.getState().sendMessage("hello");
    });
    const alert = screen.getByRole("alert");
    expect(alert).toHaveAttribute("data-source", "transport");
    expect(alert).toHaveAttribute("data-code", "network");
    expect(alert).toHaveTextContent("The connection to the agent failed.");
    expect(alert).toHaveTextContent("4 attempts to reconnect failed");
    expect(store.getState().thread.messages.get("a1")).toMatchObject({ content: "Half a reply" });
    act(() => {
      fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    });
    expect(runs).toBe(2);
    expect(store.getState().thread.messages.get("a1")).toBeUndefined();
  });
});

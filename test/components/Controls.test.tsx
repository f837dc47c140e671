import { describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen } from "@testing-library/react";
import type { BaseEvent } from "@ag-ui/core";
import { ScriptedAgent } from "../../src/testing";
import { createThreadStore } from "../../src/store/createThreadStore";
import { AgentStatusIndicator, Composer, RunError, ToolCallCard, formatToolResult } from "../../src/components";
import { summarizeToolArgs } from "../../src/components/tool-call/ToolCall";
import { ev } from "../support/events";
import { expectNoAxeViolations, renderKit, storeWith } from "./support";

const toolStart = [ev.runStarted(), ev.textStart("a1"), ev.textEnd("a1"), ev.toolStart("t1", "search_trains", "a1")];

describe("ToolCallCard", () => {
  it("shows streaming args as text until they parse, then pretty JSON and the result", async () => {
    const store = storeWith([...toolStart, ev.toolArgs("t1", '{"from": "Par')]);
    const { container } = renderKit(<ToolCallCard id="t1" defaultOpen />, store);
    const root = container.querySelector("[data-slot=tool-call]")!;
    // Radix's open / closed stays in data-state; the call's status is data-status.
    expect(root).toHaveAttribute("data-state", "open");
    expect(root).toHaveAttribute("data-status", "streaming-args");
    expect(container.querySelector("[data-slot=tool-call-args] pre")!.textContent).toContain('"from"');
    act(() => store.setState(() => ({ thread: storeWith([...toolStart, ev.toolArgs("t1", '{"from": "Paris"}'), ev.toolEnd("t1"), ev.toolResult("res1", "t1", "3 trains found")]).getState().thread })));
    expect(root).toHaveAttribute("data-status", "complete");
    expect(container.querySelector("[data-slot=tool-call-args] pre")!.textContent).toBe('{\n  "from": "Paris"\n}');
    expect(screen.getByText("3 trains found")).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it("shows a JSON result indented over lines, in a keyboard-scrollable block, and the status beside the name", () => {
    const store = storeWith([...toolStart, ev.toolArgs("t1", "{}"), ev.toolEnd("t1"), ev.toolResult("res1", "t1", '{"trains":[{"id":"TGV 6601"}]}')]);
    const { container } = renderKit(<ToolCallCard id="t1" defaultOpen />, store);
    const result = screen.getByRole("group", { name: "Result" });
    expect(result.textContent).toBe('{\n  "trains": [\n    {\n      "id": "TGV 6601"\n    }\n  ]\n}');
    expect(result).toHaveAttribute("tabindex", "0");
    expect(container.querySelector("[data-slot=tool-call-status]")).toHaveAttribute("data-status", "complete");
    // Not JSON, or broken JSON: shown as it came.
    expect(formatToolResult("3 trains found")).toBe("3 trains found");
    expect(formatToolResult('{"a": ')).toBe('{"a": ');
  });

  it("says it is waiting once args are complete", () => {
    const store = storeWith([...toolStart, ev.toolArgs("t1", "{}"), ev.toolEnd("t1")]);
    const { container } = renderKit(<ToolCallCard id="t1" />, store);
    const root = container.querySelector("[data-slot=tool-call]")!;
    expect(root).toHaveAttribute("data-status", "waiting");
    expect(root).toHaveAttribute("data-state", "closed");
    expect(screen.getByText("Waiting for result")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: /search_trains/ }));
    expect(root).toHaveAttribute("data-state", "open");
    expect(root).toHaveAttribute("data-status", "waiting");
  });

  it("sums the arguments up on one line beside the name, after a chevron, with a status dot", () => {
    const store = storeWith([...toolStart, ev.toolArgs("t1", JSON.stringify({ from: "Paris", to: "Lyon", seats: 2, when: { day: "2025-06-14" } })), ev.toolEnd("t1")]);
    const { container } = renderKit(<ToolCallCard id="t1" />, store);
    expect(container.querySelector("[data-slot=tool-call-summary]")).toHaveTextContent('from: Paris, to: Lyon, seats: 2, when: {"day":"2025-06-14"}');
    expect(container.querySelector("[data-slot=tool-call-chevron] svg")).not.toBeNull();
    expect(container.querySelector("[data-slot=tool-call-status-dot]")).not.toBeNull();
    // No glyph stands for the tool any more.
    expect(container.textContent).not.toContain("⚙");
    expect(summarizeToolArgs({ args: undefined, argsText: '{"from": "Par' })).toBe('{"from": "Par');
    expect(summarizeToolArgs({ args: { note: "x".repeat(500) }, argsText: "" })).toHaveLength(160);
  });

  it("a call the agent asks the person about shows as that question's card, not as a row too", () => {
    const store = storeWith([
      ...toolStart,
      ev.toolArgs("t1", JSON.stringify({ paths: ["/tmp/cache"] })),
      ev.toolEnd("t1"),
      ev.runFinished("r1", "t1", { outcome: { type: "interrupt", interrupts: [{ id: "int-del", reason: "tool_call", message: "Delete /tmp/cache?", toolCallId: "t1" }] } }),
    ]);
    const { container } = renderKit(<ToolCallCard id="t1" />, store);
    expect(container.querySelector("[data-slot=tool-call]")).toBeNull();
  });

  it("says so when the run ended before the call finished", () => {
    const store = storeWith([...toolStart, ev.toolArgs("t1", '{"from": "Par'), ev.runError("The connection dropped.")]);
    const { container } = renderKit(<ToolCallCard id="t1" defaultOpen />, store);
    expect(container.querySelector("[data-slot=tool-call]")).toHaveAttribute("data-status", "error");
    expect(screen.getByRole("alert")).toHaveTextContent("The run ended before this call finished.");
  });
});

function agentWith(script: BaseEvent[] | (() => (BaseEvent | { delay: number })[]), delayMs = 0) {
  return new ScriptedAgent({ script: script, delayMs });
}

describe("Composer", () => {
  it("is disabled with a visible reason when there is no agent", async () => {
    const { container } = renderKit(<Composer />, storeWith([]));
    const input = screen.getByRole("textbox", { name: "Message" });
    expect(input).toBeDisabled();
    expect(input).toHaveAccessibleDescription("No agent is connected, so messages cannot be sent.");
    await expectNoAxeViolations(container);
  });

  it("sends on Enter, not on Shift+Enter, and not while an IME is composing", () => {
    const store = storeWith([], { agent: agentWith([ev.runStarted("r"), ev.runFinished("r")]) });
    renderKit(<Composer />, store);
    const input = screen.getByRole("textbox", { name: "Message" });
    fireEvent.change(input, { target: { value: "你好" } });
    fireEvent.keyDown(input, { key: "Enter", isComposing: true });
    fireEvent.keyDown(input, { key: "Enter", keyCode: 229 });
    fireEvent.keyDown(input, { key: "Enter", shiftKey: true });
    expect(store.getState().thread.messageIds).toHaveLength(0);
    fireEvent.keyDown(input, { key: "Enter" });
    const ids = store.getState().thread.messageIds;
    expect(ids).toHaveLength(1);
    expect(store.getState().thread.messages.get(ids[0]!)).toMatchObject({ role: "user", content: "你好" });
    expect(input).toHaveValue("");
  });

  it("offers Stop while the agent runs", async () => {
    const store = storeWith([], { agent: agentWith([ev.runStarted("r"), ev.runFinished("r")], 10_000) });
    const { container } = renderKit(<Composer />, store);
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "hi" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(container.querySelector("[data-slot=composer]")).toHaveAttribute("data-state", "running");
    await expectNoAxeViolations(container);
    fireEvent.click(screen.getByRole("button", { name: "Stop" }));
    expect(store.getState().isRunning).toBe(false);
    expect(screen.getByRole("button", { name: "Send" })).toBeInTheDocument();
  });

  it("Stop gives focus back to the text box; Escape in the text box stops the run", async () => {
    const store = storeWith([], { agent: agentWith([ev.runStarted("r"), ev.runFinished("r")], 10_000) });
    renderKit(<Composer />, store);
    const input = screen.getByRole("textbox", { name: "Message" });
    fireEvent.change(input, { target: { value: "hi" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    const stop = screen.getByRole("button", { name: "Stop" });
    stop.focus();
    fireEvent.click(stop, { detail: 1 });
    expect(store.getState().isRunning).toBe(false);
    expect(input).toHaveFocus();

    fireEvent.change(input, { target: { value: "again" } });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(store.getState().isRunning).toBe(true);
    fireEvent.keyDown(input, { key: "Escape" });
    expect(store.getState().isRunning).toBe(false);
  });

  it("a run that ends while Stop has focus leaves focus in the text box", async () => {
    const store = storeWith([], { agent: agentWith([ev.runStarted("r"), ev.runFinished("r")], 10_000) });
    renderKit(<Composer />, store);
    const input = screen.getByRole("textbox", { name: "Message" });
    fireEvent.change(input, { target: { value: "hi" } });
    fireEvent.keyDown(input, { key: "Enter" });
    screen.getByRole("button", { name: "Stop" }).focus();
    // The run ends by itself (here: the store stops it, as the agent's end would).
    act(() => store.getState().stop());
    expect(input).toHaveFocus();
  });

  it("puts the app's own controls inside the field", () => {
    renderKit(<Composer startActions={<button type="button">Attach</button>} endActions={<button type="button">Voice</button>} />, storeWith([]));
    const field = document.querySelector("[data-slot=composer-field]")!;
    expect(field).toContainElement(screen.getByRole("button", { name: "Attach" }));
    expect(field).toContainElement(screen.getByRole("button", { name: "Voice" }));
  });

  it("a double-click or a second Enter on Send does not stop the run it started", async () => {
    const { default: userEvent } = await import("@testing-library/user-event");
    const user = userEvent.setup();
    const store = storeWith([], { agent: agentWith([ev.runStarted("r"), ev.runFinished("r")], 10_000) });
    renderKit(<Composer />, store);
    await user.type(screen.getByRole("textbox"), "hi");
    await user.dblClick(screen.getByRole("button", { name: "Send" }));
    expect(store.getState().isRunning).toBe(true);
    expect(screen.getByRole("textbox")).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(store.getState().isRunning).toBe(true);
    expect(store.getState().thread.runs.map((r) => r.status)).toEqual([]);
    store.getState().stop();
  });
});

describe("Composer between runs the store chains by itself (issue 22)", () => {
  it("keeps the one Stop button while a front-end handler works between runs; pressing it ends the chain", async () => {
    let release!: () => void;
    let runs = 0;
    const agent = new ScriptedAgent({
      script: () => {
        runs++;
        return [ev.runStarted(`r${runs}`), ev.toolStart(`c${runs}`, "ping", `m${runs}`), ev.toolArgs(`c${runs}`, "{}"), ev.toolEnd(`c${runs}`), ev.runFinished(`r${runs}`)];
      },
    });
    const store = createThreadStore({ agent, batch: "sync" });
    store.getState().registerTool({ name: "ping", handler: () => new Promise((resolve) => (release = () => resolve("pong"))) });
    renderKit(<Composer />, store);
    act(() => void store.getState().sendMessage("go"));
    await act(async () => {
      for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(store.getState().isRunning).toBe(false);
    const stop = screen.getByRole("button", { name: "Stop" });
    fireEvent.click(stop);
    await act(async () => {
      release();
      for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(runs).toBe(1);
    expect(screen.queryByRole("button", { name: "Stop" })).toBeNull();
  });
});

describe("AgentStatusIndicator", () => {
  it("names the tool the agent is acting with", () => {
    const { container } = renderKit(<AgentStatusIndicator />, storeWith([...toolStart, ev.toolArgs("t1", "{")]));
    expect(container.querySelector("[data-slot=agent-status]")).toHaveAttribute("data-status", "acting");
    expect(screen.getByRole("status")).toHaveTextContent("Working: search_trains");
  });

  it("is idle with no run (and says nothing), thinking inside one", () => {
    const { container, unmount } = renderKit(<AgentStatusIndicator />, storeWith([]));
    expect(container.querySelector("[data-slot=agent-status]")).toHaveAttribute("data-status", "idle");
    expect(screen.getByRole("status")).toHaveTextContent("");
    unmount();
    renderKit(<AgentStatusIndicator />, storeWith([ev.runStarted()]));
    expect(screen.getByRole("status")).toHaveTextContent("Thinking");
  });
});

describe("RunError", () => {
  it("shows the failure in words and retries", async () => {
    let calls = 0;
    const agent = agentWith(() => (++calls === 1 ? [ev.runStarted("r1"), ev.runError("The model is overloaded.", "overloaded")] : [ev.runStarted("r2"), ev.runFinished("r2")]));
    const store = storeWith([], { agent });
    const { container } = renderKit(<RunError />, store);
    act(() => {
      store.getState().sendMessage("hello");
    });
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("The agent stopped with an error.");
    expect(alert).toHaveTextContent("The model is overloaded.");
    await expectNoAxeViolations(container);
    act(() => {
      fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    });
    expect(calls).toBe(2);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("hands focus to the composer after Retry, and shows no 'Idle' above the error", async () => {
    let calls = 0;
    const agent = agentWith(() => (++calls === 1 ? [ev.runStarted("r1"), ev.runError("Overloaded.")] : [ev.runStarted("r2"), ev.runFinished("r2")]));
    const store = storeWith([], { agent });
    renderKit(
      <>
        <AgentStatusIndicator />
        <RunError />
        <Composer />
      </>,
      store,
    );
    act(() => {
      store.getState().sendMessage("hello");
    });
    const retry = await vi.waitFor(() => screen.getByRole("button", { name: "Retry" }));
    expect(screen.getByRole("status")).toHaveTextContent("");
    retry.focus();
    act(() => {
      fireEvent.click(retry);
    });
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveFocus();
  });
});

describe("StrictMode", () => {
  it("sends exactly one message and starts one run under double effects", async () => {
    const { StrictMode } = await import("react");
    let runs = 0;
    const agent = agentWith(() => {
      runs += 1;
      return [ev.runStarted(`r${runs}`), ev.runFinished(`r${runs}`)];
    });
    const store = storeWith([], { agent });
    renderKit(
      <StrictMode>
        <Composer />
      </StrictMode>,
      store,
    );
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "once" } });
    fireEvent.keyDown(screen.getByRole("textbox"), { key: "Enter" });
    expect(runs).toBe(1);
    expect(store.getState().thread.messageIds.filter((id) => store.getState().thread.messages.get(id)?.role === "user")).toHaveLength(1);
  });
});

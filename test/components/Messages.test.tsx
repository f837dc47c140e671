import { beforeAll, describe, expect, it } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import { EventType } from "@ag-ui/core";
import { MessageRenderer, preloadMarkdown } from "../../src/components";
import { applyClientAction } from "../../src/core";
import { ev } from "../support/events";
import { expectNoAxeViolations, renderKit, storeWith } from "./support";

describe("messages", () => {
  // The renderer loads on first use (LazyMarkdown.test.tsx covers the plain text before it).
  beforeAll(() => preloadMarkdown());

  it("renders the user as plain text and the assistant as markdown, with name and sub-agent", async () => {
    const store = storeWith([
      ev.runStarted(),
      ev.textStart("a1", { name: "Planner", subagentRunId: "sub-7" }),
      ev.text("a1", "**Bold** <b>raw</b>"),
      ev.textEnd("a1"),
      ev.runFinished(),
    ]);
    store.setState((s) => ({ thread: applyClientAction(s.thread, { type: "append-message", message: { id: "u1", role: "user", content: "**not bold**" } }) }));
    const { container } = renderKit(
      <>
        <MessageRenderer id="u1" />
        <MessageRenderer id="a1" />
      </>,
      store,
    );
    expect(screen.getByText("**not bold**")).toBeInTheDocument();
    expect(container.querySelector("[data-message-id=a1] strong")).toHaveTextContent("Bold");
    expect(container.querySelector("[data-message-id=a1] b")).toBeNull();
    expect(screen.getByText("Planner")).toBeInTheDocument();
    expect(screen.getByText("via sub-agent sub-7").closest("[data-slot=message-attribution]")).toHaveAttribute("data-subagent-run-id", "sub-7");
    await expectNoAxeViolations(container);
  });

  it("folds reasoning away behind a toggle", async () => {
    const store = storeWith([
      ev.runStarted(),
      { type: EventType.REASONING_START, messageId: "r1" },
      { type: EventType.REASONING_MESSAGE_START, messageId: "r1", role: "reasoning" },
      { type: EventType.REASONING_MESSAGE_CONTENT, messageId: "r1", delta: "Let me think" },
    ]);
    const { container } = renderKit(<MessageRenderer id="r1" />, store);
    const toggle = screen.getByRole("button", { name: /Thinking/ });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    fireEvent.click(toggle);
    expect(screen.getByText("Let me think")).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it("speaks Chinese with locale zh-CN", () => {
    const store = storeWith([ev.runStarted(), ev.textStart("a1"), ev.text("a1", "你好"), ev.textEnd("a1"), ev.runFinished()]);
    renderKit(<MessageRenderer id="a1" />, store, { locale: "zh-CN" });
    expect(screen.getByText("助手")).toBeInTheDocument();
  });
});

describe("Message parts", () => {
  it("render the product team's own elements with asChild, keeping the part's data attributes", async () => {
    const { render } = await import("@testing-library/react");
    const { Message } = await import("../../src/components");
    const message = { id: "m1", role: "assistant", content: "hi" } as const;
    const { container } = render(
      <Message.Root message={message} asChild>
        <li className="mine">
          <Message.Header asChild><h3>header</h3></Message.Header>
          <Message.Body asChild><section>body</section></Message.Body>
        </li>
      </Message.Root>,
    );
    const root = container.querySelector("li")!;
    expect(root).toHaveAttribute("data-slot", "message");
    expect(root).toHaveAttribute("data-role", "assistant");
    expect(root.className).toContain("mine");
    expect(container.querySelector("h3")).toHaveAttribute("data-slot", "message-header");
    expect(container.querySelector("section")).toHaveAttribute("data-slot", "message-body");
    expect(container.querySelector("article")).toBeNull();
  });
});

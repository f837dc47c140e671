/**
 * What backs an answer (sources, `[n]` markers, confidence), sub-agents' names and hand-offs, and
 * one agent turn across a tool call, in the components.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { BaseEvent } from "@ag-ui/core";
import { ConfidenceLabel, MessageRenderer, preloadMarkdown, Thread } from "../../src/components";
import { applyClientAction, CITATIONS_EVENT } from "../../src/core";
import { ev } from "../support/events";
import { expectNoAxeViolations, heardFromAgent, renderKit, storeWith } from "./support";

// The Markdown renderer loads on first use; these tests read the formatted text.
beforeAll(() => preloadMarkdown());

const say = (id: string, text: string, extra: object = {}): BaseEvent[] => [ev.textStart(id, extra), ev.text(id, text), ev.textEnd(id)];

const cited = (sources: unknown[], confidence?: number) => storeWith([
  ev.runStarted("r1"),
  ...say("a1", "Revenue rose 12% [1], the board agreed [2]; `[1]` in code stays, [9] names nothing."),
  ev.custom(CITATIONS_EVENT, { messageId: "a1", sources, ...(confidence === undefined ? {} : { confidence }) }),
  ev.runFinished("r1"),
]);

describe("citations", () => {
  it("lists the sources under the answer and links each [n] marker to its entry, which takes focus", async () => {
    const store = cited([
      { id: "1", title: "Q3 report", url: "https://example.com/q3", snippet: "Revenue rose 12%." },
      { id: "2", title: "Board minutes", url: "https://example.com/minutes" },
    ], 0.92);
    const { container } = renderKit(<MessageRenderer id="a1" />, store);
    const list = await screen.findByRole("region", { name: "Sources" });
    const entries = list.querySelectorAll("[data-slot=message-source]");
    expect([...entries].map((e) => e.getAttribute("data-citation"))).toEqual(["1", "2"]);
    expect(screen.getByRole("link", { name: "Q3 report" })).toHaveAttribute("href", "https://example.com/q3");
    expect(screen.getByRole("link", { name: "Q3 report" })).toHaveAttribute("rel", "noopener noreferrer");
    expect(screen.getByText("Revenue rose 12%.")).toBeInTheDocument();

    const markers = container.querySelectorAll("[data-slot=citation-ref]");
    expect([...markers].map((m) => m.textContent)).toEqual(["[1]", "[2]"]);
    // In code, and a number no source has, the brackets are the author's.
    expect(container.querySelector("code")).toHaveTextContent("[1]");
    expect(container.querySelector("[data-slot=markdown]")).toHaveTextContent("[9] names nothing");
    fireEvent.click(screen.getByRole("link", { name: "Source 2" }));
    expect(document.activeElement).toBe(entries[1]);

    expect(screen.getByText("high confidence · 0.92")).toHaveAttribute("data-level", "high");
    await expectNoAxeViolations(container);
  });

  it("a hostile address is shown as text with a note, never as a link", async () => {
    const store = cited([
      { id: "1", title: "Click me", url: "javascript:alert(1)" },
      { id: "2", url: "data:text/html,<script>alert(1)</script>" },
      { id: "3", title: "<img src=x onerror=alert(1)>", url: "java\tscript:alert(1)" },
    ]);
    const { container } = renderKit(<MessageRenderer id="a1" />, store);
    const list = await screen.findByRole("region", { name: "Sources" });
    expect(list.querySelectorAll("a")).toHaveLength(0);
    expect(list.querySelectorAll("[data-state=unsafe]")).toHaveLength(3);
    expect(screen.getByText("Click me")).toBeInTheDocument();
    expect(list).toHaveTextContent("javascript:alert(1)");
    expect(list).toHaveTextContent("data:text/html,<script>alert(1)</script>");
    expect(list.querySelector("img, script")).toBeNull();
    expect(screen.getAllByText(/not a safe link/)).toHaveLength(3);
    await expectNoAxeViolations(container);
  });

  it("reads sources and confidence from the message's metadata too", async () => {
    const store = storeWith([ev.runStarted("r1"), ...say("a1", "See [a].", { metadata: { citations: [{ id: "a", title: "Atlas" }], confidence: 0.3 } }), ev.runFinished("r1")]);
    renderKit(<MessageRenderer id="a1" />, store);
    await screen.findByRole("region", { name: "Sources" });
    expect(screen.getByText("low confidence · 0.30")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Source a" })).toBeInTheDocument();
  });

  it("an answer without sources has no list and no markers", () => {
    const store = storeWith([ev.runStarted("r1"), ...say("a1", "Plain [1]."), ev.runFinished("r1")]);
    const { container } = renderKit(<MessageRenderer id="a1" />, store);
    expect(container.querySelector("[data-slot=message-sources], [data-slot=citation-ref], [data-slot=confidence]")).toBeNull();
  });
});

describe("confidence", () => {
  it("is a label in words, in English and Chinese; not a score, nothing", () => {
    const store = storeWith([]);
    const { rerender } = renderKit(<><ConfidenceLabel score={0.61} /><ConfidenceLabel score={7} /><ConfidenceLabel score="0.9" /></>, store);
    expect(screen.getByText("medium confidence · 0.61")).toHaveAttribute("data-level", "medium");
    expect(document.querySelectorAll("[data-slot=confidence]")).toHaveLength(1);
    rerender(<></>);
    renderKit(<ConfidenceLabel score={0.95} />, store, { locale: "zh-CN" });
    expect(screen.getByText("置信度高 · 0.95")).toBeInTheDocument();
  });

  it("an advice option says its confidence, in its accessible name too; a bad score does not refuse the advice", async () => {
    const options = [
      { id: "a", label: "07:05", confidence: 0.92 },
      { id: "b", label: "09:04", confidence: 0.4 },
      { id: "c", label: "12:10", confidence: "sure" },
    ];
    const { store } = heardFromAgent([ev.runStarted("r1"), ev.toolStart("adv", "parley_advise"), ev.toolArgs("adv", JSON.stringify({ content: "Which train?", options })), ev.toolEnd("adv"), ev.runFinished("r1")], { autoContinue: false });
    const rowId = store.getState().thread.interactions.get("adv")!.rowId;
    const { container } = renderKit(<MessageRenderer id={rowId} />, store);
    expect(screen.getByRole("radio", { name: /07:05, high confidence · 0\.92/ })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: /09:04, low confidence · 0\.40/ })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: /12:10$/ })).toBeInTheDocument();
    expect(container.querySelectorAll("[data-slot=confidence]")).toHaveLength(2);
    await expectNoAxeViolations(container);
  });
});

describe("sub-agents and turns in the thread", () => {
  // jsdom does no layout: a tall viewport and 80 px rows, as a browser would measure them.
  beforeEach(() => {
    const height = (el: HTMLElement) => (el.dataset.slot === "thread-viewport" ? 2000 : el.dataset.slot === "thread-row" ? 80 : 0);
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (this: HTMLElement) {
      const h = height(this);
      return { x: 0, y: 0, top: 0, left: 0, bottom: h, right: 600, width: 600, height: h, toJSON() {} };
    });
    vi.spyOn(HTMLElement.prototype, "offsetHeight", "get").mockImplementation(function (this: HTMLElement) {
      return height(this);
    });
    vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockImplementation(function (this: HTMLElement) {
      return height(this);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it("names each sub-agent, indents its rows, shows the hand-offs, and reads a tool call and the text after it as one turn", async () => {
    const store = storeWith([
      ev.runStarted("r1"),
      ev.subagentStarted("s1", "sales_agent"),
      ...say("a1", "Pulling the figures.", { subagentRunId: "s1" }),
      ev.toolStart("c1", "query_sales", "a1", { subagentRunId: "s1" }),
      ev.toolArgs("c1", "{}"),
      ev.toolEnd("c1"),
      ev.toolResult("t1", "c1", "{\"north\":124}"),
      ...say("a2", "North leads.", { subagentRunId: "s1" }),
      ev.subagentFinished("s1"),
      ev.subagentStarted("s2", "mail_agent"),
      ...say("a3", "Drafted the mail.", { subagentRunId: "s2" }),
      ev.subagentFinished("s2"),
      ...say("a4", "Ready when you are."),
      ev.runFinished("r1"),
    ]);
    store.setState((s) => ({ thread: applyClientAction(s.thread, { type: "append-message", message: { id: "u2", role: "user", content: "Send it" } }) }));
    const { container } = renderKit(<Thread initialRect={{ width: 600, height: 2000 }} />, store);
    await waitFor(() => expect(container.querySelectorAll("[data-slot=thread-row]")).toHaveLength(5));
    const rows = [...container.querySelectorAll("[data-slot=thread-row]")];
    expect(rows.map((r) => r.getAttribute("data-row-id"))).toEqual(["a1", "a2", "a3", "a4", "u2"]);
    expect(rows.map((r) => r.getAttribute("data-turn-position"))).toEqual(["start", "middle", "middle", "end", "single"]);
    expect(rows.map((r) => r.getAttribute("data-subagent-depth"))).toEqual(["1", "1", "1", null, null]);
    expect(rows.map((r) => r.querySelector("[data-slot=thread-handoff]")?.textContent ?? null)).toEqual([
      "Assistant handed off to Sales agent",
      null,
      "Sales agent handed off to Mail agent",
      "Mail agent handed off to Assistant",
      null,
    ]);
    // The text after the tool call has no header of its own: one role label for the turn's author.
    expect(rows[1]!.querySelector("[data-slot=message-header]")).toBeNull();
    expect(rows[1]!.querySelector("[data-slot=tool-call]")).toBeNull();
    expect(rows[0]!.querySelector("[data-slot=tool-call]")).not.toBeNull();
    expect(rows[0]!.querySelector("[data-slot=message-attribution]")).toHaveTextContent("via sub-agent Sales agent");
    expect(rows[2]!.querySelector("[data-slot=message-attribution]")).toHaveTextContent("Mail agent");
    expect(rows[4]!.querySelector("[data-slot=message-header]")).not.toBeNull();
    await waitFor(() => expect(container.querySelector("[data-slot=thread-announcer]")).toBeInTheDocument());
    await expectNoAxeViolations(container);
  });

  it("announces a sub-agent's reply with its name", async () => {
    const { store } = heardFromAgent([ev.runStarted("r1"), ev.subagentStarted("s1", "mail_agent"), ...say("a1", "Drafted.", { subagentRunId: "s1" }), ev.subagentFinished("s1"), ev.runFinished("r1")], { open: true });
    renderKit(<Thread initialRect={{ width: 600, height: 800 }} />, store);
    store.setState((s) => ({ thread: applyClientAction(s.thread, { type: "append-message", message: { id: "a9", role: "assistant", content: "Sent.", subagentRunId: "s1" } as never }) }));
    await waitFor(() => expect(document.querySelector("[data-slot=thread-announcer]")).toHaveTextContent("Mail agent: Sent."));
  });
});

import { describe, expect, it } from "vitest";
import { applyClientAction, createThreadState, foldEvents, type ThreadState } from "../../src/core";
import { createRowLayoutSelector, layoutRows, lazyRowLayouts, subagentDisplayName } from "../../src/components/thread/threadTurns";
import { createRowSelector } from "../../src/components/thread/threadRows";
import { ev } from "../support/events";
import { countLookups } from "../support/thread";

const say = (id: string, text: string, extra: object = {}) => [ev.textStart(id, extra), ev.text(id, text), ev.textEnd(id)];

/** The person asks; the agent answers with text, a tool call, its result and the text after it. */
function toolTurn(): ThreadState {
  let t = applyClientAction(createThreadState(), { type: "append-message", message: { id: "u1", role: "user", content: "Weather?" } });
  t = foldEvents(t, [
    ev.runStarted("r1"),
    ...say("a1", "Let me look."),
    ev.toolStart("c1", "weather", "a1"),
    ev.toolArgs("c1", "{}"),
    ev.toolEnd("c1"),
    ev.toolResult("t1", "c1", "sunny"),
    ...say("a2", "It is sunny."),
    ev.runFinished("r1"),
  ]);
  return t;
}

const rowsOf = (t: ThreadState) => createRowSelector()(t);

describe("thread turns", () => {
  it("the text, the tool call and the text after it read as one turn; the person's message is on its own", () => {
    const t = toolTurn();
    const rows = rowsOf(t);
    // The tool result is shown on its call's card: no row of its own.
    expect(rows).toEqual(["u1", "a1", "a2"]);
    const layouts = layoutRows(t, rows);
    expect(layouts.map((l) => l.turn)).toEqual(["single", "start", "end"]);
    expect(layouts.map((l) => l.showsAuthor)).toEqual([true, true, false]);
    expect(layouts.every((l) => l.depth === 0 && !l.handoff)).toBe(true);
  });

  it("one action row per turn: only the turn's last reply carries it", () => {
    const t = toolTurn();
    const layouts = layoutRows(t, rowsOf(t));
    expect(layouts.map((l) => l.actionsLater)).toEqual([undefined, true, undefined]);
  });

  it("a reply after the agent's reasoning still names its author (reasoning has no header)", () => {
    const t = foldEvents(createThreadState(), [
      ev.runStarted("r1"),
      ev.reasoningStart("th1"),
      { type: "REASONING_MESSAGE_START", messageId: "th1", role: "reasoning" },
      { type: "REASONING_MESSAGE_CONTENT", messageId: "th1", delta: "Hmm" },
      { type: "REASONING_MESSAGE_END", messageId: "th1" },
      { type: "REASONING_END", messageId: "th1" },
      ...say("a1", "Answer."),
      ...say("a2", "More."),
      ev.runFinished("r1"),
    ]);
    expect(layoutRows(t, t.messageIds).map((l) => [l.turn, l.showsAuthor])).toEqual([["start", true], ["middle", true], ["end", false]]);
  });

  it("a turn of three rows has a middle; a new message from the person starts a new turn", () => {
    let t = foldEvents(createThreadState(), [ev.runStarted("r1"), ...say("a1", "One"), ...say("a2", "Two"), ...say("a3", "Three"), ev.runFinished("r1")]);
    t = applyClientAction(t, { type: "append-message", message: { id: "u2", role: "user", content: "And?" } });
    t = foldEvents(t, [ev.runStarted("r2"), ...say("a4", "Four"), ev.runFinished("r2")]);
    expect(layoutRows(t, t.messageIds).map((l) => l.turn)).toEqual(["start", "middle", "end", "single", "single"]);
  });

  it("names sub-agents, nests them, and marks each hand-off between agents", () => {
    const t = foldEvents(createThreadState(), [
      ev.runStarted("r1"),
      ev.subagentStarted("s1", "sales_agent"),
      ...say("a1", "Figures.", { subagentRunId: "s1" }),
      ...say("a2", "More figures.", { subagentRunId: "s1" }),
      ev.subagentStarted("s2", "research-bot", { parentSubagentRunId: "s1" }),
      ...say("a3", "Looked it up.", { subagentRunId: "s2" }),
      ev.subagentFinished("s2"),
      ev.subagentFinished("s1"),
      ev.subagentStarted("s3", "Mail Agent"),
      ...say("a4", "Drafted.", { subagentRunId: "s3" }),
      ev.subagentFinished("s3"),
      ...say("a5", "Ready to send."),
      ev.runFinished("r1"),
    ]);
    const layouts = layoutRows(t, t.messageIds);
    expect(layouts.map((l) => l.depth)).toEqual([1, 1, 2, 1, 0]);
    expect(layouts.map((l) => l.showsAuthor)).toEqual([true, false, true, true, true]);
    expect(layouts.map((l) => l.handoff)).toEqual([
      { from: "", to: "Sales agent" },
      undefined,
      { from: "Sales agent", to: "Research bot" },
      { from: "Research bot", to: "Mail Agent" },
      { from: "Mail Agent", to: "" },
    ]);
  });

  it("a sub-agent run the thread never saw start is shown by its id, one level deep", () => {
    const t = foldEvents(createThreadState(), [ev.runStarted("r1"), ...say("a1", "Hi", { subagentRunId: "ghost-1" }), ev.runFinished("r1")]);
    expect(layoutRows(t, t.messageIds)).toEqual([{ turn: "single", depth: 1, showsAuthor: true, handoff: { from: "", to: "ghost-1" } }]);
  });

  it("a parent cycle in hostile sub-agent records does not hang", () => {
    const base = foldEvents(createThreadState(), [ev.runStarted("r1"), ...say("a1", "Hi", { subagentRunId: "x" }), ev.runFinished("r1")]);
    const t = { ...base, subagents: { x: { subagentRunId: "x", name: "x", status: "finished", parentSubagentRunId: "y" }, y: { subagentRunId: "y", name: "y", status: "finished", parentSubagentRunId: "x" } } } as ThreadState;
    expect(layoutRows(t, t.messageIds)[0]?.depth).toBe(2);
  });

  it("the selector returns the same array while only tokens arrive, and equal layouts are one object", () => {
    const select = createRowLayoutSelector();
    let t = foldEvents(createThreadState(), [ev.runStarted("r1"), ...say("a1", "One"), ...say("a2", "Two"), ...say("a3", "Three"), ev.textStart("a4"), ev.text("a4", "Fo")]);
    const rows = t.messageIds;
    const first = select(t, rows);
    t = foldEvents(t, [ev.text("a4", "ur")]);
    expect(select(t, t.messageIds)).toBe(first);
    expect(first(1)).toBe(first(2));
    t = foldEvents(t, [ev.textEnd("a4"), ...say("a5", "Five")]);
    expect(select(t, t.messageIds)).not.toBe(first);
  });

  it("laid out lazily, turn by turn in any order, each row's layout equals the whole pass's", () => {
    const asked = applyClientAction(toolTurn(), { type: "append-message", message: { id: "u2", role: "user", content: "And you?" } });
    const t = foldEvents(asked, [ev.runStarted("r2"), ...say("a3", "Again", { subagentRunId: "ghost-1" }), ...say("a4", "And"), ...say("a5", "More"), ev.runFinished("r2")]);
    const rows = rowsOf(t);
    const whole = layoutRows(t, rows);
    const layoutOf = lazyRowLayouts(t, rows);
    const order = rows.map((_, i) => i).reverse();
    expect(order.map((i) => layoutOf(i))).toEqual(order.map((i) => whole[i]));
    expect(layoutOf(-1)).toBeUndefined();
    expect(layoutOf(rows.length)).toBeUndefined();
  });

  it("display names: snake and kebab case read as words; the agent's own spelling is kept", () => {
    expect(["sales_agent", "mail-agent", "Mail Agent", "researchBot", "__"].map(subagentDisplayName)).toEqual(["Sales agent", "Mail agent", "Mail Agent", "researchBot", "__"]);
  });
});

describe("the row selector", () => {
  it("reads only the messages added at the end, and still hides a tool result whose call it knows", () => {
    const select = createRowSelector();
    const t = toolTurn();
    expect(select(t)).toEqual(["u1", "a1", "a2"]);
    const asked = applyClientAction(t, { type: "append-message", message: { id: "u2", role: "user", content: "And tomorrow?" } });
    const next = foldEvents(asked, [ev.runStarted("r2"), ...say("a3", "Looking."), ev.toolStart("c2", "weather", "a3"), ev.toolArgs("c2", "{}"), ev.toolEnd("c2"), ev.toolResult("t2", "c2", "rain"), ev.runFinished("r2")]);
    const lookups = countLookups(next);
    expect(select(next)).toEqual(["u1", "a1", "a2", "u2", "a3"]);
    expect(lookups.count).toBe(3);
    // A thread that is not the last one grown (here, an earlier one) is read whole.
    const whole = countLookups(t);
    expect(select(t)).toEqual(["u1", "a1", "a2"]);
    expect(whole.count).toBe(4);
  });
});


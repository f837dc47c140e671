import type { Meta, StoryObj } from "@storybook/react-vite";
import { EventType, type BaseEvent } from "@ag-ui/core";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { CITATIONS_EVENT, Thread } from "../src";
import { e, Kit, storeFrom, user } from "./support/stores";

/**
 * What an answer rests on and who wrote it: sources under the answer with `[n]` markers that
 * move focus to them, an unsafe source address shown as text, confidence as a label, sub-agents
 * named and indented with the hand-offs between them, and one agent turn across a tool call.
 */
const meta = {
  title: "Parley/Sources and agents",
  tags: ["autodocs"],
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const say = (id: string, text: string, extra: object = {}): BaseEvent[] => [e.textStart(id, extra), e.text(id, text), e.textEnd(id)];
const cite = (messageId: string, sources: object[], confidence?: number): BaseEvent => ({
  type: EventType.CUSTOM,
  name: CITATIONS_EVENT,
  value: { messageId, sources, ...(confidence === undefined ? {} : { confidence }) },
});
const subagent = (subagentRunId: string, name: string, finished = false): BaseEvent =>
  finished ? { type: EventType.SUBAGENT_FINISHED, subagentRunId } : { type: EventType.SUBAGENT_STARTED, subagentRunId, name };

/** An answer with two sources and its confidence; the markers `[1]` and `[2]` link to them. */
export const Citations: Story = {
  render: () => (
    <Kit
      height={520}
      make={() =>
        storeFrom(
          [
            e.runStarted(),
            ...say("a1", "Revenue rose **12%** in the third quarter [1], and the board approved the new budget [2]."),
            cite("a1", [
              { id: "1", title: "Q3 financial report", url: "https://example.com/reports/q3", snippet: "Revenue: 4.2 M (+12% year on year)." },
              { id: "2", title: "Board minutes, 14 October", url: "https://example.com/board/2026-10-14" },
            ], 0.92),
            e.runFinished(),
          ],
          { initialMessages: [user("u1", "How did Q3 go?")] },
        )
      }
    >
      <Thread />
    </Kit>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const sources = await canvas.findByRole("region", { name: "Sources" });
    await expect(within(sources).getByRole("link", { name: "Q3 financial report" })).toHaveAttribute("href", "https://example.com/reports/q3");
    await expect(canvas.getByText("high confidence · 0.92")).toBeVisible();
    await userEvent.click(canvas.getByRole("link", { name: "Source 2" }));
    await waitFor(() => expect(canvasElement.ownerDocument.activeElement).toHaveAttribute("data-citation", "2"));
  },
};
export const CitationsDark: Story = { ...Citations, globals: { theme: "dark" } };

/** Sources whose addresses are `javascript:` and `data:`: shown as text with a note, never as links. */
export const HostileCitationUrl: Story = {
  render: () => (
    <Kit
      make={() =>
        storeFrom([
          e.runStarted(),
          ...say("a1", "I found this in two places [1] [2]."),
          cite("a1", [
            { id: "1", title: "Totally safe page", url: "javascript:alert(document.cookie)" },
            { id: "2", url: "data:text/html,<script>alert(1)</script>" },
          ]),
          e.runFinished(),
        ])
      }
    >
      <Thread />
    </Kit>
  ),
  play: async ({ canvasElement }) => {
    const sources = await within(canvasElement).findByRole("region", { name: "Sources" });
    await expect(sources.querySelectorAll("a")).toHaveLength(0);
    await expect(sources.querySelectorAll("[data-state=unsafe]")).toHaveLength(2);
    await expect(sources).toHaveTextContent("javascript:alert(document.cookie)");
  },
};
export const HostileCitationUrlDark: Story = { ...HostileCitationUrl, globals: { theme: "dark" } };

const adviceArgs = {
  content: "Which train to Lyon?",
  options: [
    { id: "t0705", label: "07:05", description: "2 h, €49", confidence: 0.92 },
    { id: "t0904", label: "09:04", description: "2 h, €65", confidence: 0.64 },
    { id: "t1210", label: "12:10", description: "2 h 10, €39", confidence: 0.21 },
  ],
};

/** Confidence as words and a score — on an answer and on each advice option — never a colour alone. */
export const ConfidenceLabels: Story = {
  render: () => (
    <Kit
      height={560}
      make={() =>
        storeFrom([
          e.runStarted(),
          ...say("a1", "The 07:05 is the best fit for a morning meeting."),
          cite("a1", [], 0.81),
          e.toolStart("adv", "parley_advise", "a1"),
          e.toolArgs("adv", JSON.stringify(adviceArgs)),
          e.toolEnd("adv"),
          e.runFinished(),
        ])
      }
    >
      <Thread />
    </Kit>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("high confidence · 0.81")).toBeVisible();
    await expect(canvas.getByRole("radio", { name: /07:05, high confidence · 0\.92/ })).toBeInTheDocument();
    await expect(canvas.getByText("medium confidence · 0.64")).toHaveAttribute("data-level", "medium");
    await expect(canvas.getByText("low confidence · 0.21")).toHaveAttribute("data-level", "low");
  },
};
export const ConfidenceLabelsDark: Story = { ...ConfidenceLabels, globals: { theme: "dark" } };

/** The same, in Chinese. */
export const ConfidenceLabelsChinese: Story = {
  render: () => (
    <Kit locale="zh-CN" make={() => storeFrom([e.runStarted(), ...say("a1", "北京明天多云。"), cite("a1", [], 0.55), e.runFinished()])}>
      <Thread />
    </Kit>
  ),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("置信度中 · 0.55")).toBeVisible();
  },
};

/**
 * Seed 001 §5.1: a sales agent prepares the figures (text, a tool call, the text after it), a mail
 * agent drafts the mail, and the main agent asks to send it. Each sub-agent is named and indented;
 * a line marks each hand-off.
 */
export const SubagentHandoff: Story = {
  render: () => (
    <Kit
      height={620}
      make={() =>
        storeFrom(
          [
            e.runStarted(),
            subagent("s1", "sales_agent"),
            ...say("a1", "Pulling this week's figures by region.", { subagentRunId: "s1" }),
            { type: EventType.TOOL_CALL_START, toolCallId: "c1", toolCallName: "query_sales", parentMessageId: "a1", subagentRunId: "s1" },
            { type: EventType.TOOL_CALL_ARGS, toolCallId: "c1", delta: '{"week":48}', subagentRunId: "s1" },
            { type: EventType.TOOL_CALL_END, toolCallId: "c1", subagentRunId: "s1" },
            { type: EventType.TOOL_CALL_RESULT, messageId: "t1", toolCallId: "c1", content: '{"north":124,"south":95}', role: "tool", subagentRunId: "s1" },
            ...say("a2", "North leads with 124.", { subagentRunId: "s1" }),
            subagent("s1", "", true),
            subagent("s2", "mail_agent"),
            ...say("a3", "Drafted the mail to the regional managers.", { subagentRunId: "s2" }),
            subagent("s2", "", true),
            ...say("a4", "The report and the mail are ready."),
            e.runFinished(),
          ],
          { initialMessages: [user("u1", "Do this week's sales report and mail it.")] },
        )
      }
    >
      <Thread />
    </Kit>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvasElement.querySelectorAll("[data-slot=thread-handoff]")).toHaveLength(3));
    await expect(canvas.getByText("Sales agent handed off to Mail agent")).toBeVisible();
    await expect(canvasElement.querySelectorAll("[data-slot=thread-row][data-subagent-depth='1']")).toHaveLength(3);
  },
};
export const SubagentHandoffDark: Story = { ...SubagentHandoff, globals: { theme: "dark" } };

/** Text, a tool call and the text after it: one assistant turn — one header, close rows, no gap. */
export const OneTurnWithToolCall: Story = {
  render: () => (
    <Kit
      make={() =>
        storeFrom(
          [
            e.runStarted(),
            ...say("a1", "Let me check the timetable."),
            e.toolStart("c1", "search_trains", "a1"),
            e.toolArgs("c1", '{"from":"Paris","to":"Lyon"}'),
            e.toolEnd("c1"),
            e.toolResult("t1", "c1", '[{"departs":"07:05"},{"departs":"09:04"}]'),
            ...say("a2", "Two trains leave before ten: **07:05** and **09:04**."),
            e.runFinished(),
          ],
          { initialMessages: [user("u1", "Trains to Lyon tomorrow morning?")] },
        )
      }
    >
      <Thread />
    </Kit>
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector("[data-row-id=a2]")).toHaveAttribute("data-turn-position", "end"));
    await expect(canvasElement.querySelector("[data-row-id=a1]")).toHaveAttribute("data-turn-position", "start");
    await expect(canvasElement.querySelector("[data-row-id=a2] [data-slot=message-header]")).toBeNull();
  },
};
export const OneTurnWithToolCallDark: Story = { ...OneTurnWithToolCall, globals: { theme: "dark" } };

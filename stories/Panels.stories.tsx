import type { Meta, StoryObj } from "@storybook/react-vite";
import { EventType, type BaseEvent } from "@ag-ui/core";
import { expect, within } from "storybook/test";
import { createThreadStore, foldEvents, type ThreadStore } from "../src";
import { AgentStatusPanel, ArtifactsPanel, MemoryPanel, SkillsPanel, TracePanel } from "../src/panels";
import { ScriptedAgent } from "../src/testing";
import { e, Kit, storeFrom } from "./support/stores";

/**
 * The panels of the side bar: each is a hook plus a styled component, usable on its own. Panels
 * load on first render (`React.lazy`), so each story waits for its panel before checking it.
 */
const meta = {
  title: "Parley/Panels",
  tags: ["autodocs"],
  subcomponents: { AgentStatusPanel, TracePanel, MemoryPanel, ArtifactsPanel, SkillsPanel },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** A clock 65 seconds behind the status, so the elapsed time reads "1:05" at once. */
const started = Date.now();
const clock65 = () => Date.now() - started + 65_000;

let seq = 0;
function heard(events: BaseEvent[]): ThreadStore {
  const store = createThreadStore({ batch: "sync", threadId: "story", createId: () => `p${++seq}`, agent: new ScriptedAgent({ script: events }), autoContinue: false });
  store.getState().run();
  return store;
}

const status = (make: () => ThreadStore, locale?: string): Story => ({
  render: () => (
    <Kit height="auto" make={make} locale={locale}>
      <AgentStatusPanel />
    </Kit>
  ),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("status")).toBeVisible();
  },
});

export const StatusIdle = status(() => storeFrom([e.runStarted(), e.runFinished()]));

export const StatusThinkingInAStep = status(() => storeFrom([e.runStarted(), { type: EventType.STEP_STARTED, stepName: "plan_trip" }]));

export const StatusActingOnATool = status(() => storeFrom([e.runStarted(), e.textStart("a1"), e.textEnd("a1"), e.toolStart("t1", "search_trains", "a1"), e.toolArgs("t1", '{"to":"Lyon"')]));

export const StatusWaitingOnAQuestion = status(() =>
  heard([
    e.runStarted(),
    e.textStart("a1"),
    e.textEnd("a1"),
    e.toolStart("adv", "parley_advise", "a1"),
    e.toolArgs("adv", JSON.stringify({ content: "Which train to Lyon tomorrow?", options: [{ id: "a", label: "07:05" }, { id: "b", label: "09:04" }] })),
    e.toolEnd("adv"),
    e.runFinished(),
  ]),
);

export const StatusReconnecting = status(() => {
  const store = storeFrom([e.runStarted(), e.textStart("a1"), e.text("a1", "Hel")]);
  store.setState({ isRunning: true, reconnecting: { attempt: 2, attempts: 4 } });
  return store;
});

export const StatusActingChinese = status(() => storeFrom([e.runStarted(), e.textStart("a1"), e.textEnd("a1"), e.toolStart("t1", "search_trains", "a1")]), "zh-CN");

/** The elapsed time counts from when the status began ("for 1:05" with this story's clock). */
export const StatusElapsed: Story = {
  render: () => (
    <Kit height="auto" make={() => storeFrom([e.runStarted(), { type: EventType.STEP_STARTED, stepName: "plan_trip" }])}>
      <AgentStatusPanel now={clock65} />
    </Kit>
  ),
};

export const StatusActingDark: Story = { ...StatusActingOnATool, globals: { theme: "dark" } };

/** A store with the event log on, that heard `events` in one scripted run (10 ms apart). */
function traced(events: BaseEvent[]): ThreadStore {
  let now = 1_700_000_000_000;
  const store = createThreadStore({ batch: "sync", threadId: "story", trace: true, now: () => (now += 10), agent: new ScriptedAgent({ script: events }), autoContinue: false });
  store.getState().run();
  return store;
}

const tracedRun: BaseEvent[] = [
  e.runStarted(),
  { type: EventType.STEP_STARTED, stepName: "prepare_report" },
  { type: EventType.SUBAGENT_STARTED, subagentRunId: "sales", name: "sales_agent" },
  e.textStart("a1"),
  e.text("a1", "Weekly sales: "),
  e.text("a1", "up 12%."),
  e.textEnd("a1"),
  e.toolStart("t1", "query_sales", "a1"),
  e.toolArgs("t1", '{"week":48}'),
  e.toolEnd("t1"),
  { type: EventType.SUBAGENT_FINISHED, subagentRunId: "sales" },
  { type: EventType.STEP_FINISHED, stepName: "prepare_report" },
  e.textEnd("never-started"),
  { type: EventType.CUSTOM, name: "usage", value: { inputTokens: 812, outputTokens: 164 } },
  e.runFinished(),
];

const trace = (make: () => ThreadStore): Story => ({
  render: () => (
    <Kit height="auto" make={make}>
      <TracePanel height={280} />
    </Kit>
  ),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("region", { name: "Trace" })).toBeVisible();
  },
});

/** The store was made without `trace: true`: the panel says how to turn it on. */
export const TraceOff = trace(() => storeFrom([]));

export const TraceEmpty = trace(() => createThreadStore({ batch: "sync", trace: true }));

/** One run: a step, a sub-agent with a tool call, token usage, and a protocol error (marked). */
export const TraceOfARun = trace(() => traced(tracedRun));

/** 50,000 events: only the rows in view are in the page. */
export const TraceFiftyThousandEvents = trace(() => {
  const store = createThreadStore({ batch: "sync", threadId: "story", trace: true });
  const events: BaseEvent[] = [e.runStarted(), e.textStart("a1")];
  for (let i = 0; i < 49_997; i++) events.push(e.text("a1", "x"));
  events.push(e.textEnd("a1"));
  store.getState().trace!.record(events, 0, Date.now());
  return store;
});

export const TraceDark: Story = { ...TraceOfARun, globals: { theme: "dark" } };

const memoryState = {
  memory: {
    shortTerm: { report: "Weekly sales report, week 48", recipient: "sales-team@example.com" },
    longTerm: [
      { key: "preferred_format", value: "Tables with totals" },
      { key: "signature", value: "Lin Wei, Sales" },
    ],
  },
};

const memory = (make: () => ThreadStore, props: Parameters<typeof MemoryPanel>[0] = {}, locale?: string): Story => ({
  render: () => (
    <Kit height="auto" make={make} locale={locale}>
      <MemoryPanel {...props} />
    </Kit>
  ),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("region", { name: locale ? "记忆" : "Memory" })).toBeVisible();
  },
});

export const MemoryEmpty = memory(() => storeFrom([]));

export const MemoryFromState = memory(() => storeFrom([{ type: EventType.STATE_SNAPSHOT, snapshot: memoryState }]));

/** A STATE_DELTA just changed the recipient: the entry is marked for two seconds (shown here as it lands). */
export const MemoryJustChanged: Story = {
  ...memory(() => {
    const store = storeFrom([{ type: EventType.STATE_SNAPSHOT, snapshot: memoryState }]);
    setTimeout(() => {
      store.setState((s) => ({
        thread: foldEvents(s.thread, [{ type: EventType.STATE_DELTA, delta: [{ op: "replace", path: "/memory/shortTerm/recipient", value: "managers@example.com" }] }]),
      }));
    }, 300);
    return store;
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("managers@example.com", {}, { timeout: 3_000 })).toBeVisible();
  },
};

export const MemoryFetched = memory(() => storeFrom([]), { fetchMemory: () => Promise.resolve(memoryState.memory) });

export const MemoryLoading = memory(() => storeFrom([]), { fetchMemory: () => new Promise(() => {}) });

export const MemoryFetchFailed = memory(() => storeFrom([]), { fetchMemory: () => Promise.reject(new Error("The memory service answered 503.")) });

export const MemoryChinese = memory(() => storeFrom([{ type: EventType.STATE_SNAPSHOT, snapshot: memoryState }]), {}, "zh-CN");

export const MemoryDark: Story = { ...MemoryFromState, globals: { theme: "dark" } };

const artifactEvent = (value: object): BaseEvent => ({ type: EventType.CUSTOM, name: "parley.artifact", value });

const IMAGE = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120"><rect width="240" height="120" fill="#e5e7eb"/><rect x="20" y="60" width="40" height="50" fill="#2563eb"/><rect x="80" y="30" width="40" height="80" fill="#2563eb"/><rect x="140" y="45" width="40" height="65" fill="#2563eb"/></svg>')}`;

const artifacts = (make: () => ThreadStore, locale?: string): Story => ({
  render: () => (
    <Kit height="auto" make={make} locale={locale}>
      <ArtifactsPanel />
    </Kit>
  ),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("region", { name: locale ? "产出物" : "Artifacts" })).toBeVisible();
  },
});

const reportV1 = artifactEvent({ id: "weekly-report", title: "Weekly sales report", kind: "markdown", messageId: "a1", content: "## Week 48\n\n| Region | Sales |\n|---|---:|\n| North | 120 |\n| South | 95 |" });
const reportV2 = artifactEvent({ id: "weekly-report", title: "Weekly sales report", kind: "markdown", messageId: "a2", content: "## Week 48 (revised)\n\n| Region | Sales |\n|---|---:|\n| North | 124 |\n| South | 95 |\n\n**Total: 219**" });

export const ArtifactsEmpty = artifacts(() => storeFrom([]));

/** The weekly report in two versions (the latest shown), the SQL behind it, its data and a chart. */
export const ArtifactsEveryKind = artifacts(() =>
  storeFrom([
    reportV1,
    reportV2,
    artifactEvent({ id: "query", title: "sales.sql", kind: "code", language: "sql", content: "SELECT region, SUM(amount) FROM sales\nWHERE week = 48 GROUP BY region;" }),
    artifactEvent({ id: "data", title: "Totals", kind: "json", content: { north: 124, south: 95 } }),
    artifactEvent({ id: "chart", title: "Sales by region, week 48", kind: "image", url: IMAGE }),
    artifactEvent({ id: "note", title: "Note to self", kind: "text", content: "Send before Friday 17:00." }),
  ]),
);

/** A chart on another site: it waits for the person's click, which names the host. */
export const ArtifactsImageFromAnotherSite: Story = {
  ...artifacts(() => storeFrom([artifactEvent({ id: "chart", title: "Sales by region", kind: "image", url: "https://images.example/chart.png" })])),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("button", { name: /^Load image from images\.example/ })).toBeVisible();
  },
};

/**
 * A restored thread whose artifact cannot be shown (JSON nested 20,000 levels; the agent's door
 * refuses such a value, storage did not): the panel says so, and nothing around it unmounts.
 */
export const ArtifactsPanelThatFailed: Story = {
  ...artifacts(() => {
    let content: unknown = "leaf";
    for (let i = 0; i < 20_000; i++) content = { n: content };
    const store = storeFrom([]);
    store.setState((s) => ({ thread: { ...s.thread, customEvents: [{ name: "parley.artifact", value: { id: "a", kind: "json", content }, eventIndex: 0 }] } }));
    return store;
  }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("This part could not be shown. The rest of the page still works.")).toBeVisible();
  },
};

export const ArtifactsWithAMalformedAnnouncement = artifacts(() => storeFrom([reportV1, artifactEvent({ title: "no id, no content" })]));

export const ArtifactsChinese = artifacts(() => storeFrom([reportV1, reportV2]), "zh-CN");

export const ArtifactsDark: Story = { ...ArtifactsEveryKind, globals: { theme: "dark" } };

const skillsState = {
  skills: [
    { name: "weekly_report", description: "Builds and mails the weekly sales report", tools: ["query_sales", "render_table", "send_mail"] },
    { name: "calendar", description: "Finds a time for a meeting", active: false, tools: ["pick_date"] },
  ],
};

const skills = (make: () => ThreadStore, locale?: string): Story => ({
  render: () => (
    <Kit height="auto" make={make} locale={locale}>
      <SkillsPanel />
    </Kit>
  ),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("region", { name: locale ? "技能" : "Skills" })).toBeVisible();
  },
});

export const SkillsEmpty = skills(() => storeFrom([]));

/** Two skills (one not in use); `pick_date` is a tool this app provides, so it is marked. */
export const SkillsWithFrontendTools = skills(() => {
  const store = createThreadStore({ batch: "sync", threadId: "story", defaults: { tools: [{ name: "pick_date", description: "Shows a date picker", parameters: {} }] } });
  store.setState((s) => ({ thread: foldEvents(s.thread, [{ type: EventType.STATE_SNAPSHOT, snapshot: skillsState }]) }));
  return store;
});

export const SkillsChinese = skills(() => storeFrom([{ type: EventType.STATE_SNAPSHOT, snapshot: skillsState }]), "zh-CN");

export const SkillsDark: Story = { ...SkillsWithFrontendTools, globals: { theme: "dark" } };

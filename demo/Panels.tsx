import { Tabs } from "radix-ui";
import { AgentStatusPanel, ArtifactsPanel, MemoryPanel, SkillsPanel, TracePanel } from "../src/panels";
import { TEXT } from "./text";

const TABS = [
  { value: "status", label: TEXT.tabs.status, panel: <AgentStatusPanel /> },
  { value: "memory", label: TEXT.tabs.memory, panel: <MemoryPanel /> },
  { value: "artifacts", label: TEXT.tabs.artifacts, panel: <ArtifactsPanel /> },
  { value: "skills", label: TEXT.tabs.skills, panel: <SkillsPanel /> },
  { value: "trace", label: TEXT.tabs.trace, panel: <TracePanel height={360} /> },
] as const;

/** The side panels in tabs (issue 9): each panel works on its own; the demo shows them together. */
export function DemoPanels() {
  return (
    <Tabs.Root defaultValue="status" className="demo-card demo-tabs" data-slot="demo-panels">
      <Tabs.List aria-label={TEXT.agentPanels} className="demo-tab-list">
        {TABS.map((tab) => (
          <Tabs.Trigger
            key={tab.value}
            value={tab.value}
            onPointerEnter={() => (tab.value === "trace" ? TracePanel.preload() : undefined)}
            className="demo-tab"
          >
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {TABS.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value}>
          {tab.panel}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

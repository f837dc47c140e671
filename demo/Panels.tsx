import { Tabs } from "radix-ui";
import { AgentStatusPanel, ArtifactsPanel, MemoryPanel, SkillsPanel, TracePanel } from "../src/panels";

const TABS = [
  { value: "status", label: "Status", panel: <AgentStatusPanel /> },
  { value: "memory", label: "Memory", panel: <MemoryPanel /> },
  { value: "artifacts", label: "Artifacts", panel: <ArtifactsPanel /> },
  { value: "skills", label: "Skills", panel: <SkillsPanel /> },
  { value: "trace", label: "Trace", panel: <TracePanel height={360} /> },
] as const;

/** The side panels in tabs (issue 9): each panel works on its own; the demo shows them together. */
export function DemoPanels() {
  return (
    <Tabs.Root defaultValue="status" className="demo-panels" data-slot="demo-panels">
      <style>{".demo-panels [role=tab][data-state=active]{font-weight:600;border-color:currentColor}"}</style>
      <Tabs.List aria-label="Agent panels" style={{ display: "flex", gap: 4, flexWrap: "wrap", marginBottom: 8 }}>
        {TABS.map((tab) => (
          <Tabs.Trigger
            key={tab.value}
            value={tab.value}
            onPointerEnter={() => (tab.value === "trace" ? TracePanel.preload() : undefined)}
            style={{ minHeight: 32, padding: "0 10px", borderRadius: 6, border: "1px solid var(--pl-border, #d4d4d8)", background: "transparent", color: "inherit", font: "inherit" }}
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

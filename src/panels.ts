/**
 * `parley-ui/panels`: the side panels — agent status in detail, the trace (developer mode), memory,
 * skills and artifacts — each a headless hook and a styled component that loads on first render.
 * An entry of its own so an app that shows none of them ships none of their hooks.
 */
export * from "./components/panels";
export {
  toMemorySnapshot,
  useAgentStatusDetail,
  useArtifacts,
  useSkills,
  toSkills,
  type SkillView,
  type SkillsView,
  useMemory,
  useMemoryChanges,
  useTrace,
  type AgentStatusDetail,
  type MemoryEntry,
  type MemorySnapshot,
  type MemoryView,
  type TraceView,
} from "./react/panels";

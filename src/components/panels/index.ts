import { lazyPanel } from "./lazyPanel";
import type { AgentStatusPanelProps } from "./AgentStatusPanelView";
import type { TracePanelProps } from "./TracePanelView";
import type { MemoryPanelProps } from "./MemoryPanelView";
import type { ArtifactsPanelProps } from "./ArtifactsPanelView";
import type { SkillsPanelProps } from "./SkillsPanelView";

export type { AgentStatusPanelProps } from "./AgentStatusPanelView";
export type { PanelLabels } from "../../i18n/panelLabels";

/**
 * The agent's status in detail — idle, thinking, working on which tool or step, waiting on which
 * question (with a link to it) — and for how long. Loaded on first render.
 *
 * @example
 * <aside><AgentStatusPanel /></aside>
 */
export const AgentStatusPanel = lazyPanel<AgentStatusPanelProps>(() => import("./AgentStatusPanelView"), "AgentStatusPanel");

export type { TracePanelProps } from "./TracePanelView";
/**
 * Developer mode: every event with its time, nested runs → steps → tool calls → sub-agents with
 * durations and token usage, protocol errors marked, a filter by type and an export that
 * `ScriptedAgent` replays; virtual, so 50,000 events stay smooth. Needs `createThreadStore({ trace: true })`.
 *
 * @example
 * <TracePanel height={400} />
 */
export const TracePanel = lazyPanel<TracePanelProps>(() => import("./TracePanelView"), "TracePanel");

export type { MemoryPanelProps } from "./MemoryPanelView";
export type { FetchMemory } from "./useMemoryQuery";
/**
 * The agent's memory, read-only: short-term and long-term, from `state.memory` (or `select`) or
 * `fetchMemory` through TanStack Query, refetched when the stream says memory changed; what an
 * update changed is marked for a moment.
 *
 * @example
 * <MemoryPanel />
 */
export const MemoryPanel = lazyPanel<MemoryPanelProps>(() => import("./MemoryPanelView"), "MemoryPanel");

export type { ArtifactsPanelProps } from "./ArtifactsPanelView";
/**
 * The artifacts the agent announced (`CUSTOM parley.artifact`) with versions, a preview by kind,
 * download, and a link to the message that produced each.
 *
 * @example
 * <ArtifactsPanel />
 */
export const ArtifactsPanel = lazyPanel<ArtifactsPanelProps>(() => import("./ArtifactsPanelView"), "ArtifactsPanel");

export type { SkillsPanelProps } from "./SkillsPanelView";
/**
 * The agent's skills (`state.skills`) with the tools under each, beside the tools the front end declared.
 *
 * @example
 * <SkillsPanel />
 */
export const SkillsPanel = lazyPanel<SkillsPanelProps>(() => import("./SkillsPanelView"), "SkillsPanel");

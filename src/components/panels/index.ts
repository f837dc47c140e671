import { lazyPanel } from "./lazyPanel";
import type { AgentStatusPanelProps } from "./AgentStatusPanelView";

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

import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { useStore } from "zustand";
import type { AgentStatus, ProtocolError } from "../core/fold";
import type { RecordedEvent } from "../store/eventRecorder";
import { useThreadStore } from "./ParleyProvider";
import type { Interaction } from "../core/interactions";
import { useAgentRun, useAgentState, useThread } from "./hooks";
import { deriveArtifacts, type ArtifactsResult } from "../core/artifacts";
import { useCurrentActivity, useInteraction, usePendingInteractionIds } from "./interactions";
import { useReconnecting } from "./connection";
import { useNow } from "./permissions";

/** What the agent status panel shows: the status, what it is about, and for how long. */
export interface AgentStatusDetail {
  status: AgentStatus;
  /** The tool or step the agent is on (while `acting`, or the step it is in while `thinking`). */
  activity: string | undefined;
  /** The oldest open question while `waiting`. */
  waitingOn: Interaction | undefined;
  /** How many questions are open. */
  waitingCount: number;
  /** Set while a dropped stream is being resumed. */
  reconnecting: { attempt: number; attempts: number } | undefined;
  /** When this status (with its activity or question) began, as this client saw it (epoch ms). */
  since: number;
  /** Milliseconds since `since`, updated every second. */
  elapsedMs: number;
}

/**
 * The agent's status in detail: idle, thinking, acting (on which tool or step), waiting (on which
 * question), with the time since that began. A new tool or a new question starts the clock again.
 *
 * @example
 * const { status, activity, waitingOn, elapsedMs } = useAgentStatusDetail();
 */
export function useAgentStatusDetail(clock: () => number = Date.now): AgentStatusDetail {
  const { status } = useAgentRun();
  const activity = useCurrentActivity();
  const pending = usePendingInteractionIds();
  const waitingOn = useInteraction(status === "waiting" ? pending[0] : undefined);
  const reconnecting = useReconnecting();
  const key = `${status}\u0000${status === "idle" ? "" : (activity ?? "")}\u0000${waitingOn?.id ?? ""}`;
  // The moment this status began: a new key is a new status, noted in the render that first sees it.
  const [mark, setMark] = useState(() => ({ key, at: clock() }));
  if (mark.key !== key) setMark({ key, at: clock() });
  const now = useNow(1000, clock);
  return {
    status,
    activity: status === "idle" || status === "waiting" ? undefined : activity,
    waitingOn,
    waitingCount: pending.length,
    reconnecting,
    since: mark.at,
    elapsedMs: Math.max(0, now - mark.at),
  };
}


const noEvents: readonly RecordedEvent[] = [];
const never = () => () => {};

/** The store's event log as the trace panel reads it. */
export interface TraceView {
  /** False when the store was created without `trace`: nothing is recorded. */
  enabled: boolean;
  /** The events kept, oldest first; a new array only when events arrive. */
  events: readonly RecordedEvent[];
  /** How many were recorded in all (the ring keeps the latest `limit`). */
  total: number;
  /** The fold's protocol errors (each names the event by `eventIndex`). */
  errors: readonly ProtocolError[];
}

/**
 * Every raw event the store received, with its receive time, for developer tools. Needs
 * `createThreadStore({ trace: true })`; the log lives beside the thread, not in it.
 *
 * @example
 * const { enabled, events, errors } = useTrace();
 */
export function useTrace(): TraceView {
  const store = useThreadStore("useTrace");
  const recorder = useStore(store, (s) => s.trace);
  const events = useSyncExternalStore(recorder?.subscribe ?? never, recorder?.events ?? (() => noEvents), () => noEvents);
  const errors = useStore(store, (s) => s.thread.errors);
  return useMemo(() => ({ enabled: recorder !== undefined, events, total: recorder?.total() ?? 0, errors }), [recorder, events, errors]);
}

/** One remembered item as a panel lists it. */
export interface MemoryEntry {
  key: string;
  /** The value in words (text as it is, anything else as JSON). */
  value: string;
}

/** Short-term (this session) and long-term memory, as read from the agent or a fetch. */
export interface MemorySnapshot {
  shortTerm: readonly MemoryEntry[];
  longTerm: readonly MemoryEntry[];
}

/** What `useMemory` gives: the memory, and the keys that just changed (for a brief highlight). */
export interface MemoryView extends MemorySnapshot {
  /** `short:key` / `long:key` of entries that changed in the last update; cleared after `highlightMs`. */
  changed: ReadonlySet<string>;
}

const emptySet: ReadonlySet<string> = new Set();

/**
 * Reads a memory value of any shape the agent may send: `{ shortTerm, longTerm }` (or
 * `short_term` / `long_term`), each an object of key → value or a list of `{ key | id, value | content | text }`.
 *
 * @example
 * toMemorySnapshot({ shortTerm: { city: "Lyon" }, longTerm: [{ key: "seat", value: "window" }] });
 */
export function toMemorySnapshot(memory: unknown): MemorySnapshot {
  const m = (memory && typeof memory === "object" ? memory : {}) as Record<string, unknown>;
  return { shortTerm: entriesOf(m.shortTerm ?? m.short_term), longTerm: entriesOf(m.longTerm ?? m.long_term) };
}

const words = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value) ?? String(value));

function entriesOf(value: unknown): MemoryEntry[] {
  if (Array.isArray(value)) {
    return value.map((item: unknown, i) => {
      if (!item || typeof item !== "object") return { key: String(i + 1), value: words(item) };
      const o = item as Record<string, unknown>;
      const key = o.key ?? o.id ?? o.name ?? i + 1;
      return { key: typeof key === "string" ? key : words(key), value: words(o.value ?? o.content ?? o.text ?? o) };
    });
  }
  if (value && typeof value === "object") return Object.entries(value).map(([key, v]) => ({ key, value: words(v) }));
  return [];
}

function changedKeys(before: MemorySnapshot, after: MemorySnapshot): ReadonlySet<string> {
  const changed = new Set<string>();
  for (const [prefix, was, now] of [["short", before.shortTerm, after.shortTerm], ["long", before.longTerm, after.longTerm]] as const) {
    const old = new Map(was.map((e) => [e.key, e.value]));
    for (const entry of now) if (old.get(entry.key) !== entry.value) changed.add(`${prefix}:${entry.key}`);
  }
  return changed;
}

/**
 * Follows a memory snapshot and marks what changed in its last update, for `highlightMs`.
 *
 * @example
 * const { changed } = useMemoryChanges(snapshot);
 */
export function useMemoryChanges(snapshot: MemorySnapshot, highlightMs = 2_000): ReadonlySet<string> {
  const [seen, setSeen] = useState({ snapshot, changed: emptySet });
  // A new snapshot: note what differs from the last one, in the render that first sees it.
  if (seen.snapshot !== snapshot) setSeen({ snapshot, changed: changedKeys(seen.snapshot, snapshot) });
  const changed = seen.changed;
  useEffect(() => {
    if (changed.size === 0) return;
    const timer = setTimeout(() => setSeen((s) => (s.changed === changed ? { ...s, changed: emptySet } : s)), highlightMs);
    return () => clearTimeout(timer);
  }, [changed, highlightMs]);
  return changed;
}

/**
 * The agent's memory from its shared state (`state.memory` by convention; pass `select` for
 * another place), read-only, with the entries a `STATE_DELTA` just changed.
 *
 * @example
 * const { shortTerm, longTerm, changed } = useMemory();
 * const fromElsewhere = useMemory((state: { agent?: { memory?: unknown } }) => state.agent?.memory);
 */
export function useMemory<S = Record<string, unknown>>(select: (state: S) => unknown = defaultMemory as (state: S) => unknown): MemoryView {
  const raw = useAgentState<S, unknown>((state) => (state && typeof state === "object" ? select(state) : undefined));
  const snapshot = useMemo(() => toMemorySnapshot(raw), [raw]);
  const changed = useMemoryChanges(snapshot);
  return useMemo(() => ({ ...snapshot, changed }), [snapshot, changed]);
}

const defaultMemory = (state: { memory?: unknown }) => state.memory;

/**
 * The artifacts the agent announced (`CUSTOM parley.artifact`), each with its versions, and the
 * announcements that could not be read. Recomputed only when a custom event arrives.
 *
 * @example
 * const { artifacts, problems } = useArtifacts();
 */
export function useArtifacts(): ArtifactsResult {
  const events = useThread((t) => t.customEvents);
  return useMemo(() => deriveArtifacts(events), [events]);
}

/** One skill the agent has, with the tools under it. */
export interface SkillView {
  name: string;
  description?: string;
  /** False for a skill the agent has but is not using now. */
  active: boolean;
  tools: readonly string[];
}

/** What the skills panel shows: the agent's skills and the tools the front end declared. */
export interface SkillsView {
  skills: readonly SkillView[];
  /** Front-end tools: the run defaults' and those registered with `useFrontendTool`. */
  frontendTools: readonly string[];
}

/**
 * Reads skills of any shape the agent may send: a list of `{ name, description?, active?, tools? }`
 * (tools as names or `{ name }`), or an object of name → `{ … }`.
 *
 * @example
 * toSkills([{ name: "reporting", tools: ["query_sales", { name: "send_mail" }] }]);
 */
export function toSkills(value: unknown): SkillView[] {
  const list: unknown[] = Array.isArray(value)
    ? (value as unknown[])
    : value && typeof value === "object"
      ? Object.entries(value as Record<string, unknown>).map(([name, v]) => ({ name, ...(v && typeof v === "object" ? v : {}) }))
      : [];
  return list.flatMap((item: unknown) => {
    if (!item || typeof item !== "object") return typeof item === "string" ? [{ name: item, active: true, tools: [] }] : [];
    const o = item as Record<string, unknown>;
    if (typeof o.name !== "string") return [];
    const tools = Array.isArray(o.tools) ? o.tools.flatMap((t: unknown) => (typeof t === "string" ? [t] : t && typeof (t as { name?: unknown }).name === "string" ? [(t as { name: string }).name] : [])) : [];
    return [{ name: o.name, ...(typeof o.description === "string" ? { description: o.description } : {}), active: o.active !== false, tools }];
  });
}

/**
 * The agent's skills from its shared state (`state.skills` by convention, or `select`), with the
 * tools under each, beside the tools the front end declared.
 *
 * @example
 * const { skills, frontendTools } = useSkills();
 */
export function useSkills<S = Record<string, unknown>>(select: (state: S) => unknown = defaultSkills as (state: S) => unknown): SkillsView {
  const store = useThreadStore("useSkills");
  const raw = useAgentState<S, unknown>((state) => (state && typeof state === "object" ? select(state) : undefined));
  const frontendTools = useStore(store, (s) => s.declaredTools);
  const skills = useMemo(() => toSkills(raw), [raw]);
  return useMemo(() => ({ skills, frontendTools }), [skills, frontendTools]);
}

const defaultSkills = (state: { skills?: unknown }) => state.skills;

import { useMemo, useState, useSyncExternalStore } from "react";
import { useStore } from "zustand";
import type { AgentStatus, ProtocolError } from "../core/fold";
import type { RecordedEvent } from "../store/eventRecorder";
import { useThreadStore } from "./ParleyProvider";
import type { Interaction } from "../core/interactions";
import { useAgentRun } from "./hooks";
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

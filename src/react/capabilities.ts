import { useCallback, useSyncExternalStore } from "react";
import { useStore } from "zustand";
import type { AgentCapabilities } from "@ag-ui/core";
import { agentSupports, type CapabilityFeature } from "../core/capabilities";
import type { AgentLike } from "../core/transport/types";
import { useThreadStore } from "./ParleyProvider";

/** What {@link useAgentCapabilities} knows of the agent's capabilities. */
export interface AgentCapabilitiesView {
  /** What the agent declared, read into the fields the kit knows; `undefined` until known or when it declares none. */
  capabilities: AgentCapabilities | undefined;
  /** `none`: the agent has no `getCapabilities()`; `error`: it failed or answered something that is not capabilities. */
  status: "none" | "loading" | "ready" | "error";
  /** Why the capabilities could not be read (`status: "error"`), in words. */
  error: string | undefined;
  /** Whether to offer `feature`: true unless the agent declared it cannot (see `agentSupports` in the core). */
  supports: (feature: CapabilityFeature) => boolean;
}

type Entry = { status: "loading" | "ready" | "error"; capabilities?: AgentCapabilities; error?: string; listeners: Set<() => void> };

// One question per agent object, shared by every component that asks: capabilities describe the
// agent, not a thread, and an agent is kept stable by the app (see ParleyProvider's `agent`).
const entries = new WeakMap<object, Entry>();

function entryFor(agent: AgentLike): Entry | undefined {
  if (typeof agent.getCapabilities !== "function") return undefined;
  let entry = entries.get(agent);
  if (entry) return entry;
  const created: Entry = { status: "loading", listeners: new Set() };
  entries.set(agent, created);
  const settle = (next: Pick<Entry, "status" | "capabilities" | "error">) => {
    Object.assign(created, next);
    for (const listener of created.listeners) listener();
  };
  let asked: Promise<unknown>;
  try {
    asked = Promise.resolve(agent.getCapabilities());
  } catch (error) {
    asked = Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
  // The reader loads with the first agent that has capabilities to read.
  Promise.all([asked, import("../core/capabilities/readCapabilities")]).then(
    ([value, { readCapabilities }]) => {
      const reading = readCapabilities(value);
      settle(reading.ok ? { status: "ready", capabilities: reading.capabilities } : { status: "error", error: reading.problem });
    },
    (error: unknown) => settle({ status: "error", error: `The agent's capabilities could not be read: ${error instanceof Error ? error.message : String(error)}` }),
  );
  entry = created;
  return entry;
}

const noEntry = () => () => {};

/**
 * What the thread's agent says it can do (AG-UI 1.0 `getCapabilities()`), asked once per agent and
 * shared. The kit's own parts use it to offer only what the agent supports — editing arguments
 * before approving, attachments, resuming a stream — and an app can do the same. An agent without
 * `getCapabilities()` (or one that fails) is offered everything, as before.
 *
 * @example
 * const { supports } = useAgentCapabilities();
 * return supports("attachments") ? <AttachButton /> : null;
 */
export function useAgentCapabilities(): AgentCapabilitiesView {
  const store = useThreadStore("useAgentCapabilities");
  const agent = useStore(store, (s) => s.agent);
  const entry = agent ? entryFor(agent) : undefined;
  const subscribe = useCallback(
    (listener: () => void) => {
      if (!entry) return noEntry();
      entry.listeners.add(listener);
      return () => entry.listeners.delete(listener);
    },
    [entry],
  );
  const status = useSyncExternalStore(subscribe, () => entry?.status ?? "none", () => entry?.status ?? "none");
  const capabilities = status === "ready" ? entry?.capabilities : undefined;
  const supports = useCallback((feature: CapabilityFeature) => agentSupports(capabilities, feature), [capabilities]);
  return { capabilities, status, error: status === "error" ? entry?.error : undefined, supports };
}

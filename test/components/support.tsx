import type { ReactNode } from "react";
import { render } from "@testing-library/react";
import type { BaseEvent } from "@ag-ui/core";
import { axe } from "vitest-axe";
import { expect } from "vitest";
import { foldEvents } from "../../src/core/fold";
import { createThreadStore, type ThreadStore, type ThreadStoreOptions } from "../../src/store/createThreadStore";
import { ParleyProvider } from "../../src/react/ParleyProvider";
import { ParleyUIProvider, type ParleyUIProviderProps } from "../../src/components";
import { ScriptedAgent } from "../../src/testing";
import { ev } from "../support/events";

let n = 0;
/** A store whose thread is `events` folded, with sync batching and predictable ids. */
export function storeWith(events: BaseEvent[], options: ThreadStoreOptions = {}): ThreadStore {
  const store = createThreadStore({ batch: "sync", createId: () => `id-${++n}`, ...options });
  store.setState((s) => ({ thread: foldEvents(s.thread, events) }));
  return store;
}

export function renderKit(ui: ReactNode, store: ThreadStore, uiProps: Omit<ParleyUIProviderProps, "children"> = {}) {
  return render(
    <ParleyProvider store={store}>
      <ParleyUIProvider {...uiProps}>{ui}</ParleyUIProvider>
    </ParleyProvider>,
  );
}

/** axe in jsdom; contrast is checked in the browser (Storybook), where styles are real. */
export async function expectNoAxeViolations(container: Element) {
  const results = await axe(container, { rules: { "color-contrast": { enabled: false } } });
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((x) => x.html).join(", ")})`)).toEqual([]);
}

let scriptedIds = 0;

/**
 * A store that heard `events` from a scripted agent in its first run — the store's real path: its
 * batcher, the `receive` that starts relative deadlines, the deadline timer. Every later run only
 * starts and finishes; `runs()` counts them. `open` keeps the first run going (the agent is still
 * writing).
 */
export function heardFromAgent(events: BaseEvent[], { open = false, ...options }: ThreadStoreOptions & { open?: boolean } = {}): { store: ThreadStore; runs: () => number } {
  let runs = 0;
  const agent = new ScriptedAgent({
    script: () => (++runs === 1 ? [...events, ...(open ? [{ delay: 3_600_000 }] : [])] : [ev.runStarted(`next${runs}`), ev.runFinished(`next${runs}`)]),
  });
  const store = createThreadStore({ batch: "sync", createId: () => `id-${++scriptedIds}`, agent, ...options });
  store.getState().run();
  return { store, runs: () => runs };
}

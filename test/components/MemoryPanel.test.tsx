import { describe, expect, it, vi } from "vitest";
import { act, screen, waitFor, within } from "@testing-library/react";
import { EventType } from "@ag-ui/core";
import { MemoryPanel } from "../../src/panels";
import { toMemorySnapshot } from "../../src/panels";
import { foldEvents } from "../../src/core/fold";
import { expectNoAxeViolations, renderKit, storeWith } from "./support";

const snapshot = { type: EventType.STATE_SNAPSHOT, snapshot: { memory: { shortTerm: { destination: "Lyon" }, longTerm: [{ key: "seat", value: "window" }] } } };

describe("toMemorySnapshot", () => {
  it("reads objects, lists and snake_case, and never throws on junk", () => {
    expect(toMemorySnapshot({ short_term: [{ id: "a", content: "x" }, 3], long_term: { n: { deep: 1 } } })).toEqual({
      shortTerm: [{ key: "a", value: "x" }, { key: "2", value: "3" }],
      longTerm: [{ key: "n", value: '{"deep":1}' }],
    });
    expect(toMemorySnapshot("junk")).toEqual({ shortTerm: [], longTerm: [] });
    expect(toMemorySnapshot(null)).toEqual({ shortTerm: [], longTerm: [] });
  });
});

describe("MemoryPanel", () => {
  it("lists short-term and long-term memory from state.memory, read-only, and marks what a STATE_DELTA changed", async () => {
    const store = storeWith([snapshot]);
    const { container } = renderKit(<MemoryPanel />, store);
    const panel = await screen.findByRole("region", { name: "Memory" });
    const short = within(container.querySelector<HTMLElement>("[data-term=short]")!);
    expect(short.getByText("destination")).toBeInTheDocument();
    expect(short.getByText("Lyon")).toBeInTheDocument();
    expect(within(container.querySelector<HTMLElement>("[data-term=long]")!).getByText("window")).toBeInTheDocument();
    expect(panel.querySelector("input, textarea, button, [contenteditable]")).toBeNull();
    await expectNoAxeViolations(container);

    act(() => store.setState((s) => ({ thread: foldEvents(s.thread, [{ type: EventType.STATE_DELTA, delta: [{ op: "replace", path: "/memory/shortTerm/destination", value: "Marseille" }] }]) })));
    const entry = short.getByText("destination").closest("[data-slot=memory-panel-entry]")!;
    expect(entry).toHaveAttribute("data-state", "changed");
    expect(entry).toHaveTextContent("Marseillechanged");
    expect(container.querySelector("[data-term=long] [data-state=changed]")).toBeNull();
    await waitFor(() => expect(entry).not.toHaveAttribute("data-state"), { timeout: 3_000 });
  });

  it("fetches through TanStack Query and fetches again on CUSTOM parley.memory_changed", async () => {
    const store = storeWith([]);
    let calls = 0;
    const fetchMemory = vi.fn(() => Promise.resolve({ shortTerm: { draft: `v${++calls}` }, longTerm: {} }));
    renderKit(<MemoryPanel fetchMemory={fetchMemory} />, store, { locale: "zh-CN" });
    expect(await screen.findByText("v1")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "记忆" })).toHaveAttribute("data-state", "ready");
    act(() => store.setState((s) => ({ thread: foldEvents(s.thread, [{ type: EventType.CUSTOM, name: "parley.memory_changed", value: {} }]) })));
    expect(await screen.findByText("v2")).toBeInTheDocument();
    expect(fetchMemory).toHaveBeenCalledTimes(2);
  });

  it("says so when the fetch fails", async () => {
    renderKit(<MemoryPanel fetchMemory={() => Promise.reject(new Error("503"))} />, storeWith([]));
    expect(await screen.findByRole("alert", {}, { timeout: 4_000 })).toHaveTextContent("Memory could not be loaded: 503");
  }, 8_000);
});

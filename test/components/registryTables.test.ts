import { describe, expect, it } from "vitest";
import type { ComponentType } from "react";
import { createMessageRegistry, type MessageComponent, type ToolRenderer } from "../../src/components";

const A: MessageComponent = () => null;
const B: MessageComponent = () => null;
const Flights: ToolRenderer = () => null;
const Any: ToolRenderer = () => null;
const View: ComponentType = () => null;

describe("the registry's three tables", () => {
  it("keeps messages, tools and state views apart, each typed, the newest registration winning", () => {
    const registry = createMessageRegistry();
    const undoA = registry.messages.register("assistant", A);
    registry.messages.register("assistant", B);
    registry.tools.register("search_flights", Flights);
    registry.tools.register("*", Any);
    registry.stateViews.register(View);
    expect(registry.messages.get("assistant")).toBe(B);
    expect(registry.tools.get("search_flights")).toBe(Flights);
    expect(registry.tools.get("*")).toBe(Any);
    // A tool named like a message kind is not a message component, and the other way round.
    expect(registry.messages.get("search_flights" as never)).toBeUndefined();
    expect(registry.tools.get("assistant")).toBeUndefined();
    expect(registry.stateViews.getAll()).toEqual([View]);
    undoA();
    expect(registry.messages.getAll("assistant")).toEqual([B]);
  });

  it("the one-name door routes by prefix, as before the split", () => {
    const registry = createMessageRegistry();
    registry.register("tool:search_flights", Flights);
    registry.register("state", View);
    registry.register("user", A);
    expect(registry.tools.get("search_flights")).toBe(Flights);
    expect(registry.get("tool:search_flights")).toBe(Flights);
    expect(registry.stateViews.getAll()).toEqual([View]);
    expect(registry.getAll("state")).toEqual([View]);
    expect(registry.messages.get("user")).toBe(A);
  });

  it("counts a version per change for useSyncExternalStore, and unregistering twice is harmless", () => {
    const registry = createMessageRegistry();
    let heard = 0;
    registry.subscribe(() => (heard += 1));
    const undo = registry.tools.register("x", Flights);
    undo();
    undo();
    expect(heard).toBe(2);
    expect(registry.getVersion()).toBe(2);
    expect(registry.tools.getAll("x")).toEqual([]);
  });
});

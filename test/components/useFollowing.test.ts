import { describe, expect, it } from "vitest";
import type { PointerEvent as ReactPointerEvent } from "react";
import { act, fireEvent, renderHook } from "@testing-library/react";
import { useFollowing } from "../../src/components/thread/useFollowing";

/** A press on the scroller itself, as on its scrollbar. */
function pressScrollbar(handlers: ReturnType<typeof useFollowing>["handlers"], viewport: HTMLElement) {
  act(() => handlers.onPointerDown({ target: viewport, currentTarget: viewport, pointerType: "mouse" } as unknown as ReactPointerEvent));
}

describe("useFollowing: holding the scrollbar", () => {
  it("does not pin the view while the scrollbar is held, and pins again once it is released", () => {
    const viewport = document.createElement("div");
    const { result } = renderHook(() => useFollowing({ current: viewport }));
    expect(result.current.shouldPin()).toBe(true);
    pressScrollbar(result.current.handlers, viewport);
    expect(result.current.shouldPin()).toBe(false);
    fireEvent.pointerUp(window);
    expect(result.current.shouldPin()).toBe(true);
  });

  it("takes the first move with no button held for the release, when no pointerup comes after a scrollbar drag", () => {
    const viewport = document.createElement("div");
    const { result } = renderHook(() => useFollowing({ current: viewport }));
    pressScrollbar(result.current.handlers, viewport);
    fireEvent.pointerMove(window, { buttons: 1 });
    expect(result.current.shouldPin()).toBe(false);
    fireEvent.pointerMove(window, { buttons: 0 });
    expect(result.current.shouldPin()).toBe(true);
  });

  it("ignores a press on a row (not the scroller) and a touch press", () => {
    const viewport = document.createElement("div");
    const row = viewport.appendChild(document.createElement("div"));
    const { result } = renderHook(() => useFollowing({ current: viewport }));
    act(() => result.current.handlers.onPointerDown({ target: row, currentTarget: viewport, pointerType: "mouse" } as unknown as ReactPointerEvent));
    act(() => result.current.handlers.onPointerDown({ target: viewport, currentTarget: viewport, pointerType: "touch" } as unknown as ReactPointerEvent));
    expect(result.current.shouldPin()).toBe(true);
  });
});

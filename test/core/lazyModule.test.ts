import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The first paint is once per page: each test loads the module afresh.
async function fresh() {
  vi.resetModules();
  return import("../../src/core/lazyModule");
}

/** A stand-in for the browser's idle callbacks: the test says when idle time comes (`run(i)`). */
function stubIdle() {
  const callbacks: IdleRequestCallback[] = [];
  const request = vi.fn((callback: IdleRequestCallback, _options?: IdleRequestOptions) => callbacks.push(callback));
  const cancel = vi.fn();
  vi.stubGlobal("requestIdleCallback", request);
  vi.stubGlobal("cancelIdleCallback", cancel);
  return { request, cancel, run: (i: number) => callbacks[i]?.({ didTimeout: false, timeRemaining: () => 10 }) };
}

describe("lazy modules wait for the first paint", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("afterNextPaint runs after the next frame and the task after it, and not once cancelled", async () => {
    const { afterNextPaint } = await fresh();
    const ran = vi.fn();
    const cancelled = vi.fn();
    afterNextPaint(ran);
    afterNextPaint(cancelled)();
    expect(ran).not.toHaveBeenCalled();
    vi.advanceTimersToNextFrame();
    expect(ran).not.toHaveBeenCalled();
    // The task after the frame (a zero timer fires on the fake clock's next tick).
    vi.advanceTimersByTime(1);
    expect(ran).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(ran).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it("afterFirstPaint holds work until the page's first frame and the idle time after it, then runs it at once", async () => {
    const { afterFirstPaint } = await fresh();
    const idle = stubIdle();
    const early = vi.fn();
    const meanwhile = vi.fn();
    afterFirstPaint(early);
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(1);
    // The frame is painted, but the first screen's own work (a render, the rows measured) may
    // still be queued: the kit asks for idle time, within a short wait, and holds what comes meanwhile.
    expect(early).not.toHaveBeenCalled();
    expect(idle.request).toHaveBeenCalledTimes(1);
    expect(idle.request.mock.calls[0]?.[1]).toEqual({ timeout: 300 });
    afterFirstPaint(meanwhile);
    expect(meanwhile).not.toHaveBeenCalled();
    idle.run(0);
    expect(early).toHaveBeenCalledTimes(1);
    expect(meanwhile).toHaveBeenCalledTimes(1);
    const late = vi.fn();
    afterFirstPaint(late);
    expect(late).toHaveBeenCalledTimes(1);
    expect(idle.request).toHaveBeenCalledTimes(1);
  });

  it("without requestIdleCallback (Safari), the work runs a task after the first frame's", async () => {
    const { afterFirstPaint } = await fresh();
    vi.stubGlobal("requestIdleCallback", undefined);
    const work = vi.fn();
    afterFirstPaint(work);
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(1);
    expect(work).not.toHaveBeenCalled();
    // The task after that one: what the frame's own tasks queued first goes first.
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it("a page that paints no frame (a background tab) starts the work after a short timer", async () => {
    const { afterFirstPaint } = await fresh();
    const noFrame = vi.spyOn(window, "requestAnimationFrame").mockImplementation(() => 0);
    vi.stubGlobal("requestIdleCallback", undefined);
    try {
      const work = vi.fn();
      afterFirstPaint(work);
      vi.advanceTimersByTime(499);
      expect(work).not.toHaveBeenCalled();
      vi.advanceTimersByTime(2);
      expect(work).toHaveBeenCalledTimes(1);
    } finally {
      noFrame.mockRestore();
    }
  });

  it("idleAfterFirstPaint asks for idle time after the first screen's, and cancelling then withdraws that request", async () => {
    const { idleAfterFirstPaint } = await fresh();
    const idle = stubIdle();
    const work = vi.fn();
    const cancel = idleAfterFirstPaint(work);
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(1);
    idle.run(0);
    // The first screen's idle time has come; the work's own request is pending, within 1.5 s.
    expect(idle.request).toHaveBeenCalledTimes(2);
    expect(idle.request.mock.calls[1]?.[1]).toEqual({ timeout: 1500 });
    expect(work).not.toHaveBeenCalled();
    cancel();
    expect(idle.cancel).toHaveBeenCalledWith(2);
  });

  it("preloadWhenIdle imports nothing before the first frame, and nothing once cancelled", async () => {
    const { lazyModule } = await fresh();
    const importer = vi.fn(() => Promise.resolve({ value: 1 }));
    const other = vi.fn(() => Promise.resolve({ value: 2 }));
    lazyModule(importer).preloadWhenIdle();
    lazyModule(other).preloadWhenIdle()();
    await vi.advanceTimersByTimeAsync(0);
    expect(importer).not.toHaveBeenCalled();
    vi.advanceTimersToNextFrame();
    await vi.advanceTimersByTimeAsync(2000);
    expect(importer).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
  });

  it("load() is not held back: an app that asks for a module gets it at once", async () => {
    const { lazyModule } = await fresh();
    const importer = vi.fn(() => Promise.resolve({ value: 1 }));
    await expect(lazyModule(importer).load()).resolves.toEqual({ value: 1 });
    expect(importer).toHaveBeenCalledTimes(1);
  });
  it("a timer that fires after the page's window is gone (a torn-down test environment) throws nothing", async () => {
    const { afterNextPaint, lazyModule } = await fresh();
    const ran = vi.fn();
    const importer = vi.fn(async () => ({ value: 1 }));
    afterNextPaint(ran);
    lazyModule(importer).preloadWhenIdle();
    vi.stubGlobal("window", undefined);
    try {
      expect(() => vi.advanceTimersByTime(2_000)).not.toThrow();
      expect(ran).toHaveBeenCalledTimes(1);
      expect(importer).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

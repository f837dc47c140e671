import { afterEach, describe, expect, it, vi } from "vitest";
import { WARM_UP_ROUNDS, warmUpWhenIdle } from "../../src/components/markdown/markdownWarmUp";

/** A hand-driven requestIdleCallback: `idle(ms)` runs the queued callbacks with that much time left. */
function fakeIdle() {
  let next = 1;
  const queued = new Map<number, IdleRequestCallback>();
  vi.stubGlobal("requestIdleCallback", (callback: IdleRequestCallback) => {
    queued.set(next, callback);
    return next++;
  });
  vi.stubGlobal("cancelIdleCallback", (handle: number) => queued.delete(handle));
  return {
    get queued() {
      return queued.size;
    },
    /** One idle period: the callbacks queued before it run, each with `ms` left, falling by `costMs` per call of timeRemaining. */
    idle(ms: number, costMs = 0) {
      const callbacks = [...queued.values()];
      queued.clear();
      let left = ms;
      for (const callback of callbacks) callback({ didTimeout: false, timeRemaining: () => Math.max(0, (left -= costMs) + costMs) });
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("warmUpWhenIdle", () => {
  it("parses only in idle periods with room, until its rounds are done", () => {
    const idle = fakeIdle();
    const parsed: string[] = [];
    warmUpWhenIdle((text) => parsed.push(text), 10);
    expect(parsed).toEqual([]); // nothing before the browser is idle

    idle.idle(5); // too short for a parse: it waits for the next
    expect(parsed).toEqual([]);
    expect(idle.queued).toBe(1);

    idle.idle(40, 10); // 40, 30, 20, 10 ms left: four parses
    expect(parsed).toHaveLength(4);
    idle.idle(1_000);
    expect(parsed).toHaveLength(10);
    expect(idle.queued).toBe(0); // done: nothing more asked of the browser
  });

  it("parses Markdown of every kind of block, whole and cut short as a stream shows it", () => {
    const idle = fakeIdle();
    const parsed: string[] = [];
    warmUpWhenIdle((text) => parsed.push(text));
    idle.idle(1_000);
    expect(parsed).toHaveLength(WARM_UP_ROUNDS);
    const all = parsed.join("\n");
    for (const construct of ["**", "`", "](https://", "- ", "1. ", "## ", "> ", "|---|", "```", "~~", "[x]"]) expect(all).toContain(construct);
    // Prefixes too: a sample seen whole is also seen shorter.
    expect(new Set(parsed).size).toBeGreaterThan(WARM_UP_ROUNDS / 2);
    expect(parsed.some((text, i) => parsed.some((other, j) => i !== j && other.length > text.length && other.startsWith(text)))).toBe(true);
  });

  it("stops when cancelled, and after a parse that throws", () => {
    const idle = fakeIdle();
    let calls = 0;
    const cancel = warmUpWhenIdle(() => calls++, 10);
    cancel();
    idle.idle(1_000);
    expect(calls).toBe(0);
    expect(idle.queued).toBe(0);

    warmUpWhenIdle(() => {
      calls++;
      throw new Error("parser broke");
    }, 10);
    expect(() => idle.idle(1_000)).not.toThrow();
    expect(calls).toBe(1);
    expect(idle.queued).toBe(0);
  });

  it("does nothing where there is no requestIdleCallback (a server, jsdom)", () => {
    vi.stubGlobal("requestIdleCallback", undefined);
    const parse = vi.fn();
    const cancel = warmUpWhenIdle(parse);
    expect(typeof cancel).toBe("function");
    expect(() => cancel()).not.toThrow();
    expect(parse).not.toHaveBeenCalled();
  });
});

describe("the Markdown chunk", () => {
  it("warms its parser up when it lands, with the renderer's own parse", async () => {
    const idle = fakeIdle();
    const { markdownChunk } = await import("../../src/components/markdown/markdownChunk");
    await markdownChunk.load();
    expect(idle.queued).toBe(1);
    // A real parse (react-markdown with GFM) runs in the idle period, and throws nothing.
    expect(() => idle.idle(1_000)).not.toThrow();
    expect(idle.queued).toBe(0);
  });
});

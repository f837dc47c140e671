import { afterEach, describe, expect, it, vi } from "vitest";
import { WARM_UP_PATIENCE, WARM_UP_ROUNDS, warmUpWhenIdle } from "../../src/components/markdown/markdownWarmUp";

/** A hand-driven requestIdleCallback: `idle(ms)` runs the queued callbacks with that much time left. */
function fakeIdle() {
  let next = 1;
  const queued = new Map<number, IdleRequestCallback>();
  let asked = 0;
  vi.stubGlobal("requestIdleCallback", (callback: IdleRequestCallback) => {
    queued.set(next, callback);
    return next++;
  });
  vi.stubGlobal("cancelIdleCallback", (handle: number) => queued.delete(handle));
  return {
    get queued() {
      return queued.size;
    },
    /** How many times the callbacks asked how much time was left. */
    get asked() {
      return asked;
    },
    /** One idle period: the callbacks queued before it run, each with `ms` left, falling by `costMs` per call of timeRemaining. */
    idle(ms: number, costMs = 0) {
      const callbacks = [...queued.values()];
      queued.clear();
      let left = ms;
      const timeRemaining = () => {
        asked++;
        return Math.max(0, (left -= costMs) + costMs);
      };
      for (const callback of callbacks) callback({ didTimeout: false, timeRemaining });
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

  it("starts a parse only when the idle period has as much left as the last parse took, up to a frame's worth", () => {
    const idle = fakeIdle();
    let clock = 0;
    let took = 14;
    vi.spyOn(performance, "now").mockImplementation(() => clock);
    let parses = 0;
    warmUpWhenIdle(() => {
      parses++;
      clock += took;
    }, 10);
    idle.idle(37, 12); // 37 ms left: a parse (14 ms); 25 ≥ 14: another; 13 < 14: it waits
    expect(parses).toBe(2);
    expect(idle.queued).toBe(1);
    // A parse slowed by a collection (40 ms) does not hold it back: never more than 16 ms asked.
    took = 40;
    idle.idle(30, 30); // a parse, then none
    idle.idle(16, 16);
    expect(parses).toBe(4);
    vi.restoreAllMocks();
  });

  it("gives up on a page that is never idle long enough", () => {
    const idle = fakeIdle();
    const parse = vi.fn();
    warmUpWhenIdle(parse);
    for (let i = 0; i < WARM_UP_PATIENCE - 1; i++) idle.idle(5);
    expect(idle.queued).toBe(1);
    idle.idle(5);
    expect(idle.queued).toBe(0);
    expect(parse).not.toHaveBeenCalled();
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
  it("warms its parser up when it lands: every round parses with the renderer's own parser", async () => {
    vi.resetModules(); // a chunk loaded by an earlier test of this file would not land again
    const idle = fakeIdle();
    const { markdownChunk } = await import("../../src/components/markdown/markdownChunk");
    await markdownChunk.load();
    expect(idle.queued).toBe(1);
    // One idle period with room for all: the time left asked before each real parse (react-markdown
    // with GFM). A parse that threw would have ended it at the first.
    idle.idle(1_000);
    expect(idle.asked).toBe(WARM_UP_ROUNDS);
    expect(idle.queued).toBe(0);
  });
});

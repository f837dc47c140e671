import { describe, expect, it } from "vitest";
import { Virtualizer, type VirtualizerOptions } from "@tanstack/react-virtual";
import { keepLaidOut } from "../../src/components/thread/keepLaidOut";

/** A virtualizer over `rows` as the thread makes one (96 px estimates, keys are the rows' ids), with no element to scroll. */
function virtualizerOf(rows: readonly string[]) {
  const options = (list: readonly string[]): VirtualizerOptions<HTMLDivElement, Element> => ({
    count: list.length,
    getScrollElement: () => null,
    estimateSize: () => 96,
    getItemKey: (i) => list[i] ?? i,
    scrollToFn: () => {},
    observeElementRect: () => {},
    observeElementOffset: () => {},
  });
  const virtualizer = new Virtualizer(options(rows));
  const laidOut = { current: rows };
  virtualizer.getTotalSize();
  /** The thread's render with new rows: options set, then keepLaidOut, then the layout read. */
  const render = (next: readonly string[]) => {
    virtualizer.setOptions(options(next));
    keepLaidOut(virtualizer, laidOut, next);
    virtualizer.getTotalSize(); // lays out, as the thread's render does
    return virtualizer.measurementsCache;
  };
  return { virtualizer, render };
}

const ids = (n: number, prefix = "m") => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe("keepLaidOut", () => {
  it("rows added at the end keep the layout of those before (the same objects), and the new ones follow", () => {
    const rows = ids(1000);
    const { virtualizer, render } = virtualizerOf(rows);
    const before = virtualizer.measurementsCache;
    const after = render([...rows, "new"]);
    expect(after).toHaveLength(1001);
    expect(after[0]).toBe(before[0]);
    expect(after[999]).toBe(before[999]);
    expect(after[1000]).toMatchObject({ key: "new", index: 1000, start: 1000 * 96, end: 1001 * 96 });
  });

  it("a row resized before the new ones came still moves the rows after it", () => {
    const rows = ids(10);
    const { virtualizer, render } = virtualizerOf(rows);
    const before = virtualizer.measurementsCache;
    virtualizer.resizeItem(3, 200);
    const after = render([...rows, "new"]);
    expect(after[2]).toBe(before[2]);
    expect(after[3]).toMatchObject({ key: "m3", size: 200, start: 3 * 96 });
    expect(after[4]!.start).toBe(3 * 96 + 200);
    expect(after[10]).toMatchObject({ key: "new", start: 9 * 96 + 200 });
  });

  it("rows removed, replaced or added before the end are laid out again, under their own keys", () => {
    const rows = ids(5);
    const { virtualizer, render } = virtualizerOf(rows);
    const first = virtualizer.measurementsCache[0];
    const prepended = render(["top", ...rows]);
    expect(prepended[0]).not.toBe(first);
    expect(prepended.map((m) => m.key)).toEqual(["top", ...rows]);
    const replaced = render(["top", "x", ...rows.slice(1), "y"]);
    expect(replaced.map((m) => m.key)).toEqual(["top", "x", ...rows.slice(1), "y"]);
    expect(render(rows.slice(0, 2)).map((m) => m.key)).toEqual(["m0", "m1"]);
  });

  it("a virtualizer without the internals it reads is left to lay out everything itself", () => {
    const rows = ids(3);
    const { virtualizer } = virtualizerOf(rows);
    const other = { measurementsCache: virtualizer.measurementsCache } as unknown as Virtualizer<HTMLDivElement, Element>;
    const laidOut = { current: rows };
    expect(() => keepLaidOut(other, laidOut, [...rows, "new"])).not.toThrow();
    expect(laidOut.current).toEqual([...rows, "new"]);
  });
});

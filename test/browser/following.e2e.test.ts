/**
 * The thread keeps following a reply that streams flat out into a long thread (issue 11: the
 * reply row grew hundreds of pixels in one frame, a scroll event fired before the list's height
 * caught up, and the thread took it for the person scrolling away), and a person's wheel still
 * stops it, and so does the scrollbar, let go again. The page (test/browser/following/) holds 1,000
 * messages in a 700 px box.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { createServer, type ViteDevServer } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { openBrowser, root, type Browser } from "./support";

let server: ViteDevServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  // Production React, as an app ships it (and as `npm run bench:browser` measured the bug): set
  // before Vite pre-bundles React, in a cache of its own so the demo's development copy is untouched.
  process.env.NODE_ENV = "production";
  server = await createServer({
    configFile: false,
    cacheDir: join(root, "node_modules/.vite-following"),
    root: join(root, "test/browser/following"),
    plugins: [react(), tailwindcss()],
    server: { host: "127.0.0.1", port: 0, strictPort: false, hmr: false },
    logLevel: "warn",
    clearScreen: false,
  });
  await server.listen();
  browser = await openBrowser(undefined, { scrollbars: true });
  page = browser.page;
  await page.goto(server.resolvedUrls?.local[0] ?? "");
  await page.locator("[data-slot=thread-row][data-row-id=seed-999]").waitFor();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Streams one reply (`deltas` pieces, `delayMs` apart; 0 is flat out) and resolves when its run ends. */
function reply(deltas: number, delayMs: number, chunk = 0): Promise<void> {
  return page.evaluate(([d, ms, c]) => window.reply(d, ms, c), [deltas, delayMs, chunk] as const);
}

/**
 * Where the end of the newest reply is, against the viewport, once the reply is formatted and two
 * more frames have settled. Formatting goes on after the stream ends — the Markdown renderer's
 * chunk may still be loading for the first reply (plain text until then), and a reply that arrives
 * at once is parsed over a few frames within the per-frame budget — and each step resizes the row,
 * which the thread follows a frame later.
 */
function endOfReply(): Promise<{ inView: boolean; state: string | null; jump: number }> {
  return page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let i = 0; i < 300 && document.querySelector("[data-slot=markdown-pending], [data-slot=markdown-plain]"); i++) await frame();
    await frame();
    await frame();
    const viewport = document.querySelector("[data-slot=thread-viewport]")!.getBoundingClientRect();
    const rows = [...document.querySelectorAll("[data-slot=thread-row]")].filter((row) => row.textContent?.includes("ENDOFREPLY"));
    const last = rows.sort((a, b) => Number(a.getAttribute("data-index")) - Number(b.getAttribute("data-index"))).at(-1);
    const box = last?.getBoundingClientRect();
    return {
      inView: !!box && box.bottom <= viewport.bottom + 1 && box.bottom > viewport.top,
      state: document.querySelector("[data-slot=thread]")!.getAttribute("data-state"),
      jump: document.querySelectorAll("[data-slot=thread-jump]").length,
    };
  });
}

describe("the thread follows a fast reply", () => {
  it("keeps the end of a reply streamed flat out (2,000 deltas) into 1,000 messages in view", async () => {
    // All at once (one frame), then as network reads (50 deltas a task, the row growing frame by
    // frame); twice each, since the race was not in every run.
    for (const chunk of [0, 50, 0, 50]) {
      await reply(2_000, 0, chunk);
      expect(await endOfReply(), `chunk ${chunk}`).toEqual({ inView: true, state: "following", jump: 0 });
    }
    expect(browser.problems).toEqual([]);
  });

  it("lays the rows out one after another, with no gap or overlap, after rows were added at the end (keepLaidOut)", async () => {
    // The replies above each added a row to a laid-out list; the rows before them kept their layout.
    const gaps = (): Promise<number[]> =>
      page.evaluate(async () => {
        const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
        await frame();
        await frame();
        const rows = [...document.querySelectorAll("[data-slot=thread-row]")]
          .map((row) => ({ index: Number(row.getAttribute("data-index")), box: row.getBoundingClientRect() }))
          .sort((a, b) => a.index - b.index);
        const out: number[] = [];
        for (let i = 1; i < rows.length; i++) if (rows[i]!.index === rows[i - 1]!.index + 1) out.push(rows[i]!.box.top - rows[i - 1]!.box.bottom);
        return out;
      });
    await reply(30, 0);
    // The same space between every two rows (the list's gap), to a pixel's rounding.
    const even = (list: number[]) => Math.max(...list) - Math.min(...list);
    const atEnd = await gaps();
    expect(atEnd.length).toBeGreaterThan(3);
    expect(even(atEnd), atEnd.join(" ")).toBeLessThanOrEqual(1);
    // Far back, where the layout kept from before the replies is read.
    await page.evaluate(() => {
      document.querySelector("[data-slot=thread-viewport]")!.scrollTop = 40_000;
    });
    const back = await gaps();
    expect(back.length).toBeGreaterThan(3);
    expect(even([...back, ...atEnd]), back.join(" ")).toBeLessThanOrEqual(1);
    await page.evaluate(() => {
      const viewport = document.querySelector("[data-slot=thread-viewport]")!;
      viewport.scrollTop = viewport.scrollHeight;
    });
    expect(browser.problems).toEqual([]);
  });

  it("takes no scroll event for the person scrolling away unless a gesture caused it", async () => {
    // What the race looks like to the thread: mid-stream, a scroll event finds the view 300 px
    // above the end (the list's height lagging a row that grew, a virtualizer adjustment).
    const streaming = reply(2_000, 0, 50);
    await page.waitForFunction(() => (document.querySelector("[data-slot=message][data-state=streaming]")?.textContent?.length ?? 0) > 2_000);
    await page.evaluate(() => {
      const viewport = document.querySelector("[data-slot=thread-viewport]")!;
      viewport.scrollTop -= 300;
    });
    await streaming;
    expect(await endOfReply()).toEqual({ inView: true, state: "following", jump: 0 });
  });

  it("stops following when the person turns the wheel up, and follows again after Jump to latest", async () => {
    const viewport = page.locator("[data-slot=thread-viewport]");
    const box = (await viewport.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const streaming = reply(400, 5);
    await page.locator("[data-slot=message][data-state=streaming]").waitFor();
    await page.mouse.wheel(0, -800);
    await streaming;
    expect(await endOfReply()).toEqual({ inView: false, state: "scrolled-up", jump: 1 });
    await page.getByRole("button", { name: /Jump to latest/ }).click();
    expect(await endOfReply()).toEqual({ inView: true, state: "following", jump: 0 });
    expect(browser.problems).toEqual([]);
  });

  it("stops following when the person drags the scrollbar up, and follows the next reply once it is let go", async () => {
    const viewport = page.locator("[data-slot=thread-viewport]");
    const box = await viewport.evaluate((el: HTMLElement) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height, bar: el.offsetWidth - el.clientWidth };
    });
    expect(box.bar, "the viewport has a scrollbar to drag").toBeGreaterThan(0);
    const streaming = reply(400, 5);
    await page.locator("[data-slot=message][data-state=streaming]").waitFor();
    // The view is at the end, so the thumb is at the bottom of the track, just above its arrow.
    const barX = box.x + box.width - box.bar / 2;
    await page.mouse.move(barX, box.y + box.height - box.bar - 4);
    await page.mouse.down();
    await page.mouse.move(barX, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await streaming;
    expect(await endOfReply()).toEqual({ inView: false, state: "scrolled-up", jump: 1 });
    // Were the scrollbar still taken for held, the view would follow no more: the next reply
    // (flat out, growing the row a frame at a time) would end below the fold.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.getByRole("button", { name: /Jump to latest/ }).click();
    await reply(2_000, 0, 50);
    expect(await endOfReply()).toEqual({ inView: true, state: "following", jump: 0 });
    expect(browser.problems).toEqual([]);
  });
});

/**
 * The kit keeps its look inside a host app (issue 12): rendered under a page whose global
 * stylesheet restyles `*`, `button`, `textarea`, `p`, `a`, `table`, `pre`/`code`, lists, `div`…,
 * every element of the kit computes the same styles as on a clean page. And the other way round:
 * the kit's stylesheet changes nothing of the host's own elements. The page: test/browser/host/.
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
let url: string;

/** What a host's element rules typically change, and what a person sees. */
const PROPERTIES = [
  "display", "box-sizing", "margin-top", "margin-right", "margin-bottom", "margin-left",
  "padding-top", "padding-right", "padding-bottom", "padding-left",
  "border-top-width", "border-top-style", "border-top-color", "border-left-width", "border-top-left-radius",
  "font-family", "font-size", "font-weight", "font-style", "line-height", "letter-spacing", "text-transform",
  "text-align", "text-decoration-line", "color", "background-color", "box-shadow",
  "list-style-type", "border-collapse", "border-spacing", "white-space", "min-height", "width", "height",
] as const;

beforeAll(async () => {
  server = await createServer({
    configFile: false,
    cacheDir: join(root, "node_modules/.vite-host"),
    root: join(root, "test/browser/host"),
    plugins: [react(), tailwindcss()],
    server: { host: "127.0.0.1", port: 0, strictPort: false, hmr: false },
    logLevel: "warn",
    clearScreen: false,
  });
  await server.listen();
  url = server.resolvedUrls?.local[0] ?? "";
  browser = await openBrowser();
  page = browser.page;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Every element's computed styles under `selector`, keyed by its path. */
async function computed(query: string, selector: string): Promise<Record<string, Record<string, string>>> {
  await page.goto(`${url}${query}`);
  await page.locator("[data-slot=interaction][data-type=permission_request]").or(page.locator("#host-probe")).first().waitFor();
  if (!query.includes("bare") || selector === ".parley") {
    await page.locator("[data-slot=interaction][data-type=permission_request]").waitFor();
    // The Markdown renderer and the highlighter load on first use: compare the finished reply.
    await page.locator("[data-slot=markdown] [data-slot=markdown-code-block] code[data-highlighted]").waitFor();
    // The virtualized list re-measures its rows as they settle: compare once its height holds still.
    let last = -1;
    for (let i = 0; i < 40; i++) {
      const height = await page.evaluate(() => document.querySelector("[data-slot=thread-list]")?.getBoundingClientRect().height ?? 0);
      if (height === last) break;
      last = height;
      await page.waitForTimeout(150);
    }
  }
  return page.evaluate(
    ([sel, props]) => {
      const out: Record<string, Record<string, string>> = {};
      const rootEl = document.querySelector(sel);
      if (!rootEl) return out;
      const all = [rootEl, ...rootEl.querySelectorAll("*")];
      all.forEach((el, i) => {
        const style = getComputedStyle(el);
        const key = `${i} ${el.tagName.toLowerCase()}${el.getAttribute("data-slot") ? `[${el.getAttribute("data-slot")}]` : ""}`;
        out[key] = Object.fromEntries(props.map((p) => [p, style.getPropertyValue(p)]));
      });
      return out;
    },
    [selector, PROPERTIES] as const,
  );
}

function differences(clean: Record<string, Record<string, string>>, hostile: Record<string, Record<string, string>>): string[] {
  const out: string[] = [];
  for (const [key, props] of Object.entries(clean)) {
    const other = hostile[key];
    if (!other) {
      out.push(`${key}: missing under the host's styles`);
      continue;
    }
    for (const [prop, value] of Object.entries(props)) if (other[prop] !== value) out.push(`${key} ${prop}: ${value} → ${other[prop]}`);
  }
  return out;
}

describe("inside a host app's global styles", () => {
  it("every element of the kit computes the same styles as on a clean page", async () => {
    const clean = await computed("", ".parley");
    expect(Object.keys(clean).length).toBeGreaterThan(80);
    const hostile = await computed("?hostile", ".parley");
    expect(differences(clean, hostile)).toEqual([]);
    expect(browser.problems).toEqual([]);
  });

  it("the kit's stylesheet changes nothing of the host's own elements", async () => {
    const bare = await computed("?hostile&bare", "#host-probe");
    const withKit = await computed("?hostile", "#host-probe");
    expect(Object.keys(bare).length).toBe(3); // the paragraph, its link and its button
    expect(differences(bare, withKit)).toEqual([]);
  });
});

describe("colour schemes", () => {
  /** The kit root's background and text colours, and the scheme the browser resolved for it. */
  async function colours(query: string, system: "light" | "dark"): Promise<{ background: string; text: string; scheme: string }> {
    await page.emulateMedia({ colorScheme: system });
    await page.goto(`${url}${query}`);
    await page.locator("[data-slot=interaction][data-type=permission_request]").waitFor();
    return page.evaluate(() => {
      const kit = document.querySelector(".parley") as HTMLElement;
      const style = getComputedStyle(kit);
      return { background: style.backgroundColor, text: style.color, scheme: style.colorScheme };
    });
  }
  const LIGHT = { background: "rgb(255, 255, 255)", text: "rgb(24, 24, 27)" };
  const DARK = { background: "rgb(17, 17, 19)", text: "rgb(236, 236, 238)" };

  it("one list of tokens gives both schemes: light, dark, auto following the system, and a .dark ancestor", async () => {
    expect(await colours("?scheme=light", "dark")).toMatchObject(LIGHT);
    expect(await colours("?scheme=dark", "light")).toMatchObject({ ...DARK, scheme: "dark" });
    expect(await colours("?scheme=auto", "light")).toMatchObject(LIGHT);
    expect(await colours("?scheme=auto", "dark")).toMatchObject(DARK);
    // An app's own dark switch (`.dark` on an ancestor) wins over "auto" and over the default light.
    expect(await colours("?scheme=auto&darkAncestor", "light")).toMatchObject(DARK);
    expect(await colours("?darkAncestor", "light")).toMatchObject(DARK);
    await page.emulateMedia({ colorScheme: "light" });
  });
});

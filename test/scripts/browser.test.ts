// @vitest-environment node
import { afterEach, describe, expect, it } from "vitest";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findBrowser } from "../../scripts/browser";

/** scripts/browser.ts: the one place that decides which Chromium the browser tests drive. */
describe("findBrowser", () => {
  const saved = { CHROMIUM_PATH: process.env.CHROMIUM_PATH, PATH: process.env.PATH };
  afterEach(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  it("takes CHROMIUM_PATH first", () => {
    process.env.CHROMIUM_PATH = "/opt/my/chrome";
    expect(findBrowser()).toBe("/opt/my/chrome");
  });

  it("else Debian's chromium, else a Chromium or Chrome on the PATH", () => {
    delete process.env.CHROMIUM_PATH;
    const dir = mkdtempSync(join(tmpdir(), "parley-path-"));
    try {
      const chrome = join(dir, "google-chrome");
      writeFileSync(chrome, "#!/bin/sh\n");
      chmodSync(chrome, 0o755);
      process.env.PATH = dir;
      const found = findBrowser();
      // Debian's chromium wins where it is installed (as on CI); otherwise the one on the PATH.
      expect(found === "/usr/bin/chromium" || found === chrome).toBe(true);
      writeFileSync(join(dir, "chromium"), "not executable");
      process.env.PATH = join(dir, "nothing-here");
      expect([undefined, "/usr/bin/chromium"]).toContain(findBrowser());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

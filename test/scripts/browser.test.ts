// @vitest-environment node
import { afterEach, describe, expect, it } from "vitest";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureBrowser, findBrowser, type BrowserHost } from "../../scripts/browser";

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

describe("ensureBrowser (npm test's first step)", () => {
  const saved = process.env.CHROMIUM_PATH;
  afterEach(() => {
    if (saved === undefined) delete process.env.CHROMIUM_PATH;
    else process.env.CHROMIUM_PATH = saved;
  });

  /** A machine with no browser yet; `install` is what apt-get does on it. */
  function bareMachine(canInstall: boolean, install: (args: string[]) => string | undefined = () => undefined) {
    delete process.env.CHROMIUM_PATH;
    let browser: string | undefined;
    const said: string[] = [];
    const ran: string[] = [];
    const host: BrowserHost = {
      find: () => browser,
      canInstall,
      run: (command, args) => {
        ran.push([command, ...args].join(" "));
        browser = install(args) ?? browser;
      },
      log: (line) => void said.push(line),
    };
    return { host, said, ran };
  }
  const noHost: BrowserHost = { find: () => expect.unreachable("CHROMIUM_PATH decides"), canInstall: true, run: () => expect.unreachable("nothing is installed"), log: () => undefined };

  it("refuses a CHROMIUM_PATH that is no executable, saying what to set instead", () => {
    process.env.CHROMIUM_PATH = join(tmpdir(), "parley-no-such-chrome");
    const result = ensureBrowser(noHost);
    expect(result).toEqual({ error: expect.stringContaining("CHROMIUM_PATH is set to") });
    expect("error" in result && result.error).toContain("unset CHROMIUM_PATH");
  });

  it("takes an executable CHROMIUM_PATH as it is", () => {
    const dir = mkdtempSync(join(tmpdir(), "parley-chrome-"));
    try {
      const chrome = join(dir, "chrome");
      writeFileSync(chrome, "#!/bin/sh\n");
      chmodSync(chrome, 0o755);
      process.env.CHROMIUM_PATH = chrome;
      expect(ensureBrowser(noHost)).toEqual({ path: chrome });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("takes the browser it finds, installing nothing", () => {
    const { host, ran } = bareMachine(true);
    host.find = () => "/usr/bin/chromium";
    expect(ensureBrowser(host)).toEqual({ path: "/usr/bin/chromium" });
    expect(ran).toEqual([]);
  });

  it("where none is found and it cannot install, stops with the exact commands to run", () => {
    const { host, ran } = bareMachine(false);
    const result = ensureBrowser(host);
    expect(ran).toEqual([]);
    expect("error" in result && result.error).toContain("sudo apt-get update && sudo apt-get install -y chromium");
    expect("error" in result && result.error).toContain("CHROMIUM_PATH=/path/to/chrome npm test");
  });

  it("where it can, installs Debian's chromium, saying so first, and takes it", () => {
    const { host, said, ran } = bareMachine(true, (args) => (args[0] === "install" ? "/usr/bin/chromium" : undefined));
    expect(ensureBrowser(host)).toEqual({ path: "/usr/bin/chromium" });
    expect(said).toEqual([expect.stringContaining("installing Debian's chromium")]);
    expect(ran).toEqual(["apt-get update", "apt-get install -y chromium"]);
  });

  it("an install that leaves no browser behind says so, and what to run", () => {
    const { host } = bareMachine(true);
    const result = ensureBrowser(host);
    expect("error" in result && result.error).toContain("no browser is at /usr/bin/chromium");
    expect("error" in result && result.error).toContain("CHROMIUM_PATH=/path/to/chrome npm test");
  });

  it("a failed apt-get is a message with what to run, not a stack trace", () => {
    const { host } = bareMachine(true, (args) => {
      if (args[0] === "install") throw new Error("Command failed: apt-get install -y chromium\nE: Unable to locate package");
      return undefined;
    });
    const result = ensureBrowser(host);
    expect(result).toEqual({ error: expect.stringContaining("Installing Debian's chromium failed (Command failed: apt-get install -y chromium)") });
    expect("error" in result && result.error).toContain("CHROMIUM_PATH=/path/to/chrome npm test");
  });
});

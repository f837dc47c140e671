/**
 * The one place that decides which Chromium the browser tests drive (the Storybook stories and
 * the demo's end-to-end tests, the browser bench). `npm test` runs `--ensure` first, so the README's
 * test command works on a fresh machine: it finds a browser, or installs Debian's `chromium` when
 * it can (root with apt-get, saying so), or stops at once saying exactly what to run.
 *
 *   node --import tsx scripts/browser.ts --ensure
 */
import { execFileSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

const NAMES = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"];

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * `CHROMIUM_PATH` when set, else Debian's `/usr/bin/chromium`, else a Chromium or Chrome on the
 * PATH; `undefined` when there is none.
 *
 * @example
 * const executablePath = findBrowser() ?? "/usr/bin/chromium";
 */
export function findBrowser(): string | undefined {
  const given = process.env.CHROMIUM_PATH;
  if (given) return given;
  if (executable("/usr/bin/chromium")) return "/usr/bin/chromium";
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    for (const name of NAMES) {
      const path = join(dir, name);
      if (dir && executable(path)) return path;
    }
  }
  return undefined;
}

/** What {@link ensureBrowser} may do on this machine: a seam, so tests run it without root or apt. */
export interface BrowserHost {
  /** Looks for a browser: {@link findBrowser}. */
  find(): string | undefined;
  /** Root with Debian's apt-get: Chromium can be installed here without asking. */
  canInstall: boolean;
  /** Runs a command to its end; throws when it fails. */
  run(command: string, args: string[]): void;
  /** Says what is happening. */
  log(line: string): void;
}

const thisMachine = (): BrowserHost => ({
  find: findBrowser,
  canInstall: typeof process.getuid === "function" && process.getuid() === 0 && executable("/usr/bin/apt-get"),
  run: (command, args) => void execFileSync(command, args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } }),
  log: (line) => console.log(line),
});

const WHAT_TO_RUN =
  "Install it (Debian/Ubuntu: sudo apt-get update && sudo apt-get install -y chromium) or point CHROMIUM_PATH at a Chrome " +
  "or Chromium (CHROMIUM_PATH=/path/to/chrome npm test), then run npm test again.";

/**
 * A browser for the tests: the one found, or Debian's chromium installed where that is possible
 * (saying so); otherwise `error`, a message that says exactly what to run.
 *
 * @example
 * const found = ensureBrowser();
 * if ("error" in found) throw new Error(found.error);
 */
export function ensureBrowser(host: BrowserHost = thisMachine()): { path: string } | { error: string } {
  const given = process.env.CHROMIUM_PATH;
  if (given) {
    return executable(given)
      ? { path: given }
      : { error: `CHROMIUM_PATH is set to "${given}", which is not an executable file. Point it at a Chrome or Chromium (CHROMIUM_PATH=/path/to/chrome npm test), or unset it (unset CHROMIUM_PATH) to use /usr/bin/chromium or one on the PATH.` };
  }
  const found = host.find();
  if (found) return { path: found };
  if (!host.canInstall) return { error: `Parley's browser tests need Chromium, and none was found. ${WHAT_TO_RUN}` };
  host.log("Parley's browser tests need Chromium and none was found: installing Debian's chromium (apt-get update && apt-get install -y chromium)…");
  try {
    host.run("apt-get", ["update"]);
    host.run("apt-get", ["install", "-y", "chromium"]);
  } catch (error) {
    const why = error instanceof Error ? error.message.split("\n", 1)[0] : String(error);
    return { error: `Installing Debian's chromium failed (${why}). ${WHAT_TO_RUN}` };
  }
  const installed = host.find();
  return installed ? { path: installed } : { error: `apt-get installed chromium, but no browser is at /usr/bin/chromium or on the PATH. ${WHAT_TO_RUN}` };
}

if (process.argv.includes("--ensure")) {
  const found = ensureBrowser();
  if ("error" in found) {
    console.error(found.error);
    process.exit(1);
  }
  console.log(`browser: ${found.path}`);
}

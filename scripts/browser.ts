/**
 * The one place that decides which Chromium the browser tests drive (the Storybook stories and
 * the demo's end-to-end tests, the browser bench). `npm test` runs `--ensure` first, so the README's
 * test command works on a fresh machine: it finds a browser, or installs Debian's `chromium` when
 * it can (root with apt-get, saying so), or stops at once saying exactly what to run.
 *
 *   node --import tsx scripts/browser.ts --ensure
 */
import { execFileSync } from "node:child_process";
import { accessSync, constants, existsSync } from "node:fs";
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

/** A browser, installing Debian's chromium if that is possible here; exits with instructions if not. */
export function ensureBrowser(): string {
  const found = findBrowser();
  if (found) {
    if (process.env.CHROMIUM_PATH && !existsSync(found)) fail(`CHROMIUM_PATH is set to "${found}", which does not exist.`);
    return found;
  }
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  if (root && executable("/usr/bin/apt-get")) {
    console.log("Parley's browser tests need Chromium and none was found: installing Debian's chromium (apt-get install -y chromium)…");
    execFileSync("apt-get", ["update"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "chromium"], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    const installed = findBrowser();
    if (installed) return installed;
  }
  return fail(
    "Parley's browser tests need Chromium, and none was found. Install it (Debian/Ubuntu: sudo apt-get install -y chromium) " +
      "or point CHROMIUM_PATH at a Chrome or Chromium (CHROMIUM_PATH=/path/to/chrome npm test), then run npm test again.",
  );
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if (process.argv.includes("--ensure")) console.log(`browser: ${ensureBrowser()}`);

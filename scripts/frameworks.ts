/**
 * The conformance suite's framework servers (test/frameworks/langgraph-js, test/frameworks/mastra)
 * and the real MCP App servers behind their middleware (test/browser/mcp-apps/servers)
 * are packages of their own: their dependency trees (LangGraph's API server, Mastra) stay out of
 * the kit's. `npm test` runs `--ensure` first, so the README's test command works on a fresh clone:
 * each is installed with `npm ci` from its own lock file when its install is missing or older than
 * the lock.
 *
 *   node --import tsx scripts/frameworks.ts --ensure
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { join } from "node:path";

export const FRAMEWORK_DIRS = ["test/frameworks/langgraph-js", "test/frameworks/mastra", "test/browser/mcp-apps/servers"];

const MARK = "node_modules/.parley-lock-hash";

function lockHash(dir: string): string {
  return createHash("sha256").update(readFileSync(join(dir, "package-lock.json"))).digest("hex");
}

/** True when `dir` has an install made from its current lock file. */
export function installed(dir: string): boolean {
  const mark = join(dir, MARK);
  return existsSync(mark) && readFileSync(mark, "utf8") === lockHash(dir);
}

function ensure(dir: string): void {
  if (installed(dir)) return;
  console.log(`frameworks: installing ${dir} (npm ci, its own lock file)`);
  execFileSync("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: dir, stdio: "inherit" });
  writeFileSync(join(dir, MARK), lockHash(dir));
}

if (process.argv.includes("--ensure")) {
  for (const dir of FRAMEWORK_DIRS) ensure(dir);
}

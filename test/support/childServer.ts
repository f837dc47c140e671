import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

/** A server the tests run as a child process. */
export interface ChildServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts `node <args>` in `cwd` and resolves once a line of its output gives `ready` a URL; rejects
 * (with the end of its stderr) when it exits first or is not ready within 60 s. `stop` ends it
 * (SIGTERM, then SIGKILL after 5 s).
 *
 * @example
 * const server = await startChildServer(dir, ["server.mjs", "--port", "0"], (line) => /^READY (.*)$/.exec(line)?.[1]);
 */
export function startChildServer(cwd: string, args: string[], ready: (line: string) => string | undefined, env: NodeJS.ProcessEnv = {}): Promise<ChildServer> {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stderr.on("data", (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${cwd}: not ready after 60 s\n${log}`)), 60_000);
    child.once("exit", (code) => reject(new Error(`${cwd}: exited with ${code} before it was ready\n${log}`)));
    createInterface({ input: child.stdout }).on("line", (line) => {
      const url = ready(line);
      if (!url) return;
      clearTimeout(timer);
      resolve({
        url,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once("exit", () => done());
            child.kill("SIGTERM");
            setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
          }),
      });
    });
  });
}

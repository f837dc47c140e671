import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { createHttpAgent } from "../../../src/http";
import { createThreadStore, type ThreadStore, type ThreadStoreOptions } from "../../../src/store";
import { selectInteractions, type Interaction } from "../../../src/core/interactions";

/**
 * Real framework servers for the live conformance suite: each is started as a child process on
 * 127.0.0.1 (a free port), ready when it prints its line, stopped after the file.
 */

export interface Server {
  url: string;
  stop(): Promise<void>;
}

const FRAMEWORKS = join(__dirname, "..");

function start(cwd: string, args: string[], ready: (line: string) => string | undefined, env: NodeJS.ProcessEnv = {}): Promise<Server> {
  const child: ChildProcess = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stderr!.on("data", (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${cwd}: not ready after 60 s\n${log}`)), 60_000);
    child.once("exit", (code) => reject(new Error(`${cwd}: exited with ${code} before it was ready\n${log}`)));
    createInterface({ input: child.stdout! }).on("line", (line) => {
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

/** The LangGraph JS API server (in memory) with the AG-UI route `@ag-ui/langgraph` serves: `${url}/agui/<mode>/<graph>`. */
export function startLangGraph(): Promise<Server> {
  return start(join(FRAMEWORKS, "langgraph-js"), ["server.mjs", "--port", "0"], (line) => {
    const found = /^PARLEY_LANGGRAPH_READY (.*)$/.exec(line);
    return found ? (JSON.parse(found[1]!) as { url: string }).url : undefined;
  });
}

/** A Mastra agent through `@ag-ui/mastra`: `${url}/agent`, and `${url}/effects` for what its tools did. */
export function startMastra(): Promise<Server> {
  return start(
    join(FRAMEWORKS, "mastra"),
    ["--require", "./src/no-network.cjs", "src/server.mjs"],
    (line) => {
      if (!line.startsWith("{")) return undefined;
      const parsed = JSON.parse(line) as { ready?: boolean; url?: string };
      return parsed.ready ? parsed.url : undefined;
    },
    { PORT: "0" },
  );
}

/** A store on Parley's own HTTP transport, as an app would make it. */
export function storeFor(url: string, options: ThreadStoreOptions = {}): ThreadStore {
  return createThreadStore({ agent: createHttpAgent({ url }), batch: "microtask", ...options });
}

/** Resolves once nothing runs and nothing chains (the store is where a person would act), or fails after `ms`. */
export function settled(store: ThreadStore, ms = 30_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      const s = store.getState();
      return !s.isRunning && !s.continuing && s.runningToolCallIds.length === 0;
    };
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const timer = setTimeout(() => {
      off();
      reject(new Error(`the store did not settle in ${ms} ms: ${JSON.stringify({ runs: store.getState().thread.runs.map((r) => r.status) })}`));
    }, ms);
    // Quiet for a moment: the store decides whether to go on in a microtask after a run ends.
    const check = () => {
      if (quiet) clearTimeout(quiet);
      if (!done()) return;
      quiet = setTimeout(() => {
        if (!done()) return;
        clearTimeout(timer);
        off();
        resolve();
      }, 50);
    };
    const off = store.subscribe(check);
    check();
  });
}

export const pending = (store: ThreadStore): Interaction[] => selectInteractions(store.getState().thread).filter((i) => i.status === "pending");

/** The assistant's words, in order. */
export function replies(store: ThreadStore): string[] {
  const thread = store.getState().thread;
  return thread.messageIds
    .map((id) => thread.messages.get(id))
    .flatMap((m) => (m?.role === "assistant" && typeof m.content === "string" && m.content ? [m.content] : []));
}

/** What the run records and errors say went wrong, for an assertion that must find nothing. */
export function problems(store: ThreadStore): string[] {
  const thread = store.getState().thread;
  return [
    ...thread.runs.filter((r) => r.status === "error").map((r) => `run ${r.runId}: ${r.error?.message ?? "error"}`),
    ...thread.errors.map((e) => `${e.code}: ${e.message}`),
  ];
}

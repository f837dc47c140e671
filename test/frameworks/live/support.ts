import { join } from "node:path";
import { startChildServer as start, type ChildServer } from "../../support/childServer";
import { createHttpAgent } from "../../../src/http";
import { createThreadStore, type ThreadStore, type ThreadStoreOptions } from "../../../src/store";
import { selectInteractions, type Interaction } from "../../../src/core/interactions";

/**
 * Real framework servers for the live conformance suite: each is started as a child process on
 * 127.0.0.1 (a free port), ready when it prints its line, stopped after the file.
 */

export type Server = ChildServer;

const FRAMEWORKS = join(__dirname, "..");


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

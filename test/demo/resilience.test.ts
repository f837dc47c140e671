// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { EventType, type BaseEvent, type RunAgentInput } from "@ag-ui/core";
import type { ConnectionState } from "../../src/core";
import { createHttpAgent } from "../../src/http";
import { createThreadStore } from "../../src/store";
import { createAgentMiddleware } from "../../demo/agent/server";
import { BROKEN_ANSWER, BROKEN_FRAME, FLAKY_ANSWER, planRun } from "../../demo/agent/scenarios";

let server: Server;
let url: string;
const middleware = createAgentMiddleware({ delayScale: 0 });
/** Real pauses, so a client can leave mid-run; only two runs kept. */
const paced = createAgentMiddleware({ delayScale: 1, keepRuns: 2 });
let pacedUrl: string;
const seen: { lastEventId?: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const header = req.headers["last-event-id"];
    seen.push(typeof header === "string" ? { lastEventId: header } : {});
    if (req.url?.startsWith("/paced")) {
      req.url = req.url.slice("/paced".length) || "/";
      return paced(req, res);
    }
    middleware(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/agent`;
  pacedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/paced`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const input = (text: string, runId: string): RunAgentInput => ({
  threadId: `t-${runId}`, runId, messages: [{ id: `u-${runId}`, role: "user", content: text }], state: {}, tools: [], context: [], forwardedProps: {},
});

const textOf = (events: BaseEvent[]) =>
  events.filter((e) => e.type === EventType.TEXT_MESSAGE_CONTENT).map((e) => (e as unknown as { delta: string }).delta).join("");

function collect(body: RunAgentInput) {
  const events: BaseEvent[] = [];
  const states: ConnectionState[] = [];
  return new Promise<{ events: BaseEvent[]; states: ConnectionState[]; error?: unknown }>((resolve) => {
    createHttpAgent({ url, reconnect: { delayMs: 5 } })
      .run(body)
      .subscribe({
        next: (e) => events.push(e),
        connection: (s) => states.push(s),
        error: (error) => resolve({ events, states, error }),
        complete: () => resolve({ events, states }),
      });
  });
}

describe("the reference agent's resumable stream", () => {
  it("numbers every frame, and after Last-Event-ID sends only the frames that follow", async () => {
    const body = input("Show me some markdown", "r-ids");
    const all = await (await fetch(url, { method: "POST", body: JSON.stringify(body) })).text();
    const ids = [...all.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    expect(ids).toEqual(ids.map((_, i) => i + 1));
    const rest = await (await fetch(url, { method: "POST", body: JSON.stringify(body), headers: { "Last-Event-ID": "3" } })).text();
    expect(rest.startsWith("id: 4\n")).toBe(true);
    expect(all.endsWith(rest)).toBe(true);
  });

  it("flaky: the server cuts the stream once, mid-answer; the client resumes and the answer arrives whole, once", async () => {
    const body = input("Answer over a bad connection (flaky)", "r-flaky");
    const cutAt = planRun(body).events.findIndex((e) => e.cut) + 1;
    const { events, states, error } = await collect(body);
    expect(error).toBeUndefined();
    expect(states).toEqual([{ status: "reconnecting", attempt: 1, attempts: 4 }, { status: "connected" }]);
    expect(textOf(events)).toBe(FLAKY_ANSWER);
    expect(events.filter((e) => e.type === EventType.RUN_FINISHED)).toHaveLength(1);
    const requests = seen.slice(-2);
    expect(requests).toEqual([{}, { lastEventId: String(cutAt - 1) }]);
  });

  it("broken: one frame is not JSON; the client records it and the rest of the answer arrives", async () => {
    const body = input("Send me one broken frame (broken)", "r-broken");
    const { events, error } = await collect(body);
    expect(error).toBeUndefined();
    expect(textOf(events)).toBe(BROKEN_ANSWER);
    const store = createThreadStore({ batch: "sync" });
    // Folded as the store would: the bad frame becomes one protocol error, kept as text.
    const { foldEvents } = await import("../../src/core/fold");
    const thread = foldEvents(store.getState().thread, events);
    expect(thread.errors.map((e) => e.code)).toEqual(["invalid-frame"]);
    expect((thread.errors[0]!.event as { event: { frame: string } }).event.frame).toBe(BROKEN_FRAME);
    expect(thread.runs.at(-1)?.status).toBe("finished");
  });

  it("a resumed request of the error scenario is the same attempt, not a new one", async () => {
    const body = input("Fail once, then succeed (error)", "r-err");
    const first = await (await fetch(url, { method: "POST", body: JSON.stringify(body) })).text();
    const resumed = await (await fetch(url, { method: "POST", body: JSON.stringify(body), headers: { "Last-Event-ID": "1" } })).text();
    expect(first).toContain("RUN_ERROR");
    expect(first.endsWith(resumed)).toBe(true);
  });
});

describe("joining a run again (a page reloaded mid-reply)", () => {
  it("the run goes on when its client leaves; a GET with Last-Event-ID gets the rest, once, and no second run is made", async () => {
    const body = input("Show me some markdown", "r-join");
    const agent = createHttpAgent({ url: pacedUrl });
    const first: BaseEvent[] = [];
    let lastEventId: string | undefined;
    // The page goes away after a few frames.
    await new Promise<void>((resolve) => {
      const subscription = agent.run(body).subscribe({
        next: (event, frame) => {
          first.push(event);
          lastEventId = frame?.eventId;
          if (first.length === 6) {
            subscription.unsubscribe();
            resolve();
          }
        },
      });
    });
    const kept = paced.runs.get(`${body.threadId}\u0000${body.runId}`)!;
    expect(kept.readers).toBe(1);
    const rest: BaseEvent[] = [];
    const error = await new Promise<unknown>((resolve) => {
      createHttpAgent({ url: pacedUrl })
        .reattach!({ threadId: body.threadId, runId: body.runId, lastEventId: lastEventId! })
        .subscribe({ next: (event) => rest.push(event), error: resolve, complete: () => resolve(undefined) });
    });
    expect(error).toBeUndefined();
    const whole = planRun(body).events.map((e) => e.event);
    expect(textOf([...first, ...rest])).toBe(textOf(whole));
    expect(rest.filter((e) => e.type === EventType.RUN_STARTED)).toHaveLength(0);
    expect(rest.at(-1)?.type).toBe(EventType.RUN_FINISHED);
    expect(kept.readers).toBe(2);
  });

  it("a run not kept (never made, or pushed out by newer ones) is 404", async () => {
    const join = (runId: string) => fetch(`${pacedUrl}?threadId=t-${runId}&runId=${runId}`, { headers: { "Last-Event-ID": "3" } });
    expect((await join("r-never")).status).toBe(404);
    for (const runId of ["r-k1", "r-k2", "r-k3"]) await (await fetch(pacedUrl, { method: "POST", body: JSON.stringify(input("hello", runId)) })).text();
    expect((await join("r-k1")).status).toBe(404);
    const kept = await join("r-k3");
    expect(kept.status).toBe(200);
    await kept.text();
  });
});

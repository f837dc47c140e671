// @vitest-environment node
import { EventType, type BaseEvent, type RunAgentInput } from "@ag-ui/core";
import { describe, expect, it } from "vitest";
import { createThreadStore, TransportError, type AgentLike } from "../../src";
import type { EventObserver, RunPosition } from "../../src/core/transport/types";
import { createMemoryThreadStorage, persistThread, reattachDecision, readOpenRun, restoreThread, snapshotThread, type ThreadStorage } from "../../src/persistence";
import { ev } from "../support/events";
import { messageText } from "../support/thread";

/**
 * Re-attaching after a reload: the snapshot keeps the run's request identity and the last event id
 * folded; the reloaded page joins that run (no new run) and the rest of the reply goes on where it
 * stopped, or, when it cannot, the run ends as cut short with Retry.
 */

/** An agent whose frames are numbered, as Parley's HTTP transport numbers them, and that can (or cannot) be joined again. */
function numberedAgent({ joinable = true } = {}) {
  const inputs: RunAgentInput[] = [];
  const joins: RunPosition[] = [];
  let observer: Partial<EventObserver> | undefined;
  let id = 0;
  const agent: AgentLike = {
    run(input) {
      inputs.push(input);
      return { subscribe: (o) => ((observer = o), { unsubscribe() {} }) };
    },
    ...(joinable ? { reattach: (position: RunPosition) => (joins.push(position), { subscribe: (o: Partial<EventObserver>) => ((observer = o), { unsubscribe() {} }) }) } : {}),
  };
  return {
    agent,
    inputs,
    joins,
    /** Frames with ids from `from` on (the id goes on from the last one by default). */
    push(events: BaseEvent[], from = id + 1) {
      id = from - 1;
      for (const event of events) observer!.next?.(event, { eventId: String(++id) });
    },
    fail(error: unknown) {
      observer!.error?.(error);
    },
    complete() {
      observer!.complete?.();
    },
  };
}

let n = 0;
function page(storage: ThreadStorage, options: { joinable?: boolean } = {}) {
  const fake = numberedAgent(options);
  const store = createThreadStore({ agent: fake.agent, batch: "sync", createId: () => `id-${++n}` });
  const kept = persistThread(store, { storage, key: "chat", onError: (error) => { throw error; } });
  return { fake, store, kept, s: () => store.getState() };
}

const STORY = ["Once", " upon", " a time,", " in a land", " far away."];

describe("the snapshot of a run streaming", () => {
  it("keeps the run's request identity and the last event id folded, and only while the run streams", async () => {
    const storage = createMemoryThreadStorage();
    const first = page(storage);
    await first.kept.ready;
    first.s().sendMessage("Tell me a story");
    const { threadId, runId } = first.fake.inputs[0]!;
    first.fake.push([ev.runStarted(runId, threadId), ev.textStart("m1"), ev.text("m1", STORY[0]!), ev.text("m1", STORY[1]!)]);
    expect(first.s().turn.active?.lastEventId).toBe("4");
    await first.kept.flush();
    const saved = (await storage.load("chat")) as ReturnType<typeof snapshotThread>;
    expect(saved.openRun).toMatchObject({ threadId, runId, lastEventId: "4" });

    first.fake.push([ev.textEnd("m1"), ev.runFinished(runId, threadId)]);
    first.fake.complete();
    await first.kept.flush();
    expect(((await storage.load("chat")) as ReturnType<typeof snapshotThread>).openRun).toBeUndefined();
    first.kept.stop();
  });

  it("restoreThread gives the open run back, its half-streamed message still open; a bad one is none", () => {
    const store = createThreadStore({ batch: "sync" });
    store.getState().receiveEvents([ev.runStarted("r1", "t1"), ev.textStart("m1"), ev.text("m1", "Once")]);
    const snapshot = snapshotThread(store.getState().thread, 1, { threadId: "t1", runId: "r1", lastEventId: "3" });
    const restored = restoreThread(JSON.parse(JSON.stringify(snapshot)));
    expect(restored.ok && restored.openRun).toEqual({ threadId: "t1", runId: "r1", lastEventId: "3" });
    expect(restored.ok && restored.thread.openMessageIds).toEqual(["m1"]);
    expect(readOpenRun({ threadId: "t1", runId: "r1", lastEventId: "a\nb" })).toEqual({ threadId: "t1", runId: "r1" });
    expect(readOpenRun({ threadId: "", runId: "r1" })).toBeUndefined();
    expect(readOpenRun("t1/r1")).toBeUndefined();
  });
});

describe("reattachDecision", () => {
  const running = () => {
    const store = createThreadStore({ batch: "sync" });
    store.getState().receiveEvents([ev.runStarted("r1", "t1")]);
    return store.getState().thread;
  };
  const joinable = { reattach: () => ({ subscribe: () => ({ unsubscribe() {} }) }) };
  const open = { threadId: "t1", runId: "r1", lastEventId: "7" };

  it("joins a run still running, with a position, through an agent that can", () => {
    expect(reattachDecision(running(), open, joinable)).toEqual({ reattach: true, position: open });
  });
  it("does not when the run is over, the position is unknown, or the agent cannot (or says it cannot)", () => {
    expect(reattachDecision(createThreadStore().getState().thread, open, joinable)).toEqual({ reattach: false, reason: "not-running" });
    expect(reattachDecision(running(), { threadId: "t1", runId: "r1" }, joinable)).toEqual({ reattach: false, reason: "no-position" });
    expect(reattachDecision(running(), undefined, joinable)).toEqual({ reattach: false, reason: "no-position" });
    expect(reattachDecision(running(), open, {})).toEqual({ reattach: false, reason: "not-resumable" });
    expect(reattachDecision(running(), open, joinable, { transport: { resumable: false } })).toEqual({ reattach: false, reason: "not-resumable" });
  });
});

describe("a reload in the middle of a reply", () => {
  async function reloadMidReply(options: { joinable?: boolean } = {}) {
    const storage = createMemoryThreadStorage();
    const first = page(storage);
    await first.kept.ready;
    first.s().sendMessage("Tell me a story");
    const { threadId, runId } = first.fake.inputs[0]!;
    first.fake.push([ev.runStarted(runId, threadId), ev.textStart("m1"), ev.text("m1", STORY[0]!), ev.text("m1", STORY[1]!)]);
    await first.kept.flush(); // pagehide
    first.kept.stop();
    const second = page(storage, options);
    await second.kept.ready;
    return { second, threadId, runId };
  }

  it("joins the run again: no second run, the reply goes on where it stopped, no text twice", async () => {
    const { second, threadId, runId } = await reloadMidReply();
    expect(second.fake.inputs).toHaveLength(0);
    expect(second.fake.joins).toEqual([{ threadId, runId, lastEventId: "4" }]);
    expect(second.s().isRunning).toBe(true);
    expect(second.s().thread.runs.at(-1)?.status).toBe("running");
    second.fake.push([ev.text("m1", STORY[2]!), ev.text("m1", STORY[3]!), ev.text("m1", STORY[4]!), ev.textEnd("m1"), ev.runFinished(runId, threadId)], 5);
    second.fake.complete();
    expect(messageText(second.s().thread.messages.get("m1"))).toBe(STORY.join(""));
    expect(second.s().thread.messageIds.filter((id) => second.s().thread.messages.get(id)?.role === "assistant")).toEqual(["m1"]);
    expect(second.s().thread.runs.map((r) => r.status)).toEqual(["finished"]);
    expect(second.s().thread.errors).toEqual([]);
    expect(second.s().isRunning).toBe(false);
    second.kept.stop();
  });

  it("the server no longer has the run (404): cut short by the reload, with Retry — which then runs", async () => {
    const { second } = await reloadMidReply();
    second.fake.fail(new TransportError("http", "The agent answered HTTP 404 Not Found", { status: 404 }));
    const last = second.s().thread.runs.at(-1)!;
    expect(last.status).toBe("error");
    expect(last.error?.message).toMatch(/page was closed/);
    expect(messageText(second.s().thread.messages.get("m1"))).toBe("Once upon");
    expect(second.s().retry()).toBe(true);
    expect(second.fake.inputs).toHaveLength(1);
    second.kept.stop();
  });

  it("an agent that cannot be joined: today's cut short, with Retry", async () => {
    const { second } = await reloadMidReply({ joinable: false });
    expect(second.fake.joins).toHaveLength(0);
    expect(second.s().isRunning).toBe(false);
    expect(second.s().thread.runs.at(-1)?.status).toBe("error");
    expect(second.s().thread.messages.get("m1")?.streaming).toBeUndefined();
    second.kept.stop();
  });

  it("Stop while joined ends the run as stopped, keeping what came", async () => {
    const { second } = await reloadMidReply();
    second.fake.push([ev.text("m1", STORY[2]!)], 5);
    second.s().stop();
    expect(second.s().thread.runs.at(-1)?.status).toBe("cancelled");
    expect(messageText(second.s().thread.messages.get("m1"))).toBe("Once upon a time,");
    second.kept.stop();
  });
});

describe("the frames a joined stream carries", () => {
  it("keep their ids on the store's turn as they are folded", () => {
    const fake = numberedAgent();
    const store = createThreadStore({ agent: fake.agent, batch: "sync" });
    store.getState().sendMessage("hi");
    fake.push([{ type: EventType.RUN_STARTED, threadId: "t", runId: "r" }]);
    expect(store.getState().turn.active?.lastEventId).toBe("1");
  });
});

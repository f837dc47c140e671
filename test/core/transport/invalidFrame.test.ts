// @vitest-environment node
import { EventType, type BaseEvent, type RunAgentInput } from "@ag-ui/core";
import { describe, expect, it } from "vitest";
import { createThreadState, foldEvents } from "../../../src/core/fold";
import { createHttpAgent } from "../../../src/core/transport/httpAgent";
import { TRANSPORT_SOURCE } from "../../../src/core/transport/types";

const input: RunAgentInput = { threadId: "t1", runId: "r1", messages: [], tools: [], context: [] };

/** Runs Parley's HTTP transport against one SSE body and returns what it delivered. */
async function receive(body: string): Promise<{ events: BaseEvent[]; error?: unknown }> {
  const agent = createHttpAgent({
    url: "/agent",
    fetch: async () => new Response(body, { headers: { "Content-Type": "text/event-stream" } }),
  });
  const events: BaseEvent[] = [];
  return new Promise((resolve) => {
    agent.run(input).subscribe({
      next: (event) => events.push(event),
      error: (error) => resolve({ events, error }),
      complete: () => resolve({ events }),
    });
  });
}

const data = (event: object) => `data: ${JSON.stringify(event)}\n\n`;

describe("a frame that cannot be read, from the wire to the thread", () => {
  it("is one invalid-frame protocol error in its place; the answer around it arrives whole", async () => {
    const hostile = '<script>alert("x")</script>{"__proto__":{"polluted":true}}';
    const { events, error } = await receive(
      data({ type: EventType.RUN_STARTED, threadId: "t1", runId: "r1" }) +
        data({ type: EventType.TEXT_MESSAGE_CHUNK, messageId: "m1", delta: "Hello" }) +
        `data: ${hostile}\n\n` +
        data({ type: EventType.TEXT_MESSAGE_CHUNK, delta: ", world" }) +
        data({ type: EventType.RUN_FINISHED, threadId: "t1", runId: "r1" }),
    );
    expect(error).toBeUndefined();
    const thread = foldEvents(createThreadState(), events);

    expect(thread.messages.get("m1")).toMatchObject({ role: "assistant", content: "Hello, world" });
    expect(thread.runs.map((run) => run.status)).toEqual(["finished"]);
    expect(thread.errors).toEqual([
      {
        code: "invalid-frame",
        message: "The agent sent a frame that is not valid JSON; skipped.",
        event: { type: "RAW", source: TRANSPORT_SOURCE, event: { code: "invalid-frame", message: "The agent sent a frame that is not valid JSON; skipped.", frame: hostile } },
        eventIndex: 2,
      },
    ]);
    // Kept as text, never parsed or merged: nothing was polluted.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // Only the error is recorded: it is not one of the agent's RAW events.
    expect(thread.rawEvents).toEqual([]);
  });

  it("an event that parses but breaks the schema is also recorded and skipped (the fold's rule), not fatal", async () => {
    const { events, error } = await receive(
      data({ type: EventType.RUN_STARTED, threadId: "t1", runId: "r1" }) +
        data({ type: EventType.TEXT_MESSAGE_START, messageId: 42 }) +
        data({ type: EventType.TEXT_MESSAGE_START, messageId: "m1" }) +
        data({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: "m1", delta: "still here" }) +
        data({ type: EventType.TEXT_MESSAGE_END, messageId: "m1" }) +
        data({ type: EventType.RUN_FINISHED, threadId: "t1", runId: "r1" }),
    );
    expect(error).toBeUndefined();
    const thread = foldEvents(createThreadState(), events);
    expect(thread.errors.map((e) => e.code)).toEqual(["malformed-event"]);
    expect(thread.messages.get("m1")).toMatchObject({ content: "still here" });
  });

  it("a RAW event of another source stays the agent's RAW event", () => {
    const thread = foldEvents(createThreadState(), [{ type: EventType.RAW, source: "openai", event: { id: "x" } }]);
    expect(thread.errors).toEqual([]);
    expect(thread.rawEvents).toEqual([{ source: "openai", event: { id: "x" }, eventIndex: 0 }]);
  });
});

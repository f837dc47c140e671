import { act, render, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EventType, type RunAgentInput } from "@ag-ui/core";
import { ParleyProvider, type ReadonlyThreadStore } from "../../src";
import { useThreadStore } from "../../src/react/ParleyProvider";
import { messageText } from "../support/thread";

/** An SSE answer for a run: the reply echoes what the person said. */
function sse(input: RunAgentInput): Response {
  const last = input.messages.at(-1)?.content;
  const said = typeof last === "string" ? last : JSON.stringify(last);
  const events = [
    { type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId },
    { type: EventType.TEXT_MESSAGE_START, messageId: `reply-${input.runId}`, role: "assistant" },
    { type: EventType.TEXT_MESSAGE_CONTENT, messageId: `reply-${input.runId}`, delta: `Echo: ${said}` },
    { type: EventType.TEXT_MESSAGE_END, messageId: `reply-${input.runId}` },
    { type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId },
  ];
  return new Response(events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join(""), { headers: { "Content-Type": "text/event-stream" } });
}

function mount(props: { agentUrl?: string }) {
  let store!: ReadonlyThreadStore;
  function Grab() {
    store = useThreadStore();
    return null;
  }
  const view = render(
    <ParleyProvider threadId="t-url" {...props}>
      <Grab />
    </ParleyProvider>,
  );
  return { view, store: () => store };
}

const texts = (store: ReadonlyThreadStore) => store.getState().thread.messageIds.map((id) => messageText(store.getState().thread.messages.get(id)));

afterEach(() => vi.unstubAllGlobals());

describe("<ParleyProvider agentUrl>", () => {
  it("runs against the URL with Parley's HTTP transport: RunAgentInput posted, the SSE reply folded", async () => {
    const posted: { url: string; body: RunAgentInput }[] = [];
    vi.stubGlobal("fetch", vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(init.body as string) as RunAgentInput;
      posted.push({ url, body });
      return sse(body);
    }));
    const { store } = mount({ agentUrl: "/api/agent" });
    act(() => void store().getState().sendMessage("hello"));
    await waitFor(() => expect(texts(store())).toEqual(["hello", "Echo: hello"]));
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ url: "/api/agent", body: { threadId: "t-url" } });
    expect(store().getState().isRunning).toBe(false);
    expect(store().getState().thread.errors).toEqual([]);
  });

  it("a run stopped before the transport arrived never starts", async () => {
    const fetch = vi.fn(async (_url: string, init: RequestInit) => sse(JSON.parse(init.body as string) as RunAgentInput));
    vi.stubGlobal("fetch", fetch);
    const { store } = mount({ agentUrl: "/api/agent" });
    act(() => {
      store().getState().sendMessage("never mind");
      store().getState().stop();
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(fetch).not.toHaveBeenCalled();
    expect(store().getState().isRunning).toBe(false);
  });

  it("says in words when the endpoint fails, and the person's message stays", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response("no such agent", { status: 404 })));
    const { store } = mount({ agentUrl: "/api/missing" });
    act(() => void store().getState().sendMessage("are you there?"));
    await waitFor(() => expect(store().getState().isRunning).toBe(false));
    expect(texts(store())).toContain("are you there?");
    const last = store().getState().thread.runs.at(-1);
    expect(last?.status).toBe("error");
    expect(last?.error).toMatchObject({ message: "The agent answered HTTP 404", source: "transport" });
  });
});

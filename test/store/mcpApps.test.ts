// @vitest-environment node
import { beforeAll, describe, expect, it } from "vitest";
import { createThreadStore } from "../../src";
import { createPermissions } from "../../src/core/policy";
import { assessMcpAppCall } from "../../src/core/mcp-apps/gate";
import type { McpAppCall } from "../../src/core/mcp-apps/types";
import { mcpAppDoor } from "../../src/core/origins/mcp-app";
import * as door from "../../src/core/origins/mcpAppDoor";
import { ev } from "../support/events";
import { fakeAgent } from "../support/fakeAgent";

/**
 * An MCP App's card in a real store: answering it owes the agent nothing, so no run starts; the
 * person's standing grant ("always for this app") is made by the store's own engine.
 */

const app = { serverHash: "0cc175b9", serverId: "clock", resourceUri: "ui://get-time/mcp-app.html" };
const call = (id: string): McpAppCall => ({ id, messageId: "act-1", app, kind: "call", tool: "get-time", args: {} });

function setup() {
  const fake = fakeAgent();
  const permissions = createPermissions({ identity: "ana", sessionId: "s1" });
  const store = createThreadStore({ agent: fake.agent, threadId: "t1", batch: "sync", permissions });
  store.getState().sendMessage("What time is it?");
  fake.play([ev.activitySnapshot("act-1", "mcp-apps", { ...app, toolInput: {}, result: { content: [] } }, { replace: true })]);
  return { fake, store, s: () => store.getState() };
}

const askFor = (s: ReturnType<ReturnType<typeof setup>["s"]>, c: McpAppCall) => s.dispatch({ type: "app-call", call: c, verdict: assessMcpAppCall(s.thread, s.permissions, c, { summary: "clock wants get-time" }, Date.now()), at: Date.now(), timeoutMs: 60_000 });

beforeAll(() => {
  mcpAppDoor.loaded = door;
});

describe("an MCP App's card in the store", () => {
  it("waits for the person, and their answer starts no run: the agent is owed nothing for it", () => {
    const { fake, s } = setup();
    expect(fake.inputs).toHaveLength(1);
    expect(askFor(s(), call("act-1/call-a")).ok).toBe(true);
    expect(s().thread.status).toBe("waiting");
    expect(s().answer(door.mcpAppAskId("act-1/call-a"), { approved: true, scope: "once" }).ok).toBe(true);
    expect(door.appAskOutcome(s().thread, "act-1/call-a")).toBe("approved");
    expect(fake.inputs).toHaveLength(1);
    expect(s().isRunning).toBe(false);
    expect(s().thread.status).not.toBe("waiting");
  });

  it("'always for this app' makes the person's grant through the store's engine; the next call passes by it", () => {
    const { fake, s } = setup();
    askFor(s(), call("act-1/call-b"));
    expect(s().answer(door.mcpAppAskId("act-1/call-b"), { approved: true, scope: "session" }).ok).toBe(true);
    expect(s().thread.grants).toEqual([expect.objectContaining({ operation: "mcp:clock:ui://get-time/mcp-app.html#get-time", scope: "session", grantedBy: "ana", sessionId: "s1" })]);
    const verdict = assessMcpAppCall(s().thread, s().permissions, call("act-1/call-c"), { summary: "s" }, Date.now());
    expect(verdict.kind).toBe("grant");
    expect(s().dispatch({ type: "app-call", call: call("act-1/call-c"), verdict, at: Date.now() }).ok).toBe(true);
    expect(fake.inputs).toHaveLength(1);
  });

  it("a card left open declines by itself at its deadline, and still starts no run", async () => {
    const { fake, s } = setup();
    s().dispatch({ type: "app-call", call: call("act-1/call-d"), verdict: assessMcpAppCall(s().thread, s().permissions, call("act-1/call-d"), { summary: "s" }, Date.now()), at: Date.now(), timeoutMs: 30 });
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(s().thread.interactions.get(door.mcpAppAskId("act-1/call-d"))?.status).toBe("timed_out");
    expect(door.appAskOutcome(s().thread, "act-1/call-d")).toBe("refused");
    expect(fake.inputs).toHaveLength(1);
  });
});

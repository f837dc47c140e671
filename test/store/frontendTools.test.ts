// @vitest-environment node
import { beforeAll, describe, expect, it, vi } from "vitest";
import { answerMessageId, createThreadStore, type ThreadStoreOptions } from "../../src";
import { createPermissions, definePolicy } from "../../src/core/policy";
import { z } from "zod/v4";
import { ev } from "../support/events";
import { fakeAgent } from "../support/fakeAgent";

/**
 * The front-end tool loop: the app's tools are declared in every run; a call the run leaves open
 * is answered by the handler (or its error, or a schema failure), and the next run starts once
 * every call of the run is answered. Stop aborts handlers.
 */

type Loose = Record<string, any>;
let n = 0;
function setup(options: ThreadStoreOptions = {}) {
  const fake = fakeAgent();
  const store = createThreadStore({ agent: fake.agent, threadId: "t1", batch: "sync", createId: () => `id-${++n}`, ...options });
  return { fake, store, s: () => store.getState() };
}
/** Lets queued microtasks and the lazily loaded validator settle. */
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise<void>((resolve) => setTimeout(resolve, 0));
};
// The validator loads on first use; loaded once here, so each test's loop settles in a few ticks.
beforeAll(async () => {
  await import("../../src/core/tools/checkArguments");
});
const call = (id: string, name: string, args: unknown) => [ev.toolStart(id, name), ev.toolArgs(id, JSON.stringify(args)), ev.toolEnd(id)];
const result = (store: ReturnType<typeof setup>["store"], callId: string) => store.getState().thread.messages.get(answerMessageId(callId)) as Loose | undefined;
const STEPS = { type: "object", properties: { steps: { type: "array", items: { type: "string" } } }, required: ["steps"] };

describe("declaring", () => {
  it("a registered tool is declared in RunAgentInput.tools while registered, with its JSON Schema", () => {
    const { fake, s } = setup();
    const off = s().registerTool({ name: "change_background", description: "Paint", parameters: { type: "object", properties: { background: { type: "string" } } } });
    s().sendMessage("hi");
    const declared = fake.inputs[0]!.tools.find((t) => t.name === "change_background");
    expect(declared).toEqual({ name: "change_background", description: "Paint", parameters: { type: "object", properties: { background: { type: "string" } } } });
    fake.play([]);
    off();
    s().sendMessage("again");
    expect(fake.inputs[1]!.tools.some((t) => t.name === "change_background")).toBe(false);
  });

  it("a Standard JSON Schema (what zod ≥ 4.2 implements) is converted by its own library", () => {
    const { fake, s } = setup();
    const standard = { "~standard": { version: 1, vendor: "zod", jsonSchema: { input: ({ target }: { target: string }) => ({ type: "object", properties: { n: { type: "number" } }, "x-target": target }) } } };
    s().registerTool({ name: "count", parameters: standard });
    s().sendMessage("hi");
    expect(fake.inputs[0]!.tools.find((t) => t.name === "count")!.parameters).toEqual({ type: "object", properties: { n: { type: "number" } }, "x-target": "draft-07" });
  });

  it("zod's own JSON Schema export is declared as it is, and checks the arguments", async () => {
    const { fake, store, s } = setup();
    const handler = vi.fn();
    s().registerTool({ name: "steps", parameters: z.toJSONSchema(z.object({ steps: z.array(z.string()) })), handler });
    s().sendMessage("hi");
    expect(fake.inputs[0]!.tools.find((t) => t.name === "steps")!.parameters).toMatchObject({ type: "object", required: ["steps"] });
    fake.play(call("c1", "steps", { steps: [1] }));
    await settle();
    expect(handler).not.toHaveBeenCalled();
    expect(result(store, "c1")!.error).toContain("/steps/0");
  });

  it("a validator with no JSON Schema converter declares an open object (and warns), never its internals", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { fake, s } = setup();
    s().registerTool({ name: "old_zod", parameters: { "~standard": { version: 1, vendor: "zod", validate: () => ({ value: {} }) }, _def: { typeName: "ZodObject" } } });
    s().sendMessage("hi");
    expect(fake.inputs[0]!.tools.find((t) => t.name === "old_zod")!.parameters).toEqual({ type: "object", properties: {} });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("z.toJSONSchema"));
    warn.mockRestore();
  });

  it("the newest registration of a name wins; unregistering it restores the one before", () => {
    const { fake, s } = setup();
    s().registerTool({ name: "t", description: "first" });
    const off = s().registerTool({ name: "t", description: "second" });
    s().sendMessage("a");
    expect(fake.inputs[0]!.tools.filter((t) => t.name === "t").map((t) => t.description)).toEqual(["second"]);
    fake.play([]);
    off();
    s().sendMessage("b");
    expect(fake.inputs[1]!.tools.filter((t) => t.name === "t").map((t) => t.description)).toEqual(["first"]);
  });
});

describe("the loop", () => {
  it("the handler's result answers the call, and the next run starts with it", async () => {
    const { fake, store, s } = setup();
    const handler = vi.fn(async (args: { steps: string[] }) => ({ picked: args.steps.length }));
    s().registerTool({ name: "generate_task_steps", parameters: STEPS, handler });
    s().sendMessage("plan");
    fake.play(call("c1", "generate_task_steps", { steps: ["a", "b"] }));
    await settle();
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler.mock.calls[0]![0]).toEqual({ steps: ["a", "b"] });
    expect(result(store, "c1")).toMatchObject({ role: "tool", toolCallId: "c1", content: '{"picked":2}' });
    expect(fake.inputs).toHaveLength(2);
    expect(fake.inputs[1]!.messages.at(-1)).toEqual({ id: answerMessageId("c1"), role: "tool", toolCallId: "c1", content: '{"picked":2}' });
  });

  it("a handler that throws answers with an error result; the thread goes on", async () => {
    const { fake, store, s } = setup();
    s().registerTool({ name: "boom", handler: () => { throw new Error("No network"); } });
    s().sendMessage("go");
    fake.play(call("c1", "boom", {}));
    await settle();
    expect(result(store, "c1")).toMatchObject({ content: '{"error":"No network"}', error: "No network" });
    expect(s().thread.toolCalls.get("c1")!.status).toBe("error");
    expect(fake.inputs).toHaveLength(2);
  });

  it("arguments that fail the schema get a clear error result, and the handler is not called", async () => {
    const { fake, store, s } = setup();
    const handler = vi.fn();
    s().registerTool({ name: "generate_task_steps", parameters: STEPS, handler });
    s().sendMessage("plan");
    fake.play(call("c1", "generate_task_steps", { steps: "not a list" }));
    await settle();
    expect(handler).not.toHaveBeenCalled();
    const answer = result(store, "c1")!;
    expect(answer.error).toMatch(/^The arguments of generate_task_steps do not fit its parameters: \/steps: /);
    expect(fake.inputs).toHaveLength(2);
  });

  it("several calls in one run: the next run starts once, after the last is answered", async () => {
    const { fake, store, s } = setup();
    let release!: (value: string) => void;
    s().registerTool({ name: "fast", handler: () => "quick" });
    s().registerTool({ name: "slow", handler: () => new Promise<string>((resolve) => (release = resolve)) });
    s().sendMessage("both");
    fake.play([...call("c1", "fast", {}), ...call("c2", "slow", {})]);
    await settle();
    expect(result(store, "c1")!.content).toBe("quick");
    expect(s().runningToolCallIds).toEqual(["c2"]);
    expect(fake.inputs).toHaveLength(1); // c2 is still running
    release("done");
    await settle();
    expect(fake.inputs).toHaveLength(2);
    const tools = fake.inputs[1]!.messages.filter((m) => m.role === "tool").map((m) => (m as Loose).toolCallId);
    expect(tools).toEqual(["c1", "c2"]);
  });

  it("Stop aborts a running handler (its signal), answers the call as stopped, and starts nothing", async () => {
    const { fake, store, s } = setup();
    let signal!: AbortSignal;
    s().registerTool({ name: "slow", handler: (_args, context) => { signal = context.signal; return new Promise(() => {}); } });
    s().sendMessage("go");
    fake.play(call("c1", "slow", {}));
    await settle();
    expect(signal.aborted).toBe(false);
    s().stop();
    expect(signal.aborted).toBe(true);
    expect(result(store, "c1")).toMatchObject({ error: "Stopped by the person." });
    expect(s().runningToolCallIds).toEqual([]);
    await settle();
    expect(fake.inputs).toHaveLength(1);
  });

  it("a tool without a handler waits for the person; respond answers it once and the run goes on", async () => {
    const { fake, store, s } = setup();
    s().registerTool({ name: "pick", parameters: STEPS });
    s().sendMessage("plan");
    fake.play(call("c1", "pick", { steps: ["a"] }));
    await settle();
    expect(result(store, "c1")).toBeUndefined();
    expect(fake.inputs).toHaveLength(1);
    // It waits for the person, as a question does: the queue lists it.
    expect(s().awaitingToolCallIds).toEqual(["c1"]);
    expect(s().respondToTool("c1", { steps: ["a"], confirmed: true })).toEqual({ ok: true });
    expect(s().awaitingToolCallIds).toEqual([]);
    expect(result(store, "c1")!.content).toBe('{"steps":["a"],"confirmed":true}');
    expect(fake.inputs).toHaveLength(2);
    const again = s().respondToTool("c1", "twice");
    expect(again.ok).toBe(false);
  });

  it("'decline the rest' answers a render tool waiting for the person as declined, and the run goes on", async () => {
    const { fake, store, s } = setup();
    s().registerTool({ name: "pick" });
    s().sendMessage("plan");
    fake.play(call("c1", "pick", {}));
    await settle();
    expect(s().declineOpen()).toBe(1);
    expect(result(store, "c1")).toMatchObject({ error: "The person declined to answer." });
    expect(s().awaitingToolCallIds).toEqual([]);
    expect(fake.inputs).toHaveLength(2);
  });

  it("a new message while a render tool waits answers it first, so no run carries an unanswered call", async () => {
    const { fake, store, s } = setup();
    s().registerTool({ name: "pick" });
    s().sendMessage("plan");
    fake.play(call("c1", "pick", {}));
    await settle();
    expect(s().sendMessage("never mind")).toBe(true);
    expect(result(store, "c1")).toMatchObject({ error: "The person sent a new message instead." });
    const messages = fake.inputs[1]!.messages;
    expect(messages.findIndex((m) => m.role === "tool")).toBeLessThan(messages.findIndex((m) => m.role === "user" && m.content === "never mind"));
  });

  it("calls of tools the app did not register are left alone (the back end's own)", async () => {
    const { fake, store, s } = setup();
    s().registerTool({ name: "mine", handler: () => "x" });
    s().sendMessage("go");
    fake.play(call("c1", "theirs", {}));
    await settle();
    expect(result(store, "c1")).toBeUndefined();
    expect(fake.inputs).toHaveLength(1);
  });

  it("a handler registered twice (StrictMode) runs once per call", async () => {
    const { fake, s } = setup();
    const handler = vi.fn(() => "ok");
    s().registerTool({ name: "t", handler })();
    s().registerTool({ name: "t", handler });
    s().sendMessage("go");
    fake.play(call("c1", "t", {}));
    await settle();
    expect(handler).toHaveBeenCalledTimes(1);
  });
});

describe("with a permissions engine", () => {
  it("a call the policy denies is answered with the refusal without running, and audited", async () => {
    const permissions = createPermissions({ identity: "ana", policy: definePolicy([{ match: { name: "change_background" }, decision: "deny", reason: "Not on this page." }]) });
    const { fake, store, s } = setup({ permissions });
    const handler = vi.fn();
    s().registerTool({ name: "change_background", handler });
    s().sendMessage("paint");
    fake.play(call("c1", "change_background", { background: "red" }));
    await settle();
    expect(handler).not.toHaveBeenCalled();
    expect(result(store, "c1")).toMatchObject({ error: "Not on this page." });
    expect(s().thread.audit.at(-1)).toMatchObject({ decision: "denied_by_policy", how: "policy", operation: "change_background", detail: "Not on this page." });
    expect(fake.inputs).toHaveLength(2);
  });

  const confirming = (decision: "confirm" | "typed-confirm" = "confirm", categories: ("destructive" | "privacy")[] = ["destructive"]) => {
    const permissions = createPermissions({ identity: "ana", sessionId: "s1", policy: definePolicy([{ match: { name: "delete_file" }, decision, reason: "Deleting needs you." }]) });
    const env = setup({ permissions, now: () => 5_000 });
    const handler = vi.fn((args: { path: string }) => ({ deleted: args.path }));
    env.s().registerTool({ name: "delete_file", description: "Delete a file", handler, permission: { summary: (args: { path: string }) => `Delete ${args.path}`, categories, confirmText: (args: { path: string }) => args.path, timeoutMs: 60_000 } });
    env.s().sendMessage("clean up");
    env.fake.play(call("c1", "delete_file", { path: "report.pdf" }));
    return { ...env, handler };
  };
  const card = (store: ReturnType<typeof setup>["store"]) => store.getState().thread.interactions.get("c1#policy") as Loose | undefined;

  it("a call the policy wants confirmed opens a permission card of its own; the handler runs only on approval", async () => {
    const { fake, store, s, handler } = confirming();
    await settle();
    expect(handler).not.toHaveBeenCalled();
    expect(result(store, "c1")).toBeUndefined();
    expect(card(store)).toMatchObject({
      status: "pending",
      messageType: "permission_request",
      origin: { kind: "frontend-tool", toolCallId: "c1", toolName: "delete_file" },
      envelope: { payload: { operation: "delete_file", summary: "Delete report.pdf", categories: ["destructive"], args: { path: "report.pdf" } } },
      deadline: 65_000,
    });
    // The card is a row of the conversation, after the call that asked.
    expect(s().thread.messageIds.at(-1)).toBe("parley-interaction:c1#policy");
    expect(s().thread.status).toBe("waiting");
    expect(fake.inputs).toHaveLength(1);

    expect(s().answer("c1#policy", { approved: true })).toEqual({ ok: true });
    await settle();
    expect(handler).toHaveBeenCalledTimes(1);
    expect(result(store, "c1")!.content).toBe('{"deleted":"report.pdf"}');
    // The agent hears the handler's result, once, and nothing else for the card.
    expect(fake.inputs).toHaveLength(2);
    expect(fake.inputs[1]!.messages.filter((m) => m.role === "tool").map((m) => m.content)).toEqual(['{"deleted":"report.pdf"}']);
    expect(s().thread.audit.map((r) => `${r.decision}:${r.how}:${r.operation}`)).toEqual(["approved:click:delete_file"]);
  });

  it("a decline answers the call as declined without running it, audited", async () => {
    const { fake, store, s, handler } = confirming();
    await settle();
    expect(s().decline("c1#policy")).toEqual({ ok: true });
    await settle();
    expect(handler).not.toHaveBeenCalled();
    expect(JSON.parse(result(store, "c1")!.content)).toEqual({ status: "declined" });
    expect(fake.inputs).toHaveLength(2);
    expect(s().thread.audit.at(-1)).toMatchObject({ decision: "declined", how: "click", interactionId: "c1#policy", operation: "delete_file" });
  });

  it("a card left unanswered times out: declined for the person", async () => {
    vi.useFakeTimers();
    try {
      let clock = 5_000;
      const permissions = createPermissions({ identity: "ana", policy: definePolicy([{ match: { name: "delete_file" }, decision: "confirm" }]) });
      const { fake, store, s } = setup({ permissions, now: () => clock });
      const handler = vi.fn();
      s().registerTool({ name: "delete_file", handler, permission: { timeoutMs: 1_000 } });
      s().sendMessage("clean up");
      fake.play(call("c1", "delete_file", { path: "a" }));
      await vi.advanceTimersByTimeAsync(0);
      expect(card(store)!.status).toBe("pending");
      clock += 1_000;
      await vi.advanceTimersByTimeAsync(1_000);
      expect(card(store)!.status).toBe("timed_out");
      expect(handler).not.toHaveBeenCalled();
      expect(JSON.parse(result(store, "c1")!.content)).toEqual({ status: "timed_out" });
      expect(s().thread.audit.at(-1)).toMatchObject({ decision: "timed_out", how: "timeout" });
      expect(fake.inputs).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("typed-confirm asks for the target, and refuses an approval without it", async () => {
    const { store, s, handler } = confirming("typed-confirm");
    await settle();
    expect(card(store)!.envelope.payload.confirmText).toBe("report.pdf");
    expect(s().answer("c1#policy", { approved: true, typedConfirmation: "report" }).ok).toBe(false);
    expect(handler).not.toHaveBeenCalled();
    expect(s().answer("c1#policy", { approved: true, typedConfirmation: "report.pdf" })).toEqual({ ok: true });
    await settle();
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it("a session grant made on the card spares the next prompt: the next call runs, citing the grant", async () => {
    // A destructive tool is offered "once" only (by default); one that reads private data may stand.
    const { fake, store, s, handler } = confirming("confirm", ["privacy"]);
    await settle();
    expect(s().answer("c1#policy", { approved: true, scope: "session" })).toEqual({ ok: true });
    await settle();
    expect(s().thread.grants).toMatchObject([{ id: "grant:c1#policy", operation: "delete_file", scope: "session", uses: 1 }]);
    fake.play(call("c2", "delete_file", { path: "old.pdf" }));
    await settle();
    expect(store.getState().thread.interactions.get("c2#policy")).toBeUndefined();
    expect(handler).toHaveBeenCalledTimes(2);
    expect(result(store, "c2")!.content).toBe('{"deleted":"old.pdf"}');
    expect(s().thread.grants[0]!.uses).toBe(2);
    expect(s().thread.audit.map((r) => r.decision)).toEqual(["approved", "granted", "approved_by_grant"]);
  });

  it("the agent cannot open or answer such a card: only the app asks, only the person answers", async () => {
    const { fake, store, s, handler } = confirming();
    await settle();
    // An agent's Parley answer to the card's id is no answer: the fold cannot settle interactions.
    fake.play([ev.toolStart("c1#policy", "parley_request_permission"), ev.toolArgs("c1#policy", "{}"), ev.toolEnd("c1#policy")]);
    await settle();
    expect(card(store)!.status).toBe("pending");
    expect(handler).not.toHaveBeenCalled();
    // Asking twice about one call is refused.
    expect(s().dispatch({ type: "ask-for-tool", toolCallId: "c1", request: { operation: "x", summary: "x", categories: [] }, at: 1 }).ok).toBe(false);
  });
});

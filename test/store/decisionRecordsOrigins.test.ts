// @vitest-environment node
import { afterEach, describe, expect, it, vi } from "vitest";
import { createThreadStore } from "../../src";
import { createPermissions } from "../../src/core/policy";
import { attachRtui } from "../../src/rtui";
import { createEnvelopeAsk, createMemorySeenStore, createRtuiAsk, createToolCallAsk, verifyDecision, type DecisionRecord } from "../../src/server";
import { ev } from "../support/events";
import { fakeAgent } from "../support/fakeAgent";
import { action, FakeWebSocket } from "../support/fakeWebSocket";

/**
 * Issue 25, point 1: a decision record for every way Parley asks with the server's proof — its own
 * tool calls (the record in the tool message's `metadata.parley`; the `content` the model reads as
 * before), RTUI actions (beside `data` in `rtui/action_result`), and approvals made or covered by a
 * grant (the record names the grant, so the server can count its uses). The record's `decisionId`
 * is the decision's audit record id.
 */

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const ARGS = { path: "/tmp/cache", recursive: true };

async function toolAsked(options: { permissions?: ReturnType<typeof createPermissions>; scopes?: string[] } = {}) {
  const { record, proof } = await createToolCallAsk("tc1", { args: ARGS });
  const fake = fakeAgent();
  let n = 0;
  const store = createThreadStore({ agent: fake.agent, threadId: "t1", batch: "sync", createId: () => `id-${++n}`, now: () => 5_000, ...(options.permissions ? { permissions: options.permissions } : {}) });
  store.getState().sendMessage("Clean up");
  const callArgs = { operation: "fs.clean", summary: "Clean the cache?", categories: ["irreversible"], args: ARGS, context: { parley: proof }, ...(options.scopes ? { scopes: options.scopes } : {}) };
  fake.play([ev.toolStart("tc1", "parley_request_permission"), ev.toolArgs("tc1", JSON.stringify(callArgs)), ev.toolEnd("tc1")]);
  await tick();
  return { fake, store, record, s: () => store.getState() };
}

const toolMessageOf = (input: { messages: readonly { role: string; toolCallId?: string; content?: unknown; metadata?: unknown }[] }, callId: string) =>
  input.messages.find((m) => m.role === "tool" && m.toolCallId === callId)!;

describe("Parley's own tool calls", () => {
  it("the tool message carries the record in metadata.parley; its content is what the model read before", async () => {
    const { fake, s, record } = await toolAsked();
    s().answer("tc1", { approved: true });
    await vi.waitFor(() => expect(fake.inputs).toHaveLength(2));
    const message = toolMessageOf(fake.inputs[1]!, "tc1");
    expect(JSON.parse(message.content as string)).toEqual({ status: "answered", response: { approved: true } });
    const decision = (message.metadata as { parley: DecisionRecord }).parley;
    expect(decision).toMatchObject({ v: 1, answers: { kind: "tool-call", id: "tc1" }, decision: "approved", nonce: record.nonce });
    // The decision record and the audit log name the decision alike.
    expect(s().thread.audit.find((r) => r.interactionId === "tc1")?.id).toBe(decision.decisionId);
    const seen = createMemorySeenStore();
    expect(await verifyDecision(decision, { ask: record, args: ARGS, seen })).toMatchObject({ ok: true });
    expect(await verifyDecision(decision, { ask: record, args: ARGS, seen })).toMatchObject({ ok: false, reason: "replayed" });
    expect(await verifyDecision(decision, { ask: record, args: { ...ARGS, path: "/" }, seen: createMemorySeenStore() })).toMatchObject({ ok: false, reason: "args-drift" });
  });

  it("a decline and a timeout carry a record too, which lets nothing run", async () => {
    const { fake, s, record } = await toolAsked();
    s().decline("tc1");
    await vi.waitFor(() => expect(fake.inputs).toHaveLength(2));
    const decision = (toolMessageOf(fake.inputs[1]!, "tc1").metadata as { parley: DecisionRecord }).parley;
    expect(decision.decision).toBe("declined");
    expect(await verifyDecision(decision, { ask: record, args: ARGS, seen: createMemorySeenStore() })).toMatchObject({ ok: false, reason: "not-approved" });
  });

  it("an approval that makes a grant names it; a later request covered by it is approved by the grant, with its uses counted against the limit", async () => {
    const permissions = createPermissions({ identity: "ana@example.com", sessionId: "s1" });
    const { fake, s, record } = await toolAsked({ permissions, scopes: ["session"] });
    s().answer("tc1", { approved: true, scope: "session", limit: 2 });
    await vi.waitFor(() => expect(fake.inputs).toHaveLength(2));
    const first = (toolMessageOf(fake.inputs[1]!, "tc1").metadata as { parley: DecisionRecord }).parley;
    expect(first).toMatchObject({ decision: "approved", scope: "session", who: "ana@example.com", grant: { id: "grant:tc1", scope: "session", uses: 1, limit: 2 } });
    const seen = createMemorySeenStore();
    expect(await verifyDecision(first, { ask: record, args: ARGS, seen })).toMatchObject({ ok: true });

    // The next request is covered by the grant: approved without asking, with a record naming it.
    const { record: ask2, proof: proof2 } = await createToolCallAsk("tc2", { args: ARGS });
    fake.play([ev.toolStart("tc2", "parley_request_permission"), ev.toolArgs("tc2", JSON.stringify({ operation: "fs.clean", summary: "Clean the cache?", categories: ["irreversible"], args: ARGS, context: { parley: proof2 } })), ev.toolEnd("tc2")]);
    await vi.waitFor(() => expect(toolMessageOf(fake.inputs.at(-1)!, "tc2")).toBeDefined());
    const second = (toolMessageOf(fake.inputs.at(-1)!, "tc2").metadata as { parley: DecisionRecord }).parley;
    expect(second).toMatchObject({ decision: "approved_by_grant", grant: { id: "grant:tc1", uses: 2, limit: 2 } });
    expect(await verifyDecision(second, { ask: ask2, args: ARGS, seen })).toMatchObject({ ok: true });

    // The grant is used up here, so the browser asks again; and the server counts uses itself: a
    // third decision citing it (another tab's copy, a forged one) is refused.
    const { record: ask3, proof: proof3 } = await createToolCallAsk("tc3", { args: ARGS });
    fake.play([ev.toolStart("tc3", "parley_request_permission"), ev.toolArgs("tc3", JSON.stringify({ operation: "fs.clean", summary: "Clean the cache?", categories: ["irreversible"], args: ARGS, context: { parley: proof3 } })), ev.toolEnd("tc3")]);
    await tick();
    expect(s().thread.interactions.get("tc3")?.status).toBe("pending");
    const third = { ...second, decisionId: "copy", answers: { kind: "tool-call" as const, id: "tc3" }, nonce: ask3.nonce };
    expect(await verifyDecision(third, { ask: ask3, args: ARGS, seen })).toMatchObject({ ok: false, reason: "grant-exhausted" });
  });
});

describe("an envelope (CUSTOM parley.interaction)", () => {
  it("the record's decisionId is its audit record's id", async () => {
    const { envelope, record } = await createEnvelopeAsk({ messageId: "e1", messageType: "permission_request", payload: { operation: "fs.delete", summary: "Delete?", categories: [], args: ARGS } }, { args: ARGS });
    const fake = fakeAgent();
    const store = createThreadStore({ agent: fake.agent, threadId: "t1", batch: "sync" });
    store.getState().sendMessage("Clean up");
    fake.play([{ type: "CUSTOM", name: "parley.interaction", value: envelope } as never]);
    await tick();
    store.getState().answer("e1", { approved: true });
    await vi.waitFor(() => expect(fake.inputs).toHaveLength(2));
    const forwarded = (fake.inputs[1]!.forwardedProps as { parley: { responses: { decision: DecisionRecord }[] } }).parley.responses[0]!.decision;
    expect(forwarded.decisionId).toBe(store.getState().thread.audit.find((r) => r.interactionId === "e1")!.id);
    expect(await verifyDecision(forwarded, { ask: record, args: ARGS, seen: createMemorySeenStore() })).toMatchObject({ ok: true });
  });
});

describe("RTUI actions", () => {
  afterEach(() => FakeWebSocket.reset());

  it("the rtui/action_result carries the record beside data, and only once it is written", async () => {
    FakeWebSocket.reset();
    const { params, record } = await createRtuiAsk({ actionId: "act_1", type: "confirm", title: "Delete file", operation: "fs.delete", args: ARGS }, { args: ARGS });
    const store = createThreadStore({ agent: fakeAgent().agent, batch: "sync" });
    attachRtui(store, { url: "ws://agent.test/rtui", WebSocket: FakeWebSocket, random: () => 1 });
    const socket = FakeWebSocket.last;
    socket.open();
    socket.serverSends(action(params));
    expect(store.getState().answer("act_1", { approved: true, scope: "once" }).ok).toBe(true);
    // The digests are WebCrypto's: nothing goes until the record is written.
    expect(socket.frames("rtui/action_result")).toHaveLength(0);
    await vi.waitFor(() => expect(socket.frames("rtui/action_result")).toHaveLength(1));
    const result = socket.frames("rtui/action_result")[0]!.params as { status: string; data?: unknown; decision: DecisionRecord };
    // The scope is the kit's bookkeeping: not on the wire.
    expect(result).toMatchObject({ actionId: "act_1", status: "approved" });
    expect(result).not.toHaveProperty("data");
    expect(result.decision).toMatchObject({ answers: { kind: "rtui", id: "act_1" }, decision: "approved", nonce: record.nonce });
    const seen = createMemorySeenStore();
    expect(await verifyDecision(result.decision, { ask: record, args: ARGS, seen })).toMatchObject({ ok: true });
    expect(await verifyDecision(result.decision, { ask: record, args: ARGS, seen })).toMatchObject({ ok: false, reason: "replayed" });
  });

  it("an action without the server's proof is answered at once, without a record", () => {
    FakeWebSocket.reset();
    const store = createThreadStore({ agent: fakeAgent().agent, batch: "sync" });
    attachRtui(store, { url: "ws://agent.test/rtui", WebSocket: FakeWebSocket, random: () => 1 });
    const socket = FakeWebSocket.last;
    socket.open();
    socket.serverSends(action({ actionId: "act_2", type: "confirm", title: "Delete file" }));
    store.getState().decline("act_2");
    expect(socket.frames("rtui/action_result").map((f) => f.params)).toEqual([{ actionId: "act_2", status: "declined" }]);
  });
});

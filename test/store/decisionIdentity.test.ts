// @vitest-environment node
import { describe, expect, it, vi } from "vitest";
import { createThreadStore } from "../../src";
import { createPermissions } from "../../src/core/policy";
import { createMemorySeenStore, createToolCallAsk, verifyDecision, type DecisionRecord } from "../../src/server";
import { ev } from "../support/events";
import { fakeAgent } from "../support/fakeAgent";

/**
 * Issue 25, point 7: the identity is on every decision, however the person made it — a number
 * reply, a free-text reply, "decline the rest" (declineOpen). The audit names it
 * (test/store/storeDefects.test.ts checks the audit alone); here the decision record the server
 * verifies names it too, under the id of the audit record, so neither says "person" where the
 * engine knows who decided.
 */

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const WHO = "ana@example.com";
const OPTIONS = [{ id: "a", label: "08:05" }, { id: "b", label: "12:30" }, { id: "c", label: "18:40" }];
const ARGS = { path: "/tmp/cache" };

type Call = { id: string; name: string; args: Record<string, unknown> };

/** A store in Ana's name that heard the agent's Parley tool calls, each carrying the server's proof. */
async function asked(calls: Call[]) {
  const fake = fakeAgent();
  let n = 0;
  const permissions = createPermissions({ identity: WHO, sessionId: "s1" });
  const store = createThreadStore({ agent: fake.agent, threadId: "t1", batch: "sync", createId: () => `id-${++n}`, now: () => 5_000, permissions });
  store.getState().sendMessage("Plan my trip");
  const asks = new Map<string, Awaited<ReturnType<typeof createToolCallAsk>>["record"]>();
  const events = [];
  for (const call of calls) {
    const { record, proof } = await createToolCallAsk(call.id, call.name === "parley_request_permission" ? { args: ARGS } : {});
    asks.set(call.id, record);
    events.push(ev.toolStart(call.id, call.name), ev.toolArgs(call.id, JSON.stringify({ ...call.args, context: { parley: proof } })), ev.toolEnd(call.id));
  }
  fake.play(events);
  await tick();
  return { fake, store, asks, s: () => store.getState() };
}

const advise = (id: string, extra: object = {}): Call => ({ id, name: "parley_advise", args: { content: "Which train?", options: OPTIONS, ...extra } });
const permission = (id: string): Call => ({ id, name: "parley_request_permission", args: { operation: "fs.clean", summary: "Clean the cache?", categories: [], args: ARGS } });

/** The record that went to the agent with the tool message answering `callId`, in the newest run. */
async function sentRecord(fake: ReturnType<typeof fakeAgent>, callId: string, run = 1): Promise<DecisionRecord> {
  await vi.waitFor(() => expect(fake.inputs.length).toBeGreaterThan(run));
  const message = fake.inputs[run]!.messages.find((m) => m.role === "tool" && m.toolCallId === callId) as { metadata?: { parley?: DecisionRecord } } | undefined;
  expect(message?.metadata?.parley).toBeDefined();
  return message!.metadata!.parley!;
}

/** The record names Ana, under the id of the audit record that names her too. */
function expectAnasDecision(store: ReturnType<typeof createThreadStore>, callId: string, record: DecisionRecord, decision: DecisionRecord["decision"]) {
  expect(record).toMatchObject({ who: WHO, decision, answers: { kind: "tool-call", id: callId } });
  const audited = store.getState().thread.audit.find((r) => r.id === record.decisionId);
  expect(audited).toMatchObject({ interactionId: callId, who: WHO });
}

describe("the decision record names the person's identity on every reply path", () => {
  it("a number reply", async () => {
    const { fake, store, s } = await asked([advise("tc1")]);
    expect(s().reply("2").done).toBe(true);
    const record = await sentRecord(fake, "tc1");
    expectAnasDecision(store, "tc1", record, "answered");
    expect(s().thread.audit.find((r) => r.id === record.decisionId)?.how).toBe("number-reply");
  });

  it("a free-text reply", async () => {
    const { fake, store, s } = await asked([advise("tc1", { allowFreeText: true })]);
    expect(s().reply("the evening one, after work").done).toBe(true);
    const record = await sentRecord(fake, "tc1");
    expectAnasDecision(store, "tc1", record, "answered");
    expect(s().thread.audit.find((r) => r.id === record.decisionId)?.how).toBe("text-reply");
  });

  it("decline the rest (declineOpen): each declined ask, and the server refuses to run any", async () => {
    const { fake, store, asks, s } = await asked([permission("p1"), permission("p2")]);
    expect(s().declineOpen()).toBe(2);
    for (const id of ["p1", "p2"]) {
      const record = await sentRecord(fake, id);
      expectAnasDecision(store, id, record, "declined");
      expect(await verifyDecision(record, { ask: asks.get(id)!, args: ARGS, seen: createMemorySeenStore() })).toMatchObject({ ok: false, reason: "not-approved" });
    }
  });
});

describe("decline and send (reply with declineOpen)", () => {
  it("the message waits for the declines' records, then goes with them, and the server refuses to run any", async () => {
    const { fake, store, asks, s } = await asked([permission("p1"), permission("p2")]);
    expect(s().reply("Never mind, just summarise the folder", { declineOpen: true }).done).toBe(true);
    for (const id of ["p1", "p2"]) {
      const record = await sentRecord(fake, id);
      expectAnasDecision(store, id, record, "declined");
      expect(await verifyDecision(record, { ask: asks.get(id)!, args: ARGS, seen: createMemorySeenStore() })).toMatchObject({ ok: false, reason: "not-approved" });
    }
    // One run carried the declines and the person's message, sent once.
    expect(fake.inputs).toHaveLength(2);
    expect(fake.inputs[1]!.messages.filter((m) => m.role === "user").map((m) => m.content)).toContain("Never mind, just summarise the folder");
  });

  it("without auto-continue it is sent at once, as before", async () => {
    const fake = fakeAgent();
    const store = createThreadStore({ agent: fake.agent, threadId: "t1", batch: "sync", autoContinue: false, permissions: createPermissions({ identity: WHO }) });
    store.getState().sendMessage("Plan my trip");
    const { proof } = await createToolCallAsk("p1", { args: ARGS });
    fake.play([ev.toolStart("p1", "parley_request_permission"), ev.toolArgs("p1", JSON.stringify({ ...permission("p1").args, context: { parley: proof } })), ev.toolEnd("p1")]);
    await tick();
    expect(store.getState().reply("Skip it", { declineOpen: true }).done).toBe(true);
    expect(fake.inputs).toHaveLength(2);
  });
});

// @vitest-environment node
import { describe, expect, it } from "vitest";
import { createThreadStore, type Interaction } from "../../src";
import { createMemoryPolicyStorage, createPermissions } from "../../src/core/policy";
import { keepPermissions } from "../../src/persistence";
import { ev } from "../support/events";
import { fakeAgent } from "../support/fakeAgent";

/**
 * Standing refusals through the store (issue 25, point 5): "never allow" on the card makes a
 * refusal in the person's name, audited; the next request it names is declined without asking
 * (citing it); the person — and only the person — can revoke it; it is kept across threads.
 */

const tick = () => new Promise<void>((resolve) => queueMicrotask(resolve));
const ask = (id: string, operation: string) => [
  ev.toolStart(id, "parley_request_permission"),
  ev.toolArgs(id, JSON.stringify({ operation, summary: `Allow ${operation}?`, categories: ["privacy"] })),
  ev.toolEnd(id),
];

function setup(engine = createPermissions({ identity: "ana@example.com", sessionId: "s1" })) {
  const fake = fakeAgent();
  let n = 0;
  const store = createThreadStore({ agent: fake.agent, threadId: "t1", batch: "sync", createId: () => `id-${++n}`, now: () => 1_000, permissions: engine });
  store.getState().sendMessage("go");
  return { fake, store, s: () => store.getState() };
}
const status = (s: () => { thread: { interactions: { get(id: string): Interaction | undefined } } }, id: string) => s().thread.interactions.get(id)?.status;

describe("never allow", () => {
  it("a decline that refuses for good: audited as declined, then refused, under one decision", async () => {
    const { fake, s } = setup();
    fake.play(ask("p1", "mcp:files/delete"));
    await tick();
    expect(s().answer("p1", { approved: false, never: "mcp:files/*" })).toEqual({ ok: true });
    expect(s().thread.grants).toEqual([
      { id: "refusal:p1", operation: "mcp:files/*", scope: "session", effect: "deny", grantedBy: "ana@example.com", grantedAt: 1_000, uses: 0, interactionId: "p1" },
    ]);
    const [declined, refused] = s().thread.audit;
    expect(declined).toMatchObject({ decision: "declined", who: "ana@example.com", grantId: "refusal:p1" });
    expect(refused).toMatchObject({ decision: "refused", who: "ana@example.com", operation: "mcp:files/*", grantId: "refusal:p1", decisionId: declined!.id });
    // The agent hears a plain decline: the refusal is the kit's bookkeeping.
    const message = fake.inputs[1]!.messages.find((m) => m.id === "parley-answer:p1") as { content: string };
    expect(JSON.parse(message.content)).toEqual({ status: "answered", response: { approved: false } });
  });

  it("the next request it names is declined without asking, citing it; another server's is asked", async () => {
    const { fake, s } = setup();
    fake.play(ask("p1", "mcp:files/delete"));
    await tick();
    s().answer("p1", { approved: false, never: "mcp:files/*" });
    fake.play([...ask("p2", "mcp:files/move"), ...ask("p3", "mcp:mail/send")]);
    await tick();
    expect(s().thread.interactions.get("p2")).toMatchObject({ status: "declined", how: "policy", problem: "ana@example.com chose never to allow mcp:files/*." });
    expect(s().thread.audit.find((r) => r.interactionId === "p2")).toMatchObject({ decision: "denied_by_policy", grantId: "refusal:p1" });
    expect(s().thread.grants[0]!.uses).toBe(1);
    expect(status(s, "p3")).toBe("pending");
  });

  it("only what was offered, and only with permissions", async () => {
    const { fake, s } = setup();
    fake.play(ask("p1", "mcp:files/delete"));
    await tick();
    expect(s().answer("p1", { approved: false, never: "*" })).toMatchObject({ ok: false, refusal: { code: "invalid-response" } });
    expect(status(s, "p1")).toBe("pending");
    const plain = fakeAgent();
    const store = createThreadStore({ agent: plain.agent, batch: "sync" });
    store.getState().sendMessage("go");
    plain.play(ask("q1", "mcp:files/delete"));
    await tick();
    expect(store.getState().answer("q1", { approved: false, never: "mcp:files/delete" })).toMatchObject({ ok: false });
  });

  it("the person revokes it, audited; the agent's revoke tool cannot", async () => {
    const { fake, s } = setup();
    fake.play(ask("p1", "mail.send"));
    await tick();
    s().answer("p1", { approved: false, never: "mail.send" });
    fake.play([ev.toolStart("r1", "parley_revoke_grant"), ev.toolArgs("r1", JSON.stringify({ grantId: "refusal:p1" })), ev.toolEnd("r1")]);
    await tick();
    expect(s().thread.grants[0]!.revokedAt).toBeUndefined();
    expect(s().revoke("refusal:p1")).toEqual({ ok: true });
    expect(s().thread.audit.at(-1)).toMatchObject({ decision: "revoked", who: "ana@example.com", grantId: "refusal:p1" });
    fake.play(ask("p2", "mail.send"));
    await tick();
    expect(status(s, "p2")).toBe("pending");
  });

  it("is kept for the person: another thread declines what it names", async () => {
    const storage = createMemoryPolicyStorage();
    const first = setup();
    const kept = keepPermissions(first.store, { storage, key: "ana", openChannel: null });
    await kept.ready;
    first.fake.play(ask("p1", "mail.send"));
    await tick();
    first.s().answer("p1", { approved: false, never: "mail.send" });
    await kept.flush();
    kept.stop();
    // A new thread, another session of the same person.
    const second = setup(createPermissions({ identity: "ana@example.com", sessionId: "s2" }));
    const keptAgain = keepPermissions(second.store, { storage, key: "ana", openChannel: null });
    await keptAgain.ready;
    second.fake.play(ask("q1", "mail.send"));
    await tick();
    expect(second.s().thread.interactions.get("q1")).toMatchObject({ status: "declined", how: "policy" });
    keptAgain.stop();
  });
});

// @vitest-environment node
import type { ContentPart } from "@ag-ui/core";
import { describe, expect, it } from "vitest";
import { answerMessageId, createThreadStore } from "../../src";
import { createPermissions } from "../../src/core/policy";
import { ev } from "../support/events";
import { fakeAgent } from "../support/fakeAgent";

/**
 * Small defects of the store (issue 23, item 5): every decision the person makes is audited in
 * their identity, however they made it; the agent's revoke calls are answered under the kit's
 * answer ids; an edited message is checked as a sent one is.
 */

let n = 0;
const tick = () => new Promise<void>((resolve) => queueMicrotask(resolve));
const OPTIONS = [{ id: "a", label: "08:05" }, { id: "b", label: "12:30" }, { id: "c", label: "18:40" }];
const advise = (id: string, extra: object = {}) => [ev.toolStart(id, "parley_advise"), ev.toolArgs(id, JSON.stringify({ content: "Which train?", options: OPTIONS, ...extra })), ev.toolEnd(id)];

function setup() {
  const fake = fakeAgent();
  const permissions = createPermissions({ identity: "ana@example.com", sessionId: "s1" });
  const store = createThreadStore({ agent: fake.agent, threadId: "t1", batch: "sync", createId: () => `d-${++n}`, now: () => 1_000, permissions });
  return { fake, store, s: () => store.getState() };
}
const auditedBy = (store: ReturnType<typeof setup>["store"], interactionId: string) => store.getState().thread.audit.filter((r) => r.interactionId === interactionId).map((r) => r.who);

describe("the audit names the person's identity on every decision", () => {
  it("a number reply", async () => {
    const { fake, store, s } = setup();
    s().sendMessage("go");
    fake.play(advise("tc1"));
    await tick();
    expect(s().reply("3").done).toBe(true);
    expect(auditedBy(store, "tc1")).toEqual(["ana@example.com"]);
  });

  it("a free-text reply", async () => {
    const { fake, store, s } = setup();
    s().sendMessage("go");
    fake.play(advise("tc1", { allowFreeText: true }));
    await tick();
    expect(s().reply("the evening one").done).toBe(true);
    expect(auditedBy(store, "tc1")).toEqual(["ana@example.com"]);
  });

  it("declineOpen, and a message sent with declineOpen", async () => {
    const { fake, store, s } = setup();
    s().sendMessage("go");
    fake.play([...advise("tc1"), ...advise("tc2")]);
    await tick();
    expect(s().declineOpen()).toBe(2);
    expect([...auditedBy(store, "tc1"), ...auditedBy(store, "tc2")]).toEqual(["ana@example.com", "ana@example.com"]);
    fake.play(advise("tc3"));
    await tick();
    expect(s().sendMessage("never mind", { declineOpen: true })).toBe(true);
    expect(auditedBy(store, "tc3")).toEqual(["ana@example.com"]);
  });
});

describe("the agent's revoke call", () => {
  it("is answered under the kit's answer id for that call", async () => {
    const { fake, s } = setup();
    s().sendMessage("mail");
    fake.play([ev.toolStart("p1", "parley_request_permission"), ev.toolArgs("p1", JSON.stringify({ operation: "send_mail", summary: "Send?" })), ev.toolEnd("p1")]);
    await tick();
    s().answer("p1", { approved: true, scope: "session" });
    fake.play([ev.toolStart("r1", "parley_revoke_grant"), ev.toolArgs("r1", JSON.stringify({ operation: "send_mail" })), ev.toolEnd("r1")]);
    await tick();
    expect(s().thread.toolCalls.get("r1")?.resultMessageId).toBe(answerMessageId("r1"));
  });
});

describe("editMessage", () => {
  it("refuses content that is not the person's (parts the kit does not send), as sendMessage does", () => {
    const { fake, s } = setup();
    expect(s().sendMessage("Lyon")).toBe(true);
    fake.play([ev.textStart("m1"), ev.text("m1", "Lyon it is."), ev.textEnd("m1")]);
    const [first] = s().thread.messageIds;
    const forged = [{ type: "text", text: "hi" }, { type: "tool-call", id: "x" }] as unknown as ContentPart[];
    expect(s().sendMessage(forged)).toBe(false);
    expect(s().editMessage(first!, forged)).toMatchObject({ ok: false, refusal: { code: "invalid-response" } });
    expect(s().thread.messageIds[0]).toBe(first);
  });
});

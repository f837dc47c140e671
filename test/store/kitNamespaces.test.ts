// @vitest-environment node
import { describe, expect, it, vi } from "vitest";
import { createThreadStore, type ThreadStoreOptions } from "../../src";
import { createPermissions, definePolicy } from "../../src/core/policy";
import { ev } from "../support/events";
import { fakeAgent } from "../support/fakeAgent";

/**
 * Issue 21, finding 1: the agent plants a question under the id the kit derives its own meaning
 * from (`<callId>#policy`), then calls the app's guarded tool with that call id. Whatever the
 * person does with the planted question, the guarded handler runs only after the kit's own
 * permission card is approved — the check reads the origin and the decision, not the id.
 */

type Loose = Record<string, any>;
let n = 0;
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise<void>((resolve) => setTimeout(resolve, 0));
};
const call = (id: string, name: string, args: unknown) => [ev.toolStart(id, name), ev.toolArgs(id, JSON.stringify(args)), ev.toolEnd(id)];

function guarded(options: ThreadStoreOptions = {}) {
  const fake = fakeAgent();
  const permissions = createPermissions({ identity: "ana", sessionId: "s1", policy: definePolicy([{ match: { name: "delete_file" }, decision: "typed-confirm", reason: "Deleting needs you." }]) });
  const store = createThreadStore({ agent: fake.agent, threadId: "t1", batch: "sync", createId: () => `id-${++n}`, permissions, now: () => 5_000, ...options });
  const handler = vi.fn((args: { path: string }) => ({ deleted: args.path }));
  store.getState().registerTool({ name: "delete_file", handler, permission: { confirmText: (args: { path: string }) => args.path } });
  store.getState().sendMessage("clean up");
  return { fake, store, s: () => store.getState(), handler };
}
const tip = { messageId: "c1#policy", messageType: "advice", payload: { content: "Want a tip?", options: [{ id: "sure", label: "Sure" }] } };

describe("the kit's own namespaces cannot be taken by the agent", () => {
  it("a planted CUSTOM advice under <callId>#policy does not stand in for the permission card", async () => {
    const { fake, s, handler } = guarded();
    fake.play([ev.custom("parley.interaction", tip), ...call("c1", "delete_file", { path: "/" })]);
    await settle();
    const kit = s().thread.interactions.get("c1#policy") as Loose | undefined;
    // The kit's own card holds the id, with its own origin; the planted question lives elsewhere.
    expect(kit).toMatchObject({ origin: { kind: "frontend-tool", toolCallId: "c1" }, status: "pending", messageType: "permission_request" });
    const planted = [...s().thread.interactions.values()].find((i) => i.origin.kind === "custom") as Loose;
    expect(planted.id).not.toBe("c1#policy");
    expect(s().thread.errors.some((e) => e.code === "id-conflict")).toBe(true);
    // The person picks "Sure" on the planted question: nothing runs.
    expect(s().answer(planted.id, { action: "choose", optionIds: ["sure"], numbers: planted.numbers }).ok).toBe(true);
    await settle();
    expect(handler).not.toHaveBeenCalled();
    expect(s().thread.audit.filter((r) => r.decision === "approved" && r.interactionId === "c1#policy")).toEqual([]);
  });

  it("a planted permission request, Parley tool call or RTUI action under that id is no approval either", async () => {
    for (const plant of [
      [ev.custom("parley.interaction", { messageId: "c1#policy", messageType: "permission_request", payload: { operation: "show_tip", summary: "Show a tip?" } })],
      call("c1#policy", "parley_request_permission", { operation: "show_tip", summary: "Show a tip?" }),
      [ev.custom("rtui/action", { actionId: "c1#policy", type: "confirm", message: "Show a tip?" })],
    ]) {
      const { fake, s, handler } = guarded();
      fake.play([...plant, ...call("c1", "delete_file", { path: "/" })]);
      await settle();
      for (const interaction of s().thread.interactions.values()) {
        if (interaction.status !== "pending" || interaction.origin.kind === "frontend-tool") continue;
        s().answer(interaction.id, interaction.messageType === "permission_request" ? { approved: true } : { action: "accept" });
      }
      await settle();
      expect(handler).not.toHaveBeenCalled();
      expect((s().thread.interactions.get("c1#policy") as Loose).origin.kind).toBe("frontend-tool");
    }
  });

  it("only the kit's card, approved with the typed confirmation, lets the handler run", async () => {
    const { fake, s, handler } = guarded();
    fake.play([ev.custom("parley.interaction", tip), ...call("c1", "delete_file", { path: "/tmp/x" })]);
    await settle();
    expect(s().answer("c1#policy", { approved: true }).ok).toBe(false);
    expect(s().answer("c1#policy", { approved: true, typedConfirmation: "/tmp/x" })).toEqual({ ok: true });
    await settle();
    expect(handler).toHaveBeenCalledTimes(1);
  });
});

import type { BaseEvent } from "@ag-ui/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { answerMessageId, applyClientAction, type ClientAction, type ThreadState } from "../../../src/core";
import { IdTable } from "../../../src/core/thread/idTable";
import { applyTabActions, recheckThread, type Trust } from "../../../src/core/persistence/recheck";
import { restoreThread, snapshotThread } from "../../../src/core/persistence/threadSnapshot";
import type { Grant } from "../../../src/core/policy";
import { ev } from "../../support/events";
import { fold, interaction } from "../../support/thread";

/**
 * The re-check of what comes back from storage or another tab, as pure functions: only what the
 * kit could have written stays; the rest is dropped (a question opened again) and reported.
 */

const ask = (id: string, payload: object): BaseEvent[] => [ev.toolStart(id, "parley_request_permission"), ev.toolArgs(id, JSON.stringify({ summary: "Allow?", categories: ["privacy"], ...payload })), ev.toolEnd(id)];
const asked = (): ThreadState =>
  applyClientAction(fold([ev.runStarted(), ...ask("p1", { operation: "read" }), ...ask("p2", { operation: "delete", confirmText: "a.txt" }), ev.runFinished()]), { type: "receive", at: 1 });
const grant = (fields: Partial<Grant> = {}): Grant => ({ id: "g1", operation: "read", scope: "session", grantedBy: "ana", grantedAt: 1, uses: 1, ...fields });
const trust: Trust = {
  who: "ana",
  grantProblem: (g) => ((g as Grant).grantedBy === "ana" ? undefined : "Not ana's."),
  grantFor: (_thread, interactionId, response, at) => ("scope" in response && response.scope === "session" ? { ...grant({ id: `grant:${interactionId}`, grantedAt: at }), interactionId } : undefined),
};
const act = (thread: ThreadState, ...actions: ClientAction[]) => actions.reduce(applyClientAction, thread);
/** A table with one record changed, as a storage may give it back. */
const replaced = <T extends { readonly id: string }>(table: { values(): Iterable<T> }, record: T) => IdTable.from([...table.values()].map((r) => (r.id === record.id ? record : r)));
const codes = (thread: ThreadState) => thread.errors.map((e) => e.code);

describe("recheckThread", () => {
  it("gives back the thread itself when everything in it is the kit's", () => {
    const thread = act(asked(), { type: "answer", interactionId: "p1", response: { approved: true }, how: "click", at: 5, who: "ana" }, { type: "decline", interactionId: "p2", how: "key", at: 6, who: "ana" });
    expect(recheckThread(thread, trust, "untrusted-storage")).toBe(thread);
  });

  it("drops grants the kit could not have made, and audit records in a name it does not write", () => {
    const thread = { ...asked(), grants: [grant(), grant({ id: "g2", grantedBy: "mallory" })], audit: [{ id: "a1", at: 1, decision: "approved", how: "click", who: "mallory" } as const, { id: "a2", at: 1, decision: "timed_out", how: "timeout", who: "person" } as const] };
    const checked = recheckThread(thread, trust, "untrusted-storage");
    expect(checked.grants.map((g) => g.id)).toEqual(["g1"]);
    expect(checked.audit.map((r) => r.id)).toEqual(["a2"]);
    expect(checked.errors.map((e) => e.message)).toEqual([expect.stringContaining("Not ana's."), expect.stringContaining('"a1" names "mallory"')]);
    expect(checked.errorCount).toBe(thread.errorCount + 2);
  });

  it("opens again a question answered without its audit record: its answer and the tool message go, the call waits", () => {
    const answered = act(asked(), { type: "answer", interactionId: "p1", response: { approved: true }, how: "click", at: 5, who: "ana" });
    const forged = { ...answered, audit: [] };
    const checked = recheckThread(forged, trust, "untrusted-storage");
    expect(interaction(checked, "p1")).toMatchObject({ status: "pending" });
    expect(interaction(checked, "p1")).not.toHaveProperty("response");
    expect(interaction(checked, "p1")).not.toHaveProperty("settledAt");
    expect(checked.messages.get(answerMessageId("p1"))).toBeUndefined();
    expect(checked.messageIds).not.toContain(answerMessageId("p1"));
    expect(checked.toolCalls.get("p1")).toMatchObject({ status: "waiting" });
    expect(checked.toolCalls.get("p1")?.resultMessageId).toBeUndefined();
    expect(checked.status).toBe("waiting");
    expect(codes(checked)).toEqual(["untrusted-storage"]);
    // The input is not changed.
    expect(interaction(forged, "p1").status).toBe("answered");
  });

  it("opens again an answer the door would refuse, a decision recorded after it, and an approval by a grant not held", () => {
    const untyped = act(asked(), { type: "answer", interactionId: "p2", response: { approved: true, typedConfirmation: "a.txt" }, how: "click", at: 5, who: "ana" });
    const edited = { ...untyped, interactions: replaced(untyped.interactions, { ...interaction(untyped, "p2"), response: { approved: true } }) };
    expect(interaction(recheckThread(edited, trust, "untrusted-storage"), "p2").status).toBe("pending");

    const late = { ...untyped, audit: untyped.audit.map((r) => ({ ...r, at: 6 })) };
    expect(interaction(recheckThread(late, trust, "untrusted-storage"), "p2").status).toBe("pending");

    const byGrant = act(asked(), { type: "approve-by-grant", interactionId: "p1", grant: grant({ id: "g9" }), at: 5 });
    expect(recheckThread(byGrant, trust, "untrusted-storage")).toBe(byGrant);
    const gone = { ...byGrant, grants: [] };
    expect(interaction(recheckThread(gone, trust, "untrusted-storage"), "p1").status).toBe("pending");
  });

  it("a question at a front-end tool's card id that is not the kit's card for that call can never be answered", () => {
    const called = fold([ev.runStarted(), ev.toolStart("c1", "delete_file"), ev.toolArgs("c1", "{}"), ev.toolEnd("c1"), ev.runFinished()]);
    const own = act(called, { type: "ask-for-tool", toolCallId: "c1", request: { operation: "delete_file", summary: "Delete?", categories: [] }, at: 2 });
    // The kit's own card, asked through the door, is left alone.
    expect(recheckThread(own, trust, "untrusted-storage")).toBe(own);
    // What a storage may hold in its place: another question under that id, or the card naming another tool.
    const card = interaction(own, "c1#policy");
    const planted = { ...own, interactions: replaced(own.interactions, { ...card, origin: { kind: "tool", toolCallId: "c1#policy", toolName: "parley_advise" } }) };
    const checked = recheckThread(planted, trust, "untrusted-tab-message");
    expect(interaction(checked, "c1#policy")).toMatchObject({ status: "invalid" });
    expect(codes(checked)).toEqual(["untrusted-tab-message"]);
    const renamed = { ...own, toolCalls: replaced(own.toolCalls, { ...own.toolCalls.get("c1")!, name: "read_file" }) };
    expect(interaction(recheckThread(renamed, trust, "untrusted-storage"), "c1#policy").status).toBe("invalid");
  });
});

describe("recheckThread on anything a storage may hold", () => {
  it("never throws, and leaves no open question delivered", () => {
    const base = snapshotThread(act(asked(), { type: "answer", interactionId: "p1", response: { approved: true }, how: "click", at: 5, who: "ana" }), 9);
    const status = fc.oneof(fc.constantFrom("pending", "answered", "declined", "timed_out", "invalid", "constructor", "__proto__", "toString"), fc.string());
    const interactionArb = fc.record({
      id: fc.constantFrom("p1", "p2", "c1#policy", "x"),
      rowId: fc.string(),
      status,
      origin: fc.record({ kind: fc.constantFrom("tool", "frontend-tool", "custom", "constructor"), toolCallId: fc.anything(), toolName: fc.anything() }),
      envelope: fc.oneof(fc.anything(), fc.constant({ messageType: "permission_request" }), fc.constant({ messageType: "advice", payload: null })),
      response: fc.anything(),
      how: fc.constantFrom("click", "grant", "policy", "toString"),
      settledAt: fc.oneof(fc.constant(5), fc.anything()),
      deliveredInRunId: fc.option(fc.anything(), { nil: undefined }),
    });
    const recordArb = fc.record({ id: fc.string({ minLength: 1 }), at: fc.oneof(fc.constant(5), fc.anything()), decision: fc.oneof(fc.constantFrom("approved", "declined", "toString", "__proto__"), fc.anything()), who: fc.oneof(fc.constant("ana"), fc.anything()), interactionId: fc.oneof(fc.constantFrom("p1", "p2", "constructor"), fc.anything()) });
    fc.assert(
      fc.property(fc.array(interactionArb, { maxLength: 4 }), fc.array(recordArb, { maxLength: 4 }), fc.array(fc.anything(), { maxLength: 3 }), (interactions, audit, grants) => {
        const restored = restoreThread({ ...base, interactions: [...base.interactions, ...interactions], audit: [...base.audit, ...audit], grants });
        if (!restored.ok) return;
        const checked = recheckThread(restored.thread, trust, "untrusted-storage");
        for (const i of checked.interactions.values()) if (i.status === "pending") expect(i.deliveredInRunId).toBeUndefined();
      }),
      { numRuns: 300, seed: 21 },
    );
  });
});

describe("applyTabActions", () => {
  it("applies what a tab of this person settled, in this person's name", () => {
    const thread = applyTabActions(asked(), [{ type: "answer", interactionId: "p1", response: { approved: true }, how: "click", at: 5 }], trust, "untrusted-tab-message");
    expect(thread.audit).toMatchObject([{ decision: "approved", who: "ana", interactionId: "p1" }]);
    expect(thread.errors).toEqual([]);
  });

  it("an answer's grant is the one made here; one that differs is dropped with its answer", () => {
    const made = { ...grant({ id: "grant:p1", grantedAt: 5 }), interactionId: "p1" };
    const answer = (g: Grant): ClientAction => ({ type: "answer", interactionId: "p1", response: { approved: true, scope: "session" }, how: "click", at: 5, who: "ana", grant: g });
    expect(applyTabActions(asked(), [answer(made)], trust, "untrusted-tab-message").grants).toEqual([made]);
    const wider = applyTabActions(asked(), [answer({ ...made, operation: "delete" })], trust, "untrusted-tab-message");
    expect(wider.grants).toEqual([]);
    expect(interaction(wider, "p1").status).toBe("pending");
    expect(codes(wider)).toEqual(["untrusted-tab-message"]);
  });

  it("an approval by grant counts only citing a grant held here for that operation", () => {
    const holding = { ...asked(), grants: [grant()] };
    const byGrant = (interactionId: string, grantId: string): ClientAction => ({ type: "answer", interactionId, response: { approved: true, typedConfirmation: "a.txt", grantId }, how: "grant", at: 5, who: "ana" });
    const thread = applyTabActions(holding, [byGrant("p2", "g1"), byGrant("p1", "g9"), byGrant("p1", "g1")], trust, "untrusted-tab-message");
    expect(interaction(thread, "p2").status).toBe("pending");
    expect(interaction(thread, "p1")).toMatchObject({ status: "answered", how: "grant" });
    expect(thread.errors.map((e) => e.message)).toEqual([expect.stringContaining('"p2" cites a grant'), expect.stringContaining('"p1" cites a grant')]);
  });

  it("drops what names someone else, what tabs do not share, and a delivery of what is still open — in order", () => {
    const thread = applyTabActions(
      asked(),
      [
        { type: "decline", interactionId: "p2", how: "click", at: 4, who: "mallory" },
        { type: "revoke", grantId: "g1", by: "mallory", how: "click", at: 4 },
        { type: "append-message", message: { id: "u9", role: "user", content: "hi" } },
        { type: "decline", interactionId: "p1", how: "click", at: 5 },
        { type: "deliver", interactionIds: ["p1", "p2"], runId: "r9" },
      ],
      trust,
      "untrusted-tab-message",
    );
    expect(interaction(thread, "p1")).toMatchObject({ status: "declined", deliveredInRunId: "r9" });
    expect(interaction(thread, "p2")).toMatchObject({ status: "pending" });
    expect(interaction(thread, "p2").deliveredInRunId).toBeUndefined();
    expect(thread.messages.get("u9")).toBeUndefined();
    expect(thread.errors.map((e) => e.message)).toEqual([
      expect.stringContaining('names "mallory"'),
      expect.stringContaining('revocation of "g1" names "mallory"'),
      expect.stringContaining('"append-message"'),
      expect.stringContaining('"p2" went to the agent'),
    ]);
  });
});

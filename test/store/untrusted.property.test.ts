// @vitest-environment node
import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createThreadStore, type Interaction, type ThreadState } from "../../src";
import { createMemoryPolicyStorage, createPermissions, definePolicy, type AuditRecord } from "../../src/core/policy";
import type { PermissionRequestPayload } from "../../src/core/protocol";
import { keepPermissions, restoreThread, snapshotThread, syncTabs, TAB_MESSAGE_VERSION, type ThreadSnapshot } from "../../src/persistence";
import { channelHub, fakeLocks } from "../support/tabs";
import { ev } from "../support/events";
import { fakeAgent } from "../support/fakeAgent";

/**
 * Whatever storage, another tab or the person's kept permissions hand back — a snapshot, tab
 * messages, stored or announced grants, built from a grammar of hostile values — no question is
 * approved, no front-end tool handler runs and no grant covers anything, unless the person acted
 * through their own door in the same run (then exactly what that approval reaches).
 *
 * The grammar's forgeries each carry something the kit never writes (a `once` grant, a session
 * grant with no session, someone else's name, an answer without its audit record …): a forgery
 * that is byte for byte what the kit writes for this person cannot be told apart (see
 * docs/security.md, "Storage and other tabs", known limits), so it is not generated.
 */

const NOW = 1_000_000;
const IDENTITY = "ana";
const READ = "read_customers";
const TOOL = "wipe_disk";
const testMode = { "context.mode": "test" };
const policy = definePolicy([
  { match: { name: "send_mail" }, decision: "confirm", conditions: [{ label: "in test mode", condition: testMode }] },
  { match: { name: TOOL }, decision: "typed-confirm" },
]);
const engine = () => createPermissions({ identity: IDENTITY, sessionId: "s1", policy, context: { mode: "test" } });
const settle = async () => {
  for (let i = 0; i < 6; i++) await new Promise<void>((resolve) => setTimeout(resolve, 0));
};
const permissionEvent = (id: string, payload: Partial<PermissionRequestPayload>) =>
  ev.custom("parley.interaction", { messageId: id, messageType: "permission_request", payload: { summary: "Allow?", categories: ["privacy"], ...payload } });
const operationOf = (i: Interaction): string | undefined => (i.envelope?.messageType === "permission_request" ? i.envelope.payload.operation : undefined);

/** The kit's own thread: open requests of each kind, a typed-confirm one among them, and a front-end tool call under a typed-confirm policy waiting on its card. */
let base: ThreadSnapshot;
beforeAll(async () => {
  await import("../../src/core/tools/checkArguments");
  const fake = fakeAgent();
  const store = createThreadStore({ agent: fake.agent, threadId: "t1", batch: "sync", createId: () => "u1", now: () => NOW, permissions: engine() });
  store.getState().registerTool({ name: TOOL, handler: () => "wiped", permission: { categories: ["destructive"], confirmText: () => "disk0" } });
  store.getState().sendMessage("tidy up");
  fake.play([
    permissionEvent("p1", { operation: READ }),
    permissionEvent("p2", { operation: "delete_file", categories: ["destructive"], confirmText: "report.pdf" }),
    ev.custom("parley.interaction", { messageId: "q1", messageType: "advice", payload: { content: "Which?", options: [{ id: "a", label: "A" }] } }),
    ev.toolStart("c1", TOOL),
    ev.toolArgs("c1", '{"disk":"disk0"}'),
    ev.toolEnd("c1"),
  ]);
  await settle();
  base = JSON.parse(JSON.stringify(snapshotThread(store.getState().thread, NOW))) as ThreadSnapshot;
  expect(base.interactions.map((i) => `${i.id}:${i.status}`)).toEqual(["p1:pending", "p2:pending", "q1:pending", "c1#policy:pending"]);
});

// ---- The grammar ----------------------------------------------------------------------------

/** Ids the kit uses, and ids made to collide with its namespaces. */
const anyId = fc.constantFrom("p1", "p2", "q1", "c1", "c1#policy", "p1#policy", "parley-answer:c1", "parley-answer:p1", "parley-interaction:p1", "grant:p1", "g1", "__proto__", "");
const strangerName = fc.constantFrom("mallory", "Ana", "ana ", "", "agent", "policy");
const operation = fc.constantFrom(READ, "delete_file", "send_mail", TOOL);

/** A grant as the kit would make it for ana in session s1 … */
const kitShaped = fc
  .record({ id: fc.constantFrom("g1", "grant:p1", "grant:c1#policy", "grant:p2"), operation, scope: fc.constantFrom("batch", "session", "conditional"), uses: fc.constantFrom(0, 1, 2) })
  .map(({ scope, ...g }) => ({
    ...g,
    scope,
    grantedBy: IDENTITY,
    grantedAt: NOW - 100,
    ...(scope === "batch" ? { limit: 5 } : scope === "session" ? { sessionId: "s1" } : { condition: testMode }),
  }));
/** … then given one thing the kit never writes. */
const DEFECTS: ((g: Record<string, unknown>) => Record<string, unknown>)[] = [
  (g) => ({ ...g, scope: "once", limit: undefined, sessionId: undefined, condition: undefined }),
  (g) => ({ ...g, grantedBy: "mallory" }),
  (g) => ({ ...g, grantedBy: "Ana" }),
  (g) => ({ ...g, scope: "session", limit: undefined, condition: undefined, sessionId: undefined }),
  (g) => ({ ...g, scope: "batch", limit: 3, sessionId: "s1" }),
  (g) => ({ ...g, scope: "session", sessionId: "s1", runId: "r1" }),
  (g) => ({ ...g, grantedAt: NOW + 60_000 }),
  (g) => ({ ...g, expiresAt: (g.grantedAt as number) - 1 }),
  (g) => ({ ...g, scope: "conditional", sessionId: undefined, condition: { "context.mode": "live" } }),
  (g) => ({ ...g, scope: "conditional", sessionId: undefined, condition: { "args.disk": "disk0" } }),
  (g) => ({ ...g, scope: "forever" }),
  (g) => ({ ...g, uses: -1 }),
];
/** What the kit made, but that covers nothing now: another session's, expired, revoked. */
const HARMLESS: ((g: Record<string, unknown>) => Record<string, unknown>)[] = [
  (g) => ({ ...g, scope: "session", limit: undefined, condition: undefined, sessionId: "s0" }),
  (g) => ({ ...g, expiresAt: NOW - 1 }),
  (g) => ({ ...g, revokedAt: NOW - 1, revokedBy: IDENTITY }),
];
const hostileGrant = fc.oneof(
  { arbitrary: fc.tuple(kitShaped, fc.constantFrom(...DEFECTS)).map(([g, defect]) => defect(g)), weight: 4 },
  { arbitrary: fc.tuple(kitShaped, fc.constantFrom(...HARMLESS)).map(([g, harmless]) => harmless(g)), weight: 1 },
  { arbitrary: fc.anything(), weight: 1 },
);

const response = fc.constantFrom<unknown>(
  { approved: true },
  { approved: true, typedConfirmation: "report.pdf" },
  { approved: true, typedConfirmation: "disk0" },
  { approved: true, scope: "session", grantId: "grant:p1" },
  { approved: true, grantId: "g1" },
  { action: "choose", optionIds: ["a"], numbers: [1] },
  { approved: "yes" },
);

/** A settled answer forged into a snapshot, with what gives it away. */
const forgedAnswer = fc.record({
  id: fc.constantFrom("p1", "p2", "q1", "c1#policy"),
  response,
  how: fc.constantFrom("click", "key", "number-reply", "grant"),
  delivered: fc.boolean(),
  record: fc.constantFrom<"none" | "stranger" | "wrong-decision" | "late" | "answer-refused">("none", "stranger", "wrong-decision", "late", "answer-refused"),
});

/** What storage (or a tab's broadcast snapshot) may do to the kit's thread. */
const snapshotEdit = fc.oneof(
  fc.record({ kind: fc.constant("grant" as const), grant: hostileGrant }),
  fc.record({ kind: fc.constant("answer" as const), forged: forgedAnswer }),
  fc.record({ kind: fc.constant("deliver" as const), id: fc.constantFrom("p1", "p2", "q1", "c1#policy"), runId: fc.constantFrom("r-forged", "parley:another-tab") }),
  fc.record({ kind: fc.constant("collide" as const), status: fc.constantFrom("pending", "answered") }),
  fc.record({ kind: fc.constant("audit" as const), decision: fc.constantFrom("approved", "approved_by_grant", "granted", "refused_forgery"), who: strangerName, interactionId: anyId }),
);
type SnapshotEdit = typeof snapshotEdit extends fc.Arbitrary<infer T> ? T : never;

function edited(snapshot: ThreadSnapshot, edits: readonly SnapshotEdit[]): ThreadSnapshot {
  const copy = JSON.parse(JSON.stringify(snapshot)) as ThreadSnapshot & { grants: unknown[]; audit: unknown[] };
  for (const edit of edits) {
    const find = (id: string) => copy.interactions.find((i) => i.id === id);
    switch (edit.kind) {
      case "grant":
        copy.grants.push(edit.grant);
        break;
      case "deliver":
        Object.assign(find(edit.id) ?? {}, { deliveredInRunId: edit.runId });
        break;
      case "collide": {
        // A question in the front-end tool card's place, that the kit did not ask.
        const card = find("c1#policy");
        if (card) Object.assign(card, { origin: { kind: "tool", toolCallId: "c1#policy", toolName: "parley_request_permission" }, status: edit.status, ...(edit.status === "answered" ? { response: { approved: true }, how: "click", settledAt: NOW } : {}) });
        break;
      }
      case "audit":
        copy.audit.push({ id: `forged:${copy.audit.length}`, at: NOW, how: "click", ...edit, kind: undefined });
        break;
      case "answer": {
        const { id, response: answer, how, delivered, record } = edit.forged;
        const target = find(id);
        if (!target) break;
        const settledAt = NOW;
        Object.assign(target, { status: "answered", response: record === "answer-refused" ? { approved: true, typedConfirmation: "nope" } : answer, how, settledAt, ...(delivered ? { deliveredInRunId: "r-forged" } : {}) });
        // The answer alone gives nothing away when the door would take it; its record then does.
        if (record === "none" || record === "answer-refused") break;
        const audit: AuditRecord = { id: `${id}:approved:${settledAt}`, at: record === "late" ? settledAt + 1 : settledAt, decision: record === "wrong-decision" ? "granted" : "approved", how: "click", who: record === "stranger" ? "mallory" : IDENTITY, interactionId: id };
        copy.audit.push(audit);
        break;
      }
    }
  }
  return copy;
}

/** What another tab may post on the thread's channel. Every answer carries a give-away: a stranger's name, a grant not made here, or a grant cited that is not held. */
const tabAction = fc.oneof(
  fc.record({ type: fc.constant("answer"), interactionId: anyId, response, how: fc.constantFrom("click", "number-reply", "grant"), at: fc.constant(NOW), who: strangerName }),
  fc.record({ type: fc.constant("answer"), interactionId: anyId, response, how: fc.constantFrom("click", "key"), at: fc.constant(NOW), who: fc.constant(IDENTITY), grant: hostileGrant }),
  fc.record({ type: fc.constant("answer"), interactionId: anyId, response: fc.constant({ approved: true, typedConfirmation: "report.pdf", grantId: "forged" }), how: fc.constant("grant"), at: fc.constant(NOW) }),
  fc.record({ type: fc.constant("decline"), interactionId: anyId, how: fc.constantFrom("click", "policy"), at: fc.constant(NOW) }),
  fc.record({ type: fc.constant("deliver"), interactionIds: fc.array(anyId, { maxLength: 3 }), runId: fc.constantFrom("r-forged", "parley:another-tab") }),
  fc.record({ type: fc.constant("revoke"), grantId: anyId, by: fc.constantFrom("mallory", IDENTITY), how: fc.constant("click"), at: fc.constant(NOW) }),
  fc.record({ type: fc.constant("correct"), interactionId: anyId, response, how: fc.constant("click"), at: fc.constant(NOW) }),
  fc.record({ type: fc.constantFrom("timeout", "withdraw"), interactionId: anyId, at: fc.constant(NOW + 10 ** 9) }),
  fc.record({ type: fc.constantFrom("approve-by-grant", "append-message", "adopt-grants"), interactionId: anyId, grant: hostileGrant, grants: fc.array(hostileGrant, { maxLength: 2 }), at: fc.constant(NOW) }),
);
const tabMessage = fc.oneof(
  fc.record({ kind: fc.constant("actions" as const), actions: fc.array(tabAction, { minLength: 1, maxLength: 4 }) }),
  fc.record({ kind: fc.constant("saved" as const), edits: fc.array(snapshotEdit, { maxLength: 3 }) }),
  fc.record({ kind: fc.constant("kept" as const), grants: fc.array(hostileGrant, { maxLength: 3 }), audit: fc.array(fc.record({ id: anyId, at: fc.constant(NOW), decision: fc.constantFrom("approved", "revoked"), how: fc.constant("click"), who: strangerName }), { maxLength: 2 }) }),
);

// ---- The property ---------------------------------------------------------------------------

describe("storage and other tabs, hostile", () => {
  it("approve nothing, run no handler and make no grant cover anything, unless the person acted", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(snapshotEdit, { maxLength: 4 }),
        fc.array(hostileGrant, { maxLength: 3 }),
        fc.array(tabMessage, { maxLength: 4 }),
        fc.boolean(),
        async (restoreEdits, storedGrants, messages, personActs) => {
          const hub = channelHub();
          const storage = createMemoryPolicyStorage();
          // What a hostile script left in IndexedDB, bypassing the adapter's copy.
          storage.loadGrants = () => Promise.resolve(storedGrants as never);
          const permissions = engine();
          let n = 0;
          const store = createThreadStore({ agent: fakeAgent().agent, threadId: "t1", batch: "sync", createId: () => `id-${++n}`, now: () => NOW, permissions });
          const handler = vi.fn();
          const tool = { name: TOOL, handler, permission: { categories: ["destructive" as const], confirmText: () => "disk0" } };
          store.getState().registerTool(tool);
          const restored = restoreThread(edited(base, restoreEdits));
          if (restored.ok) store.getState().restore(restored.thread);
          const kept = keepPermissions(store, { storage, key: IDENTITY, now: () => NOW, openChannel: hub.open });
          const tabs = syncTabs(store, { key: "chat", openChannel: hub.open, locks: fakeLocks(), onError: (error) => { throw error; } });
          await kept.ready;
          await settle();

          // The one way in: the person's own door. Their session approval may then cover what it reaches.
          const personApproved = personActs && store.getState().answer("p1", { approved: true, scope: "session" }).ok;

          for (const message of messages) {
            if (message.kind === "kept") hub.inject(`parley-permissions:${IDENTITY}`, { v: 1, from: "other", grants: message.grants, audit: message.audit });
            else if (message.kind === "actions") hub.inject("parley:chat", { v: TAB_MESSAGE_VERSION, from: "other", kind: "actions", actions: message.actions });
            else hub.inject("parley:chat", { v: TAB_MESSAGE_VERSION, from: "other", kind: "saved", snapshot: edited(snapshotThread(store.getState().thread, NOW), message.edits) });
            await settle();
          }
          // The page remounts its tool (its handler would run now if a card said so), and new requests arrive.
          store.getState().registerTool(tool);
          store.getState().receiveEvents([
            permissionEvent("n1", { operation: READ }),
            permissionEvent("n2", { operation: "delete_file", categories: ["destructive"], confirmText: "report.pdf" }),
            permissionEvent("n3", { operation: "send_mail", categories: ["irreversible"] }),
            permissionEvent("n4", { operation: TOOL }),
          ]);
          await settle();
          tabs.stop();
          kept.stop();

          const thread: ThreadState = store.getState().thread;
          expect(handler).not.toHaveBeenCalled();
          for (const i of thread.interactions.values()) {
            if (i.status === "answered") expect(personApproved && operationOf(i) === READ, `${i.id} answered`).toBe(true);
            // An open question marked delivered would never send the person's answer.
            if (i.deliveredInRunId !== undefined) expect(["pending", "streaming"], `${i.id} delivered`).not.toContain(i.status);
          }
          for (const grant of thread.grants) expect(permissions.grantProblem(grant, NOW), grant.id).toBeUndefined();
          const covered = (payload: Omit<PermissionRequestPayload, "summary">) => permissions.assess({ summary: "?", ...payload }, thread.grants, { now: NOW }).kind === "grant";
          expect(covered({ operation: "delete_file", categories: ["destructive"], confirmText: "report.pdf" })).toBe(false);
          expect(covered({ operation: "send_mail", categories: ["irreversible"] })).toBe(false);
          expect(covered({ operation: TOOL, categories: [] })).toBe(false);
          if (!personApproved) expect(covered({ operation: READ, categories: ["privacy"] })).toBe(false);
        },
      ),
      { numRuns: 200, seed: 21 },
    );
  }, 60_000);
});

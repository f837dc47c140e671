// @vitest-environment node
import { beforeAll, describe, expect, it, vi } from "vitest";
import { answerMessageId, createThreadStore, type Interaction, type ThreadStore, type ThreadStoreOptions } from "../../src";
import { createPermissions, definePolicy, type Grant } from "../../src/core/policy";
import { restoreThread, snapshotThread, syncTabs, TAB_MESSAGE_VERSION, type ThreadSnapshot } from "../../src/persistence";
import { channelHub, fakeLocks } from "../support/tabs";
import { ev } from "../support/events";
import { fakeAgent } from "../support/fakeAgent";

/**
 * What comes back from storage or another tab is re-checked against what the kit itself makes: a
 * grant counts only if this app could have made it for this person and session, an answer only
 * with its audit record, a delivery only of what is settled. What fails is dropped and reported in
 * `thread.errors`, never thrown and never trusted. (The person's kept grants: keepPermissions.test.ts.)
 */

const NOW = 1_000_000;
let n = 0;
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise<void>((resolve) => setTimeout(resolve, 0));
};
beforeAll(async () => {
  // The argument checker front-end tools load on first use.
  await import("../../src/core/tools/checkArguments");
});

const engine = () => createPermissions({ identity: "ana", sessionId: "s1", policy: definePolicy([{ match: { name: "delete_file" }, decision: "typed-confirm" }]) });
function setup(options: ThreadStoreOptions = {}) {
  const fake = fakeAgent();
  const store = createThreadStore({ agent: fake.agent, threadId: "t1", batch: "sync", createId: () => `id-${++n}`, now: () => NOW, permissions: engine(), ...options });
  return { fake, store, s: () => store.getState() };
}
const askPermission = (id: string, operation: string, categories: string[] = ["privacy"], extra: object = {}) => [
  ev.toolStart(id, "parley_request_permission"),
  ev.toolArgs(id, JSON.stringify({ operation, summary: `Allow ${operation}?`, categories, ...extra })),
  ev.toolEnd(id),
];
const adviceEvent = (id: string) => ev.custom("parley.interaction", { messageId: id, messageType: "advice", payload: { content: "Which train?", options: [{ id: "a", label: "08:05" }, { id: "b", label: "12:30" }] } });
const interaction = (store: ThreadStore, id: string) => store.getState().thread.interactions.get(id) as Interaction;
const errors = (store: ThreadStore, code: string) => store.getState().thread.errors.filter((e) => (e.code as string) === code);
const grant = (fields: Partial<Grant>): Grant => ({ id: "g1", operation: "read_customers", scope: "session", sessionId: "s1", grantedBy: "ana", grantedAt: NOW - 10, uses: 1, ...fields });

/** A thread as its storage gives it back: JSON, whatever the storage wrote. */
const asStored = (snapshot: ThreadSnapshot): ThreadSnapshot => JSON.parse(JSON.stringify(snapshot)) as ThreadSnapshot;
/** A snapshot of a thread after one exchange (`build` may drive it further), then changed as a storage might. */
function saved(build: (page: ReturnType<typeof setup>) => void = () => {}, options: ThreadStoreOptions = {}): ThreadSnapshot {
  const page = setup({ autoContinue: false, ...options });
  page.s().sendMessage("hi");
  page.fake.play([ev.textStart("m1"), ev.text("m1", "Hello."), ev.textEnd("m1")]);
  build(page);
  return asStored(snapshotThread(page.s().thread, NOW));
}
function reloaded(snapshot: ThreadSnapshot, options: ThreadStoreOptions = {}) {
  const page = setup(options);
  const restored = restoreThread(snapshot);
  if (!restored.ok) throw new Error(restored.problem);
  expect(page.s().restore(restored.thread)).toBe(true);
  return page;
}

describe("a restored snapshot (storage, or a server-side thread store the agent's side controls)", () => {
  it("a planted `once` grant does not approve a typed-confirm request: the person still types", () => {
    const snapshot = saved();
    snapshot.grants = [grant({ id: "planted", operation: "delete_file", scope: "once", sessionId: undefined, uses: 0 })];
    const page = reloaded(snapshot);
    page.s().sendMessage("clean up");
    page.fake.play(askPermission("p1", "delete_file", ["destructive"], { confirmText: "report.pdf" }));
    expect(interaction(page.store, "p1").status).toBe("pending");
    expect(page.s().thread.grants).toEqual([]);
    expect(errors(page.store, "untrusted-storage")).toEqual([expect.objectContaining({ message: expect.stringContaining("once") })]);
  });

  it("a session grant with no session, or granted by someone else, covers nothing; a grant the kit made still does", () => {
    const snapshot = saved();
    snapshot.grants = [
      grant({ id: "every-session", sessionId: undefined }),
      grant({ id: "mallory", operation: "read_invoices", grantedBy: "mallory" }),
      grant({ id: "kept", operation: "read_calendar" }),
    ];
    const page = reloaded(snapshot);
    page.s().sendMessage("report");
    page.fake.play([...askPermission("p1", "read_customers"), ...askPermission("p2", "read_invoices"), ...askPermission("p3", "read_calendar")]);
    expect(["p1", "p2", "p3"].map((id) => interaction(page.store, id).status)).toEqual(["pending", "pending", "answered"]);
    expect(page.s().thread.grants.map((g) => g.id)).toEqual(["kept"]);
    const reported = errors(page.store, "untrusted-storage").map((e) => e.message);
    expect(reported).toEqual([expect.stringContaining("session"), expect.stringContaining("mallory")]);
  });

  it("a question marked answered without its audit record is open again, and nothing is sent for it", () => {
    const snapshot = saved((page) => {
      page.s().sendMessage("report");
      page.fake.play(askPermission("p1", "read_customers"));
      expect(page.s().answer("p1", { approved: true }).ok).toBe(true);
    });
    snapshot.audit = [];
    const page = reloaded(snapshot);
    expect(interaction(page.store, "p1")).toMatchObject({ status: "pending" });
    expect(interaction(page.store, "p1").response).toBeUndefined();
    expect(page.s().thread.messages.get(answerMessageId("p1"))).toBeUndefined();
    expect(page.fake.inputs).toHaveLength(0);
    expect(errors(page.store, "untrusted-storage")).toEqual([expect.objectContaining({ message: expect.stringContaining("p1") })]);
    // The person answers it now, through their own door, and that answer goes out.
    expect(page.s().answer("p1", { approved: false }).ok).toBe(true);
    expect(page.fake.inputs).toHaveLength(1);
  });

  it("an answer whose audit record names someone else is not the person's; the person's own answer stays", () => {
    const snapshot = saved((page) => {
      page.s().sendMessage("report");
      page.fake.play([...askPermission("p1", "read_customers"), ...askPermission("p2", "read_invoices")]);
      page.s().answer("p1", { approved: true });
      page.s().answer("p2", { approved: true });
    });
    snapshot.audit = snapshot.audit.map((r) => (r.interactionId === "p2" ? { ...r, who: "mallory" } : r));
    const page = reloaded(snapshot, { autoContinue: false });
    expect(interaction(page.store, "p1").status).toBe("answered");
    expect(interaction(page.store, "p2").status).toBe("pending");
    expect(page.s().thread.audit.map((r) => r.interactionId)).toEqual(["p1"]);
  });

  it("a question still open that storage marks delivered is not: the person's answer is sent", () => {
    const snapshot = saved((page) => {
      page.s().sendMessage("trains");
      page.fake.play([adviceEvent("q1")]);
    });
    Object.assign(snapshot.interactions.find((i) => i.id === "q1")!, { deliveredInRunId: "r-forged" });
    const page = reloaded(snapshot);
    expect(interaction(page.store, "q1").deliveredInRunId).toBeUndefined();
    expect(errors(page.store, "untrusted-storage")).toHaveLength(1);
    page.s().answer("q1", { action: "choose", optionIds: ["a"], numbers: [] });
    expect(page.fake.inputs).toHaveLength(1);
  });

  it("a front-end tool's typed-confirm card marked approved in storage does not run the handler", async () => {
    const register = (page: ReturnType<typeof setup>, handler: () => unknown) =>
      page.s().registerTool({ name: "delete_file", handler, permission: { categories: ["destructive"], confirmText: () => "report.pdf" } });
    const first = setup();
    register(first, () => "deleted");
    first.s().sendMessage("clean up");
    first.fake.play([ev.toolStart("c1", "delete_file"), ev.toolArgs("c1", '{"path":"report.pdf"}'), ev.toolEnd("c1")]);
    await settle();
    const snapshot = asStored(snapshotThread(first.s().thread, NOW));
    const card = snapshot.interactions.find((i) => i.id === "c1#policy")!;
    expect(card.status).toBe("pending");
    Object.assign(card, { status: "answered", response: { approved: true, typedConfirmation: "report.pdf" }, how: "click", settledAt: NOW });
    const page = reloaded(snapshot);
    const handler = vi.fn();
    register(page, handler);
    await settle();
    expect(handler).not.toHaveBeenCalled();
    expect(interaction(page.store, "c1#policy").status).toBe("pending");
  });
});

describe("another tab", () => {
  function tab(options: ThreadStoreOptions = {}) {
    const hub = channelHub();
    const page = setup(options);
    syncTabs(page.store, { key: "chat", openChannel: hub.open, locks: fakeLocks(), onError: (error) => { throw error; } });
    const say = (data: unknown) => hub.inject("parley:chat", data);
    const actions = (...list: unknown[]) => say({ v: TAB_MESSAGE_VERSION, from: "other", kind: "actions", actions: list });
    return { ...page, say, actions };
  }

  it("a saved thread it broadcasts is taken up without the grants the kit could not have made", async () => {
    const page = tab();
    await settle();
    page.s().sendMessage("hi");
    page.fake.play([]);
    const snapshot = asStored(snapshotThread(page.s().thread, NOW));
    snapshot.grants = [grant({ id: "forged", sessionId: undefined })];
    page.say({ v: TAB_MESSAGE_VERSION, from: "other", kind: "saved", snapshot });
    await settle();
    page.s().sendMessage("report");
    page.fake.play(askPermission("p1", "read_customers"));
    expect(interaction(page.store, "p1").status).toBe("pending");
    expect(page.s().thread.grants).toEqual([]);
    expect(errors(page.store, "untrusted-tab-message")).toHaveLength(1);
  });

  it("an answer that brings a grant this tab would not have made is dropped and reported", async () => {
    const page = tab();
    await settle();
    page.s().sendMessage("report");
    page.fake.play(askPermission("p1", "read_customers"));
    page.actions({ type: "answer", interactionId: "p1", response: { approved: true, scope: "session", grantId: "grant:p1" }, how: "click", at: NOW, who: "ana", grant: grant({ id: "grant:p1", interactionId: "p1", sessionId: undefined }) });
    await settle();
    expect(page.s().thread.grants).toEqual([]);
    expect(interaction(page.store, "p1").status).toBe("pending");
    expect(errors(page.store, "untrusted-tab-message")).toEqual([expect.objectContaining({ message: expect.stringContaining("p1") })]);
  });

  it("an answer in the name of someone else is dropped", async () => {
    const page = tab();
    await settle();
    page.s().sendMessage("report");
    page.fake.play(askPermission("p1", "read_customers"));
    page.actions({ type: "answer", interactionId: "p1", response: { approved: true }, how: "click", at: NOW, who: "mallory" });
    await settle();
    expect(interaction(page.store, "p1").status).toBe("pending");
    expect(errors(page.store, "untrusted-tab-message")).toHaveLength(1);
  });

  it("`deliver` for a question still open is dropped: the person's later answer is sent", async () => {
    const page = tab();
    await settle();
    page.s().sendMessage("trains");
    page.fake.play([adviceEvent("q1")]);
    page.actions({ type: "deliver", interactionIds: ["q1"], runId: "r-forged" });
    await settle();
    expect(interaction(page.store, "q1").deliveredInRunId).toBeUndefined();
    expect(errors(page.store, "untrusted-tab-message")).toEqual([expect.objectContaining({ message: expect.stringContaining("q1") })]);
    page.s().answer("q1", { action: "choose", optionIds: ["b"], numbers: [] });
    expect(page.fake.inputs).toHaveLength(2);
    expect(page.fake.inputs[1]!.forwardedProps).toMatchObject({ parley: { responses: [expect.objectContaining({ messageId: "q1", status: "answered" })] } });
  });
});

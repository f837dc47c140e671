// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createThreadStore, selectPendingIds } from "../../src";
import { createPermissions, definePolicy } from "../../src/core/policy";
import { attachRtui, envelopeFromRtuiAction, RPC_ERRORS, RTUI_DELIVERY, rtuiResultFor } from "../../src/rtui";
import { fakeAgent } from "../support/fakeAgent";
import { ev } from "../support/events";
import { action, FakeWebSocket } from "../support/fakeWebSocket";

const CONFIRM = { actionId: "act_9f3e7a2c", type: "confirm", title: "确认删除文件", description: "文件 report_2024_final.pdf 将被永久删除，此操作不可恢复。", confirmLabel: "删除", cancelLabel: "取消", timeout: 300000 };

let now = 1_000;
function setup(storeOptions: Parameters<typeof createThreadStore>[0] = {}) {
  const fake = fakeAgent();
  const store = createThreadStore({ agent: fake.agent, batch: "sync", now: () => now, ...storeOptions });
  const rtui = attachRtui(store, { url: "ws://agent.test/rtui", WebSocket: FakeWebSocket, random: () => 1, backoff: { initialMs: 100 } });
  const socket = FakeWebSocket.last;
  socket.open();
  const thread = () => store.getState().thread;
  const results = (s = socket) => s.frames("rtui/action_result").map((f) => f.params);
  return { fake, store, rtui, socket, thread, results };
}

beforeEach(() => {
  FakeWebSocket.reset();
  vi.useFakeTimers();
  now = 1_000;
});
afterEach(() => vi.useRealTimers());

describe("attachRtui", () => {
  it("turns seed 001's confirm into a pending permission request of origin rtui, in the thread", () => {
    const { socket, thread } = setup();
    socket.serverSends(action(CONFIRM));
    const interaction = thread().interactions.get("act_9f3e7a2c")!;
    expect(interaction).toMatchObject({ status: "pending", messageType: "permission_request", origin: { kind: "rtui", actionId: "act_9f3e7a2c" }, deadline: 1_000 + 300000 });
    expect(interaction.envelope?.payload).toMatchObject({ operation: "确认删除文件", summary: CONFIRM.description, confirmLabel: "删除", cancelLabel: "取消" });
    expect(thread().messageIds).toContain(interaction.rowId);
    // Outside any run, and no protocol error for it.
    expect(thread().errors).toEqual([]);
  });

  it("sends the person's approval back as rtui/action_result, once, and marks it delivered on the ack — no AG-UI run", () => {
    const { socket, store, thread, results, fake } = setup();
    socket.serverSends(action(CONFIRM));
    expect(store.getState().answer("act_9f3e7a2c", { approved: true }).ok).toBe(true);
    expect(results()).toEqual([{ actionId: "act_9f3e7a2c", status: "approved" }]);
    expect(thread().interactions.get("act_9f3e7a2c")?.deliveredInRunId).toBeUndefined();
    socket.serverSends({ jsonrpc: "2.0", id: "rtui-result:act_9f3e7a2c", result: { ok: true } });
    expect(thread().interactions.get("act_9f3e7a2c")?.deliveredInRunId).toBe(RTUI_DELIVERY);
    // Answering twice does nothing.
    expect(store.getState().answer("act_9f3e7a2c", { approved: false }).ok).toBe(false);
    expect(results()).toHaveLength(1);
    expect(fake.inputs).toHaveLength(0);
    expect(thread().audit.map((r) => r.decision)).toEqual(["approved"]);
  });

  it("maps decline, refusal, timeout and a filled form to seed 001's statuses", () => {
    const { socket, store, results } = setup();
    socket.serverSends(action({ actionId: "d1", type: "requestPermission", title: "Read report.xlsx" }));
    socket.serverSends(action({ actionId: "d2", type: "confirm", title: "Send mail" }));
    socket.serverSends(action({ actionId: "p1", type: "prompt", title: "Which language?" }));
    socket.serverSends(action({ actionId: "t1", type: "confirm", title: "Publish", timeout: 5_000 }));
    store.getState().decline("d1");
    store.getState().answer("d2", { approved: false });
    store.getState().answer("p1", { values: { answer: "English" } });
    now += 5_000;
    vi.advanceTimersByTime(5_000);
    expect(results()).toEqual([
      { actionId: "d1", status: "declined" },
      { actionId: "d2", status: "declined" },
      { actionId: "p1", status: "approved", data: { answer: "English" } },
      { actionId: "t1", status: "timeout" },
    ]);
  });

  it("ignores an action it already has (idempotency by actionId), answered or not", () => {
    const { socket, store, thread, results } = setup();
    socket.serverSends(action(CONFIRM));
    socket.serverSends(action(CONFIRM));
    expect(thread().interactionIds).toEqual(["act_9f3e7a2c"]);
    store.getState().answer("act_9f3e7a2c", { approved: true });
    socket.serverSends(action({ ...CONFIRM, title: "something else" }));
    expect(thread().interactionIds).toEqual(["act_9f3e7a2c"]);
    expect(thread().errors).toEqual([]);
    expect(results()).toHaveLength(1);
    expect(socket.frames("error")).toEqual([]);
  });

  it("sends unacknowledged answers again after a reconnect, and ignores the server's repeat of the action", () => {
    const { socket, store, thread, results } = setup();
    socket.serverSends(action(CONFIRM));
    socket.drop();
    // Answered while the connection is down.
    store.getState().answer("act_9f3e7a2c", { approved: true });
    vi.advanceTimersByTime(100);
    const again = FakeWebSocket.last;
    expect(again).not.toBe(socket);
    again.open();
    again.serverSends(action(CONFIRM));
    expect(results(again)).toEqual([{ actionId: "act_9f3e7a2c", status: "approved" }]);
    again.serverSends({ jsonrpc: "2.0", id: "rtui-result:act_9f3e7a2c", result: null });
    expect(thread().interactions.get("act_9f3e7a2c")?.deliveredInRunId).toBe(RTUI_DELIVERY);
    again.drop();
    vi.advanceTimersByTime(100);
    FakeWebSocket.last.open();
    expect(results(FakeWebSocket.last)).toEqual([]);
  });

  it("sends a restored thread's unacknowledged answers when it attaches", () => {
    const first = setup();
    first.socket.serverSends(action(CONFIRM));
    first.store.getState().answer("act_9f3e7a2c", { approved: false });
    first.rtui.close();
    // The page reloads: a new store takes up the saved thread, then attaches.
    const store = createThreadStore({ batch: "sync" });
    expect(store.getState().restore(first.thread())).toBe(true);
    attachRtui(store, { url: "ws://agent.test/rtui", WebSocket: FakeWebSocket });
    FakeWebSocket.last.open();
    expect(FakeWebSocket.last.frames("rtui/action_result").map((f) => f.params)).toEqual([{ actionId: "act_9f3e7a2c", status: "declined" }]);
  });

  it("withdraws a card the server closed (answered on another page), sends nothing for it, and approves nothing", () => {
    const { socket, store, thread, results, fake } = setup();
    socket.serverSends(action(CONFIRM));
    socket.serverSends({ jsonrpc: "2.0", method: "rtui/action_closed", params: { actionId: "act_9f3e7a2c", reason: "Answered in another window." } });
    const interaction = thread().interactions.get("act_9f3e7a2c")!;
    expect(interaction).toMatchObject({ status: "withdrawn", problem: "Answered in another window.", deliveredInRunId: RTUI_DELIVERY, settledAt: expect.any(Number) });
    expect(interaction.response).toBeUndefined();
    expect(selectPendingIds(thread())).toEqual([]);
    // The person can no longer answer it; the server hears nothing for it, now or after a reconnect.
    expect(store.getState().answer("act_9f3e7a2c", { approved: true }).ok).toBe(false);
    expect(results()).toEqual([]);
    socket.drop();
    vi.advanceTimersByTime(100);
    FakeWebSocket.last.open();
    expect(results(FakeWebSocket.last)).toEqual([]);
    expect(thread().audit.filter((r) => r.decision === "approved")).toEqual([]);
    expect(thread().errors).toEqual([]);
    expect(fake.inputs).toHaveLength(0);
  });

  it("keeps the person's answer when the close comes after it: the answer still goes out until acknowledged", () => {
    const { socket, store, thread, results } = setup();
    socket.serverSends(action(CONFIRM));
    store.getState().answer("act_9f3e7a2c", { approved: false });
    socket.serverSends({ jsonrpc: "2.0", method: "rtui/action_closed", params: { actionId: "act_9f3e7a2c" } });
    expect(thread().interactions.get("act_9f3e7a2c")?.status).toBe("answered");
    expect(thread().interactions.get("act_9f3e7a2c")?.deliveredInRunId).toBeUndefined();
    socket.drop();
    vi.advanceTimersByTime(100);
    FakeWebSocket.last.open();
    expect(results(FakeWebSocket.last)).toEqual([{ actionId: "act_9f3e7a2c", status: "declined" }]);
    expect(results()).toEqual([{ actionId: "act_9f3e7a2c", status: "declined" }]);
  });

  it("ignores a close for an action it never had, or for a question asked another way; says why for a malformed one", () => {
    const { socket, store, thread } = setup();
    store.getState().receiveEvents([ev.custom("parley.interaction", { messageId: "q1", messageType: "permission_request", payload: { operation: "send_mail", summary: "Send it?" } })]);
    socket.serverSends({ jsonrpc: "2.0", method: "rtui/action_closed", params: { actionId: "q1" } });
    socket.serverSends({ jsonrpc: "2.0", method: "rtui/action_closed", params: { actionId: "never-seen" } });
    expect(thread().interactions.get("q1")?.status).toBe("pending");
    expect(thread().interactions.get("never-seen")).toBeUndefined();
    socket.serverSends({ jsonrpc: "2.0", method: "rtui/action_closed", params: { reason: "no id" } });
    expect(socket.frames("error").map((f) => (f.error as { code: number }).code)).toEqual([RPC_ERRORS.invalidParams]);
    // Through the fold directly, a close without an actionId is a recorded protocol error, never a crash.
    store.getState().receiveEvents([{ type: "CUSTOM", name: "rtui/action_closed", value: 42 }]);
    expect(thread().errors.map((e) => e.code)).toEqual(["malformed-event"]);
  });

  it("refuses a result the server sends (no self-approval): nothing settles, and the audit says so", () => {
    const { socket, thread, results } = setup();
    socket.serverSends(action(CONFIRM));
    socket.serverSends({ jsonrpc: "2.0", method: "rtui/action_result", params: { actionId: "act_9f3e7a2c", status: "approved" } });
    expect(thread().interactions.get("act_9f3e7a2c")?.status).toBe("pending");
    expect(thread().errors.map((e) => e.code)).toEqual(["forged-answer"]);
    expect(thread().audit).toEqual([expect.objectContaining({ decision: "refused_forgery", suspicious: true, who: "agent" })]);
    expect(results()).toEqual([]);
  });

  it("refuses an action that arrives already approved: it is asked like any other, and audited", () => {
    const { socket, thread } = setup();
    socket.serverSends(action({ ...CONFIRM, status: "approved" }));
    expect(thread().interactions.get("act_9f3e7a2c")?.status).toBe("pending");
    expect(thread().errors[0]).toMatchObject({ code: "forged-answer", message: expect.stringContaining("already answered") });
    expect(thread().audit.map((r) => r.decision)).toEqual(["refused_forgery"]);
  });

  it("answers an action whose envelope does not fit with invalid params, and shows it escaped, never answerable", () => {
    const { socket, store, thread } = setup();
    socket.serverSends(action({ actionId: "x1", type: "explode", title: "boom" }, { id: 4 }));
    socket.serverSends(action({ actionId: "x2", type: "confirm", title: "a".repeat(30_000) }));
    expect(socket.frames("error").map((f) => [f.id, (f.error as { code: number; data: unknown }).code, (f.error as { data: unknown }).data])).toEqual([
      [4, RPC_ERRORS.invalidParams, { actionId: "x1" }],
      [null, RPC_ERRORS.invalidParams, { actionId: "x2" }],
    ]);
    expect(thread().interactions.get("x1")?.status).toBe("invalid");
    expect(store.getState().answer("x1", { value: 1 }).ok).toBe(false);
    // Sent again (after a reconnect): refused again, and still one interaction.
    socket.serverSends(action({ actionId: "x1", type: "explode", title: "boom" }, { id: 5 }));
    expect(socket.frames("error").map((f) => f.id)).toEqual([4, null, 5]);
    expect(thread().interactionIds).toEqual(["x1", "x2"]);
    expect(thread().errors.filter((e) => e.code === "duplicate-id")).toEqual([]);
  });

  it("keeps hostile strings as data", () => {
    const { socket, thread } = setup();
    const hostile = '<img src=x onerror="alert(1)">\u202e\u0000';
    socket.serverSends(action({ actionId: "h1", type: "notify", title: hostile, description: "{{constructor.constructor('x')()}}" }));
    const interaction = thread().interactions.get("h1")!;
    expect(interaction.status).toBe("shown");
    expect(interaction.envelope?.payload).toEqual({ content: `${hostile}\n\n{{constructor.constructor('x')()}}`, level: "info" });
  });

  it("applies the permission policy: a denied operation is declined without asking, and the server hears so", () => {
    const permissions = createPermissions({ identity: "ana", policy: definePolicy([{ match: { name: "delete_file" }, decision: "deny", reason: "Never from chat." }]) });
    const { socket, thread, results } = setup({ permissions });
    socket.serverSends(action({ actionId: "p1", type: "confirm", operation: "delete_file", title: "Delete report.pdf?" }));
    expect(thread().interactions.get("p1")).toMatchObject({ status: "declined", how: "policy" });
    expect(results()).toEqual([{ actionId: "p1", status: "declined", data: { reason: "Never from chat." } }]);
  });

  it("leaves the AG-UI run's own answers to the run, and RTUI answers out of it", () => {
    const { socket, store, fake } = setup();
    store.getState().sendMessage("hi");
    fake.push(ev.runStarted(), ev.runFinished());
    socket.serverSends(action(CONFIRM));
    expect(selectPendingIds(store.getState().thread)).toEqual(["act_9f3e7a2c"]);
    store.getState().answer("act_9f3e7a2c", { approved: true });
    vi.runAllTicks();
    expect(fake.inputs).toHaveLength(1);
    expect(store.getState().thread.errors.filter((e) => e.code === "outside-run")).toEqual([]);
  });
});

describe("envelopeFromRtuiAction and rtuiResultFor", () => {
  it("maps every seed 001 type to its semantic type", () => {
    expect(envelopeFromRtuiAction({ actionId: "a", type: "form", title: "Address", schema: { type: "object", properties: { city: { type: "string" } } } })).toMatchObject({ messageType: "form", payload: { content: "Address", schema: { properties: { city: {} } } } });
    expect(envelopeFromRtuiAction({ actionId: "a", type: "prompt", title: "Which language?" })).toMatchObject({ payload: { schema: { required: ["answer"] } } });
    expect(envelopeFromRtuiAction({ actionId: "a", type: "notify", title: "Deleted", level: "success" })).toMatchObject({ payload: { content: "Deleted", level: "success" } });
    expect(envelopeFromRtuiAction({ actionId: "a", type: "confirm", operation: "delete_file", title: "Delete?", description: "It goes for good." })).toMatchObject({ payload: { operation: "delete_file", summary: "Delete? — It goes for good." } });
  });

  it("has no result for an interaction of another origin, or one still open", () => {
    expect(rtuiResultFor({ id: "a", rowId: "r", messageType: "advice", origin: { kind: "custom", name: "parley.interaction" }, status: "answered", numbers: [] })).toBeUndefined();
    expect(rtuiResultFor({ id: "a", rowId: "r", messageType: "advice", origin: { kind: "rtui", actionId: "a" }, status: "pending", numbers: [] })).toBeUndefined();
  });
});

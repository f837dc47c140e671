// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RPC_ERRORS, RtuiConnection, type RtuiStatus } from "../../../../src/rtui";
import { action, FakeWebSocket } from "../../../support/fakeWebSocket";

function connect(overrides: Partial<ConstructorParameters<typeof RtuiConnection>[0]> = {}) {
  const actions: unknown[] = [];
  const acknowledged: string[] = [];
  const problems: string[] = [];
  const statuses: RtuiStatus[] = [];
  const connection = new RtuiConnection({
    url: "ws://agent.test/rtui",
    WebSocket: FakeWebSocket,
    random: () => 1,
    backoff: { initialMs: 100, maxMs: 1000 },
    onAction: (params) => actions.push(params),
    onAcknowledged: (id) => acknowledged.push(id),
    onProblem: (p) => problems.push(p),
    onStatus: (s) => statuses.push(s),
    ...overrides,
  });
  connection.connect();
  return { connection, actions, acknowledged, problems, statuses };
}

beforeEach(() => {
  FakeWebSocket.reset();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe("RtuiConnection", () => {
  it("hands a valid action over and answers bad frames with JSON-RPC errors, staying open", () => {
    const { actions, problems, statuses } = connect();
    const socket = FakeWebSocket.last;
    socket.open();
    socket.serverSends("{not json");
    socket.serverSends({ jsonrpc: "1.0", id: 1, method: "rtui/action", params: {} });
    socket.serverSends({ jsonrpc: "2.0", id: 2, method: "rtui/launch_missiles" });
    socket.serverSends(action({ actionId: "a1", type: "confirm", title: "Delete?" }));
    expect(actions).toEqual([{ actionId: "a1", type: "confirm", title: "Delete?" }]);
    expect(socket.frames("error").map((f) => [f.id, (f.error as { code: number }).code])).toEqual([
      [null, RPC_ERRORS.parse],
      [1, RPC_ERRORS.invalidRequest],
      [2, RPC_ERRORS.methodNotFound],
    ]);
    expect(problems).toHaveLength(3);
    expect(statuses.at(-1)).toEqual({ state: "open" });
    expect(FakeWebSocket.all).toHaveLength(1);
  });

  it("lets onAction reply with an error that names the action", () => {
    connect({ onAction: (_params, reply) => reply(RPC_ERRORS.invalidParams, "does not fit") });
    const socket = FakeWebSocket.last;
    socket.open();
    socket.serverSends(action({ actionId: "a1", type: "explode" }, { id: "req-1" }));
    expect(socket.frames("error")).toEqual([{ jsonrpc: "2.0", id: "req-1", error: { code: RPC_ERRORS.invalidParams, message: "does not fit", data: { actionId: "a1" } } }]);
  });

  it("reconnects with growing delays after drops, and resets them once open", () => {
    const { statuses } = connect();
    FakeWebSocket.last.drop();
    expect(statuses.at(-1)).toEqual({ state: "reconnecting", attempt: 1, delayMs: 100 });
    vi.advanceTimersByTime(99);
    expect(FakeWebSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.all).toHaveLength(2);
    FakeWebSocket.last.drop();
    expect(statuses.at(-1)).toEqual({ state: "reconnecting", attempt: 2, delayMs: 200 });
    vi.advanceTimersByTime(200);
    FakeWebSocket.last.drop();
    vi.advanceTimersByTime(400);
    FakeWebSocket.last.drop();
    vi.advanceTimersByTime(800);
    FakeWebSocket.last.drop();
    // Capped at maxMs.
    expect(statuses.at(-1)).toEqual({ state: "reconnecting", attempt: 5, delayMs: 1000 });
    vi.advanceTimersByTime(1000);
    FakeWebSocket.last.open();
    FakeWebSocket.last.drop();
    expect(statuses.at(-1)).toEqual({ state: "reconnecting", attempt: 1, delayMs: 100 });
  });

  it("spreads the delays between half and all of the backoff", () => {
    const { statuses } = connect({ random: () => 0 });
    FakeWebSocket.last.drop();
    expect(statuses.at(-1)).toEqual({ state: "reconnecting", attempt: 1, delayMs: 50 });
  });

  it("sends an answer again after a reconnect until the server acknowledges it", () => {
    const { connection, acknowledged } = connect();
    const first = FakeWebSocket.last;
    first.open();
    connection.sendResult({ actionId: "a1", status: "approved", data: { note: "ok" } });
    expect(first.frames("rtui/action_result")).toEqual([{ jsonrpc: "2.0", id: "rtui-result:a1", method: "rtui/action_result", params: { actionId: "a1", status: "approved", data: { note: "ok" } } }]);
    first.drop();
    // Given while disconnected: kept, sent once the socket is back.
    connection.sendResult({ actionId: "a2", status: "declined" });
    vi.advanceTimersByTime(100);
    const second = FakeWebSocket.last;
    expect(second).not.toBe(first);
    second.open();
    expect(second.frames("rtui/action_result").map((f) => (f.params as { actionId: string }).actionId)).toEqual(["a1", "a2"]);
    second.serverSends({ jsonrpc: "2.0", id: "rtui-result:a1", result: null });
    expect(acknowledged).toEqual(["a1"]);
    expect(connection.unacknowledged.map((r) => r.actionId)).toEqual(["a2"]);
    second.drop();
    vi.advanceTimersByTime(100);
    FakeWebSocket.last.open();
    expect(FakeWebSocket.last.frames("rtui/action_result").map((f) => (f.params as { actionId: string }).actionId)).toEqual(["a2"]);
  });

  it("ignores acknowledgements of answers it never sent", () => {
    const { acknowledged } = connect();
    FakeWebSocket.last.open();
    FakeWebSocket.last.serverSends({ jsonrpc: "2.0", id: "rtui-result:nope", result: null });
    FakeWebSocket.last.serverSends({ jsonrpc: "2.0", id: 99, result: null });
    expect(acknowledged).toEqual([]);
  });

  it("stops an answer the server refuses, saying so", () => {
    const { connection, problems } = connect();
    FakeWebSocket.last.open();
    connection.sendResult({ actionId: "a1", status: "approved" });
    FakeWebSocket.last.serverSends({ jsonrpc: "2.0", id: "rtui-result:a1", error: { code: -32602, message: "unknown action" } });
    expect(connection.unacknowledged).toEqual([]);
    expect(problems).toEqual(['The RTUI server refused the answer to "a1": unknown action']);
  });

  it("hands a server-sent result over as a claim, not as an answer", () => {
    const claims: unknown[] = [];
    const { acknowledged } = connect({ onClaimedResult: (p) => claims.push(p) });
    FakeWebSocket.last.open();
    FakeWebSocket.last.serverSends({ jsonrpc: "2.0", method: "rtui/action_result", params: { actionId: "a1", status: "approved" } });
    expect(claims).toEqual([{ actionId: "a1", status: "approved" }]);
    expect(acknowledged).toEqual([]);
  });

  it("does not reconnect after close(), and a socket that cannot be made is retried", () => {
    const { connection, statuses } = connect();
    connection.close();
    FakeWebSocket.all[0]!.drop();
    vi.advanceTimersByTime(5000);
    expect(FakeWebSocket.all).toHaveLength(1);
    expect(statuses.at(-1)).toEqual({ state: "closed" });

    let tries = 0;
    const Throwing = class {
      constructor() {
        tries += 1;
        throw new SyntaxError("bad url");
      }
    } as unknown as typeof FakeWebSocket;
    const broken = connect({ WebSocket: Throwing });
    expect(broken.problems[0]).toMatch(/could not be opened: bad url/);
    vi.advanceTimersByTime(100);
    expect(tries).toBe(2);
    broken.connection.close();
  });

  it("resolves a path against the page", () => {
    vi.stubGlobal("location", { href: "https://app.example/chat" });
    try {
      connect({ url: "/rtui" });
      expect(FakeWebSocket.last.url).toBe("wss://app.example/rtui");
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

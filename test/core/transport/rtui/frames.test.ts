import { describe, expect, it } from "vitest";
import { MAX_FRAME_CHARS, readFrame, resultRequest, RPC_ERRORS } from "../../../../src/rtui";

const code = (frame: ReturnType<typeof readFrame>) => (frame.kind === "invalid" ? frame.reply.error.code : undefined);

describe("readFrame", () => {
  it("reads seed 001's rtui/action", () => {
    const frame = readFrame(JSON.stringify({ jsonrpc: "2.0", method: "rtui/action", params: { actionId: "act_9f3e7a2c", type: "confirm", title: "确认删除文件", timeout: 300000 } }));
    expect(frame).toEqual({ kind: "action", params: { actionId: "act_9f3e7a2c", type: "confirm", title: "确认删除文件", timeout: 300000 } });
  });

  it("keeps the id of an action sent as a request", () => {
    const frame = readFrame(JSON.stringify({ jsonrpc: "2.0", id: 7, method: "rtui/action", params: { actionId: "a", type: "notify" } }));
    expect(frame).toMatchObject({ kind: "action", id: 7 });
  });

  it("answers malformed JSON with a parse error (-32700) and a null id", () => {
    const frame = readFrame('{"jsonrpc":"2.0","method":');
    expect(frame.kind === "invalid" && frame.reply).toEqual({ jsonrpc: "2.0", id: null, error: { code: RPC_ERRORS.parse, message: "The frame is not JSON." } });
    expect(code(readFrame(new ArrayBuffer(4)))).toBe(RPC_ERRORS.parse);
  });

  it("refuses a wrong or missing jsonrpc version as an invalid request (-32600), keeping the id", () => {
    const frame = readFrame(JSON.stringify({ jsonrpc: "1.0", id: "x1", method: "rtui/action", params: { actionId: "a", type: "confirm" } }));
    expect(frame.kind === "invalid" && frame.reply).toMatchObject({ id: "x1", error: { code: RPC_ERRORS.invalidRequest } });
    expect(code(readFrame(JSON.stringify({ method: "rtui/action" })))).toBe(RPC_ERRORS.invalidRequest);
  });

  it("refuses batches, scalars, bad ids and bad methods as invalid requests", () => {
    expect(code(readFrame("[]"))).toBe(RPC_ERRORS.invalidRequest);
    expect(code(readFrame("42"))).toBe(RPC_ERRORS.invalidRequest);
    expect(code(readFrame("null"))).toBe(RPC_ERRORS.invalidRequest);
    expect(code(readFrame(JSON.stringify({ jsonrpc: "2.0", id: { evil: true }, method: "rtui/action" })))).toBe(RPC_ERRORS.invalidRequest);
    expect(code(readFrame(JSON.stringify({ jsonrpc: "2.0", method: 12 })))).toBe(RPC_ERRORS.invalidRequest);
    expect(code(readFrame(JSON.stringify({ jsonrpc: "2.0", id: 1 })))).toBe(RPC_ERRORS.invalidRequest);
  });

  it("answers an unknown method with method not found (-32601), without echoing it whole", () => {
    const frame = readFrame(JSON.stringify({ jsonrpc: "2.0", id: 3, method: `tools/call${"x".repeat(5000)}` }));
    expect(code(frame)).toBe(RPC_ERRORS.methodNotFound);
    expect(frame.kind === "invalid" && frame.reply.error.message.length).toBeLessThan(200);
  });

  it("refuses an action without an actionId or type as invalid params (-32602)", () => {
    expect(code(readFrame(JSON.stringify({ jsonrpc: "2.0", method: "rtui/action", params: { type: "confirm" } })))).toBe(RPC_ERRORS.invalidParams);
    expect(code(readFrame(JSON.stringify({ jsonrpc: "2.0", method: "rtui/action", params: { actionId: "", type: "confirm" } })))).toBe(RPC_ERRORS.invalidParams);
    expect(code(readFrame(JSON.stringify({ jsonrpc: "2.0", method: "rtui/action", params: { actionId: "a".repeat(201), type: "confirm" } })))).toBe(RPC_ERRORS.invalidParams);
    expect(code(readFrame(JSON.stringify({ jsonrpc: "2.0", method: "rtui/action", params: { actionId: "a" } })))).toBe(RPC_ERRORS.invalidParams);
    expect(code(readFrame(JSON.stringify({ jsonrpc: "2.0", method: "rtui/action", params: ["a"] })))).toBe(RPC_ERRORS.invalidParams);
  });

  it("refuses an over-long frame unread", () => {
    expect(code(readFrame(" ".repeat(MAX_FRAME_CHARS + 1)))).toBe(RPC_ERRORS.invalidRequest);
  });

  it("passes hostile strings on as data (the fold and React escape them), and a prototype key stays a key", () => {
    const frame = readFrame('{"jsonrpc":"2.0","method":"rtui/action","params":{"actionId":"__proto__","type":"confirm","title":"<img src=x onerror=alert(1)>","__proto__":{"polluted":true}}}');
    expect(frame.kind).toBe("action");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("reads the server's rtui/action_closed (Parley's addition), and refuses one without a usable actionId or reason", () => {
    expect(readFrame(JSON.stringify({ jsonrpc: "2.0", method: "rtui/action_closed", params: { actionId: "act_1", reason: "Answered in another window." } }))).toEqual({ kind: "closed", params: { actionId: "act_1", reason: "Answered in another window." } });
    // Only what the kit reads is passed on.
    expect(readFrame(JSON.stringify({ jsonrpc: "2.0", method: "rtui/action_closed", params: { actionId: "act_1", status: "approved" } }))).toEqual({ kind: "closed", params: { actionId: "act_1" } });
    expect(code(readFrame(JSON.stringify({ jsonrpc: "2.0", method: "rtui/action_closed", params: {} })))).toBe(RPC_ERRORS.invalidParams);
    expect(code(readFrame(JSON.stringify({ jsonrpc: "2.0", method: "rtui/action_closed" })))).toBe(RPC_ERRORS.invalidParams);
    expect(code(readFrame(JSON.stringify({ jsonrpc: "2.0", method: "rtui/action_closed", params: { actionId: "a".repeat(201) } })))).toBe(RPC_ERRORS.invalidParams);
    expect(code(readFrame(JSON.stringify({ jsonrpc: "2.0", method: "rtui/action_closed", params: { actionId: "a", reason: { html: "<b>" } } })))).toBe(RPC_ERRORS.invalidParams);
  });

  it("marks an rtui/action_result from the server as a claimed result", () => {
    expect(readFrame(JSON.stringify({ jsonrpc: "2.0", method: "rtui/action_result", params: { actionId: "a", status: "approved" } }))).toEqual({ kind: "claimed-result", params: { actionId: "a", status: "approved" } });
  });

  it("reads the server's acknowledgement of a result, or its refusal", () => {
    const request = resultRequest({ actionId: "a", status: "approved" });
    expect(request).toEqual({ jsonrpc: "2.0", id: "rtui-result:a", method: "rtui/action_result", params: { actionId: "a", status: "approved" } });
    expect(readFrame(JSON.stringify({ jsonrpc: "2.0", id: request.id, result: { ok: true } }))).toEqual({ kind: "response", id: "rtui-result:a" });
    expect(readFrame(JSON.stringify({ jsonrpc: "2.0", id: request.id, error: { code: -32602, message: "unknown action" } }))).toEqual({ kind: "response", id: "rtui-result:a", error: { code: -32602, message: "unknown action" } });
  });
});

import { RTUI_ACTION_EVENT, RTUI_CLOSED_EVENT, RTUI_RESULT_EVENT } from "../../origins/rtui";
import type { RtuiResult } from "../../origins/rtui";
import { isRecord } from "../../thread/guards";

/**
 * Seed 001's RTUI frames on the wire: JSON-RPC 2.0 over a WebSocket. The server sends
 * `rtui/action` (and, Parley's addition, `rtui/action_closed` when it no longer waits for one);
 * the client answers with `rtui/action_result`, a request with an `id` the server acknowledges
 * with a response (so the client knows which answers to send again after a
 * reconnect). Anything else gets a JSON-RPC error reply and is otherwise ignored: a bad frame
 * never takes the connection down.
 */

export type JsonRpcId = string | number | null;

/** The JSON-RPC 2.0 error codes this side replies with. */
export const RPC_ERRORS = { parse: -32700, invalidRequest: -32600, methodNotFound: -32601, invalidParams: -32602 } as const;

export interface JsonRpcError {
  jsonrpc: "2.0";
  id: JsonRpcId;
  error: { code: number; message: string; data?: unknown };
}

/** The params of an `rtui/action` that passed the frame check (the envelope is checked by the fold). */
export interface RtuiActionParams extends Record<string, unknown> {
  actionId: string;
  type: string;
}

/** The params of an `rtui/action_closed`: which action, and why in words (optional, shown to the person). */
export interface RtuiClosedParams {
  actionId: string;
  reason?: string;
}

/** What one incoming frame is. */
export type RtuiIncoming =
  | { kind: "action"; params: RtuiActionParams; id?: JsonRpcId }
  /** `rtui/action_closed`: the server no longer waits for this action (answered elsewhere, or given up). */
  | { kind: "closed"; params: RtuiClosedParams }
  /** `rtui/action_result` from the server: it claims an answer only the person gives. */
  | { kind: "claimed-result"; params: unknown; id?: JsonRpcId }
  /** The server's response to one of our requests: an acknowledged result, or its refusal. */
  | { kind: "response"; id: JsonRpcId; error?: { code: number; message: string } }
  /** Not a frame we take: the error reply to send back, and the problem in words. */
  | { kind: "invalid"; reply: JsonRpcError; problem: string };

/** Frames longer than this (characters) are refused unread. */
export const MAX_FRAME_CHARS = 1_000_000;
const MAX_ID_CHARS = 200;

function isId(value: unknown): value is JsonRpcId {
  // Room for our own result ids, which carry an actionId.
  return value === null || (typeof value === "string" && value.length <= MAX_ID_CHARS + 50) || (typeof value === "number" && Number.isFinite(value));
}

/**
 * An error reply. The code is one of {@link RPC_ERRORS}; the message is ours, never an echo of the
 * frame (a hostile frame's text is not sent back).
 *
 * @example
 * rpcError(null, RPC_ERRORS.parse, "The frame is not JSON.");
 */
export function rpcError(id: JsonRpcId, code: number, message: string, data?: unknown): JsonRpcError {
  return { jsonrpc: "2.0", id, error: data === undefined ? { code, message } : { code, message, data } };
}

/** A frame refused: the error reply to send, and the problem in words. */
const invalid = (id: JsonRpcId, code: number, problem: string): RtuiIncoming => ({ kind: "invalid", reply: rpcError(id, code, problem), problem });

/**
 * Reads one incoming frame. Never throws.
 *
 * @example
 * readFrame('{"jsonrpc":"2.0","method":"rtui/action","params":{"actionId":"a1","type":"confirm","title":"Delete?"}}');
 * // { kind: "action", params: { actionId: "a1", type: "confirm", title: "Delete?" } }
 */
export function readFrame(data: unknown): RtuiIncoming {
  if (typeof data !== "string") return invalid(null, RPC_ERRORS.parse, "RTUI frames are JSON text; a binary frame was refused.");
  if (data.length > MAX_FRAME_CHARS) return invalid(null, RPC_ERRORS.invalidRequest, `The frame is longer than ${MAX_FRAME_CHARS} characters; refused unread.`);
  let frame: unknown;
  try {
    frame = JSON.parse(data);
  } catch {
    return invalid(null, RPC_ERRORS.parse, "The frame is not JSON.");
  }
  if (!isRecord(frame)) return invalid(null, RPC_ERRORS.invalidRequest, Array.isArray(frame) ? "Batches are not supported: send one request per frame." : "A frame must be a JSON-RPC object.");
  const hasId = "id" in frame;
  if (hasId && !isId(frame.id)) return invalid(null, RPC_ERRORS.invalidRequest, "The id must be a string, a number or null.");
  const id = hasId ? (frame.id as JsonRpcId) : null;
  if (frame.jsonrpc !== "2.0") return invalid(id, RPC_ERRORS.invalidRequest, 'The frame must say "jsonrpc": "2.0".');
  if (!("method" in frame)) {
    // A response to one of our requests.
    if (!hasId || ("result" in frame) === ("error" in frame)) return invalid(id, RPC_ERRORS.invalidRequest, "A frame needs a method, or an id with a result or an error.");
    if (!("error" in frame)) return { kind: "response", id };
    const error = isRecord(frame.error) ? frame.error : {};
    return { kind: "response", id, error: { code: typeof error.code === "number" ? error.code : 0, message: typeof error.message === "string" ? error.message.slice(0, 500) : "" } };
  }
  if (typeof frame.method !== "string") return invalid(id, RPC_ERRORS.invalidRequest, "The method must be a string.");
  const at = hasId ? { id } : {};
  if (frame.method === RTUI_RESULT_EVENT) return { kind: "claimed-result", params: frame.params, ...at };
  if (frame.method === RTUI_CLOSED_EVENT) return readClosed(id, frame.params);
  if (frame.method !== RTUI_ACTION_EVENT) return invalid(id, RPC_ERRORS.methodNotFound, `Unknown method "${frame.method.slice(0, 60)}": this client takes "${RTUI_ACTION_EVENT}" and "${RTUI_CLOSED_EVENT}".`);
  const params = frame.params;
  if (!isRecord(params)) return invalid(id, RPC_ERRORS.invalidParams, "rtui/action needs params (an object).");
  if (typeof params.actionId !== "string" || !params.actionId || params.actionId.length > MAX_ID_CHARS) {
    return invalid(id, RPC_ERRORS.invalidParams, `rtui/action needs an actionId (a string of 1 to ${MAX_ID_CHARS} characters).`);
  }
  if (typeof params.type !== "string") return invalid(id, RPC_ERRORS.invalidParams, "rtui/action needs a type (confirm, requestPermission, prompt, form or notify).");
  return { kind: "action", params: params as RtuiActionParams, ...at };
}

function readClosed(id: JsonRpcId, params: unknown): RtuiIncoming {
  if (!isRecord(params) || typeof params.actionId !== "string" || !params.actionId || params.actionId.length > MAX_ID_CHARS) {
    return invalid(id, RPC_ERRORS.invalidParams, `rtui/action_closed needs an actionId (a string of 1 to ${MAX_ID_CHARS} characters).`);
  }
  if (params.reason !== undefined && typeof params.reason !== "string") return invalid(id, RPC_ERRORS.invalidParams, "rtui/action_closed's reason must be a string.");
  return { kind: "closed", params: { actionId: params.actionId, ...(params.reason !== undefined ? { reason: params.reason } : {}) } };
}

/**
 * The request that carries an answer back. Its id names the action, so the server's
 * acknowledgement says which answer arrived.
 *
 * @example
 * resultRequest({ actionId: "a1", status: "approved" });
 * // { jsonrpc: "2.0", id: "rtui-result:a1", method: "rtui/action_result", params: { actionId: "a1", status: "approved" } }
 */
export function resultRequest(result: RtuiResult): { jsonrpc: "2.0"; id: string; method: string; params: RtuiResult } {
  return { jsonrpc: "2.0", id: resultRequestId(result.actionId), method: RTUI_RESULT_EVENT, params: result };
}

const RESULT_PREFIX = "rtui-result:";
export function resultRequestId(actionId: string): string {
  return `${RESULT_PREFIX}${actionId}`;
}
/** The action an acknowledgement is about, when its id is one of our result requests. */
export function actionIdOfResponse(id: JsonRpcId): string | undefined {
  return typeof id === "string" && id.startsWith(RESULT_PREFIX) ? id.slice(RESULT_PREFIX.length) : undefined;
}

/**
 * `parley-ui/rtui`: seed 001's RTUI transport — `rtui/action` frames over a WebSocket become
 * questions in the thread, and the person's answers go back as `rtui/action_result`. An entry of
 * its own, so an app that speaks only AG-UI ships none of it.
 */
export { useRtui, type UseRtuiOptions } from "./react/useRtui";
export { attachRtui, type AttachRtuiOptions, type RtuiAttachment } from "./store/attachRtui";
export { RtuiConnection, type RtuiConnectionOptions, type RtuiStatus, type WebSocketConstructor, type WebSocketLike } from "./core/transport/rtui/connection";
export { readFrame, resultRequest, rpcError, RPC_ERRORS, MAX_FRAME_CHARS, type JsonRpcError, type JsonRpcId, type RtuiActionParams, type RtuiClosedParams, type RtuiIncoming } from "./core/transport/rtui/frames";
export { envelopeFromRtuiAction, RTUI_ACTION_EVENT, RTUI_CLOSED_EVENT, RTUI_RESULT_EVENT } from "./core/origins/rtui";
export { rtuiOutbox, rtuiResultFor, RTUI_DELIVERY, type RtuiResult } from "./core/origins/rtui";

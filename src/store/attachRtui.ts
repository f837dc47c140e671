import { RTUI_ACTION_EVENT, RTUI_CLOSED_EVENT, RTUI_RESULT_EVENT } from "../core/origins/rtui";
import { RTUI_DELIVERY, rtuiInteraction, rtuiOutbox } from "../core/origins/rtui";
import { RPC_ERRORS } from "../core/transport/rtui/frames";
import { RtuiConnection, type RtuiConnectionOptions } from "../core/transport/rtui/connection";
import type { ReadonlyThreadStore } from "./types";

export type AttachRtuiOptions = Omit<RtuiConnectionOptions, "onAction" | "onClosed" | "onClaimedResult" | "onAcknowledged">;

export interface RtuiAttachment {
  connection: RtuiConnection;
  /** Closes the connection and stops following the thread. */
  close: () => void;
}

/**
 * Joins an RTUI connection to a thread. Each `rtui/action` goes through the agent's door like any
 * other question (a `CUSTOM rtui/action` event folded by `receiveEvents`), so it shows in the same
 * thread with the same cards, numbering and permission policy; the person's answer, given through
 * the store as always, goes back over the connection as `rtui/action_result` and is marked
 * delivered once the server acknowledges it. An action the thread already has (the server sent it
 * again after a reconnect) is not asked twice; one the server closes (`rtui/action_closed`:
 * another page or device answered it) is withdrawn here if it still waits; an action whose envelope
 * does not fit gets a JSON-RPC error reply; a result the server sends is refused and audited as a
 * forgery.
 *
 * @example
 * const rtui = attachRtui(store, { url: "/rtui" });
 * // later
 * rtui.close();
 */
export function attachRtui(store: ReadonlyThreadStore, options: AttachRtuiOptions): RtuiAttachment {
  /** Answers handed to the connection, so a thread update does not hand the same one over again. */
  const handed = new Map<string, string>();
  const connection = new RtuiConnection({
    ...options,
    onAction(params, reply) {
      const known = rtuiInteraction(store.getState().thread, params.actionId);
      // Asked again (after a reconnect): not asked twice; a malformed one is refused again.
      if (known && known.status !== "invalid") return;
      if (!known) store.getState().receiveEvents([{ type: "CUSTOM", name: RTUI_ACTION_EVENT, value: params }]);
      const interaction = known ?? rtuiInteraction(store.getState().thread, params.actionId);
      if (!interaction) reply(RPC_ERRORS.invalidParams, `The thread already has a question "${params.actionId}" asked another way.`);
      else if (interaction.status === "invalid") reply(RPC_ERRORS.invalidParams, interaction.problem ?? "The action does not fit the envelope.");
    },
    onClosed(params) {
      // Another page or device answered it, or the server gave up: a card still open is withdrawn.
      store.getState().receiveEvents([{ type: "CUSTOM", name: RTUI_CLOSED_EVENT, value: params, timestamp: Date.now() }]);
    },
    onClaimedResult(params) {
      store.getState().receiveEvents([{ type: "CUSTOM", name: RTUI_RESULT_EVENT, value: params }]);
    },
    onAcknowledged(actionId) {
      const interaction = rtuiInteraction(store.getState().thread, actionId);
      if (interaction && !interaction.deliveredInRunId) store.getState().dispatch({ type: "deliver", interactionIds: [interaction.id], runId: RTUI_DELIVERY });
    },
  });
  const handOver = () => {
    for (const result of rtuiOutbox(store.getState().thread)) {
      // A corrected form (allowed until the server acknowledges it) is handed over again.
      const wire = JSON.stringify(result);
      if (handed.get(result.actionId) === wire) continue;
      handed.set(result.actionId, wire);
      connection.sendResult(result);
    }
  };
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.thread.interactions !== previous.thread.interactions) handOver();
  });
  // A restored thread may hold answers the server never acknowledged.
  handOver();
  connection.connect();
  return {
    connection,
    close() {
      unsubscribe();
      connection.close();
    },
  };
}

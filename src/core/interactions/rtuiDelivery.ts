import type { ThreadState } from "../thread/types";
import { wireResponse } from "./delivery";
import { selectInteractions } from "./select";
import type { Interaction } from "./types";

/**
 * How an RTUI interaction's answer goes back (`parley-ui/rtui` only; the fold needs none of it):
 * as `rtui/action_result` params, for every answer the server has not acknowledged yet.
 */

export { RTUI_DELIVERY } from "./rtui";

/** The answer to an `rtui/action`, as `rtui/action_result` params. */
export interface RtuiResult {
  actionId: string;
  status: "approved" | "declined" | "timeout";
  data?: unknown;
}

/**
 * The `rtui/action_result` for a settled RTUI interaction, or `undefined` while it waits (and
 * for a notification, which answers nothing). An approval, a filled form or a choice is
 * `approved` with the answer as `data`; a refusal, a decline or a withdrawal is `declined`; a
 * deadline passed is `timeout`.
 *
 * @example
 * rtuiResultFor(interaction); // { actionId: "act_1", status: "approved", data: { scope: "once" } }
 */
export function rtuiResultFor(interaction: Interaction): RtuiResult | undefined {
  if (interaction.origin.kind !== "rtui") return undefined;
  const actionId = interaction.origin.actionId;
  switch (interaction.status) {
    case "timed_out":
      return { actionId, status: "timeout" };
    case "declined":
    case "withdrawn":
      return interaction.problem ? { actionId, status: "declined", data: { reason: interaction.problem } } : { actionId, status: "declined" };
    case "answered": {
      const response = wireResponse(interaction.response);
      if (response && "approved" in response) {
        const { approved, ...rest } = response;
        return { actionId, status: approved ? "approved" : "declined", ...(Object.keys(rest).length ? { data: rest } : {}) };
      }
      if (response && "values" in response) return { actionId, status: "approved", data: response.values };
      if (response && "action" in response && response.action === "reject") return { actionId, status: "declined" };
      return { actionId, status: "approved", data: response && "value" in response ? response.value : response };
    }
    default:
      return undefined;
  }
}

/**
 * The RTUI answers the server has not acknowledged yet: what a connection sends, and sends again
 * after a reconnect (or a reload, once the thread is restored).
 *
 * @example
 * rtuiOutbox(thread).map((r) => r.actionId); // ["act_1"]
 */
export function rtuiOutbox(thread: ThreadState): RtuiResult[] {
  const results: RtuiResult[] = [];
  for (const interaction of selectInteractions(thread)) {
    if (interaction.deliveredInRunId) continue;
    const result = rtuiResultFor(interaction);
    if (result) results.push(result);
  }
  return results;
}

/** The interaction an `rtui/action` became, if the thread has one (how a repeated action is recognised). */
export function rtuiInteraction(thread: ThreadState, actionId: string): Interaction | undefined {
  const direct = thread.interactions.get(actionId);
  if (direct?.origin.kind === "rtui" && direct.origin.actionId === actionId) return direct;
  return selectInteractions(thread).find((i) => i.origin.kind === "rtui" && i.origin.actionId === actionId);
}

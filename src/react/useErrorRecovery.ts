import { useMemo } from "react";
import type { ErrorPayload, RecoveryAction } from "../core/protocol";
import type { ActionResult } from "../store";
import type { ErrorResponse, Interaction } from "../core/interactions";
import { useInteraction, useInteractionActions } from "./interactions";

/** What an error card needs: the error, the ways to recover it offers, and the person's answers. */
export interface ErrorRecoveryState {
  interaction: Interaction | undefined;
  /** The error as the agent sent it; undefined until it has arrived (or for another kind). */
  payload: ErrorPayload | undefined;
  /** The recovery the person chose, once answered. */
  chosen: RecoveryAction | undefined;
  /** Answers with `action`, or null when nothing can be answered now (not pending, or not offered). */
  recover: (action: RecoveryAction) => (() => ActionResult) | null;
  /** Dismisses the error (declines it), or null when it is no longer open. */
  dismiss: (() => ActionResult) | null;
}

/**
 * State and behaviour of an error the agent reports, for `ErrorRecovery`'s parts or a card of
 * your own: each action is a callback while it can be taken and null when not.
 *
 * @example
 * const { payload, recover, dismiss } = useErrorRecovery(interactionId);
 * const retry = recover("retry");
 * <button disabled={!retry} onClick={() => retry?.()}>Retry</button>
 */
export function useErrorRecovery(interactionId: string | undefined): ErrorRecoveryState {
  const interaction = useInteraction(interactionId);
  const { answer, decline } = useInteractionActions();
  return useMemo(() => {
    const payload = interaction?.envelope?.messageType === "error" ? interaction.envelope.payload : undefined;
    const open = interaction?.status === "pending" && payload !== undefined;
    const id = interaction?.id ?? "";
    return {
      interaction,
      payload,
      chosen: (interaction?.response as ErrorResponse | undefined)?.action,
      recover: (action) => (open && payload.actions.includes(action) ? () => answer(id, { action }, "click") : null),
      dismiss: open ? () => decline(id, "click") : null,
    };
  }, [interaction, answer, decline]);
}

import { useState } from "react";
import type { InputRequestPayload } from "../core/protocol";
import type { InputResponse, Interaction } from "../core/interactions";
import type { ActionResult } from "../store";
import { useInteraction, useInteractionActions } from "./interactions";

type Values = Record<string, unknown>;

/** What an input-request card needs: the question and its schema, the values so far, and the answers. */
export interface InputRequestState {
  interaction: Interaction | undefined;
  /** The request as the agent sent it (its `schema` is a JSON Schema); undefined while it streams. */
  payload: InputRequestPayload | undefined;
  pending: boolean;
  /** The values answered, once answered. */
  values: Values | undefined;
  /** Answered, and no run has carried the answer yet: it may still be corrected. */
  correctable: boolean;
  /** The person is correcting the answer (only while it is correctable). */
  correcting: boolean;
  setCorrecting: (correcting: boolean) => void;
  /** The values as typed in `InputRequest.Field`s (starting from the answer while correcting). */
  draft: Values;
  setField: (name: string, value: unknown) => void;
  /**
   * Answers (or, while correcting, corrects) with `values`, the draft when none are given; null when
   * neither can be done. It sends what it is given: check it against the schema first (the kit's
   * `SchemaForm` does).
   */
  submit: ((values?: Values) => ActionResult) | null;
  /** Declines the request, or null when it is not open. */
  decline: (() => ActionResult) | null;
}

/**
 * State and behaviour of an input request, for `InputRequest`'s parts or a card of your own.
 *
 * @example
 * const request = useInputRequest(interactionId);
 * <input value={String(request.draft.city ?? "")} onChange={(e) => request.setField("city", e.target.value)} />
 * <button disabled={!request.submit} onClick={() => request.submit?.()}>Send</button>
 */
export function useInputRequest(interactionOrId: Interaction | string | undefined): InputRequestState {
  const interaction = useInteraction(typeof interactionOrId === "string" ? interactionOrId : interactionOrId?.id);
  const { answer, decline, correct } = useInteractionActions();
  const [correctingChosen, setCorrecting] = useState(false);
  const [typed, setTyped] = useState<Values | undefined>(undefined);
  const payload = interaction?.envelope?.messageType === "input_request" ? interaction.envelope.payload : undefined;
  const pending = interaction?.status === "pending" && payload !== undefined;
  const id = interaction?.id ?? "";
  const values = (interaction?.response as InputResponse | undefined)?.values;
  const correctable = interaction?.status === "answered" && !interaction.deliveredInRunId;
  const correcting = correctable && correctingChosen;
  const draft = typed ?? (correcting ? values : undefined) ?? {};
  return {
    interaction,
    payload,
    pending,
    values,
    correctable,
    correcting,
    setCorrecting: (next) => {
      setCorrecting(next);
      setTyped(undefined);
    },
    draft,
    setField: (name, value) => setTyped({ ...draft, [name]: value }),
    submit:
      pending || correcting
        ? (given = draft) => {
            const result = (pending ? answer : correct)(id, { values: given }, "click");
            if (result.ok) {
              setCorrecting(false);
              setTyped(undefined);
            }
            return result;
          }
        : null,
    decline: pending ? () => decline(id, "click") : null,
  };
}

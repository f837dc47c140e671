import { useState } from "react";
import type { AdvicePayload } from "../core/protocol";
import type { AdviceResponse, Interaction } from "../core/interactions";
import type { ActionResult } from "../store";
import { useInteraction, useInteractionActions } from "./interactions";

/** What an advice card needs: the options with their numbers, the person's choice, and the answers. */
export interface AdviceState {
  interaction: Interaction | undefined;
  /** The advice as the agent sent it; undefined while it streams (or for another kind). */
  payload: AdvicePayload | undefined;
  pending: boolean;
  /** The ids chosen: while open, the person's choice so far; once answered, the answer's. */
  chosen: readonly string[];
  /** Picks an option (one choice replaces, several toggle); `how` is recorded with the answer. */
  pick: (optionId: string, how?: "click" | "key") => void;
  /** The number the person may type or say for an option. */
  numberOf: (optionId: string) => number | undefined;
  /** Answers with the options chosen, or null while none is (or the question is not open). */
  submit: (() => ActionResult) | null;
  /** Accepts or rejects advice without options; null otherwise. */
  accept: (() => ActionResult) | null;
  reject: (() => ActionResult) | null;
  /** Declines the advice, or null when it is not open. */
  decline: (() => ActionResult) | null;
  response: AdviceResponse | undefined;
}

/**
 * State and behaviour of an agent's advice, for `Advice`'s parts or a card of your own: the options
 * chosen so far and the answers as callbacks while they can be taken (null when not).
 *
 * @example
 * const advice = useAdvice(interactionId);
 * advice.payload?.options.map((o) => <button aria-pressed={advice.chosen.includes(o.id)} onClick={() => advice.pick(o.id)}>{o.label}</button>);
 * <button disabled={!advice.submit} onClick={() => advice.submit?.()}>Choose</button>
 */
export function useAdvice(interactionOrId: Interaction | string | undefined): AdviceState {
  const interaction = useInteraction(typeof interactionOrId === "string" ? interactionOrId : interactionOrId?.id);
  const { answer, decline } = useInteractionActions();
  const [picked, setPicked] = useState<readonly string[]>([]);
  // How the current choice was made, so the answer records "key" when the person used digit keys.
  const [how, setHow] = useState<"click" | "key">("click");
  const payload = interaction?.envelope?.messageType === "advice" ? interaction.envelope.payload : undefined;
  const pending = interaction?.status === "pending" && payload !== undefined;
  const id = interaction?.id ?? "";
  const response = interaction?.response as AdviceResponse | undefined;
  const options = payload?.options ?? [];
  const reply = (r: AdviceResponse, by: "click" | "key" = "click") => () => answer(id, r, by);
  const bare = pending && !options.length;
  return {
    interaction,
    payload,
    pending,
    chosen: pending ? picked : response?.action === "choose" ? response.optionIds : [],
    pick: (optionId, by = "click") => {
      if (!pending || !options.some((o) => o.id === optionId)) return;
      setHow(by);
      setPicked((current) => (!payload.multiple ? [optionId] : current.includes(optionId) ? current.filter((o) => o !== optionId) : [...current, optionId]));
    },
    numberOf: (optionId) => interaction?.numbers[options.findIndex((o) => o.id === optionId)],
    submit: pending && picked.length ? reply({ action: "choose", optionIds: [...picked], numbers: [] }, how) : null,
    accept: bare ? reply({ action: "accept" }) : null,
    reject: bare ? reply({ action: "reject" }) : null,
    decline: pending ? () => decline(id, "click") : null,
    response,
  };
}

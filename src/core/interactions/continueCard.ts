import type { Envelope } from "../protocol/envelope";
import { interactionRowId } from "../thread/write";
import { continueCardId } from "./kitIds";
import type { Interaction } from "./types";

/**
 * The kit's own question after many runs in a row that no person started (an agent that calls a
 * front-end tool on every run, its handler answering each time): "let it go on?" — numbered like
 * any advice, so "1" in the composer or in IM answers it. Made through the person's door
 * (`ask-to-continue`), answered there; nothing of it goes to the agent.
 */

/** The option that lets the agent go on, and the one that stops it. */
export const CONTINUE_OPTION = "continue";
export const STOP_OPTION = "stop";

const WORDS = {
  en: {
    content: (runs: number) => `The agent has run ${runs} times in a row without you. Let it go on?`,
    go: "Let it go on",
    stop: "Stop here",
  },
  zh: {
    content: (runs: number) => `智能体已经在你不参与的情况下连续运行了 ${runs} 次。要让它继续吗？`,
    go: "让它继续",
    stop: "到此为止",
  },
};

/**
 * The pending card, numbered from `firstNumber` on.
 *
 * @example
 * continueCard(1, 8, 4, { at: Date.now(), locale: "en" }); // options 4 "Let it go on", 5 "Stop here"
 */
export function continueCard(n: number, runs: number, firstNumber: number, options: { at: number; locale?: string }): Interaction {
  const id = continueCardId(n);
  const words = options.locale?.toLowerCase().startsWith("zh") ? WORDS.zh : WORDS.en;
  const envelope: Envelope = {
    messageId: id,
    messageType: "advice",
    timestamp: options.at,
    allowInterrupt: true,
    context: {},
    payload: {
      content: words.content(runs),
      options: [
        { id: CONTINUE_OPTION, label: words.go },
        { id: STOP_OPTION, label: words.stop },
      ],
      multiple: false,
      allowFreeText: false,
    },
  };
  return {
    id,
    rowId: interactionRowId(id),
    messageType: "advice",
    envelope,
    origin: { kind: "kit", purpose: "continue" },
    status: "pending",
    numbers: [firstNumber, firstNumber + 1],
    createdAt: options.at,
    receivedAt: options.at,
  };
}

/** True when the person let the agent go on (chose the first option). */
export function choseToContinue(interaction: Interaction): boolean {
  const response = interaction.response;
  return interaction.status === "answered" && response !== undefined && "optionIds" in response && response.optionIds.includes(CONTINUE_OPTION);
}

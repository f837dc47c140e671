import type { Interaction } from "./types";

/**
 * How many more times the person may ask for more time on `interaction` at `at`: what its ask's
 * `extendable` allows (`times`, default 1) less what was taken, and none without a deadline, once
 * it has passed, or when the question is no longer open. The door (`refusalOf`) and the card's
 * "More time" both read it.
 *
 * @example
 * extensionsLeft(interaction, Date.now()); // 1
 */
export function extensionsLeft(interaction: Interaction, at: number): number {
  const extendable = interaction.envelope?.extendable;
  if (!extendable || interaction.status !== "pending" || interaction.deadline === undefined || at >= interaction.deadline) return 0;
  return Math.max((extendable.times ?? 1) - (interaction.extended ?? 0), 0);
}

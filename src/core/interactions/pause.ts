import type { ThreadState } from "../thread/types";
import type { Interaction } from "./types";

/** What a person types to say "wait" (whole message, any case, trailing punctuation ignored). */
export const PAUSE_PHRASES: readonly string[] = [
  "等一下", "等等", "等一等", "先等一下", "先停一下", "停一下", "暂停", "先暂停", "等会", "等一会",
  "wait", "wait a moment", "wait a sec", "wait a second", "hold on", "hang on", "pause", "one moment", "just a moment",
];

/**
 * Whether the person's message asks the agent to pause ("等一下", "hold on").
 *
 * @example
 * isPauseRequest("等一下！"); // true
 * isPauseRequest("wait, book the 8:05 instead"); // false — that is a message
 */
export function isPauseRequest(text: string): boolean {
  if (text.length > 40) return false;
  const normal = text.normalize("NFKC").trim().toLowerCase().replace(/[\s.!。！…,，~]+$/u, "").replace(/\s+/g, " ");
  return PAUSE_PHRASES.includes(normal);
}

/**
 * The open question of the running run that asked not to be interrupted, if any: while it is
 * there, Pause is refused and the button says why (Stop always works).
 *
 * @example
 * pauseBlocker(thread)?.envelope?.allowInterrupt; // false
 */
export function pauseBlocker(thread: ThreadState): Interaction | undefined {
  const run = thread.runs[thread.runs.length - 1];
  if (run?.status !== "running") return undefined;
  for (let i = thread.interactionIds.length - 1; i >= 0; i--) {
    const interaction = thread.interactions.get(thread.interactionIds[i] as string);
    if (!interaction || interaction.runId !== run.runId) continue;
    if (interaction.envelope?.allowInterrupt === false && (interaction.status === "pending" || interaction.status === "shown")) return interaction;
  }
  return undefined;
}

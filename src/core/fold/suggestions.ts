import type { Draft } from "../thread/draft";
import { isRecord } from "../thread/guards";
import { runningRun } from "../thread/write";
import type { Suggestion, Suggestions } from "../thread/types";
export type { Suggestion, Suggestions };

/** The `CUSTOM` event an agent offers quick replies with: `{ suggestions: [{ label, value? }] }`. */
export const SUGGESTIONS_EVENT = "parley.suggestions";

/** A chip's label is a few words; its value, a message the person could have typed. */
export const SUGGESTION_LIMITS = { label: 200, value: 4_000 } as const;


/**
 * The quick replies in `value` (`{ suggestions }` or the list itself), or `undefined` when it is
 * not a list of `{ label: string, value?: string }`. At most 8, labels trimmed and non-empty; a
 * label over 200 characters or a value over 4,000 refuses the list (a 1 MB chip was kept whole).
 *
 * @example
 * readSuggestions({ suggestions: [{ label: "Yes" }, { label: "Later", value: "Remind me tomorrow" }] });
 */
export function readSuggestions(value: unknown): Suggestion[] | undefined {
  const list = isRecord(value) ? value.suggestions : value;
  if (!Array.isArray(list)) return undefined;
  const items: Suggestion[] = [];
  for (const item of list) {
    if (!isRecord(item) || typeof item.label !== "string" || !item.label.trim() || (item.value !== undefined && typeof item.value !== "string")) return undefined;
    if (item.label.length > SUGGESTION_LIMITS.label || (item.value?.length ?? 0) > SUGGESTION_LIMITS.value) return undefined;
    items.push({ label: item.label.trim(), ...(typeof item.value === "string" && item.value.trim() ? { value: item.value } : {}) });
  }
  return items.slice(0, 8);
}

/** `CUSTOM parley.suggestions`: replaces the offered replies; a malformed value is a protocol error. */
export function setSuggestions(d: Draft, value: unknown, event: unknown): void {
  const items = readSuggestions(value);
  if (!items) return d.error("malformed-event", `${SUGGESTIONS_EVENT}: value must be { suggestions: [{ label: string (at most ${SUGGESTION_LIMITS.label} characters), value?: string (at most ${SUGGESTION_LIMITS.value}) }] }`, event);
  d.s.suggestions = { runId: runningRun(d)?.runId, items };
}

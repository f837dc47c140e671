import type { Draft } from "../thread/draft";
import { isId, isRecord } from "../thread/guards";
import type { Citation, MessageSupport } from "../thread/types";
export type { Citation, MessageSupport };

/** The `CUSTOM` event an agent names the sources of one answer with: `{ messageId, sources, confidence? }`. */
export const CITATIONS_EVENT = "parley.citations";


const MAX_SOURCES = 50;
const MAX_TEXT = 2000;

const clip = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() ? value.trim().slice(0, MAX_TEXT) : undefined;

/**
 * A confidence score as sent, when it is a finite number from 0 to 1; anything else is `undefined`.
 *
 * @example
 * readConfidence(0.92); // 0.92
 * readConfidence("high"); // undefined
 */
export function readConfidence(value: unknown): number | undefined {
  return typeof value === "number" && value >= 0 && value <= 1 ? value : undefined;
}

/** How a score reads in words: `high` from 0.8, `medium` from 0.5, `low` below. */
export type ConfidenceLevel = "high" | "medium" | "low";

/**
 * The level a confidence score is shown with (a label, never a colour alone).
 *
 * @example
 * confidenceLevel(0.92); // "high"
 */
export function confidenceLevel(score: number): ConfidenceLevel {
  return score >= 0.8 ? "high" : score >= 0.5 ? "medium" : "low";
}

/**
 * The sources in `value` (`{ sources }`, `{ citations }` or the list itself), or `undefined` when
 * it is not a list of `{ id, title?, url?, snippet? }`. A numeric id is read as its digits, a
 * missing one as the source's position ("1", "2" …); at most 50, texts trimmed.
 *
 * @example
 * readCitations({ sources: [{ id: "1", title: "Q3 report", url: "https://example.com/q3" }] });
 */
export function readCitations(value: unknown): Citation[] | undefined {
  const list = isRecord(value) ? (value.sources ?? value.citations) : value;
  if (!Array.isArray(list)) return undefined;
  const sources: Citation[] = [];
  for (const item of list.slice(0, MAX_SOURCES)) {
    if (!isRecord(item)) return undefined;
    const id = typeof item.id === "number" ? String(item.id) : item.id === undefined ? String(sources.length + 1) : clip(item.id);
    if (!id) return undefined;
    const source: Citation = { id };
    for (const key of ["title", "url", "snippet"] as const) {
      const text = clip(item[key]);
      if (text) source[key] = text;
    }
    sources.push(source);
  }
  return sources;
}

/**
 * What supports a message, from its `metadata` (`{ citations, confidence }`) — where an agent
 * that sends whole messages puts it — or `undefined` when it says nothing usable.
 *
 * @example
 * supportFromMetadata({ citations: [{ id: "1", title: "Q3" }], confidence: 0.9 });
 */
export function supportFromMetadata(metadata: unknown): MessageSupport | undefined {
  if (!isRecord(metadata)) return undefined;
  const sources = readCitations(metadata.citations ?? metadata.sources) ?? [];
  const confidence = readConfidence(metadata.confidence);
  if (!sources.length && confidence === undefined) return undefined;
  return confidence === undefined ? { sources } : { sources, confidence };
}

/**
 * `CUSTOM parley.citations`: the sources (and confidence) of one message, kept in
 * `thread.citations` by message id — Parley's own record, never sent back to the agent. A second
 * event for the same message replaces the first. A malformed value, or one naming no message of
 * the thread, is a protocol error.
 */
export function setCitations(d: Draft, value: unknown, event: unknown): void {
  const messageId = isRecord(value) ? value.messageId : undefined;
  const sources = readCitations(value);
  if (!isId(messageId) || !sources) return d.error("malformed-event", `${CITATIONS_EVENT}: value must be { messageId, sources: [{ id?, title?, url?, snippet? }], confidence? }`, event);
  if (!d.s.messages.get(messageId)) return d.error("unknown-message", `${CITATIONS_EVENT}: no message "${messageId}"`, event);
  const confidence = readConfidence((value as { confidence?: unknown }).confidence);
  d.s.citations = { ...d.s.citations, [messageId]: confidence === undefined ? { sources } : { sources, confidence } };
}

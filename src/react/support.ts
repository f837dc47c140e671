import { useMemo } from "react";
import { confidenceLevel, readCitations, readConfidence, supportFromMetadata, type Citation, type ConfidenceLevel } from "../core/fold/citations";
import { useThread } from "./hooks";

/** A confidence score with the level it reads as. */
export interface Confidence {
  score: number;
  level: ConfidenceLevel;
}

/** What backs one answer, ready to show: its sources (possibly none) and its confidence. */
export interface MessageSupportView {
  sources: readonly Citation[];
  confidence?: Confidence;
}

const toConfidence = (score: unknown): Confidence | undefined => {
  const read = readConfidence(score);
  return read === undefined ? undefined : { score: read, level: confidenceLevel(read) };
};

/**
 * How to read a confidence score: a function from a score (0–1) to the score and its level
 * (`high` from 0.8, `medium` from 0.5, `low`), or `undefined` when it is not a score. Pure, and
 * the same function every render — for lists (advice options) as much as for one answer.
 *
 * @example
 * const confidenceOf = useConfidenceReader();
 * confidenceOf(option.confidence); // { score: 0.92, level: "high" }
 */
export function useConfidenceReader(): (score: unknown) => Confidence | undefined {
  return toConfidence;
}

/**
 * The sources and confidence of message `id`: from a `CUSTOM parley.citations` event, else from
 * the message's own `metadata` (`{ citations, confidence }`); `undefined` when it has neither.
 * Re-read only when either changes, not per token of another message.
 *
 * @example
 * const support = useMessageSupport(message.id);
 * support?.sources.map((source) => source.title);
 */
export function useMessageSupport(id: string): MessageSupportView | undefined {
  const fromEvent = useThread((t) => t.citations?.[id]);
  const metadata = useThread((t) => t.messages.get(id)?.metadata);
  return useMemo(() => {
    // Checked again here: a restored thread's record comes from storage, not from the fold.
    const support = fromEvent ? { sources: readCitations(fromEvent.sources) ?? [], confidence: readConfidence(fromEvent.confidence) } : supportFromMetadata(metadata);
    if (!support) return undefined;
    const view: MessageSupportView = { sources: support.sources };
    if (support.confidence !== undefined) view.confidence = { score: support.confidence, level: confidenceLevel(support.confidence) };
    return view;
  }, [fromEvent, metadata]);
}

/**
 * The name a sub-agent run started with (`SUBAGENT_STARTED.name`), or `undefined` when the
 * thread has not seen it start.
 *
 * @example
 * const name = useSubagentName(message.subagentRunId);
 */
export function useSubagentName(subagentRunId: string | undefined): string | undefined {
  return useThread((t) => (subagentRunId ? t.subagents[subagentRunId]?.name : undefined));
}

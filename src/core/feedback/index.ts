import type { ThreadState } from "../thread/types";

/** Thumbs up or down. */
export type FeedbackRating = "up" | "down";

/** The person's feedback on one answer, as the thread keeps it. */
export interface AnswerFeedback {
  messageId: string;
  rating: FeedbackRating;
  /** The person's own words on why (optional, at most {@link FEEDBACK_REASON_LIMIT} characters). */
  reason?: string;
  /** Epoch ms it was given. */
  at: number;
  who: string;
  /** When the agent took it (`sendMeta`); absent while it is kept in the thread only. */
  sentAt?: number;
}

/** The longest reason kept; longer words are refused in words, never cut silently. */
export const FEEDBACK_REASON_LIMIT = 1_000;

/**
 * AG-UI's Meta event (draft: `META`, outside any run): thumbs up or down on a message, the person's
 * reason with it; `feedback_cleared` when they take it back (an application-defined type, as the
 * draft allows).
 */
export interface MetaEvent {
  type: "META";
  metaType: "thumbs_up" | "thumbs_down" | "feedback_cleared";
  payload: { messageId: string; userId: string; threadId?: string; reason?: string };
  timestamp?: number;
}

/**
 * The Meta event that tells the agent of feedback given (or, with no rating, taken back).
 *
 * @example
 * feedbackMetaEvent({ messageId: "m1", rating: "down", reason: "Wrong date", at: 1, who: "ana" }, "t1");
 * // { type: "META", metaType: "thumbs_down", payload: { messageId: "m1", userId: "ana", threadId: "t1", reason: "Wrong date" }, timestamp: 1 }
 */
export function feedbackMetaEvent(feedback: Pick<AnswerFeedback, "messageId" | "at" | "who"> & { rating: FeedbackRating | null; reason?: string }, threadId: string | undefined): MetaEvent {
  const metaType = feedback.rating === "up" ? "thumbs_up" : feedback.rating === "down" ? "thumbs_down" : "feedback_cleared";
  const payload: MetaEvent["payload"] = { messageId: feedback.messageId, userId: feedback.who };
  if (threadId !== undefined) payload.threadId = threadId;
  if (feedback.rating && feedback.reason) payload.reason = feedback.reason;
  return { type: "META", metaType, payload, timestamp: feedback.at };
}

/**
 * The feedback on `messageId`, if the person gave some (a stable reference, for selectors).
 *
 * @example
 * selectFeedback(thread, "m1")?.rating; // "up"
 */
export function selectFeedback(thread: ThreadState, messageId: string): AnswerFeedback | undefined {
  return thread.feedback?.[messageId];
}

/**
 * Feedback the agent has not taken yet, oldest first: what an app whose agent cannot receive it
 * sends another way (`onFeedback`), or what goes out again.
 *
 * @example
 * unsentFeedback(thread).length; // 1
 */
export function unsentFeedback(thread: ThreadState): AnswerFeedback[] {
  return Object.values(thread.feedback ?? {})
    .filter((f) => f.sentAt === undefined)
    .sort((a, b) => a.at - b.at);
}

import type { ThreadState } from "../thread/types";
import type { AnswerFeedback, FeedbackRating } from "./types";

export { FEEDBACK_REASON_LIMIT, type AnswerFeedback, type FeedbackRating } from "./types";

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

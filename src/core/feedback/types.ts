// The feedback the thread keeps: types (and their one limit) with no import, so the thread model can name them.

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

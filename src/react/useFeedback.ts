import { useCallback } from "react";
import { useStore } from "zustand";
import { selectFeedback, type FeedbackRating } from "../core/feedback";
import type { ActionResult } from "../store/types";
import { useAgentCapabilities } from "./capabilities";
import { useThreadStore } from "./ParleyProvider";

/** What {@link useFeedback} gives: the person's feedback on one answer, and how to change it. */
export interface FeedbackView {
  /** `up`, `down`, or `undefined` when none was given. */
  rating: FeedbackRating | undefined;
  reason: string | undefined;
  /** The agent took it (or the app's `onFeedback`); false while it is kept in the thread only. */
  sent: boolean;
  /** Whether to offer feedback at all: false when the agent declares `humanInTheLoop.feedback: false`. */
  supported: boolean;
  /** Gives (or changes) the rating, with an optional reason. */
  give: (rating: FeedbackRating, reason?: string) => ActionResult;
  /** Takes the feedback back. */
  clear: () => ActionResult;
}

/**
 * The person's thumbs up or down (and reason) on the answer `messageId`, through the store's
 * `giveFeedback` (the person's door, audited); re-renders only when that answer's feedback changes.
 *
 * @example
 * const { rating, give, clear } = useFeedback(message.id);
 * <button aria-pressed={rating === "up"} onClick={() => (rating === "up" ? clear() : give("up"))}>👍</button>
 */
export function useFeedback(messageId: string): FeedbackView {
  const store = useThreadStore("useFeedback");
  const given = useStore(store, (s) => selectFeedback(s.thread, messageId));
  const { supports } = useAgentCapabilities();
  const give = useCallback((rating: FeedbackRating, reason?: string) => store.getState().giveFeedback(messageId, rating, reason), [store, messageId]);
  const clear = useCallback(() => store.getState().giveFeedback(messageId, null), [store, messageId]);
  return { rating: given?.rating, reason: given?.reason, sent: given?.sentAt !== undefined, supported: supports("feedback"), give, clear };
}

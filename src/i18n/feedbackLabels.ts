/** Strings of feedback on an answer (`MessageFeedback`). Reached as `useLabels().feedback`. */
export interface FeedbackLabels {
  /** The name of the pair of buttons. */
  group: string;
  /** The thumbs-up button's name. */
  good: string;
  /** The thumbs-down button's name. */
  bad: string;
  /** The reason field's label (after a thumbs down). */
  reason: string;
  send: string;
  /** Said once the feedback is given. */
  thanks: string;
}

export const feedbackEn: FeedbackLabels = {
  group: "Feedback on this answer",
  good: "Good answer",
  bad: "Bad answer",
  reason: "Tell us why (optional)",
  send: "Send",
  thanks: "Thanks for the feedback",
};

export const feedbackZhCN: FeedbackLabels = {
  group: "对此回答的反馈",
  good: "回答很好",
  bad: "回答不好",
  reason: "说说原因（可选）",
  send: "发送",
  thanks: "感谢你的反馈",
};

import { lazy, Suspense } from "react";
import type { MessageFeedbackProps } from "./MessageFeedbackView";

export type { MessageFeedbackProps } from "./MessageFeedbackView";

const View = lazy(() => import("./MessageFeedbackView").then((m) => ({ default: m.MessageFeedbackView })));

/**
 * Thumbs up and down (and an optional reason) on an answer, loaded on first render so an app that
 * shows none ships none. The person's choice goes through the store's `giveFeedback` (audited, kept
 * in the thread, sent to the agent as an AG-UI Meta event).
 *
 * @example
 * <MessageFeedback messageId={message.id} />
 */
export function MessageFeedback(props: MessageFeedbackProps) {
  return (
    <Suspense fallback={null}>
      <View {...props} />
    </Suspense>
  );
}

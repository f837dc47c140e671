import { feedbackMetaEvent } from "../core/feedback";
import { isDevelopment } from "../core/dev";
import type { StoreCore } from "./storeCore";
import type { ThreadStoreState } from "./types";

/**
 * Feedback on answers: through the person's door (kept in the thread, audited), then told to the
 * agent as a Meta event — `agent.sendMeta`, or the app's `onFeedback` when the agent has none. What
 * neither takes stays in the thread, unsent (`unsentFeedback`).
 *
 * @example
 * const { giveFeedback } = feedbackMethods(core);
 */
export function feedbackMethods(core: StoreCore): Pick<ThreadStoreState, "giveFeedback"> {
  const { get, act, now, options } = core;
  return {
    giveFeedback(messageId, rating, reason) {
      const at = now();
      const result = act({ type: "feedback", messageId, rating, at, who: core.who, ...(reason?.trim() ? { reason: reason.trim() } : {}) });
      if (!result.ok) return result;
      const { agent, turn, thread } = get();
      const given = thread.feedback?.[messageId];
      const event = feedbackMetaEvent({ messageId, rating, at, who: core.who, ...(given?.reason ? { reason: given.reason } : {}) }, turn.threadId ?? thread.threadId);
      const send = agent?.sendMeta ? (e: typeof event) => agent.sendMeta!(e) : options.onFeedback;
      if (!send) return result;
      Promise.resolve()
        .then(() => send(event))
        .then(
          () => {
            // Taken: marked sent, unless the person changed it meanwhile (that change goes out on its own).
            if (rating !== null && get().thread.feedback?.[messageId]?.at === at) act({ type: "feedback-sent", messageId, at: now() });
          },
          (error: unknown) => {
            if (isDevelopment()) console.warn("Parley: the agent did not take the feedback; it is kept in the thread.", error);
          },
        );
      return result;
    },
  };
}

import { useMemo, useSyncExternalStore } from "react";
import { useStore } from "zustand";
import { currentActivity, type ThreadState } from "../core/fold";
import { pauseBlocker, planReply, selectInteractions, selectPendingIds, type Interaction, type ReplyPlan } from "../core/interactions";
import { selectRespondable, type RespondableRange } from "../core/enumeration";
import type { GrantConditionOffer, GrantScope } from "../core/policy/types";
import type { ThreadStoreState } from "../store/createThreadStore";
import { useThreadStore } from "./ParleyProvider";

/**
 * Every interaction in the order the agent asked; a new array only when one changes.
 *
 * @example
 * const interactions = useInteractions();
 * interactions.filter((i) => i.status === "pending").length;
 */
export function useInteractions(): readonly Interaction[] {
  const store = useThreadStore("useInteractions");
  return useStore(store, (s) => selectInteractions(s.thread));
}

/**
 * One interaction; re-renders only when it changes.
 *
 * @example
 * const interaction = useInteraction(message.interactionId);
 */
export function useInteraction(id: string | undefined): Interaction | undefined {
  const store = useThreadStore("useInteraction");
  return useStore(store, (s) => (id === undefined ? undefined : s.thread.interactions.get(id)));
}

/**
 * The ids of the questions waiting for the person, oldest first (the interrupt queue).
 *
 * @example
 * const pending = usePendingInteractionIds();
 * <Badge>{pending.length}</Badge>
 */
export function usePendingInteractionIds(): readonly string[] {
  const store = useThreadStore("usePendingInteractionIds");
  return useStore(store, (s) => selectPendingIds(s.thread));
}

/**
 * The calls of the app's own tools that wait for the person (a `render` tool without a handler,
 * answered through `respond`), oldest first. They belong in the queue with the open questions.
 *
 * @example
 * const toolCallIds = useAwaitingToolCallIds();
 */
export function useAwaitingToolCallIds(): readonly string[] {
  const store = useThreadStore("useAwaitingToolCallIds");
  return useStore(store, (s) => s.awaitingToolCallIds);
}

/**
 * The numbers the person may answer with now, and what each stands for.
 *
 * @example
 * const { numbers } = useRespondableRange(); // [4, 5, 6]
 */
export function useRespondableRange(): RespondableRange {
  const store = useThreadStore("useRespondableRange");
  return useStore(store, (s) => selectRespondable(s.thread));
}

export type InteractionActions = Pick<ThreadStoreState, "answer" | "decline" | "correct" | "withdraw" | "extendDeadline" | "declineOpen" | "reply">;

/**
 * The person's answers, as store actions (the person's door). Stable across renders.
 *
 * @example
 * const { answer, decline } = useInteractionActions();
 * answer(id, { approved: true }, "click");
 */
export function useInteractionActions(): InteractionActions {
  const store = useThreadStore("useInteractionActions");
  return useMemo(() => {
    const { answer, decline, correct, withdraw, extendDeadline, declineOpen, reply } = store.getState();
    return { answer, decline, correct, withdraw, extendDeadline, declineOpen, reply };
  }, [store]);
}

/**
 * What sending `text` would do now — answer a numbered option, be refused, need a confirmation,
 * pause the agent, or just send — for a preview under the message box.
 *
 * @example
 * const plan = useReplyPlan(text);
 * plan.kind === "refuse" && <p role="alert">…</p>;
 */
export function useReplyPlan(text: string, withAttachments = false): ReplyPlan {
  const store = useThreadStore("useReplyPlan");
  const interactions = useStore(store, (s) => s.thread.interactions);
  const isRunning = useStore(store, (s) => s.isRunning);
  // The plan depends on the thread only through its interactions (and whether a run is going).
  return useMemo(() => planReply({ ...store.getState().thread, interactions }, text, isRunning, withAttachments), [store, interactions, text, isRunning, withAttachments]);
}

/**
 * What the agent is acting on, for a status line: a tool name or step name.
 *
 * @example
 * const activity = useCurrentActivity(); // "search_trains"
 */
export function useCurrentActivity(): string | undefined {
  const store = useThreadStore("useCurrentActivity");
  return useStore(store, (s) => {
    const running = s.runningToolCallIds[s.runningToolCallIds.length - 1];
    return (running === undefined ? undefined : s.thread.toolCalls.get(running)?.name) ?? currentActivity(s.thread);
  });
}

/**
 * Whether Pause is possible now, and if not because of an open question, which one.
 *
 * @example
 * const { canPause, blockedBy } = usePause();
 */
export function usePause(): { canPause: boolean; blockedBy: Interaction | undefined; pause: () => boolean } {
  const store = useThreadStore("usePause");
  const isRunning = useStore(store, (s) => s.isRunning);
  const blockedBy = useStore(store, (s: { thread: ThreadState }) => pauseBlocker(s.thread));
  return useMemo(() => ({ canPause: isRunning && !blockedBy, blockedBy, pause: store.getState().pause }), [store, isRunning, blockedBy]);
}

/**
 * Milliseconds left until `deadline` (epoch ms), updated every second; `undefined` without one.
 *
 * @example
 * const left = useCountdown(interaction.deadline);
 */
export function useCountdown(deadline: number | undefined, now: () => number = Date.now): number | undefined {
  const [subscribe, read] = useMemo(() => countdown(deadline, now), [deadline, now]);
  // Unknown on the server and while hydrating: a clock read there would differ from the client's.
  return useSyncExternalStore(subscribe, read, unknownOnServer);
}

const unknownOnServer = () => undefined;

/** The clock as an external store: measured when read, forgotten every second so the next read measures again. */
function countdown(deadline: number | undefined, now: () => number) {
  let left: number | undefined;
  return [
    (changed: () => void) => {
      if (deadline === undefined) return () => {};
      const timer = setInterval(() => {
        left = undefined;
        changed();
      }, 1000);
      return () => clearInterval(timer);
    },
    () => (left ??= deadline === undefined ? undefined : Math.max(0, deadline - now())),
  ] as const;
}

/**
 * The grants the person made in this thread (live, used up, expired or revoked), newest last.
 *
 * @example
 * const grants = useGrants();
 */
export function useGrants(): ThreadState["grants"] {
  const store = useThreadStore("useGrants");
  return useStore(store, (s) => s.thread.grants);
}

/**
 * The audit log: one record per decision on a question, a grant or a revocation.
 *
 * @example
 * const audit = useAuditLog();
 */
export function useAuditLog(): ThreadState["audit"] {
  const store = useThreadStore("useAuditLog");
  return useStore(store, (s) => s.thread.audit);
}

/** What the person may choose when approving a permission request: how far it reaches, and for how long. */
export interface GrantOptions {
  /** In card order: `once`, `batch`, `session`, `conditional` (offered only with conditions). */
  scopes: readonly GrantScope[];
  /** The conditions a `conditional` approval may take, each with the words the card shows. */
  conditions: readonly GrantConditionOffer[];
  /** Expiries (ms) a standing grant may take, beside none; empty when only `once` is offered. */
  expiries: readonly number[];
}

const ONLY_ONCE: GrantOptions = { scopes: ["once"], conditions: [], expiries: [] };

/**
 * The choices an approval of a permission request may carry ("allow once / these N / this
 * session / only in test mode", and for how long): what the policy and the request allow; just
 * `once` without permissions on the provider.
 *
 * @example
 * const { scopes, conditions, expiries } = useGrantOptions(interaction);
 */
export function useGrantOptions(interaction: Interaction | undefined): GrantOptions {
  const store = useThreadStore("useGrantOptions");
  const engine = useStore(store, (s) => s.permissions);
  return useMemo(() => {
    const envelope = interaction?.envelope;
    if (!engine || envelope?.messageType !== "permission_request") return ONLY_ONCE;
    // Asked with no grants: what the person may choose, not whether a grant already covers it.
    const assessment = engine.assess(envelope.payload, [], { now: 0 });
    if (assessment.kind !== "ask" || !assessment.scopes.length) return ONLY_ONCE;
    return { scopes: assessment.scopes, conditions: assessment.conditions, expiries: assessment.expiries };
  }, [engine, interaction]);
}

/**
 * The scopes of {@link useGrantOptions} alone.
 *
 * @example
 * const scopes = useGrantScopes(interaction); // ["once", "session"]
 */
export function useGrantScopes(interaction: Interaction | undefined): readonly GrantScope[] {
  return useGrantOptions(interaction).scopes;
}

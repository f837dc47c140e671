import { createContext, useContext } from "react";
import type { RowLayout } from "./threadTurns";

/**
 * The layout of the thread row a message renders in (set by `Thread.Messages`); `undefined`
 * outside a thread, where every message shows its own header.
 */
export const RowLayoutContext = createContext<RowLayout | undefined>(undefined);
RowLayoutContext.displayName = "ParleyRowLayout";

/**
 * Whether the message in this row names its author: false for the rows after the first of one
 * agent's turn, which read as the same turn (one role label, no second header).
 *
 * @example
 * if (!useShowsAuthor()) return null;
 */
export function useShowsAuthor(): boolean {
  return useContext(RowLayoutContext)?.showsAuthor ?? true;
}

/**
 * Whether the message in this row shows the turn's action row: false for an agent's reply with a
 * later reply in the same turn (one row of actions per turn, after its last part).
 *
 * @example
 * {useShowsActions() ? <AnswerActions messageId={message.id} /> : null}
 */
export function useShowsActions(): boolean {
  return !useContext(RowLayoutContext)?.actionsLater;
}
